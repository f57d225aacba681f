//! `[[vk::push_constant]]` on a global of struct type, read as DXC reads it.
//!
//! DXC makes `[[vk::push_constant]] S pc;` push constants. glslang ignores
//! the attribute on a plain global: `pc` goes into the `$Global` uniform
//! block, at set 0 binding 0 whatever the register shifts, which is where
//! a shader's own `[[vk::binding(0)]]` resource usually is (two resources
//! on one binding, refused), and a host written for DXC binds push
//! constants anyway. glslang honours the attribute on
//! `ConstantBuffer<S>`, whose members HLSL reads the same way, so the text
//! handed to glslang declares that instead.

/// A global declared `[[vk::push_constant]] TYPE NAME;`.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct PushConstantGlobal {
    pub name: String,
    /// The declaration `TYPE NAME;` in the text as written.
    pub span: naga::Span,
}

const ATTRIBUTE: &str = "[[vk::push_constant]]";

/// `text` with each `[[vk::push_constant]] TYPE NAME;` declaring
/// `ConstantBuffer<TYPE> NAME;` instead, and the globals so declared. Lines
/// stay where they are; only the columns after `TYPE` on a rewritten line
/// move. `cbuffer` and `ConstantBuffer<...>` declarations, and attributes in
/// line comments, are left as they are.
pub(crate) fn as_constant_buffers(text: &str) -> (String, Vec<PushConstantGlobal>) {
    let mut out = String::with_capacity(text.len());
    let mut globals = Vec::new();
    let mut copied = 0;
    for (at, _) in text.match_indices(ATTRIBUTE) {
        let line_start = text[..at].rfind('\n').map_or(0, |i| i + 1);
        if text[line_start..at].contains("//") {
            continue;
        }
        let Some(declaration) = plain_declaration(text, at + ATTRIBUTE.len()) else {
            continue;
        };
        out.push_str(&text[copied..declaration.type_start]);
        out.push_str("ConstantBuffer<");
        out.push_str(declaration.type_name);
        out.push('>');
        copied = declaration.type_start + declaration.type_name.len();
        globals.push(PushConstantGlobal {
            name: declaration.name.to_string(),
            span: naga::Span::new(declaration.type_start as u32, declaration.end as u32),
        });
    }
    out.push_str(&text[copied..]);
    (out, globals)
}

struct Declaration<'a> {
    type_start: usize,
    type_name: &'a str,
    name: &'a str,
    /// Just after the `;`.
    end: usize,
}

/// `TYPE NAME ;` from `from` on, after white space; `None` for anything
/// else (`cbuffer NAME {`, `ConstantBuffer<T> NAME;`, arrays).
fn plain_declaration(text: &str, from: usize) -> Option<Declaration<'_>> {
    let type_start = skip_space(text, from);
    let type_name = identifier(&text[type_start..])?;
    if type_name == "cbuffer" || type_name == "tbuffer" {
        return None;
    }
    let name_start = skip_space(text, type_start + type_name.len());
    if name_start == type_start + type_name.len() {
        return None;
    }
    let name = identifier(&text[name_start..])?;
    let semicolon = skip_space(text, name_start + name.len());
    text[semicolon..].starts_with(';').then_some(Declaration {
        type_start,
        type_name,
        name,
        end: semicolon + 1,
    })
}

fn skip_space(text: &str, from: usize) -> usize {
    from + text[from..].len() - text[from..].trim_start().len()
}

fn identifier(text: &str) -> Option<&str> {
    let end = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    let word = &text[..end];
    (!word.is_empty() && !word.starts_with(|c: char| c.is_ascii_digit())).then_some(word)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_struct_global_becomes_a_constant_buffer_on_its_own_lines() {
        let text =
            "struct P { uint n; };\n[[vk::push_constant]]\nP pc;\nuint f() { return pc.n; }\n";
        let (rewritten, globals) = as_constant_buffers(text);
        assert_eq!(
            rewritten,
            "struct P { uint n; };\n[[vk::push_constant]]\nConstantBuffer<P> pc;\nuint f() { return pc.n; }\n"
        );
        assert_eq!(rewritten.lines().count(), text.lines().count());
        assert_eq!(globals.len(), 1);
        assert_eq!(globals[0].name, "pc");
        let span = globals[0].span.to_range().unwrap();
        assert_eq!(&text[span], "P pc;");
    }

    #[test]
    fn declarations_glslang_reads_already_stay_as_they_are() {
        for text in [
            "[[vk::push_constant]] ConstantBuffer<P> pc;",
            "[[vk::push_constant]] cbuffer pc { uint n; };",
            "// [[vk::push_constant]] P pc;",
            "[[vk::push_constant]] P pc[2];",
        ] {
            assert_eq!(as_constant_buffers(text), (text.to_string(), Vec::new()));
        }
    }
}
