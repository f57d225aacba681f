use naga::Module;

use crate::diagnostics::{self, Diagnostic};

/// Enable-extensions that browsers require and naga 30 refuses to parse.
/// They declare a need; they change no meaning, so the front end blanks
/// them out (keeping every byte offset) and the WGSL emitter writes them
/// back when the module needs them.
const ACCEPTED_BUT_UNPARSED: &[&str] = &["subgroups"];

pub fn parse(text: &str) -> Result<Module, Vec<Diagnostic>> {
    if let Some(span) = super::wgsl_positions::oversized_statement(text) {
        return Err(vec![Diagnostic::error(format!(
            "this statement holds more than {} tokens",
            super::wgsl_positions::MAX_STATEMENT_TOKENS
        ))
        .with_code(shaderxform_passes::codes::WGSL_NESTING)
        .with_primary(span, "one statement, too long to read")
        .with_note("an expression nests as deep as it is long, and reading it recurses that deep; name intermediate values with `let`")]);
    }
    let stripped = strip_unsupported_enables(text);
    naga::front::wgsl::parse_str(&stripped).map_err(|e| {
        let d = diagnostics::from_wgsl_parse(&e);
        vec![if d.labels.is_empty() {
            super::wgsl_positions::placed(d, text)
        } else {
            d
        }]
    })
}

/// Blanks `subgroups` out of the leading `enable` directives, replacing
/// the bytes with spaces so that spans still index the original text.
pub fn strip_unsupported_enables(text: &str) -> std::borrow::Cow<'_, str> {
    let mut out: Option<Vec<u8>> = None;
    let bytes = text.as_bytes();
    let mut pos = skip_trivia(text, 0);
    while let Some(rest) = text.get(pos..) {
        let word_len = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        let word = &rest[..word_len];
        if !matches!(word, "enable" | "requires" | "diagnostic") {
            break;
        }
        let Some(end) = rest.find(';') else { break };
        let directive_end = pos + end;
        if word == "enable" {
            let list_start = pos + word_len;
            let items: Vec<(usize, &str)> = split_items(&text[list_start..directive_end])
                .into_iter()
                .map(|(off, item)| (list_start + off, item))
                .collect();
            let dropped: Vec<&(usize, &str)> = items
                .iter()
                .filter(|(_, item)| ACCEPTED_BUT_UNPARSED.contains(item))
                .collect();
            if !dropped.is_empty() {
                let buf = out.get_or_insert_with(|| bytes.to_vec());
                if dropped.len() == items.len() {
                    blank(buf, pos, directive_end + 1);
                } else {
                    // Keep the directive, drop the items and one comma each.
                    for &&(start, item) in &dropped {
                        let mut end = start + item.len();
                        let after = &text[end..directive_end];
                        if let Some(comma) = after.find(',') {
                            end += comma + 1;
                            blank(buf, start, end);
                        } else {
                            let before = &text[..start];
                            let comma = before.rfind(',').unwrap_or(start);
                            blank(buf, comma, end);
                        }
                    }
                }
            }
        }
        pos = skip_trivia(text, directive_end + 1);
    }
    match out {
        Some(buf) => {
            std::borrow::Cow::Owned(String::from_utf8(buf).expect("only ASCII was blanked"))
        }
        None => std::borrow::Cow::Borrowed(text),
    }
}

fn blank(buf: &mut [u8], start: usize, end: usize) {
    for b in &mut buf[start..end] {
        if *b != b'\n' {
            *b = b' ';
        }
    }
}

/// The comma-separated identifiers of a directive, with their offsets.
fn split_items(list: &str) -> Vec<(usize, &str)> {
    let mut items = Vec::new();
    let mut offset = 0;
    for part in list.split(',') {
        let trimmed = part.trim();
        if !trimmed.is_empty() {
            let lead = part.len() - part.trim_start().len();
            items.push((offset + lead, trimmed));
        }
        offset += part.len() + 1;
    }
    items
}

/// Skips whitespace and comments (line and nested block comments).
fn skip_trivia(text: &str, mut pos: usize) -> usize {
    loop {
        let rest = &text[pos..];
        let trimmed = rest.trim_start();
        pos += rest.len() - trimmed.len();
        if trimmed.starts_with("//") {
            pos += trimmed.find('\n').unwrap_or(trimmed.len());
        } else if trimmed.starts_with("/*") {
            pos += super::wgsl_positions::block_comment_len(trimmed.as_bytes());
        } else {
            return pos;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::strip_unsupported_enables;

    #[test]
    fn blanks_a_lone_subgroups_enable_keeping_offsets() {
        let src = "enable subgroups;\n@compute @workgroup_size(1) fn main() {}";
        let out = strip_unsupported_enables(src);
        assert_eq!(out.len(), src.len());
        assert!(out.starts_with("                 \n@compute"));
    }

    #[test]
    fn keeps_other_extensions_of_the_same_directive() {
        let src = "enable f16, subgroups;\nenable subgroups , f16;\n";
        let out = strip_unsupported_enables(src);
        assert_eq!(out.len(), src.len());
        assert_eq!(
            out.split_whitespace().collect::<Vec<_>>(),
            ["enable", "f16", ";", "enable", "f16;"]
        );
    }

    #[test]
    fn leaves_declarations_alone() {
        let src = "// enable subgroups;\nconst subgroups = 1;";
        assert_eq!(strip_unsupported_enables(src), src);
    }
}
