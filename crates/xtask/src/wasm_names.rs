//! Short names for what the package's and the explorer's `.wasm` import and export. wasm-bindgen names them after their Rust paths
//! with a hash (`__wbg_signal_fac908876f45725d`, `dlmmdatapi_getPoolOhlcv`), about 7 KB of text in the module that
//! compresses poorly. `wasm-opt --minify-imports-and-exports-and-modules` gives them one- or two-letter names and
//! prints the renaming; the JavaScript glue and the `.wasm`'s own declarations are then renamed to match. Every old
//! name is a whole word found nowhere else in those files (wasm-bindgen's identifiers are unique and hashed), so a
//! whole-word replacement is exact, and a name not found is an error rather than a broken package.

use std::collections::HashMap;
use std::fs;
use std::path::Path;

use serde_json::Value;

use crate::Result;
use crate::process::{cmd, output};

/// The renaming binaryen printed: the import module's new name and each import's and export's old and new names.
#[derive(Debug, Default, PartialEq)]
pub struct Renaming {
    /// Old module name → new.
    pub modules: HashMap<String, String>,
    /// Old import name → new.
    pub imports: HashMap<String, String>,
    /// Old export name → new.
    pub exports: HashMap<String, String>,
}

/// Reads binaryen's map: `{"imports": [[module, name, new], …], "exports": [[name, new], …]}`. The new module name is
/// not printed: with `-and-modules` every import comes from the one module `new_module`.
pub fn parse_renaming(text: &str, new_module: &str) -> Result<Renaming> {
    let start = text.find('{').ok_or("wasm-opt printed no renaming")?;
    let map: Value =
        serde_json::from_str(&text[start..]).map_err(|e| format!("wasm-opt's renaming is not JSON: {e}"))?;
    let rows = |key: &str| map[key].as_array().cloned().unwrap_or_default();
    let text_of = |v: &Value| v.as_str().map(str::to_owned).ok_or("a name that is not text in wasm-opt's renaming");
    let mut renaming = Renaming::default();
    for row in rows("imports") {
        let [module, name, new] = row.as_array().map(Vec::as_slice).unwrap_or_default() else {
            return Err(format!("an import row that is not [module, name, new]: {row}"));
        };
        renaming.modules.insert(text_of(module)?, new_module.to_owned());
        renaming.imports.insert(text_of(name)?, text_of(new)?);
    }
    for row in rows("exports") {
        let [name, new] = row.as_array().map(Vec::as_slice).unwrap_or_default() else {
            return Err(format!("an export row that is not [name, new]: {row}"));
        };
        renaming.exports.insert(text_of(name)?, text_of(new)?);
    }
    Ok(renaming)
}

/// Whether `b` may be part of a JavaScript identifier.
fn is_word_byte(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'$'
}

/// `text` with each whole-word occurrence of a key of `names` (preceded by `before`, when given) replaced by its
/// value, and the keys found nowhere.
pub fn rename_words<'a>(text: &str, names: &'a HashMap<String, String>, before: &str) -> (String, Vec<&'a str>) {
    let bytes = text.as_bytes();
    let mut out = String::with_capacity(text.len());
    let mut used = 0;
    let mut at = 0;
    let mut seen: std::collections::HashSet<&str> = std::collections::HashSet::new();
    while at < bytes.len() {
        let starts_word = is_word_byte(bytes[at]) && (at == 0 || !is_word_byte(bytes[at - 1]));
        if starts_word && text[..at].ends_with(before) {
            let end = at + bytes[at..].iter().take_while(|b| is_word_byte(**b)).count();
            if let Some((old, new)) = names.get_key_value(&text[at..end]) {
                out.push_str(&text[used..at]);
                out.push_str(new);
                used = end;
                seen.insert(old.as_str());
            }
            at = end;
        } else {
            at += 1;
        }
    }
    out.push_str(&text[used..]);
    let unseen = names.keys().map(String::as_str).filter(|name| !seen.contains(name)).collect();
    (out, unseen)
}

/// The exports that keep their names: `memory`, which the module's initializer hands its callers with the exports.
pub const KEPT: [&str; 1] = ["memory"];

/// Reads an unsigned LEB128 at `at`: the value and the position after it.
fn leb(bytes: &[u8], mut at: usize) -> Option<(u32, usize)> {
    let (mut value, mut shift) = (0u32, 0);
    loop {
        let byte = *bytes.get(at)?;
        at += 1;
        value |= u32::from(byte & 0x7f).checked_shl(shift)?;
        if byte < 0x80 {
            return Some((value, at));
        }
        shift += 7;
    }
}

