//! A type's TypeScript name, known at compile time, so a `.d.ts` line can be written from a Rust type instead of
//! retyped by hand.
//!
//! `#[derive(Shape)]` gives every model its name (the tsify `type_prefix` and the type's name, then its type
//! arguments: `DatapiPaginated<DlmmPool>`); [`TsText`] is the fixed-size text those names, and declarations made of
//! them, are written into by `const` code.

/// A type's name in TypeScript.
pub trait TsType {
    /// The name, with its type arguments.
    const TS: TsText<TS_NAME_BYTES>;
}

/// The longest TypeScript type name [`TsType`] holds, in bytes (a longer one fails to compile).
pub const TS_NAME_BYTES: usize = 128;

/// Text of at most `N` bytes, built in `const` code by [`push`](Self::push) (going past `N` fails to compile).
#[derive(Clone, Copy)]
pub struct TsText<const N: usize> {
    bytes: [u8; N],
    len: usize,
}

impl<const N: usize> TsText<N> {
    /// No text.
    pub const EMPTY: Self = Self { bytes: [0; N], len: 0 };

    /// This text followed by `tail`.
    pub const fn push(mut self, tail: &str) -> Self {
        let tail = tail.as_bytes();
        assert!(self.len + tail.len() <= N, "TsText: the text does not fit");
        let mut i = 0;
        while i < tail.len() {
            self.bytes[self.len] = tail[i];
            self.len += 1;
            i += 1;
        }
        self
    }

    /// The text so far.
    pub const fn as_str(&self) -> &str {
        match core::str::from_utf8(self.bytes.split_at(self.len).0) {
            Ok(text) => text,
            // Only whole `&str`s are pushed, so the bytes are UTF-8.
            Err(_) => panic!("TsText: not UTF-8"),
        }
    }
}

/// Implements [`TsType`] for a type tsify declares under its own name, without a `type_prefix` (a type that does
/// not derive `Shape`).
#[macro_export]
macro_rules! ts_name {
    ($ty:ident) => {
        impl $crate::ts_type::TsType for $ty {
            const TS: $crate::ts_type::TsText<{ $crate::ts_type::TS_NAME_BYTES }> =
                $crate::ts_type::TsText::EMPTY.push(stringify!($ty));
        }
    };
}

impl<T: TsType> TsType for Vec<T> {
    const TS: TsText<TS_NAME_BYTES> = TsText::EMPTY.push(T::TS.as_str()).push("[]");
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Leaf;
    impl TsType for Leaf {
        const TS: TsText<TS_NAME_BYTES> = TsText::EMPTY.push("Leaf");
    }

    #[test]
    fn names_compose_in_const_code() {
        const LIST: &str = <Vec<Vec<Leaf>> as TsType>::TS.as_str();
        assert_eq!(LIST, "Leaf[][]");
        assert_eq!(TsText::<8>::EMPTY.push("ab").push("").push("cd").as_str(), "abcd");
    }
}
