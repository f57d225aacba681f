//! WESL, the WGSL dialect Bevy 0.20 writes its shaders in: conditional
//! translation and `import` statements, read into what the module composer
//! takes from naga_oil's dialect (a text in which what is left out is
//! blanked, offsets kept, and the imports as paths).
//!
//! Conditional translation: `@if(EXPR)`, `@elif(EXPR)` and `@else` on an
//! import, a module-scope declaration, a struct member, a function
//! parameter, a statement or a switch clause. `EXPR` combines feature
//! names, `true` and `false` with `!`, `&&`, `||` and parentheses; a
//! feature is the shader def of its name (`-D NAME`, or `-D NAME=VALUE`
//! with any value but `false`), absent ones are false. A compound
//! statement (`@if(A) { ... }`) or compound declaration that is kept is
//! flattened into its surroundings, as the WESL specification has it, so
//! what it declares is visible after it.
//!
//! Where the modules are ([`Packages`]): `package::` is the root of the
//! shader's own package, `super::` the folder of the module, and any other
//! first segment a package of that name: `NAME/src` (a Rust crate, as Bevy
//! lays out `bevy_pbr`) or `NAME` in the folder that holds the shader's own
//! crate, then in each `-I` folder (`packages.rs`). The package `constants`
//! holds each numeric def (`-D NAME=3`) as `const NAME = 3;`, as Bevy
//! serves it.

mod packages;

use std::ops::Range;
use std::path::Path;

use super::directives::{blank, DirectiveError, Import, Preprocessed};
use super::tokens::{tokens, Kind, Token};
use super::Defs;
pub use packages::{absolute, Packages};

/// The extension of WESL files.
pub const EXTENSION: &str = "wesl";

/// Whether a shader named `name` is WESL (by its extension).
pub fn is_wesl(name: &str) -> bool {
    Path::new(name)
        .extension()
        .is_some_and(|e| e.eq_ignore_ascii_case(EXTENSION))
}

/// `text` with conditional translation applied under `defs`, and its
/// imports as written (`package::a::b`, `super::c`, `bevy_pbr::d::{e}`
/// flattened one path a name).
pub fn translate(text: &str, defs: &Defs) -> Result<Preprocessed, DirectiveError> {
    let tokens = tokens(text);
    let partners = partners(text, &tokens)?;
    let mut translator = Translator {
        text,
        tokens: &tokens,
        partners: &partners,
        defs,
        blanks: Vec::new(),
        imports: Vec::new(),
    };
    translator.sequence(0, tokens.len(), Context::Global)?;
    let mut out = text.as_bytes().to_vec();
    for range in translator.blanks {
        blank(&mut out, range);
    }
    Ok(Preprocessed {
        text: String::from_utf8(out).expect("only ASCII bytes were blanked"),
        imports: translator.imports,
        import_path: None,
    })
}

/// What a run of elements is: module-scope declarations, the statements
/// of a body (switch clauses included), or a comma-separated list (struct
/// members, function parameters).
#[derive(Clone, Copy, PartialEq, Eq)]
enum Context {
    Global,
    Statements,
    List,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Condition {
    If,
    Elif,
    Else,
}

/// An element's `@if(...)`, `@elif(...)` or `@else`: its kind, the span of
/// the attribute, and the tokens of its condition (first, end).
struct ConditionAttribute {
    kind: Condition,
    span: Range<usize>,
    arguments: Option<(usize, usize)>,
}

struct Translator<'a> {
    text: &'a str,
    tokens: &'a [Token],
    /// For each bracket token, the token that closes or opens it.
    partners: &'a [Option<usize>],
    defs: &'a Defs,
    blanks: Vec<Range<usize>>,
    imports: Vec<Import>,
}

fn error(message: impl Into<String>, span: Range<usize>, label: &str) -> DirectiveError {
    DirectiveError {
        message: message.into(),
        span,
        label: label.to_string(),
    }
}

