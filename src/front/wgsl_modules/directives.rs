//! The preprocessor of naga_oil-style WGSL: shader defs (`#ifdef`,
//! `#ifndef`, `#if NAME == VALUE`, `#else`, `#endif`), `#import` and
//! `#define_import_path`. A file is preprocessed into a text of the same
//! length, every directive and every line of a disabled branch blanked
//! (newlines kept), so that offsets into it are offsets into the file.

use std::collections::BTreeMap;
use std::ops::Range;

/// `-D NAME[=VALUE]`: the shader defs, by name. A def given without a
/// value is `true`.
pub type Defs = BTreeMap<String, String>;

/// A file after preprocessing.
#[derive(Debug, Default)]
pub struct Preprocessed {
    /// The file's text with directives and disabled lines blanked.
    pub text: String,
    /// The `#import`s of enabled branches, in order.
    pub imports: Vec<Import>,
    /// The path `#define_import_path` declares, with its span.
    pub import_path: Option<(String, Range<usize>)>,
}

/// One name an `#import` brings in: `a::b::{c, d as e}` gives two.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Import {
    /// The path as written, flattened: `["a", "b", "c"]`, or a quoted
    /// file (with its quotes) as the first segment.
    pub path: Vec<String>,
    /// `as NAME`, when given.
    pub alias: Option<String>,
    /// The whole directive, for diagnostics.
    pub span: Range<usize>,
}

/// A malformed or unbalanced directive.
#[derive(Debug, PartialEq, Eq)]
pub struct DirectiveError {
    pub message: String,
    pub span: Range<usize>,
    pub label: String,
}

fn error(message: impl Into<String>, span: Range<usize>, label: &str) -> DirectiveError {
    DirectiveError {
        message: message.into(),
        span,
        label: label.to_string(),
    }
}

/// Whether a text holds any directive of this preprocessor (a line that
/// starts with one of its `#` words): WGSL without them is read as it is.
pub fn has_directives(text: &str) -> bool {
    text.lines().any(|line| {
        line.trim_start()
            .strip_prefix('#')
            .map(|rest| word_of(rest.trim_start()))
            .is_some_and(|word| DIRECTIVES.contains(&word))
    })
}

const DIRECTIVES: &[&str] = &[
    "import",
    "define_import_path",
    "define",
    "ifdef",
    "ifndef",
    "if",
    "else",
    "endif",
];

/// The shader defs a shader defines itself (`#define NAME` is `true`,
/// `#define NAME VALUE` is `VALUE`), read without preprocessing, as
/// naga_oil reads them: they hold for the shader and every module it
/// imports.
pub fn shader_defines(text: &str) -> Defs {
    text.lines()
        .filter_map(|line| {
            let rest = directive_rest(line, "define")?;
            let rest = strip_comment(rest).trim();
            let name = word_of(rest);
            if name.is_empty() {
                return None;
            }
            let value = rest[name.len()..].trim();
            let value = if value.is_empty() { "true" } else { value };
            Some((name.to_string(), value.to_string()))
        })
        .collect()
}

/// The path a file declares with `#define_import_path`, read without
/// preprocessing (a file declares one path, whatever its defs).
pub fn declared_import_path(text: &str) -> Option<String> {
    text.lines().find_map(|line| {
        let rest = line.trim_start().strip_prefix('#')?.trim_start();
        let rest = rest.strip_prefix("define_import_path")?;
        let path = strip_comment(rest).trim();
        (!path.is_empty() && rest.starts_with(char::is_whitespace)).then(|| path.to_string())
    })
}

/// The paths every `#import` of a text names, disabled branches included
/// (for deciding what a file may import before compiling it).
pub fn raw_imports(text: &str) -> Vec<Vec<String>> {
    let mut out = Vec::new();
    let mut lines = LineCursor::new(text);
    while let Some((start, line)) = lines.next() {
        let Some(rest) = directive_rest(line, "import") else {
            continue;
        };
        let (body, _) = lines.take_import_body(start, rest);
        if let Ok(imports) = parse_import_list(&body, 0..0) {
            out.extend(imports.into_iter().map(|i| i.path));
        }
    }
    out
}

