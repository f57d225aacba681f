//! Positions for the errors naga's GLSL reader reports without any: its
//! preprocessor's lexer drops the place of a character or a number it
//! cannot read, and a shader without `void main()` is refused as a whole.
//! The text is scanned again for the token at fault.

use std::ops::Range;

use naga::Span;

use crate::diagnostics::Diagnostic;

/// Punctuation GLSL's preprocessor reads; any other character outside
/// comments is one it cannot.
const PUNCTUATION: &str = "+-*/%<>=!~&|^()[]{}.,;:?#";

/// A GLSL diagnostic without a label, given the best place the text shows.
pub fn placed(diagnostic: Diagnostic, text: &str) -> Diagnostic {
    let found = match diagnostic.message.as_str() {
        "UnexpectedCharacter" => unexpected_character(text).map(|r| {
            let c = &text[r.clone()];
            (r, format!("naga's GLSL reader cannot read `{c}` here"))
        }),
        "FloatParsingError"
        | "IntegerOverflow"
        | "NotSupported16BitLiteral"
        | "NotSupported64BitLiteral" => {
            bad_number(text).map(|r| (r, "naga's GLSL reader cannot read this number".to_string()))
        }
        _ => None,
    };
    let (range, label) = found.unwrap_or_else(|| {
        let label = if diagnostic.message == "Missing entry point" {
            "no `void main()` by the end of the shader"
        } else {
            "naga's GLSL reader gives no place for this error"
        };
        (last_token(text), label.to_string())
    });
    diagnostic.with_primary(
        Span::new(range.start as u32, range.end.max(range.start + 1) as u32),
        label,
    )
}

/// Byte ranges of the text outside comments, in order.
pub(super) fn outside_comments(text: &str) -> Vec<Range<usize>> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let (mut i, mut start) = (0, 0);
    while i < bytes.len() {
        let end = if bytes[i..].starts_with(b"//") {
            text[i..].find('\n').map_or(text.len(), |n| i + n)
        } else if bytes[i..].starts_with(b"/*") {
            text[i + 2..]
                .find("*/")
                .map_or(text.len(), |n| i + 2 + n + 2)
        } else {
            i += 1;
            continue;
        };
        out.push(start..i);
        (i, start) = (end, end);
    }
    out.push(start..text.len());
    out
}

/// The first character outside comments that GLSL's lexer refuses.
fn unexpected_character(text: &str) -> Option<Range<usize>> {
    outside_comments(text).into_iter().find_map(|range| {
        let part = &text[range.clone()];
        part.char_indices().find_map(|(i, c)| {
            let continues_line = c == '\\' && part[i + 1..].starts_with(['\n', '\r']);
            let fine = c.is_alphanumeric()
                || c == '_'
                || c.is_whitespace()
                || PUNCTUATION.contains(c)
                || continues_line;
            (!fine).then(|| range.start + i..range.start + i + c.len_utf8())
        })
    })
}

/// The first number outside comments that GLSL's lexer refuses: a
/// malformed float, an integer past 32 bits, a 16- or 64-bit suffix.
fn bad_number(text: &str) -> Option<Range<usize>> {
    for range in outside_comments(text) {
        let part = &text[range.clone()];
        let bytes = part.as_bytes();
        let mut i = 0;
        while i < bytes.len() {
            let starts_number = bytes[i].is_ascii_digit()
                || (bytes[i] == b'.' && bytes.get(i + 1).is_some_and(u8::is_ascii_digit));
            let in_word = i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_');
            if !starts_number || in_word {
                i += 1;
                continue;
            }
            let start = i;
            let hex = bytes[i..].starts_with(b"0x") || bytes[i..].starts_with(b"0X");
            while i < bytes.len() {
                let b = bytes[i];
                let exponent_sign =
                    !hex && (b == b'+' || b == b'-') && matches!(bytes[i - 1], b'e' | b'E');
                if b.is_ascii_alphanumeric() || b == b'_' || b == b'.' || exponent_sign {
                    i += 1;
                } else {
                    break;
                }
            }
            if !valid_number(&part[start..i]) {
                return Some(range.start + start..range.start + i);
            }
        }
    }
    None
}