/// The partner of every `(`, `[` and `{`, and of their closers.
fn partners(text: &str, tokens: &[Token]) -> Result<Vec<Option<usize>>, DirectiveError> {
    let mut partners = vec![None; tokens.len()];
    let mut open: Vec<usize> = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let closer = match token.kind {
            Kind::Punct('(' | '[' | '{') => {
                open.push(i);
                continue;
            }
            Kind::Punct(c @ (')' | ']' | '}')) => c,
            _ => continue,
        };
        let opener = match closer {
            ')' => '(',
            ']' => '[',
            _ => '{',
        };
        match open.pop() {
            Some(o) if tokens[o].kind == Kind::Punct(opener) => {
                partners[o] = Some(i);
                partners[i] = Some(o);
            }
            Some(o) => {
                return Err(error(
                    format!(
                        "`{}` is closed by `{closer}`",
                        &text[tokens[o].span.clone()]
                    ),
                    token.span.clone(),
                    "this does not close it",
                ))
            }
            None => {
                return Err(error(
                    format!("`{closer}` closes nothing"),
                    token.span.clone(),
                    "here",
                ))
            }
        }
    }
    if let Some(&o) = open.last() {
        return Err(error(
            format!("`{}` is never closed", &text[tokens[o].span.clone()]),
            tokens[o].span.clone(),
            "opened here",
        ));
    }
    Ok(partners)
}

