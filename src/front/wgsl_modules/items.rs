//! The module-scope declarations of a WGSL text (after preprocessing):
//! what a module offers to those that import it, which of them are entry
//! points, and where struct members are named (never renamed).

use std::collections::BTreeMap;
use std::ops::Range;

use super::tokens::{Kind, Token};

#[derive(Debug, Default)]
pub struct Items {
    /// Each declared name with the index of its name token.
    pub declared: BTreeMap<String, usize>,
    /// The text of each entry point (`@vertex`, `@fragment`, `@compute`
    /// function), its attributes included: an imported module's are left
    /// out.
    pub entry_points: Vec<Range<usize>>,
    /// Token indices of struct member names and other names that are not
    /// references (`@builtin(position)`), in increasing order.
    pub not_references: Vec<usize>,
}

const STAGES: &[&str] = &["vertex", "fragment", "compute"];

pub fn items(text: &str, tokens: &[Token]) -> Items {
    let word = |i: usize| -> Option<&str> {
        let t = tokens.get(i)?;
        (t.kind == Kind::Ident).then(|| &text[t.span.clone()])
    };
    let punct = |i: usize, c: char| tokens.get(i).is_some_and(|t| t.kind == Kind::Punct(c));
    let mut found = Items::default();
    let mut depth = 0usize;
    // The first attribute of the declaration being read, and whether it
    // names a stage.
    let mut declaration_start: Option<usize> = None;
    let mut is_entry = false;
    let mut struct_body: Option<usize> = None;
    let mut entry_body: Option<(usize, usize)> = None;
    let mut i = 0;
    while i < tokens.len() {
        let token = &tokens[i];
        match token.kind {
            Kind::Punct('{') => {
                depth += 1;
                i += 1;
                continue;
            }
            Kind::Punct('}') => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    struct_body = None;
                    if let Some((start, _)) = entry_body.take() {
                        found.entry_points.push(start..token.span.end);
                    }
                }
                i += 1;
                continue;
            }
            Kind::Punct('@') => {
                if let Some(name) = word(i + 1) {
                    if matches!(name, "builtin" | "interpolate" | "diagnostic") && punct(i + 2, '(')
                    {
                        let mut j = i + 3;
                        while j < tokens.len() && !punct(j, ')') {
                            if tokens[j].kind == Kind::Ident {
                                found.not_references.push(j);
                            }
                            j += 1;
                        }
                    }
                    if depth == 0 {
                        declaration_start.get_or_insert(tokens[i].span.start);
                        is_entry |= STAGES.contains(&name);
                    }
                }
                i += 1;
                continue;
            }
            _ => {}
        }
        if depth == 1 && struct_body.is_some() && token.kind == Kind::Ident && punct(i + 1, ':') {
            found.not_references.push(i);
        }
        if depth > 0 {
            i += 1;
            continue;
        }
        match word(i) {
            Some("fn" | "struct" | "const" | "override" | "alias" | "var") => {
                let keyword = word(i).expect("matched");
                let mut name = i + 1;
                if keyword == "var" && punct(name, '<') {
                    while name < tokens.len() && !punct(name, '>') {
                        name += 1;
                    }
                    name += 1;
                }
                if let Some(declared) = word(name) {
                    found.declared.entry(declared.to_string()).or_insert(name);
                }
                if keyword == "struct" {
                    struct_body = Some(name);
                }
                if keyword == "fn" && is_entry {
                    let start = declaration_start.unwrap_or(tokens[i].span.start);
                    entry_body = Some((start, name));
                }
                declaration_start = None;
                is_entry = false;
                i = name + 1;
                continue;
            }
            Some("enable" | "requires" | "diagnostic") => {
                // Directives name extensions and rules, not declarations.
                while i < tokens.len() && !punct(i, ';') {
                    if tokens[i].kind == Kind::Ident {
                        found.not_references.push(i);
                    }
                    i += 1;
                }
            }
            _ => {
                if punct(i, ';') {
                    declaration_start = None;
                    is_entry = false;
                }
            }
        }
        i += 1;
    }
    // Looked up by binary search.
    found.not_references.sort_unstable();
    found.not_references.dedup();
    found
}

