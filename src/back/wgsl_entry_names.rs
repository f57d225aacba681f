//! Entry point names as the module has them. naga's WGSL writer, like every
//! writer on its namer, gives a name that ends in a digit a trailing `_`
//! (so that `main2` can never meet a numbered `main_2`), and writes every
//! character outside ASCII as its code point (`𝕖` becomes `u1d556_`),
//! although WGSL identifiers may hold any letter: an entry point named
//! `vs2` is written as `vs2_`, and a host that asks the pipeline for `vs2`
//! would find nothing. Entry points are never called, so the name appears
//! once, in the declaration, and is put back where nothing else in the
//! text has it.

use naga::Module;

use super::EmitError;
use crate::diagnostics::Diagnostic;

/// Refuses an entry point whose name WGSL cannot declare: SPIR-V names
/// entry points with any string (`main.vert`, control characters), and
/// naga's writer would declare a mangled name (`main_u002e_vert`) that no
/// host asks the pipeline for.
pub fn refuse_names_wgsl_cannot_declare(module: &Module) -> Result<(), EmitError> {
    let Some(entry_point) = module
        .entry_points
        .iter()
        .find(|ep| !is_wgsl_identifier(&ep.name))
    else {
        return Ok(());
    };
    let function = &entry_point.function;
    let place = shaderxform_passes::ir::place_in(function);
    Err(EmitError::Unsupported(
        Diagnostic::error(format!(
            "WGSL cannot declare an entry point named {:?}: it is no WGSL identifier",
            entry_point.name
        ))
        .with_code(shaderxform_passes::codes::EMIT_UNSUPPORTED)
        .with_primary(place, format!("in the entry point {:?}", entry_point.name))
        .with_note("WGSL names are letters, digits and `_`, not a keyword or reserved word; name the entry point so in the source, or write SPIR-V, which keeps any name"),
    ))
}

/// Whether WGSL can declare `name` as written: an identifier (letters,
/// digits, `_`; not a digit first, not `_` alone, not `__` first) that is
/// no keyword or reserved word.
fn is_wgsl_identifier(name: &str) -> bool {
    let mut chars = name.chars();
    let Some(first) = chars.next() else {
        return false;
    };
    (first.is_alphabetic() || first == '_')
        && chars.all(|c| c.is_alphanumeric() || c == '_')
        && name != "_"
        && !name.starts_with("__")
        && !naga::keywords::wgsl::RESERVED.contains(&name)
}

/// `text` with each entry point declared under its own name again.
pub fn restore_entry_point_names(module: &Module, text: &str) -> String {
    let mut text = text.to_string();
    for entry_point in &module.entry_points {
        let name = &entry_point.name;
        let written = as_naga_first_names(name);
        if written == *name || occurrences(&text, name) != 0 || occurrences(&text, &written) != 1 {
            continue;
        }
        let declared = format!("fn {written}(");
        if let Some(at) = text.find(&declared) {
            text.replace_range(at..at + declared.len(), &format!("fn {name}("));
        }
    }
    text
}

/// The name naga's namer gives a WGSL identifier `name` where no other
/// name took it first: runs of `_` made one, every character outside ASCII
/// written as `u{code point}_`, trailing `_` dropped, and a `_` after a
/// final digit. Where another name took it first, the namer numbers it and
/// the text keeps that number.
fn as_naga_first_names(name: &str) -> String {
    let mut written = String::with_capacity(name.len());
    for c in name.chars() {
        let after_separator = written.ends_with('_');
        if c == '_' {
            if !after_separator {
                written.push('_');
            }
        } else if c.is_ascii_alphanumeric() {
            written.push(c);
        } else {
            if !written.is_empty() && !after_separator {
                written.push('_');
            }
            written.push_str(&format!("u{:04x}_", c as u32));
        }
    }
    written.truncate(written.trim_end_matches('_').len());
    if written.ends_with(|c: char| c.is_ascii_digit()) {
        written.push('_');
    }
    written
}

/// How many times `name` stands in `text` as a whole identifier.
fn occurrences(text: &str, name: &str) -> usize {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(name)
        .filter(|&(at, _)| {
            let before = text[..at].chars().next_back();
            let after = text[at + name.len()..].chars().next();
            !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
        })
        .count()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_wgsl_cannot_declare_are_refused() {
        for name in ["main", "vs_main", "cs2", "Ünïcode"] {
            assert!(is_wgsl_identifier(name), "{name}");
        }
        for name in [
            "",
            "main.vert",
            "main\n\u{1}",
            "2main",
            "_",
            "__x",
            "loop",
            "fn",
        ] {
            assert!(!is_wgsl_identifier(name), "{name:?}");
        }
    }

    #[test]
    fn names_ending_in_digits_are_put_back_where_nothing_else_has_them() {
        let source = "@vertex fn vs32() -> @builtin(position) vec4f { return vec4f(0); }
            fn vs2_() -> f32 { return 1.0; }
            @fragment fn vs2() -> @location(0) vec4f { return vec4f(vs2_()); }";
        let module = naga::front::wgsl::parse_str(source).unwrap();
        let info = naga::valid::Validator::new(Default::default(), Default::default())
            .validate(&module)
            .unwrap();
        let written =
            naga::back::wgsl::write_string(&module, &info, naga::back::wgsl::WriterFlags::empty())
                .unwrap();
        assert!(written.contains("fn vs32_("), "{written}");
        let restored = restore_entry_point_names(&module, &written);
        assert!(restored.contains("fn vs32("), "{restored}");
        // naga numbers the function named `vs2_` (`vs2_1`), so the entry
        // point's `vs2_` is its alone, and goes back to `vs2`.
        assert!(restored.contains("fn vs2("), "{restored}");
        let read = naga::front::wgsl::parse_str(&restored).expect("still WGSL");
        let names: Vec<&str> = read.entry_points.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["vs32", "vs2"]);
        // Names outside ASCII, as Tint's test of them declares one.
        let source =
            "@fragment fn \u{1d556}() {}\n@compute @workgroup_size(1) fn r\u{e9}sum\u{e9}2() {}";
        let module = naga::front::wgsl::parse_str(source).unwrap();
        let info = naga::valid::Validator::new(Default::default(), Default::default())
            .validate(&module)
            .unwrap();
        let written =
            naga::back::wgsl::write_string(&module, &info, naga::back::wgsl::WriterFlags::empty())
                .unwrap();
        assert!(written.contains("fn u1d556_("), "{written}");
        let restored = restore_entry_point_names(&module, &written);
        let read = naga::front::wgsl::parse_str(&restored).expect("still WGSL");
        let names: Vec<&str> = read.entry_points.iter().map(|e| e.name.as_str()).collect();
        assert_eq!(names, ["\u{1d556}", "r\u{e9}sum\u{e9}2"]);
        // Where the name is taken, the text stays as naga wrote it.
        let taken = "fn vs32() {}\nfn vs32_() {}\n";
        assert_eq!(restore_entry_point_names(&module, taken), taken);
    }
}
