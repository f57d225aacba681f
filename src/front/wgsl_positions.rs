//! Positions for the errors naga's WGSL parser reports without any: its
//! "internal WGSL front end error"s, found again by scanning the text.
//!
//! - Resource attributes with no variable after them (`@group(0)
//!   @binding(0)` before `fn` or `const`): naga notices only once it finds
//!   nothing to attach them to.
//! - Expressions nested deeper than its recursion limit (about 200 levels
//!   of its parser, reached by nearly 200 nested parentheses).

use naga::Span;

use crate::diagnostics::Diagnostic;

/// A WGSL diagnostic without a label, given the best place the text
/// shows, with a message that says what is wrong there.
pub fn placed(diagnostic: Diagnostic, text: &str) -> Diagnostic {
    let tokens = tokens(text);
    let said = |needle: &str| diagnostic.notes.iter().any(|n| n.contains(needle));
    if said("recursion limit") {
        if let Some((span, depth)) = deepest_nesting(text, &tokens) {
            return Diagnostic::error(
                "this expression is nested too deeply for naga's WGSL parser",
            )
            .with_code(shaderxform_passes::codes::WGSL_NESTING)
            .with_primary(span, format!("{depth} levels of brackets at this one"))
            .with_note(
                "naga's parser stops at 200 levels of recursion, which nearly 200 nested parentheses reach; name intermediate values with `let`",
            );
        }
    }
    if let Some((span, attribute, before)) = dangling_attribute(text, &tokens) {
        return Diagnostic::error(format!(
            "attribute `@{attribute}` has no declaration to apply to"
        ))
        .with_code(shaderxform_passes::codes::WGSL_PARSE)
        .with_primary(span, format!("this attribute is followed by {before}"))
        .with_note(match attribute {
            "group" | "binding" => "`@group` and `@binding` belong on a `var` declaration",
            _ => "an attribute belongs right before the declaration it applies to",
        });
    }
    // Nothing better found: the end of the input, where naga stopped.
    let end = tokens.last().map_or(0..text.len(), |t| t.span.clone());
    let span = Span::new(end.start as u32, end.end.max(end.start + 1) as u32);
    diagnostic.with_primary(span, "naga's WGSL parser gives no place for this error")
}

/// A token of WGSL: an identifier or number, or one other character.
struct Token {
    span: std::ops::Range<usize>,
    word: bool,
}

/// The tokens of `text`, comments (line and nested block comments) left out.
fn tokens(text: &str) -> Vec<Token> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    let is_word = |b: u8| b.is_ascii_alphanumeric() || b == b'_' || b >= 0x80;
    while i < bytes.len() {
        if bytes[i..].starts_with(b"//") {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
        } else if bytes[i..].starts_with(b"/*") {
            i += block_comment_len(&bytes[i..]);
        } else if bytes[i].is_ascii_whitespace() {
            i += 1;
        } else if is_word(bytes[i]) {
            let start = i;
            while i < bytes.len() && is_word(bytes[i]) {
                i += 1;
            }
            out.push(Token {
                span: start..i,
                word: true,
            });
        } else {
            let start = i;
            i += 1;
            while !text.is_char_boundary(i) {
                i += 1;
            }
            out.push(Token {
                span: start..i,
                word: false,
            });
        }
    }
    out
}

/// The first bracket where nesting (parentheses and square brackets)
/// reaches its deepest, and that depth.
fn deepest_nesting(text: &str, tokens: &[Token]) -> Option<(Span, usize)> {
    let mut depth = 0usize;
    let mut deepest: Option<(std::ops::Range<usize>, usize)> = None;
    for token in tokens {
        match &text[token.span.clone()] {
            "(" | "[" => {
                depth += 1;
                if deepest.as_ref().is_none_or(|(_, d)| depth > *d) {
                    deepest = Some((token.span.clone(), depth));
                }
            }
            ")" | "]" => depth = depth.saturating_sub(1),
            _ => {}
        }
    }
    deepest.map(|(range, depth)| (Span::new(range.start as u32, range.end as u32), depth))
}

/// The most tokens one statement of WGSL input may hold. naga's reader,
/// validator and writers recurse once per operand of an expression, and
/// an expression of N tokens nests at most N deep: at this bound, the
/// stack the compilation runs on (`pipeline::COMPILE_STACK`) holds them
/// many times over.
pub const MAX_STATEMENT_TOKENS: usize = 1 << 18;

/// The first statement of `text` (what lies between `;`, `{` and `}`)
/// with more than [`MAX_STATEMENT_TOKENS`] tokens: its span, to the token
/// where it passed the bound.
pub fn oversized_statement(text: &str) -> Option<Span> {
    // A token is a byte at least: a shorter text holds no such statement,
    // and nearly every shader is read without a scan.
    if text.len() <= MAX_STATEMENT_TOKENS {
        return None;
    }
    let mut start: Option<usize> = None;
    let mut count = 0usize;
    for token in tokens(text) {
        if !token.word && matches!(&text[token.span.clone()], ";" | "{" | "}") {
            start = None;
            count = 0;
            continue;
        }
        let first = *start.get_or_insert(token.span.start);
        count += 1;
        if count > MAX_STATEMENT_TOKENS {
            return Some(Span::new(first as u32, token.span.end as u32));
        }
    }
    None
}

