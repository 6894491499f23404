//! [`unit_hash`]: deterministic numbers from keys, for values derived without an RNG stream (a pool's figure by
//! its index, a price's knot by its time).

/// A deterministic number in `[0, 1)` from two keys (splitmix64).
pub fn unit_hash(a: u64, b: u64) -> f64 {
    let mut z = a.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ b.wrapping_add(0xD1B5_4A32_D192_ED03);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    (z >> 11) as f64 / (1u64 << 53) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unit_hash_is_in_range_and_deterministic() {
        for i in 0..1000 {
            let v = unit_hash(7, i);
            assert!((0.0..1.0).contains(&v));
            assert_eq!(v, unit_hash(7, i));
        }
    }
}
