//! The composed text: the shader, then the modules (or, for WESL, the
//! declarations of modules) it reaches, with names renamed and `#{DEF}`s
//! substituted.

use std::ops::Range;
use std::sync::Arc;

use shaderxform_passes::codes;
use shaderxform_passes::SourceFile;

use super::items::Declaration;
use super::tokens::{Kind, Token};
use super::{mangle, map, path_follows, Composed, Composer, ModuleMap};
use crate::diagnostics::Diagnostic;

/// A range of a file's text and what replaces it (`None`: left out).
pub(super) type Edit = (Range<usize>, Option<String>);

impl Composer {
    /// The composed text: the shader, then each module, with names
    /// renamed and `#{DEF}`s substituted.
    pub(super) fn write(self) -> Result<Composed, Vec<Diagnostic>> {
        let mut edits = match self.wesl {
            Some(_) => self.declaration_edits()?,
            None => self.module_edits()?,
        };
        // `enable` directives of the modules, which WGSL allows only before
        // every declaration: at the top, once each.
        let own = enables(&self.files[0].pre.text, &self.files[0].tokens);
        let mut hoisted: Vec<String> = Vec::new();
        for (index, file_edits) in edits.iter_mut().enumerate() {
            let Some(file_edits) = file_edits else {
                continue;
            };
            let file = &self.files[index];
            let moved = if index > 0 {
                enables(&file.pre.text, &file.tokens)
            } else {
                Vec::new()
            };
            for (range, names) in moved {
                file_edits.push((range, None));
                for name in names {
                    if !own.iter().any(|(_, n)| n.contains(&name)) && !hoisted.contains(&name) {
                        hoisted.push(name);
                    }
                }
            }
            file_edits.sort_by_key(|(range, _)| range.start);
            // An edit inside a range left out goes with it.
            let mut kept: Vec<Edit> = Vec::with_capacity(file_edits.len());
            for edit in file_edits.drain(..) {
                if kept.last().is_some_and(|(last, _)| edit.0.start < last.end) {
                    continue;
                }
                kept.push(edit);
            }
            *file_edits = kept;
        }
        let mut builder = map::Builder::default();
        if !hoisted.is_empty() {
            builder.push_text(&format!("enable {};\n", hoisted.join(", ")));
        }
        for (index, file_edits) in edits.into_iter().enumerate() {
            let Some(file_edits) = file_edits else {
                continue;
            };
            let file = &self.files[index];
            if index > 0 {
                builder.push_text("\n");
            }
            let mut cursor = 0;
            for (range, replacement) in file_edits {
                builder.push_verbatim(index, &file.pre.text, cursor..range.start);
                if let Some(text) = replacement {
                    builder.push_replacement(index, range.clone(), &text);
                }
                cursor = range.end;
            }
            builder.push_verbatim(index, &file.pre.text, cursor..file.pre.text.len());
        }
        let files: Vec<Arc<SourceFile>> =
            (0..self.files.len()).map(|f| self.source_file(f)).collect();
        let sites = self.files.iter().map(|f| f.import_site.clone()).collect();
        let dependencies = self.files[1..]
            .iter()
            .filter_map(|f| f.path.clone())
            .collect();
        let (text, pieces) = builder.finish();
        Ok(Composed {
            text,
            map: Arc::new(ModuleMap::new(pieces, files, sites)),
            dependencies,
        })
    }

    /// naga_oil's way: the shader, then the modules whose items it uses,
    /// and theirs, each whole but for its entry points. A module nothing
    /// uses is left out (its defs need not hold).
    fn module_edits(&self) -> Result<Vec<Option<Vec<Edit>>>, Vec<Diagnostic>> {
        let mut edits = vec![None; self.files.len()];
        let mut is_reached = vec![false; self.files.len()];
        is_reached[0] = true;
        let mut reached = vec![0];
        let mut next = 0;
        while let Some(&index) = reached.get(next) {
            next += 1;
            let file = &self.files[index];
            let (mut file_edits, used) = self.edits(index, 0..file.tokens.len())?;
            if index > 0 {
                file_edits.extend(file.items.entry_points.iter().map(|r| (r.clone(), None)));
            }
            edits[index] = Some(file_edits);
            for (module, _) in used {
                if !is_reached[module] {
                    is_reached[module] = true;
                    reached.push(module);
                }
            }
        }
        Ok(edits)
    }