/// Appends `value` as an unsigned LEB128.
fn push_leb(out: &mut Vec<u8>, mut value: u32) {
    loop {
        let byte = (value & 0x7f) as u8;
        value >>= 7;
        out.push(if value == 0 { byte } else { byte | 0x80 });
        if value == 0 {
            return;
        }
    }
}

/// `module` with the exports named as keys of `names` renamed to their values (the export section rewritten; every
/// other byte kept).
pub fn rename_exports(module: &[u8], names: &HashMap<String, String>) -> Result<Vec<u8>> {
    rewrite_exports(module, |name| Some(names.get(name).map_or(name, String::as_str)))
}

/// `module` with its export section rewritten by `new_name`: each export under the name it gives, or left out when it
/// gives none; every other byte kept.
fn rewrite_exports<'a>(module: &'a [u8], new_name: impl Fn(&'a str) -> Option<&'a str>) -> Result<Vec<u8>> {
    let bad = || "the module's sections cannot be read".to_owned();
    let mut out = module.get(..8).ok_or_else(bad)?.to_vec();
    let mut at = 8;
    while at < module.len() {
        let id = module[at];
        let (size, body_at) = leb(module, at + 1).ok_or_else(bad)?;
        let end = body_at + size as usize;
        let body = module.get(body_at..end).ok_or_else(bad)?;
        if id != 7 {
            out.extend_from_slice(&module[at..end]);
            at = end;
            continue;
        }
        let (count, mut p) = leb(body, 0).ok_or_else(bad)?;
        let (mut kept, mut entries) = (0, Vec::new());
        for _ in 0..count {
            let (len, name_at) = leb(body, p).ok_or_else(bad)?;
            let name =
                std::str::from_utf8(body.get(name_at..name_at + len as usize).ok_or_else(bad)?).map_err(|_| bad())?;
            let kind_at = name_at + len as usize;
            let (_, after) = leb(body, kind_at + 1).ok_or_else(bad)?;
            if let Some(name) = new_name(name) {
                push_leb(&mut entries, name.len() as u32);
                entries.extend_from_slice(name.as_bytes());
                entries.extend_from_slice(&body[kind_at..after]);
                kept += 1;
            }
            p = after;
        }
        let mut section = Vec::new();
        push_leb(&mut section, kept);
        section.extend_from_slice(&entries);
        out.push(7);
        push_leb(&mut out, section.len() as u32);
        out.extend_from_slice(&section);
        at = end;
    }
    Ok(out)
}

/// The exports of the explorer's modules that nothing calls: wasm-bindgen exports every `#[wasm_bindgen]` item of
/// every crate linked, and Leptos links its server functions' crate, whose browser side brings wasm-streams' adapters
/// from Rust streams to JavaScript ones (`IntoUnderlyingSource` and its kin). A static site has no server functions
/// and hands no Rust stream to JavaScript; its glue keeps the adapters' classes, which nothing constructs.
pub const UNCALLED_EXPORTS: [&str; 2] = ["intounderlying", "__wbg_intounderlying"];

/// `cargo xtask drop-exports FILE.wasm…`: leaves the [`UNCALLED_EXPORTS`] out of each module, then the code only
/// they reached (`wasm-opt --remove-unused-module-elements`).
pub fn drop_exports(files: &[String]) -> Result {
    if files.is_empty() {
        return Err("usage: cargo xtask drop-exports FILE.wasm…".to_owned());
    }
    for file in files {
        let path = std::path::absolute(file).map_err(|e| format!("cannot find {file}: {e}"))?;
        let module = fs::read(&path).map_err(|e| format!("{}: {e}", path.display()))?;
        let kept =
            rewrite_exports(&module, |name| (!UNCALLED_EXPORTS.iter().any(|p| name.starts_with(p))).then_some(name))?;
        fs::write(&path, kept).map_err(|e| format!("{}: {e}", path.display()))?;
        let mut dce = cmd("wasm-opt --remove-unused-module-elements -o");
        crate::process::exec(dce.arg(&path).arg(&path))?;
    }
    Ok(())
}

/// `cargo xtask minify-names FILE.wasm GLUE.js`: [`minify`] for a build that writes no declarations (the explorer's,
/// from its Trunk hook).
pub fn run(args: &[String]) -> Result {
    let [wasm, js] = args else { return Err("usage: cargo xtask minify-names FILE.wasm GLUE.js".to_owned()) };
    let absolute = |file: &str| std::path::absolute(file).map_err(|e| format!("cannot find {file}: {e}"));
    minify(&absolute(wasm)?, &absolute(js)?, None)
}