/// Preprocesses a file with `defs`.
pub fn preprocess(text: &str, defs: &Defs) -> Result<Preprocessed, DirectiveError> {
    struct Branch {
        /// The directive that opened it, for an unterminated one.
        opened: Range<usize>,
        /// Whether the enclosing branch is enabled.
        parent: bool,
        /// Whether some branch of this `#if` chain was taken.
        taken: bool,
        /// Whether the current branch is enabled.
        active: bool,
        /// Whether `#else` (without a condition) was seen.
        closed: bool,
    }
    let mut out = text.as_bytes().to_vec();
    let mut stack: Vec<Branch> = Vec::new();
    let mut result = Preprocessed::default();
    let enabled = |stack: &[Branch]| stack.last().is_none_or(|b| b.active);
    let mut lines = LineCursor::new(text);
    while let Some((start, line)) = lines.next() {
        let line_span = start..start + line.len();
        let trimmed = line.trim_start();
        let Some(rest) = trimmed.strip_prefix('#') else {
            if !enabled(&stack) {
                blank(&mut out, line_span);
            }
            continue;
        };
        let rest = rest.trim_start();
        let word = word_of(rest);
        let after = rest[word.len()..].to_string();
        match word {
            "ifdef" | "ifndef" | "if" => {
                let parent = enabled(&stack);
                let condition = if parent {
                    condition(word, &after, defs, line_span.clone())?
                } else {
                    false
                };
                stack.push(Branch {
                    opened: line_span.clone(),
                    parent,
                    taken: condition,
                    active: parent && condition,
                    closed: false,
                });
            }
            "else" => {
                let Some(branch) = stack.last_mut() else {
                    return Err(error(
                        "`#else` without an `#ifdef`, `#ifndef` or `#if`",
                        line_span,
                        "nothing to continue here",
                    ));
                };
                if branch.closed {
                    return Err(error(
                        "`#else` after the `#else` of the same `#ifdef`",
                        line_span,
                        "a second `#else`",
                    ));
                }
                let chained = strip_comment(&after).trim().to_string();
                let condition = if chained.is_empty() {
                    branch.closed = true;
                    true
                } else {
                    let word = word_of(&chained);
                    if !matches!(word, "ifdef" | "ifndef" | "if") {
                        return Err(error(
                            format!("`#else {chained}` is not a directive"),
                            line_span,
                            "expected `#else`, `#else ifdef NAME`, `#else ifndef NAME` or `#else if NAME == VALUE`",
                        ));
                    }
                    branch.parent
                        && !branch.taken
                        && condition(word, &chained[word.len()..], defs, line_span.clone())?
                };
                branch.active = branch.parent && !branch.taken && condition;
                branch.taken |= branch.active;
            }
            "endif" => {
                if stack.pop().is_none() {
                    return Err(error(
                        "`#endif` without an `#ifdef`, `#ifndef` or `#if`",
                        line_span,
                        "nothing to close here",
                    ));
                }
            }
            "import" if enabled(&stack) && after.starts_with(char::is_whitespace) => {
                let (body, end) = lines.take_import_body(start, &after);
                let span = start..end;
                result.imports.extend(
                    parse_import_list(&body, span.clone())
                        .map_err(|message| error(message, span.clone(), "in this `#import`"))?,
                );
                blank(&mut out, span);
                continue;
            }
            // Read before preprocessing (`shader_defines`).
            "define" if after.starts_with(char::is_whitespace) => {}
            "define_import_path" if enabled(&stack) => {
                let path = strip_comment(&after).trim().to_string();
                if path.is_empty() {
                    return Err(error(
                        "`#define_import_path` names no path",
                        line_span,
                        "expected `#define_import_path name::path`",
                    ));
                }
                result.import_path = Some((path, line_span.clone()));
            }
            _ if !enabled(&stack) => {}
            // Any other `#` line is the parser's to refuse (or a `#{DEF}`
            // at the start of a line).
            _ => continue,
        }
        blank(&mut out, line_span);
    }
    if let Some(open) = stack.pop() {
        return Err(error(
            "this conditional is not closed by an `#endif`",
            open.opened,
            "opened here",
        ));
    }
    result.text = String::from_utf8(out).expect("only whole lines of ASCII spaces were written");
    Ok(result)
}

/// The value of `#ifdef NAME`, `#ifndef NAME` or `#if NAME OP VALUE`.
fn condition(
    word: &str,
    after: &str,
    defs: &Defs,
    span: Range<usize>,
) -> Result<bool, DirectiveError> {
    let after = strip_comment(after).trim();
    match word {
        "ifdef" | "ifndef" => {
            if after.is_empty() || after.contains(char::is_whitespace) {
                return Err(error(
                    format!("`#{word}` takes one shader def name"),
                    span,
                    "expected `#ifdef NAME`",
                ));
            }
            Ok(defs.contains_key(after) == (word == "ifdef"))
        }
        _ => {
            let malformed = || {
                error(
                    format!("`#if {after}` is not a comparison of a shader def"),
                    span.clone(),
                    "expected `#if NAME == VALUE` (or `!=`, `<`, `<=`, `>`, `>=`)",
                )
            };
            let operator = ["==", "!=", "<=", ">=", "<", ">"]
                .into_iter()
                .find(|op| after.contains(op))
                .ok_or_else(malformed)?;
            let (name, value) = after.split_once(operator).ok_or_else(malformed)?;
            let (name, value) = (name.trim(), value.trim());
            if name.is_empty() || value.is_empty() {
                return Err(malformed());
            }
            let Some(def) = defs.get(name) else {
                return Err(error(
                    format!("shader def `{name}` has no value to compare"),
                    span,
                    "give it one with `-D NAME=VALUE`, or test it with `#ifdef`",
                ));
            };
            Ok(compare(def, operator, value))
        }
    }
}

