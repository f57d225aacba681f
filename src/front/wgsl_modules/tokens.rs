//! Just enough of a WGSL lexer to find a module's declarations and the
//! names that refer to other modules: identifiers, `::` paths, quoted
//! module names, `#{DEF}` substitutions and single punctuation
//! characters, comments skipped.

use std::ops::Range;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kind {
    Ident,
    /// `::`, which WGSL itself never uses: it joins module paths.
    PathSep,
    /// A quoted module name, `"file.wgsl"`, quotes included.
    Quoted,
    /// `#{NAME}`: the value of a shader def.
    Def,
    /// A number literal, `1.5e-3f`, `0x1u`.
    Number,
    /// Any other character.
    Punct(char),
}

#[derive(Clone, Debug)]
pub struct Token {
    pub kind: Kind,
    pub span: Range<usize>,
}

pub fn tokens(text: &str) -> Vec<Token> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let word = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80;
    while i < bytes.len() {
        let b = bytes[i];
        let start = i;
        let kind = match b {
            _ if b.is_ascii_whitespace() => {
                i += 1;
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'/') => {
                i += text[i..].find('\n').unwrap_or(text.len() - i);
                continue;
            }
            b'/' if bytes.get(i + 1) == Some(&b'*') => {
                i += super::super::wgsl_positions::block_comment_len(&bytes[i..]);
                continue;
            }
            b':' if bytes.get(i + 1) == Some(&b':') => {
                i += 2;
                Kind::PathSep
            }
            b'"' => {
                i += 1 + text[i + 1..]
                    .find(['"', '\n'])
                    .map_or(text.len() - i - 1, |n| n + 1);
                Kind::Quoted
            }
            // `#NAME`, naga_oil's older spelling of `#{NAME}`.
            b'#' if bytes
                .get(i + 1)
                .is_some_and(|&c| c == b'_' || c.is_ascii_alphabetic()) =>
            {
                i += 1;
                while i < bytes.len() && word(bytes[i]) {
                    i += 1;
                }
                Kind::Def
            }
            b'#' if bytes.get(i + 1) == Some(&b'{') => match text[i..].find('}') {
                Some(n) => {
                    i += n + 1;
                    Kind::Def
                }
                None => {
                    i += 1;
                    Kind::Punct('#')
                }
            },
            b'0'..=b'9' => {
                i += 1;
                while i < bytes.len() {
                    let c = bytes[i];
                    let exponent_sign = (c == b'-' || c == b'+')
                        && matches!(bytes[i - 1], b'e' | b'E' | b'p' | b'P')
                        && !text[start..i].starts_with("0x");
                    if word(c) || c == b'.' || exponent_sign {
                        i += 1;
                    } else {
                        break;
                    }
                }
                Kind::Number
            }
            _ if word(b) => {
                while i < bytes.len() && word(bytes[i]) {
                    i += 1;
                }
                Kind::Ident
            }
            _ => {
                let c = text[i..].chars().next().expect("inside the text");
                i += c.len_utf8();
                Kind::Punct(c)
            }
        };
        out.push(Token {
            kind,
            span: start..i,
        });
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paths_defs_and_numbers_are_tokens() {
        let text = "a::b(1.5e-3f, #{N}) // c::d\n/* e */ \"f.wgsl\"::g.h";
        let found: Vec<(Kind, &str)> = tokens(text)
            .into_iter()
            .map(|t| (t.kind, &text[t.span]))
            .collect();
        use Kind::*;
        assert_eq!(
            found,
            [
                (Ident, "a"),
                (PathSep, "::"),
                (Ident, "b"),
                (Punct('('), "("),
                (Number, "1.5e-3f"),
                (Punct(','), ","),
                (Def, "#{N}"),
                (Punct(')'), ")"),
                (Quoted, "\"f.wgsl\""),
                (PathSep, "::"),
                (Ident, "g"),
                (Punct('.'), "."),
                (Ident, "h"),
            ]
        );
    }
}