/// Minifies the import and export names of `wasm` (but the [`KEPT`] exports) and renames them in the glue `js`
/// (imports as keys of its import object, the module as that object's key, exports as `wasm.<name>`) and in the
/// declarations `wasm_dts`, when there are some.
pub fn minify(wasm: &Path, js: &Path, wasm_dts: Option<&Path>) -> Result {
    let mut minify = cmd("wasm-opt --minify-imports-and-exports-and-modules -o");
    let printed =
        output(minify.arg(wasm).arg(wasm)).ok_or("wasm-opt --minify-imports-and-exports-and-modules failed")?;
    let mut renaming = parse_renaming(&printed, "a")?;
    let back: HashMap<String, String> =
        KEPT.iter().filter_map(|name| Some((renaming.exports.remove(*name)?, (*name).to_owned()))).collect();
    let module = fs::read(wasm).map_err(|e| format!("{}: {e}", wasm.display()))?;
    fs::write(wasm, rename_exports(&module, &back)?).map_err(|e| format!("{}: {e}", wasm.display()))?;
    let read = |path: &Path| fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()));
    // Every import is provided by the glue; an export the glue never calls (`__abort_handler`) needs no renaming.
    let (glue, unprovided) = rename_words(&read(js)?, &renaming.imports, "");
    if let Some(missing) = unprovided.first() {
        return Err(format!("the import {missing} is not in the glue {}", js.display()));
    }
    let (glue, _) = rename_words(&glue, &renaming.exports, "wasm.");
    let quoted: HashMap<String, String> =
        renaming.modules.iter().map(|(old, new)| (format!("\"{old}\""), format!("\"{new}\""))).collect();
    let glue = quoted.iter().try_fold(glue, |glue, (old, new)| match glue.matches(old.as_str()).count() {
        1 => Ok(glue.replace(old.as_str(), new)),
        n => Err(format!("the import module {old} is in the glue {n} times, not once")),
    })?;
    fs::write(js, glue).map_err(|e| format!("{}: {e}", js.display()))?;
    let Some(wasm_dts) = wasm_dts else { return Ok(()) };
    let (declarations, _) = rename_words(&read(wasm_dts)?, &renaming.exports, "export const ");
    fs::write(wasm_dts, declarations).map_err(|e| format!("{}: {e}", wasm_dts.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_export_is_renamed_in_place() {
        // A module with one export, `ob` (memory 0), and a custom section after it.
        let mut module = b"\0asm\x01\0\0\0".to_vec();
        module.extend_from_slice(&[7, 6, 1, 2, b'o', b'b', 2, 0]);
        module.extend_from_slice(&[0, 3, 1, b'x', 9]);
        let names: HashMap<String, String> = [("ob".to_owned(), "memory".to_owned())].into();
        let renamed = rename_exports(&module, &names).unwrap();
        let mut expected = b"\0asm\x01\0\0\0".to_vec();
        expected.extend_from_slice(&[7, 10, 1, 6, b'm', b'e', b'm', b'o', b'r', b'y', 2, 0]);
        expected.extend_from_slice(&[0, 3, 1, b'x', 9]);
        assert_eq!(renamed, expected);
        assert!(rename_exports(&module[..12], &names).is_err(), "a cut section is an error");
        let dropped = rewrite_exports(&module, |_| None).unwrap();
        let mut expected = b"\0asm\x01\0\0\0".to_vec();
        expected.extend_from_slice(&[7, 1, 0]);
        expected.extend_from_slice(&[0, 3, 1, b'x', 9]);
        assert_eq!(dropped, expected, "an export left out");
    }

    #[test]
    fn binaryens_map_is_read() {
        let printed = r#"some log line
{
 "imports": [
  ["./x_bg.js", "__wbg_signal_fac9", "$"]
 ],
"exports": [
  ["memory", "ob"]
 ]
}"#;
        let renaming = parse_renaming(printed, "a").unwrap();
        assert_eq!(renaming.imports["__wbg_signal_fac9"], "$");
        assert_eq!(renaming.exports["memory"], "ob");
        assert_eq!(renaming.modules["./x_bg.js"], "a");
        assert!(parse_renaming(r#"{"imports": [["only two", "x"]]}"#, "a").is_err());
        assert!(parse_renaming("no map", "a").is_err());
    }

    #[test]
    fn whole_words_are_renamed_and_the_names_not_found_are_listed() {
        let names: HashMap<String, String> =
            [("memory".to_owned(), "ob".to_owned()), ("free".to_owned(), "c".to_owned())].into();
        let js = "wasm.memory.buffer; wasm.free(1); memoryless; x.memory; wasm.freeze";
        let (renamed, unseen) = rename_words(js, &names, "wasm.");
        assert_eq!(renamed, "wasm.ob.buffer; wasm.c(1); memoryless; x.memory; wasm.freeze");
        assert!(unseen.is_empty());
        assert_eq!(rename_words("wasm.memory", &names, "wasm.").1, ["free"]);
    }
}