impl Translator<'_> {
    fn is(&self, i: usize, c: char) -> bool {
        self.tokens.get(i).is_some_and(|t| t.kind == Kind::Punct(c))
    }

    fn word(&self, i: usize) -> Option<&str> {
        let t = self.tokens.get(i)?;
        (t.kind == Kind::Ident).then(|| &self.text[t.span.clone()])
    }

    fn span(&self, first: usize, last: usize) -> Range<usize> {
        self.tokens[first].span.start..self.tokens[last].span.end
    }

    fn partner(&self, i: usize) -> usize {
        self.partners[i].expect("brackets were matched")
    }

    /// Translates the elements of tokens `i..end` (`end` is the closer of
    /// their brackets, or the end of the text).
    fn sequence(
        &mut self,
        mut i: usize,
        end: usize,
        context: Context,
    ) -> Result<(), DirectiveError> {
        // Whether an `@if` or `@elif` chain is open, and whether one of
        // its elements was kept.
        let mut chain: Option<bool> = None;
        while i < end {
            if self.is(i, ';') || self.is(i, ',') {
                chain = None;
                i += 1;
                continue;
            }
            let start = i;
            let mut condition: Option<ConditionAttribute> = None;
            while self.is(i, '@') && self.word(i + 1).is_some() {
                let name = self.word(i + 1).expect("checked").to_string();
                let attribute = i;
                i += 2;
                let arguments = if self.is(i, '(') {
                    let close = self.partner(i);
                    let inside = (i + 1, close);
                    i = close + 1;
                    Some(inside)
                } else {
                    None
                };
                let kind = match name.as_str() {
                    "if" => Condition::If,
                    "elif" => Condition::Elif,
                    "else" => Condition::Else,
                    _ => continue,
                };
                let span = self.span(attribute, i - 1);
                if condition.is_some() {
                    return Err(error(
                        "an element has one condition at most",
                        span,
                        "a second condition",
                    ));
                }
                if kind != Condition::Else && arguments.is_none_or(|(a, b)| a == b) {
                    return Err(error(
                        format!("`@{name}` needs a condition: `@{name}(FEATURE)`"),
                        span,
                        "here",
                    ));
                }
                condition = Some(ConditionAttribute {
                    kind,
                    span,
                    arguments,
                });
            }
            if i >= end {
                return Err(error(
                    "attributes that apply to nothing",
                    self.span(start, end - 1),
                    "nothing follows these",
                ));
            }
            let last = self.extent(i, end, context);
            let keep = match &condition {
                None => {
                    chain = None;
                    true
                }
                Some(ConditionAttribute {
                    kind,
                    span,
                    arguments,
                }) => {
                    let value = match arguments {
                        Some((a, b)) if *kind != Condition::Else => self.evaluate(*a, *b)?,
                        _ => true,
                    };
                    let follows = |name: &str| {
                        error(
                            format!("`@{name}` must follow an element with `@if` or `@elif`"),
                            span.clone(),
                            "nothing to follow",
                        )
                    };
                    match kind {
                        Condition::If => {
                            chain = Some(value);
                            value
                        }
                        Condition::Elif => {
                            let taken = chain.ok_or_else(|| follows("elif"))?;
                            let keep = !taken && value;
                            chain = Some(taken || keep);
                            keep
                        }
                        Condition::Else => {
                            let taken = chain.ok_or_else(|| follows("else"))?;
                            chain = None;
                            !taken
                        }
                    }
                }
            };
            if !keep {
                self.blanks.push(self.span(start, last));
                i = last + 1;
                continue;
            }
            if let Some(attribute) = &condition {
                self.blanks.push(attribute.span.clone());
            }
            if context != Context::List && self.is(i, '{') && condition.is_some() {
                // A kept compound: its contents join its surroundings.
                self.blanks.push(self.tokens[i].span.clone());
                self.blanks.push(self.tokens[last].span.clone());
                self.sequence(i + 1, last, context)?;
            } else if context == Context::Global && self.word(i) == Some("import") {
                self.import(i, last)?;
                self.blanks.push(self.span(i, last));
            } else {
                self.inside(i, last, context)?;
            }
            i = last + 1;
        }
        Ok(())
    }

    /// The last token of the element that starts at token `first`.
    fn extent(&self, first: usize, end: usize, context: Context) -> usize {
        let is_import = self.word(first) == Some("import");
        // A member's or parameter's type may be a template with commas of
        // its own (`array<T, 2>`); lists hold no expressions, so every `<`
        // there opens one.
        let mut templates = 0usize;
        let mut j = first;
        while j < end {
            match self.tokens[j].kind {
                Kind::Punct('<') if context == Context::List => {
                    templates += 1;
                    j += 1;
                }
                Kind::Punct('>') if context == Context::List => {
                    templates = templates.saturating_sub(1);
                    j += 1;
                }
                Kind::Punct(',') if context == Context::List && templates == 0 => return j,
                Kind::Punct(';') if context != Context::List => return j,
                Kind::Punct('(' | '[') => j = self.partner(j) + 1,
                Kind::Punct('{') => {
                    let close = self.partner(j);
                    j = close + 1;
                    if context != Context::List && !is_import && self.word(j) != Some("else") {
                        return close;
                    }
                }
                _ => j += 1,
            }
        }
        end - 1
    }

    /// Translates the bodies inside element `first..=last`: a function's
    /// parameters and body, a struct's members, a statement's blocks.
    fn inside(
        &mut self,
        first: usize,
        last: usize,
        context: Context,
    ) -> Result<(), DirectiveError> {
        let declaration = self.word(first).map(str::to_string);
        let mut parameters_seen = false;
        let mut j = first;
        while j <= last {
            match self.tokens[j].kind {
                Kind::Punct('{') => {
                    let close = self.partner(j);
                    let inner = match (context, declaration.as_deref()) {
                        (Context::List, _) => None,
                        (Context::Global, Some("struct")) => Some(Context::List),
                        (Context::Global, Some("fn")) | (Context::Statements, _) => {
                            Some(Context::Statements)
                        }
                        (Context::Global, _) => None,
                    };
                    if let Some(inner) = inner {
                        self.sequence(j + 1, close, inner)?;
                    }
                    j = close + 1;
                }
                Kind::Punct('(') => {
                    let close = self.partner(j);
                    if context == Context::Global
                        && declaration.as_deref() == Some("fn")
                        && !parameters_seen
                    {
                        parameters_seen = true;
                        self.sequence(j + 1, close, Context::List)?;
                    }
                    j = close + 1;
                }
                Kind::Punct('[') => j = self.partner(j) + 1,
                _ => j += 1,
            }
        }
        Ok(())
    }

    /// Reads `import ...;` (tokens `first..=last`) into the imports.
    fn import(&mut self, first: usize, last: usize) -> Result<(), DirectiveError> {
        let span = self.span(first, last);
        let malformed = |at: Range<usize>| {
            error(
                "malformed import: expected `import a::b;`, `import a::{b, c as d};` or `import a::b as c;`",
                at,
                "here",
            )
        };
        let end = if self.is(last, ';') {
            last
        } else {
            return Err(malformed(self.tokens[last].span.clone()));
        };
        let next = self.tree(first + 1, end, Vec::new(), None, &span)?;
        if next != end {
            let at = self
                .tokens
                .get(next)
                .map_or(span.clone(), |t| t.span.clone());
            return Err(malformed(at));
        }
        Ok(())
    }

    /// One import tree from token `j` (a path, maybe `as NAME`, or a
    /// `{...}` of trees) under `prefix`, whose first segment is token
    /// `chain` (at this level of braces, `j` itself); the token after it.
    /// `span` is the statement's.
    fn tree(
        &mut self,
        mut j: usize,
        end: usize,
        prefix: Vec<String>,
        chain: Option<usize>,
        span: &Range<usize>,
    ) -> Result<usize, DirectiveError> {
        let at = |j: usize| {
            self.tokens
                .get(j)
                .filter(|_| j < end)
                .map_or(span.clone(), |t| t.span.clone())
        };
        if self.is(j, '{') && j < end {
            let close = self.partner(j);
            // Each path's span starts where the whole path does, when that
            // is on the line the braces close on.
            let inner_chain = chain.filter(|&c| {
                !self.text[self.tokens[c].span.start..self.tokens[close].span.end].contains('\n')
            });
            j += 1;
            while j < close {
                j = self.tree(j, close, prefix.clone(), inner_chain, span)?;
                if self.is(j, ',') {
                    j += 1;
                } else if j != close {
                    return Err(error("expected `,` or `}` in an import", at(j), "here"));
                }
            }
            return Ok(close + 1);
        }
        let chain = chain.unwrap_or(j);
        let Some(segment) = self.word(j).filter(|_| j < end).map(str::to_string) else {
            return Err(error("expected a name in an import", at(j), "here"));
        };
        let mut path = prefix;
        path.push(segment);
        j += 1;
        if j < end && self.tokens[j].kind == Kind::PathSep {
            return self.tree(j + 1, end, path, Some(chain), span);
        }
        let mut alias = None;
        if self.word(j) == Some("as") && j < end {
            let Some(name) = self.word(j + 1).filter(|_| j + 1 < end) else {
                return Err(error("expected a name after `as`", at(j + 1), "here"));
            };
            alias = Some(name.to_string());
            j += 2;
        }
        if matches!(path[0].as_str(), "package" | "super") && path.len() == 1 {
            return Err(error(
                format!("`{}` alone names no module", path[0]),
                span.clone(),
                "here",
            ));
        }
        // The path as written at its level of braces (`a::b::c as d`).
        self.imports.push(Import {
            path,
            alias,
            span: self.span(chain, j - 1),
        });
        Ok(j)
    }

    /// The value of the condition in tokens `first..end`.
    fn evaluate(&self, first: usize, end: usize) -> Result<bool, DirectiveError> {
        let mut at = first;
        let value = self.or(&mut at, end)?;
        if at != end {
            return Err(error(
                "unexpected token in a condition",
                self.tokens[at].span.clone(),
                "here",
            ));
        }
        Ok(value)
    }

    fn or(&self, at: &mut usize, end: usize) -> Result<bool, DirectiveError> {
        let mut value = self.and(at, end)?;
        while *at + 1 < end && self.is(*at, '|') && self.is(*at + 1, '|') {
            *at += 2;
            value |= self.and(at, end)?;
        }
        Ok(value)
    }

    fn and(&self, at: &mut usize, end: usize) -> Result<bool, DirectiveError> {
        let mut value = self.unary(at, end)?;
        while *at + 1 < end && self.is(*at, '&') && self.is(*at + 1, '&') {
            *at += 2;
            value &= self.unary(at, end)?;
        }
        Ok(value)
    }

    fn unary(&self, at: &mut usize, end: usize) -> Result<bool, DirectiveError> {
        let here = *at;
        if here >= end {
            let span = self.tokens[end.min(self.tokens.len() - 1)].span.clone();
            return Err(error("a condition ends too early", span, "here"));
        }
        if self.is(here, '!') {
            *at += 1;
            return Ok(!self.unary(at, end)?);
        }
        if self.is(here, '(') {
            let close = self.partner(here);
            let mut inner = here + 1;
            let value = self.or(&mut inner, close)?;
            if inner != close {
                return Err(error(
                    "unexpected token in a condition",
                    self.tokens[inner].span.clone(),
                    "here",
                ));
            }
            *at = close + 1;
            return Ok(value);
        }
        let Some(name) = self.word(here) else {
            return Err(error(
                "a condition is feature names, `true` and `false` joined by `!`, `&&` and `||`",
                self.tokens[here].span.clone(),
                "not one of those",
            ));
        };
        *at += 1;
        Ok(match name {
            "true" => true,
            "false" => false,
            _ => feature(self.defs, name),
        })
    }
}