/// One module-scope declaration or directive: its tokens, attributes
/// included, and the name it declares (none for directives,
/// `const_assert` and a stray `;`).
#[derive(Debug)]
pub struct Declaration {
    pub name: Option<String>,
    pub tokens: Range<usize>,
}

/// The module-scope declarations of a text, in order.
pub fn declarations(text: &str, tokens: &[Token]) -> Vec<Declaration> {
    let word = |i: usize| -> Option<&str> {
        let t = tokens.get(i)?;
        (t.kind == Kind::Ident).then(|| &text[t.span.clone()])
    };
    let punct = |i: usize, c: char| tokens.get(i).is_some_and(|t| t.kind == Kind::Punct(c));
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let start = i;
        let mut depth = 0usize;
        let mut name = None;
        let mut end = tokens.len() - 1;
        let mut j = i;
        while j < tokens.len() {
            match tokens[j].kind {
                Kind::Punct('(' | '[' | '{') => depth += 1,
                Kind::Punct(')' | ']') => depth = depth.saturating_sub(1),
                Kind::Punct('}') => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        end = j;
                        break;
                    }
                }
                Kind::Punct(';') if depth == 0 => {
                    end = j;
                    break;
                }
                Kind::Ident if depth == 0 && name.is_none() => {
                    if let Some(
                        keyword @ ("fn" | "struct" | "const" | "override" | "alias" | "var"),
                    ) = word(j)
                    {
                        let mut at = j + 1;
                        if keyword == "var" && punct(at, '<') {
                            while at < tokens.len() && !punct(at, '>') {
                                at += 1;
                            }
                            at += 1;
                        }
                        name = word(at).map(str::to_string);
                        if name.is_some() {
                            j = at;
                        }
                    }
                }
                _ => {}
            }
            j += 1;
        }
        out.push(Declaration {
            name,
            tokens: start..end + 1,
        });
        i = end + 1;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::super::tokens::tokens;
    use super::*;

    #[test]
    fn declarations_entry_points_and_members() {
        let text = "struct S { a: f32, @builtin(position) p: vec4f }\nvar<private> v: S;\nconst c = 1;\nfn f(x: f32) -> f32 { let y = x; return y; }\n@compute @workgroup_size(1)\nfn main() { }\n";
        let t = tokens(text);
        let found = items(text, &t);
        assert_eq!(
            found.declared.keys().collect::<Vec<_>>(),
            ["S", "c", "f", "main", "v"]
        );
        assert_eq!(found.entry_points.len(), 1);
        assert!(text[found.entry_points[0].clone()].starts_with("@compute"));
        assert!(text[found.entry_points[0].clone()].ends_with('}'));
        let names: Vec<&str> = found
            .not_references
            .iter()
            .map(|&i| &text[t[i].span.clone()])
            .collect();
        assert_eq!(names, ["a", "position", "p"]);
        let all = declarations(text, &t);
        let declared: Vec<(Option<&str>, &str)> = all
            .iter()
            .map(|d| {
                let span = t[d.tokens.start].span.start..t[d.tokens.end - 1].span.end;
                (d.name.as_deref(), &text[span])
            })
            .collect();
        assert_eq!(
            declared[0],
            (
                Some("S"),
                "struct S { a: f32, @builtin(position) p: vec4f }"
            )
        );
        assert_eq!(declared[1], (Some("v"), "var<private> v: S;"));
        assert_eq!(declared[3].0, Some("f"));
        assert_eq!(
            declared[4],
            (Some("main"), "@compute @workgroup_size(1)\nfn main() { }")
        );
        assert_eq!(declared.len(), 5);
    }
}