/// Whether GLSL (as naga reads it) takes this number: a 32-bit integer,
/// decimal, octal or hexadecimal, with an optional `u`; or a float with an
/// optional exponent and `f`.
fn valid_number(number: &str) -> bool {
    let unsigned = number.strip_suffix(['u', 'U']).unwrap_or(number);
    let hex = unsigned
        .strip_prefix("0x")
        .or_else(|| unsigned.strip_prefix("0X"));
    if let Some(digits) = hex {
        return u32::from_str_radix(digits, 16).is_ok();
    }
    if unsigned.bytes().all(|b| b.is_ascii_digit()) {
        return unsigned.parse::<u32>().is_ok();
    }
    let float = number.strip_suffix(['f', 'F']).unwrap_or(number);
    let (mantissa, exponent) = match float.find(['e', 'E']) {
        Some(e) => (&float[..e], Some(&float[e + 1..])),
        None => (float, None),
    };
    let exponent_ok = exponent.is_none_or(|e| {
        let digits = e.strip_prefix(['+', '-']).unwrap_or(e);
        !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit())
    });
    let mut parts = mantissa.splitn(2, '.');
    let (whole, fraction) = (parts.next().unwrap_or(""), parts.next());
    let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
    let mantissa_ok = digits(whole)
        && fraction.is_none_or(digits)
        && (!whole.is_empty() || fraction.is_some_and(|f| !f.is_empty()))
        && (fraction.is_some() || exponent.is_some());
    mantissa_ok && exponent_ok
}

/// The last token of the text outside comments, or its end.
fn last_token(text: &str) -> Range<usize> {
    let ranges = outside_comments(text);
    for range in ranges.iter().rev() {
        let part = text[range.clone()].trim_end();
        if part.trim_start().is_empty() {
            continue;
        }
        let end = range.start + part.len();
        let start = part
            .char_indices()
            .rfind(|(_, c)| c.is_whitespace())
            .map_or(range.start, |(n, c)| range.start + n + c.len_utf8());
        return start..end;
    }
    let last = text.char_indices().next_back().map_or(0, |(i, _)| i);
    last..text.len()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placed_in(text: &str) -> String {
        let errors = naga::front::glsl::Frontend::default()
            .parse(
                &naga::front::glsl::Options::from(naga::ShaderStage::Compute),
                text,
            )
            .expect_err("naga refuses it");
        let d = crate::diagnostics::from_glsl_parse(&errors)
            .into_iter()
            .next()
            .unwrap();
        assert!(d.labels.is_empty(), "naga placed it: {d:?}");
        let d = placed(d, text);
        text[d.primary_span().unwrap().to_range().unwrap()].to_string()
    }

    const MAIN: &str = "#version 450\nlayout(local_size_x = 1) in;\n";

    #[test]
    fn a_character_the_lexer_refuses_is_found() {
        let text = format!("{MAIN}// a comment may say @\nvoid main() {{ int a = 1 @ 2; }}\n");
        assert_eq!(placed_in(&text), "@");
    }

    #[test]
    fn a_number_the_lexer_refuses_is_found() {
        let text = format!("{MAIN}void main() {{ float a = 1.5e+2; vec4 v = vec4(2ec4); }}\n");
        assert_eq!(placed_in(&text), "2ec4");
        let text = format!("{MAIN}void main() {{ double a = 1.0lf; }}\n");
        assert_eq!(placed_in(&text), "1.0lf");
        let text = format!("{MAIN}void main() {{ uint a = 0xfu; float b = .5e; }}\n");
        assert_eq!(placed_in(&text), ".5e");
    }

    #[test]
    fn a_shader_without_main_is_refused_at_its_end() {
        let text = format!("{MAIN}void helper() {{ }}\n// the end\n");
        assert_eq!(placed_in(&text), "}");
    }
}