    /// WESL's way, as its linker strips what is not used: of the shader
    /// and of each module it reaches, the declarations its entry points
    /// reach (and its overrides), with the directives and `const_assert`s
    /// of each module reached. A declaration nothing reaches is left out,
    /// so a name it uses need not resolve under the features given.
    fn declaration_edits(&self) -> Result<Vec<Option<Vec<Edit>>>, Vec<Diagnostic>> {
        let count = self.files.len();
        let declarations: Vec<Vec<Declaration>> = self
            .files
            .iter()
            .map(|f| super::items::declarations(&f.pre.text, &f.tokens))
            .collect();
        // Each file's declarations by name, so that a reference is found
        // in time that does not grow with the module.
        let by_name: Vec<std::collections::HashMap<&str, usize>> = declarations
            .iter()
            .map(|ds| {
                let mut map = std::collections::HashMap::new();
                for (d, declaration) in ds.iter().enumerate() {
                    if let Some(name) = declaration.name.as_deref() {
                        map.entry(name).or_insert(d);
                    }
                }
                map
            })
            .collect();
        let mut reached: Vec<Vec<bool>> =
            declarations.iter().map(|d| vec![false; d.len()]).collect();
        let mut edits: Vec<Option<Vec<Edit>>> = vec![None; count];
        // The shader's entry points, overrides (the host sets them), and
        // directives and `const_assert`s; all of it where it has no entry
        // point.
        let root = &self.files[0];
        let has_entry_point = !root.items.entry_points.is_empty();
        let mut queue: Vec<(usize, usize)> = Vec::new();
        for (d, declaration) in declarations[0].iter().enumerate() {
            let start = root.tokens[declaration.tokens.start].span.start;
            let is_root = !has_entry_point
                || declaration.name.is_none()
                || root.items.entry_points.iter().any(|r| r.contains(&start))
                || root.tokens[declaration.tokens.clone()]
                    .iter()
                    .any(|t| &root.pre.text[t.span.clone()] == "override");
            if is_root {
                reached[0][d] = true;
                queue.push((0, d));
            }
        }
        edits[0] = Some(Vec::new());
        let mut references: Vec<(usize, String)> = Vec::new();
        loop {
            for (module, item) in references.drain(..) {
                if edits[module].is_none() {
                    edits[module] = Some(Vec::new());
                    for (d, declaration) in declarations[module].iter().enumerate() {
                        if declaration.name.is_none() {
                            reached[module][d] = true;
                            queue.push((module, d));
                        }
                    }
                }
                let found = by_name[module].get(item.as_str()).copied();
                if let Some(d) = found.filter(|&d| !reached[module][d]) {
                    reached[module][d] = true;
                    queue.push((module, d));
                }
            }
            let Some((module, d)) = queue.pop() else {
                break;
            };
            let (found, used) = self.edits(module, declarations[module][d].tokens.clone())?;
            edits[module].as_mut().expect("reached").extend(found);
            references = used;
        }
        for (module, file_edits) in edits.iter_mut().enumerate() {
            let Some(file_edits) = file_edits else {
                continue;
            };
            let tokens = &self.files[module].tokens;
            for (d, declaration) in declarations[module].iter().enumerate() {
                if !reached[module][d] {
                    let span = tokens[declaration.tokens.start].span.start
                        ..tokens[declaration.tokens.end - 1].span.end;
                    file_edits.push((span, None));
                }
            }
        }
        Ok(edits)
    }