/// Whether feature `name` is on: a def of any value but `false`.
fn feature(defs: &Defs, name: &str) -> bool {
    defs.get(name).is_some_and(|value| value != "false")
}

/// The text of the `constants` package: each def whose value is a number.
pub fn constants(defs: &Defs) -> String {
    defs.iter()
        .filter(|(_, value)| is_number(value))
        .map(|(name, value)| format!("const {name} = {value};\n"))
        .collect()
}

fn is_number(value: &str) -> bool {
    let digits = value.strip_prefix('-').unwrap_or(value);
    let digits = digits.strip_suffix(['u', 'i']).unwrap_or(digits);
    !digits.is_empty()
        && (digits.bytes().all(|b| b.is_ascii_digit())
            || digits
                .strip_prefix("0x")
                .is_some_and(|h| !h.is_empty() && h.bytes().all(|b| b.is_ascii_hexdigit())))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn defs(names: &[&str]) -> Defs {
        names
            .iter()
            .map(|n| match n.split_once('=') {
                Some((k, v)) => (k.to_string(), v.to_string()),
                None => (n.to_string(), "true".to_string()),
            })
            .collect()
    }

    /// The translated text with runs of blanks as one space.
    fn kept(text: &str, on: &[&str]) -> String {
        let out = translate(text, &defs(on)).unwrap_or_else(|e| panic!("{}", e.message));
        assert_eq!(out.text.len(), text.len(), "offsets are kept");
        out.text.split_whitespace().collect::<Vec<_>>().join(" ")
    }

    #[test]
    fn conditions_choose_declarations_members_and_statements() {
        let text = "struct S {\n  @if(M) a: array<f32, 2>,\n  @if(M) b: f32,\n  @else c: f32,\n}\n\
            @if(A && !B) fn f() {}\n@elif(B || (C)) fn g() {}\n@else fn h() {}\n\
            fn k(@if(M) p: f32, q: f32) {\n  @if(A) { let x = 1; }\n  @if(M) if x { a(); } else { b(); }\n  @else c();\n}\n";
        assert_eq!(
            kept(text, &[]),
            "struct S { c: f32, } fn h() {} fn k( q: f32) { c(); }"
        );
        assert_eq!(
            kept(text, &["A", "M"]),
            "struct S { a: array<f32, 2>, b: f32, } fn f() {} fn k( p: f32, q: f32) { let x = 1; if x { a(); } else { b(); } }"
        );
        assert_eq!(kept(text, &["A", "B=false", "C"]), kept(text, &["A"]));
        assert_eq!(
            kept(text, &["B"]),
            "struct S { c: f32, } fn g() {} fn k( q: f32) { c(); }"
        );
    }

    #[test]
    fn switch_clauses_loops_and_continuing_take_conditions() {
        let text = "fn f() { switch x { @if(A) case 1: { a(); } default { b(); } }\n\
            loop { @if(A) break; continuing { @if(B) break if y; } } }";
        assert_eq!(
            kept(text, &["B"]),
            "fn f() { switch x { default { b(); } } loop { continuing { break if y; } } }"
        );
    }

    #[test]
    fn imports_are_flattened_and_blanked() {
        let text = "import package::{render::{a, b::{c as d}}, e};\n\
            @if(X) import bevy_render::maths::PI;\n@else import super::m;\nfn f() {}";
        let out = translate(text, &defs(&[])).unwrap();
        let paths: Vec<(String, Option<String>)> = out
            .imports
            .iter()
            .map(|i| (i.path.join("::"), i.alias.clone()))
            .collect();
        assert_eq!(
            paths,
            [
                ("package::render::a".to_string(), None),
                ("package::render::b::c".to_string(), Some("d".to_string())),
                ("package::e".to_string(), None),
                ("super::m".to_string(), None),
            ]
        );
        assert_eq!(out.text.trim(), "fn f() {}");
    }

    #[test]
    fn malformed_conditions_and_imports_are_located_errors() {
        for (text, message) in [
            ("@elif(A) fn f() {}", "must follow"),
            ("fn f() {} @else fn g() {}", "must follow"),
            ("@if fn f() {}", "needs a condition"),
            ("@if(A +) fn f() {}", "unexpected token"),
            ("@if(+) fn f() {}", "feature names"),
            ("@if(A &&) fn f() {}", "ends too early"),
            ("@if(A) @if(B) fn f() {}", "one condition"),
            ("import a::{b c};", "expected `,`"),
            ("import package;", "alone"),
            ("fn f() { @if(A) }", "apply to nothing"),
            ("fn f() { (] }", "closed by"),
            ("import a::b", "malformed import"),
        ] {
            let e = translate(text, &defs(&[]))
                .err()
                .unwrap_or_else(|| panic!("{text}"));
            assert!(e.message.contains(message), "{text}: {}", e.message);
            assert!(e.span.end <= text.len());
        }
    }

    #[test]
    fn numeric_defs_are_constants() {
        let d = defs(&["A", "N=3", "M=0x10u", "F=false", "S=x"]);
        assert_eq!(constants(&d), "const M = 0x10u;\nconst N = 3;\n");
    }
}