/// Compares as integers where both sides are (`1`, `2u`, `-3i`), as text
/// otherwise (where only `==` and `!=` hold meaning).
fn compare(left: &str, operator: &str, right: &str) -> bool {
    let number = |s: &str| s.trim_end_matches(['u', 'i']).parse::<i64>().ok();
    let ordering = match (number(left), number(right)) {
        (Some(l), Some(r)) => l.cmp(&r),
        _ => left.cmp(right),
    };
    match operator {
        "==" => ordering.is_eq(),
        "!=" => ordering.is_ne(),
        "<" => ordering.is_lt(),
        "<=" => ordering.is_le(),
        ">" => ordering.is_gt(),
        _ => ordering.is_ge(),
    }
}

/// Parses the body of an `#import` (all its lines, comments removed):
/// `a::b`, `a::b as c`, `a::{b, c::d as e}`, `"file.wgsl"::{x}`, nested
/// braces included, flattened to one [`Import`] per name.
fn parse_import_list(body: &str, span: Range<usize>) -> Result<Vec<Import>, String> {
    let mut tokens = import_tokens(body)?;
    // naga_oil accepts a `;` after an import, as a WGSL statement ends.
    while tokens.last().map(String::as_str) == Some(";") {
        tokens.pop();
    }
    let mut out = Vec::new();
    let mut pos = 0;
    parse_tree(&tokens, &mut pos, &mut Vec::new(), &span, &mut out)?;
    if pos != tokens.len() {
        return Err(format!("unexpected `{}` in `#import`", tokens[pos]));
    }
    if out.is_empty() {
        return Err("`#import` names nothing".to_string());
    }
    Ok(out)
}

fn parse_tree(
    tokens: &[String],
    pos: &mut usize,
    prefix: &mut Vec<String>,
    span: &Range<usize>,
    out: &mut Vec<Import>,
) -> Result<(), String> {
    let depth = prefix.len();
    loop {
        match tokens.get(*pos).map(String::as_str) {
            Some("{") => {
                *pos += 1;
                loop {
                    let mut inner = prefix.clone();
                    parse_tree(tokens, pos, &mut inner, span, out)?;
                    match tokens.get(*pos).map(String::as_str) {
                        Some(",") => {
                            *pos += 1;
                            if tokens.get(*pos).map(String::as_str) == Some("}") {
                                *pos += 1;
                                return Ok(());
                            }
                        }
                        Some("}") => {
                            *pos += 1;
                            return Ok(());
                        }
                        _ => return Err("expected `,` or `}` in `#import`".to_string()),
                    }
                }
            }
            Some(segment) if segment != "::" && segment != "," && segment != "}" => {
                prefix.push(segment.to_string());
                *pos += 1;
                if tokens.get(*pos).map(String::as_str) == Some("::") {
                    *pos += 1;
                    continue;
                }
                let alias = if tokens.get(*pos).map(String::as_str) == Some("as") {
                    let alias = tokens
                        .get(*pos + 1)
                        .filter(|t| is_identifier(t))
                        .ok_or("expected a name after `as`")?;
                    *pos += 2;
                    Some(alias.clone())
                } else {
                    None
                };
                out.push(Import {
                    path: prefix.clone(),
                    alias,
                    span: span.clone(),
                });
                return Ok(());
            }
            _ if prefix.len() > depth => return Err("`#import` path ends in `::`".to_string()),
            _ => return Err("expected a module path in `#import`".to_string()),
        }
    }
}

fn import_tokens(body: &str) -> Result<Vec<String>, String> {
    let mut tokens = Vec::new();
    let mut chars = body.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            c if c.is_whitespace() => {}
            '{' | '}' | ',' | ';' => tokens.push(c.to_string()),
            ':' if chars.peek().map(|p| p.1) == Some(':') => {
                chars.next();
                tokens.push("::".to_string());
            }
            '"' => {
                let end = body[i + 1..]
                    .find('"')
                    .ok_or("unterminated quoted path in `#import`")?;
                let close = i + 1 + end;
                tokens.push(body[i..=close].to_string());
                while chars.next_if(|&(j, _)| j <= close).is_some() {}
            }
            c if c.is_alphanumeric() || c == '_' => {
                let mut end = i + c.len_utf8();
                while let Some(&(j, d)) = chars.peek() {
                    if !(d.is_alphanumeric() || d == '_') {
                        break;
                    }
                    end = j + d.len_utf8();
                    chars.next();
                }
                tokens.push(body[i..end].to_string());
            }
            other => return Err(format!("unexpected `{other}` in `#import`")),
        }
    }
    Ok(tokens)
}