    /// The edits of tokens `range` of file `index`: each range of text
    /// with its new text; and the items of modules (this one included) it
    /// names, as (file, name).
    #[allow(clippy::type_complexity)]
    fn edits(
        &self,
        index: usize,
        range: Range<usize>,
    ) -> Result<(Vec<Edit>, Vec<(usize, String)>), Vec<Diagnostic>> {
        let mut used = Vec::new();
        let file = &self.files[index];
        let text = &file.pre.text;
        let tokens = &file.tokens;
        let mut edits: Vec<Edit> = Vec::new();
        let skipped =
            |at: usize| index > 0 && file.items.entry_points.iter().any(|r| r.contains(&at));
        let mut i = range.start;
        while i < range.end {
            let token = &tokens[i];
            if skipped(token.span.start) {
                i += 1;
                continue;
            }
            match token.kind {
                Kind::Def => {
                    let def = &text[token.span.clone()];
                    let name = def
                        .strip_prefix("#{")
                        .and_then(|d| d.strip_suffix('}'))
                        .unwrap_or(&def[1..])
                        .trim();
                    let Some(value) = self.defs.get(name) else {
                        return Err(self.error(
                            index,
                            token.span.clone(),
                            format!("shader def `{name}` has no value to substitute"),
                            codes::WGSL_DIRECTIVE,
                            "give it one with `-D NAME=VALUE`",
                        ));
                    };
                    edits.push((token.span.clone(), Some(value.clone())));
                }
                Kind::Ident | Kind::Quoted if path_follows(tokens, i) => {
                    let mut end = i;
                    while path_follows(tokens, end) {
                        end += 2;
                    }
                    let segments: Vec<&str> = (i..=end)
                        .step_by(2)
                        .map(|t| &text[tokens[t].span.clone()])
                        .collect();
                    let (item, qualifier) = segments.split_last().expect("a path");
                    let span = token.span.start..tokens[end].span.end;
                    let key = qualifier.join("::");
                    if let Some(error) = file.unresolved.get(&key) {
                        return Err(error.clone());
                    }
                    let module = *file
                        .qualifiers
                        .get(&key)
                        .expect("every qualifier was resolved when the file was loaded");
                    if let Some(broken) = &self.files[module].broken {
                        return Err(broken.clone());
                    }
                    used.push((module, item.to_string()));
                    if !self.files[module].items.declared.contains_key(*item)
                        || self.is_entry_point(module, item)
                    {
                        let mut error = self.error(
                            index,
                            span,
                            format!("module `{}` declares no `{item}`", qualifier.join("::")),
                            codes::WGSL_UNKNOWN_ITEM,
                            "named here",
                        );
                        if self.wesl.is_some() && self.files[module].path.is_none() {
                            error[0].notes.push(format!(
                                "the package `constants` holds each define with a number value: give one with `-D {item}=VALUE`"
                            ));
                        }
                        return Err(error);
                    }
                    edits.push((span, Some(mangle(item, &self.files[module].module))));
                    i = end + 1;
                    continue;
                }
                Kind::Ident => {
                    let after_dot = i > 0 && tokens[i - 1].kind == Kind::Punct('.');
                    if !after_dot && file.items.not_references.binary_search(&i).is_err() {
                        let name = &text[token.span.clone()];
                        let own = file.items.declared.contains_key(name);
                        if own {
                            used.push((index, name.to_string()));
                            if index > 0 {
                                edits.push((token.span.clone(), Some(mangle(name, &file.module))));
                            }
                        } else if let (false, Some((module, item))) =
                            (own, file.imported_items.get(name))
                        {
                            if let Some(broken) = &self.files[*module].broken {
                                return Err(broken.clone());
                            }
                            used.push((*module, item.clone()));
                            edits.push((
                                token.span.clone(),
                                Some(mangle(item, &self.files[*module].module)),
                            ));
                        } else if let (false, Some(error)) = (own, file.unresolved.get(name)) {
                            return Err(error.clone());
                        } else if let (false, Some((module, item, span))) =
                            (own, file.missing_items.get(name))
                        {
                            return Err(self.error(
                                index,
                                span.clone(),
                                format!("module `{module}` declares no `{item}`"),
                                codes::WGSL_UNKNOWN_ITEM,
                                "imported here",
                            ));
                        }
                    }
                }
                _ => {}
            }
            i += 1;
        }
        Ok((edits, used))
    }
}

/// The `enable` directives of a text: each one's range (to its `;`) and
/// the extensions it names.
fn enables(text: &str, tokens: &[Token]) -> Vec<(Range<usize>, Vec<String>)> {
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        let token = &tokens[i];
        if token.kind == Kind::Ident && &text[token.span.clone()] == "enable" {
            let mut names = Vec::new();
            let mut j = i + 1;
            while let Some(t) = tokens.get(j) {
                match t.kind {
                    Kind::Ident => names.push(text[t.span.clone()].to_string()),
                    Kind::Punct(',') => {}
                    _ => break,
                }
                j += 1;
            }
            if tokens.get(j).is_some_and(|t| t.kind == Kind::Punct(';')) {
                out.push((token.span.start..tokens[j].span.end, names));
                i = j + 1;
                continue;
            }
        }
        // Directives come first: the first declaration ends the search.
        if token.kind == Kind::Ident
            && matches!(
                &text[token.span.clone()],
                "fn" | "struct" | "var" | "const" | "alias" | "override"
            )
        {
            break;
        }
        i += 1;
    }
    out
}