/// The first module-scope run of attributes with a `@group` or `@binding`
/// that something other than `var` follows. The span of its first such
/// attribute, the attribute's name, and what follows the run.
fn dangling_attribute<'t>(text: &'t str, tokens: &[Token]) -> Option<(Span, &'t str, String)> {
    let mut depth = 0usize;
    let mut i = 0;
    while i < tokens.len() {
        let token = &text[tokens[i].span.clone()];
        match token {
            "{" | "(" | "[" => depth += 1,
            "}" | ")" | "]" => depth = depth.saturating_sub(1),
            "@" if depth == 0 => {
                let run_start = i;
                let mut resource: Option<(Span, &str)> = None;
                while i < tokens.len() && &text[tokens[i].span.clone()] == "@" {
                    let at = tokens[i].span.start;
                    let name = tokens.get(i + 1).filter(|t| t.word)?;
                    let name_text = &text[name.span.clone()];
                    i += 2;
                    let mut end = name.span.end;
                    if tokens.get(i).is_some_and(|t| &text[t.span.clone()] == "(") {
                        let mut nested = 0usize;
                        while let Some(t) = tokens.get(i) {
                            match &text[t.span.clone()] {
                                "(" => nested += 1,
                                ")" => nested -= 1,
                                _ => {}
                            }
                            end = t.span.end;
                            i += 1;
                            if nested == 0 {
                                break;
                            }
                        }
                    }
                    let span = Span::new(at as u32, end as u32);
                    if matches!(name_text, "group" | "binding") {
                        resource.get_or_insert((span, name_text));
                    }
                }
                let next = tokens.get(i).map(|t| &text[t.span.clone()]);
                if let (Some(next), Some((span, name))) = (next, resource) {
                    if next != "var" {
                        return Some((span, name, format!("`{next}`")));
                    }
                }
                if i == run_start {
                    i += 1;
                }
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    None
}

/// The name in the declaration `fn NAME` of `text`: the place of an error
/// about a function that naga gives no span (an entry point with an empty
/// body has none).
pub fn function_declaration(text: &str, name: &str) -> Option<Span> {
    let tokens = tokens(text);
    tokens.windows(2).find_map(|pair| {
        let [keyword, ident] = pair else { return None };
        (keyword.word && &text[keyword.span.clone()] == "fn" && &text[ident.span.clone()] == name)
            .then(|| Span::new(ident.span.start as u32, ident.span.end as u32))
    })
}

/// The name of parameter `parameter` in the declaration of function
/// `function` (`fn function(..., parameter: T, ...)`).
pub fn function_parameter(text: &str, function: &str, parameter: &str) -> Option<Span> {
    let tokens = tokens(text);
    let is = |t: &Token, s: &str| &text[t.span.clone()] == s;
    let start = tokens
        .windows(2)
        .position(|pair| pair[0].word && is(&pair[0], "fn") && is(&pair[1], function))?;
    let declaration = &tokens[start..];
    let end = declaration.iter().position(|t| is(t, "{"))?;
    declaration[..end].windows(2).find_map(|pair| {
        (pair[0].word && is(&pair[0], parameter) && is(&pair[1], ":"))
            .then(|| Span::new(pair[0].span.start as u32, pair[0].span.end as u32))
    })
}

/// The length of the block comment `bytes` starts with (`/*`), nested
/// comments included; all of `bytes` where it is not closed.
pub(super) fn block_comment_len(bytes: &[u8]) -> usize {
    let mut depth = 0usize;
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i..].starts_with(b"/*") {
            depth += 1;
            i += 2;
        } else if bytes[i..].starts_with(b"*/") {
            depth -= 1;
            i += 2;
            if depth == 0 {
                break;
            }
        } else {
            i += 1;
        }
    }
    i
}

#[cfg(test)]
mod tests {
    use super::*;

    fn placed_in(text: &str) -> (String, String) {
        let error = naga::front::wgsl::parse_str(text).expect_err("naga refuses it");
        let d = crate::diagnostics::from_wgsl_parse(&error);
        assert!(d.labels.is_empty(), "naga placed it: {d:?}");
        let d = placed(d, text);
        let span = d.primary_span().expect("a place");
        (d.message, text[span.to_range().unwrap()].to_string())
    }

    #[test]
    fn a_resource_attribute_before_a_function_is_named() {
        let text = "@group(0) @binding(1)\nfn f() {}\n";
        assert!(naga::front::wgsl::parse_str(text)
            .unwrap_err()
            .labels()
            .next()
            .is_none());
        let (message, at) = placed_in(text);
        assert_eq!(at, "@group(0)");
        assert!(message.contains("`@group`"), "{message}");
    }

    #[test]
    fn a_resource_attribute_before_a_constant_is_named() {
        let (message, at) = placed_in(
            "@compute @workgroup_size(1) fn main() {}\n@binding(1) @group(0) const c = 1;",
        );
        assert_eq!(at, "@binding(1)");
        assert!(message.contains("no declaration"), "{message}");
    }

    #[test]
    fn deep_nesting_points_at_the_deepest_bracket() {
        let depth = 300;
        let text = format!(
            "fn f() -> f32 {{ return {}1.0{}; }}",
            "(".repeat(depth),
            ")".repeat(depth)
        );
        let error = naga::front::wgsl::parse_str(&text).expect_err("too deep for naga");
        let d = placed(crate::diagnostics::from_wgsl_parse(&error), &text);
        assert!(d.message.contains("nested too deeply"), "{}", d.message);
        let innermost = text.find("1.0").unwrap() - 1;
        assert_eq!(
            d.primary_span().unwrap().to_range(),
            Some(innermost..innermost + 1)
        );
    }
}