fn is_identifier(s: &str) -> bool {
    s.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
        && s.chars().all(|c| c.is_alphanumeric() || c == '_')
}

/// The lines of a text with their offsets; an `#import` may go on over
/// the lines that close its braces.
struct LineCursor<'t> {
    text: &'t str,
    pos: usize,
}

impl<'t> LineCursor<'t> {
    fn new(text: &'t str) -> Self {
        LineCursor { text, pos: 0 }
    }

    fn next(&mut self) -> Option<(usize, &'t str)> {
        if self.pos >= self.text.len() {
            return None;
        }
        let start = self.pos;
        let rest = &self.text[start..];
        let len = rest.find('\n').unwrap_or(rest.len());
        self.pos = start + len + 1;
        Some((start, rest[..len].trim_end_matches('\r')))
    }

    /// The body of the `#import` whose first line starts at `start` with
    /// `rest` after the word, comments removed, taking further lines while
    /// its braces are open; and where it ends.
    fn take_import_body(&mut self, start: usize, rest: &str) -> (String, usize) {
        let mut body = strip_comment(rest).to_string();
        let mut end = self.pos.min(self.text.len());
        let open = |b: &str| b.matches('{').count() > b.matches('}').count();
        while open(&body) {
            let Some((line_start, line)) = self.next() else {
                break;
            };
            body.push(' ');
            body.push_str(strip_comment(line));
            end = line_start + line.len();
        }
        if end > start && self.text[..end].ends_with('\n') {
            end -= 1;
        }
        (body, end)
    }
}

fn directive_rest<'l>(line: &'l str, word: &str) -> Option<&'l str> {
    let rest = line.trim_start().strip_prefix('#')?.trim_start();
    let rest = rest.strip_prefix(word)?;
    rest.starts_with(char::is_whitespace).then_some(rest)
}

fn word_of(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}

fn strip_comment(text: &str) -> &str {
    text.find("//").map_or(text, |i| &text[..i])
}

pub(super) fn blank(out: &mut [u8], span: Range<usize>) {
    for b in &mut out[span] {
        if *b != b'\n' && *b != b'\r' {
            *b = b' ';
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn defs(list: &[(&str, &str)]) -> Defs {
        list.iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn branches_follow_the_defs_and_keep_offsets() {
        let text = "a\n#ifdef X\nb\n#else\nc\n#endif\n#if N >= 2\nd\n#else if N == 1\ne\n#endif\n";
        let out = preprocess(text, &defs(&[("N", "1")])).unwrap();
        assert_eq!(out.text.len(), text.len());
        let kept: Vec<&str> = out.text.split_whitespace().collect();
        assert_eq!(kept, ["a", "c", "e"]);
        let out = preprocess(text, &defs(&[("X", "true"), ("N", "3")])).unwrap();
        assert_eq!(
            out.text.split_whitespace().collect::<Vec<_>>(),
            ["a", "b", "d"]
        );
    }

    #[test]
    fn imports_are_flattened_over_lines() {
        let text = "#import a::b\n#import a::{\n  c::d as e, // note\n  f::{g, h},\n}\n#import \"x.wgsl\"::y\nfn z() {}\n";
        let out = preprocess(text, &Defs::new()).unwrap();
        let paths: Vec<(String, Option<String>)> = out
            .imports
            .iter()
            .map(|i| (i.path.join("::"), i.alias.clone()))
            .collect();
        assert_eq!(
            paths,
            [
                ("a::b".into(), None),
                ("a::c::d".into(), Some("e".into())),
                ("a::f::g".into(), None),
                ("a::f::h".into(), None),
                ("\"x.wgsl\"::y".into(), None),
            ]
        );
        assert_eq!(out.text.trim(), "fn z() {}");
        assert_eq!(out.text.len(), text.len());
    }

    #[test]
    fn unbalanced_conditionals_are_located() {
        let text = "fn a() {}\n#ifdef X\nfn b() {}\n";
        let e = preprocess(text, &Defs::new()).unwrap_err();
        assert_eq!(&text[e.span], "#ifdef X");
        let e = preprocess("#endif\n", &Defs::new()).unwrap_err();
        assert!(e.message.contains("#endif"), "{e:?}");
        let e = preprocess("#if N == 1\n#endif\n", &Defs::new()).unwrap_err();
        assert!(e.message.contains("`N`"), "{e:?}");
    }
}
