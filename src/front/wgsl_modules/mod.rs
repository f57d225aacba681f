//! WGSL modules as naga_oil writes them (Bevy's shaders): `#import`,
//! `#define_import_path` and shader defs (`#ifdef`, `#if NAME == VALUE`,
//! `#{NAME}`), composed into one WGSL text for naga.
//!
//! Every module a shader imports is appended to the shader's text once,
//! its entry points left out, and every name it declares at module scope
//! is renamed as naga_oil renames it (`nameX_naga_oil_mod_X<base32 of the
//! module path>X`), so that modules cannot collide with each other or with
//! the shader. The shader keeps its own names; where it names an imported
//! item (`#import a::b::{c}` then `c`, `#import a::b` then `b::c`,
//! `a::b::c`), the reference is renamed. A [`ModuleMap`] takes each span of
//! the composed text back to the file and place it came from.

mod directives;
mod index;
mod items;
mod map;
mod tokens;
mod wesl;
mod write;

use std::collections::BTreeMap;
use std::ops::Range;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use shaderxform_passes::codes;
use shaderxform_passes::SourceFile;

use crate::diagnostics::Diagnostic;
use crate::front::FrontOptions;
pub use directives::{declared_import_path, has_directives, raw_imports, Defs};
pub(crate) use index::Root;
pub use map::ModuleMap;
use tokens::{Kind, Token};
pub use wesl::is_wesl;

/// A shader with its modules, as one WGSL text.
pub(crate) struct Composed {
    /// The WGSL that naga parses: the shader's text with its directives
    /// applied, then each imported module once, with renamed
    /// declarations.
    pub text: String,
    /// Takes spans of `text` back to the shader and module files.
    pub map: Arc<ModuleMap>,
    /// The files of the modules imported, in the order they were found.
    pub dependencies: Vec<PathBuf>,
}

/// The shader defs of the front options: `-D NAME` is `true`.
pub fn defs(options: &FrontOptions) -> Defs {
    options
        .defines
        .iter()
        .map(|(name, value)| {
            (
                name.clone(),
                value.clone().unwrap_or_else(|| "true".to_string()),
            )
        })
        .collect()
}

/// The folders searched for the modules of the shader named `name`, in
/// order: the shader's own folder alone, then each of
/// [`FrontOptions::module_dirs`] and [`FrontOptions::include_dirs`] with
/// its subfolders.
pub(crate) fn roots(name: &str, options: &FrontOptions) -> Vec<Root> {
    std::iter::once(Root {
        dir: crate::includes::own_dir(name),
        recursive: false,
    })
    .chain(
        options
            .module_dirs
            .iter()
            .chain(&options.include_dirs)
            .map(|dir| Root {
                dir: dir.clone(),
                recursive: true,
            }),
    )
    .collect()
}

/// Whether WGSL shader `name` holding `text` is composed from modules:
/// a WESL file, or WGSL with naga_oil's directives. Otherwise it is read
/// as it is.
pub fn is_composed(name: &str, text: &str) -> bool {
    is_wesl(name) || has_directives(text)
}

/// What the modules a shader may import are, for a cache key: every
/// module path of its search folders and the file that declares it.
pub fn search_fingerprint(name: &str, options: &FrontOptions) -> String {
    if wesl::is_wesl(name) {
        return index::wesl_fingerprint(&wesl_folders(name, options));
    }
    index::Index::new(&roots(name, options)).fingerprint()
}

/// The packages of WESL shader `name` and its module path: the `-I`
/// folders hold packages. (The folder a front door walks, `module_dirs`,
/// does not: a shader is then one package however it is reached.)
fn wesl_packages(name: &str, options: &FrontOptions) -> (wesl::Packages, Vec<String>) {
    let search = options.include_dirs.clone();
    wesl::Packages::of(Path::new(name), &crate::includes::own_dir(name), search)
}

/// The folders a WESL shader's modules may be read from: its own
/// package's root, then the folders that hold packages.
pub fn wesl_folders(name: &str, options: &FrontOptions) -> Vec<PathBuf> {
    let (packages, _) = wesl_packages(name, options);
    std::iter::once(packages.own.1)
        .chain(packages.search)
        .collect()
}

/// Whether a WGSL text declares an entry point (`@vertex`, `@fragment`,
/// `@compute`) outside comments and disabled branches of no def.
pub fn has_entry_point(text: &str) -> bool {
    let text = directives::preprocess(text, &Defs::new())
        .map(|p| p.text)
        .unwrap_or_else(|_| text.to_string());
    let tokens = tokens::tokens(&text);
    !items::items(&text, &tokens).entry_points.is_empty()
}

/// One file of the composition: the shader (index 0) or a module.
struct File {
    name: String,
    path: Option<PathBuf>,
    text: String,
    pre: directives::Preprocessed,
    tokens: Vec<Token>,
    items: items::Items,
    /// The name its declarations are renamed with (its module path).
    module: String,
    /// Names imported into this file: `name -> (module file, item)`.
    imported_items: BTreeMap<String, (usize, String)>,
    /// Names imported from a module that does not declare them (under the
    /// defs given): an error where the file uses one, as naga_oil resolves
    /// an imported item only where it is used. `name -> (module path,
    /// item, the import's span)`.
    missing_items: BTreeMap<String, (String, String, Range<usize>)>,
    /// WESL: names (an imported item or module, a qualifier the code
    /// uses) whose module is not found, with the error: raised only where
    /// a declaration that is kept uses one, as WESL's linker loads only
    /// the modules it reaches.
    unresolved: BTreeMap<String, Vec<Diagnostic>>,
    /// Module qualifiers usable in this file: `a::b`, `b`, an alias.
    qualifiers: BTreeMap<String, usize>,
    /// Where the shader imports what led here (for changes of the passes
    /// in a module, which have no file of their own to point at).
    import_site: Range<usize>,
    /// Why a module cannot be preprocessed under the defs given (an `#if`
    /// on a def that has no value): an error only where an item of it is
    /// used, as naga_oil builds only the modules whose items are used.
    broken: Option<Vec<Diagnostic>>,
}

struct Composer {
    files: Vec<File>,
    index: index::Index,
    /// Where the packages are, for a WESL shader; `None` for naga_oil's
    /// dialect.
    wesl: Option<wesl::Packages>,
    defs: Defs,
    /// Files being loaded, for cycles.
    stack: Vec<usize>,
}

/// Composes a WGSL shader with the modules it imports.
pub(crate) fn compose(
    name: &str,
    text: &str,
    options: &FrontOptions,
) -> Result<Composed, Vec<Diagnostic>> {
    let mut all_defs = defs(options);
    let (index, packages, module) = if wesl::is_wesl(name) {
        let (packages, module) = wesl_packages(name, options);
        (
            index::Index::new(&[]),
            Some(packages),
            Some(module.join("::")),
        )
    } else {
        // The shader's own `#define NAME [VALUE]`s hold for every module
        // it imports, as naga_oil has them.
        all_defs.extend(directives::shader_defines(text));
        (index::Index::new(&roots(name, options)), None, None)
    };
    let mut composer = Composer {
        files: Vec::new(),
        index,
        wesl: packages,
        defs: all_defs,
        stack: Vec::new(),
    };
    let own_path = Path::new(name).is_file().then(|| PathBuf::from(name));
    composer.add_file(name.to_string(), own_path, text.to_string(), 0..0, module)?;
    composer.load(0)?;
    composer.write()
}

impl Composer {
    fn error(
        &self,
        file: usize,
        span: Range<usize>,
        message: String,
        code: &str,
        label: &str,
    ) -> Vec<Diagnostic> {
        let d = Diagnostic::error(message)
            .with_code(code)
            .with_primary(naga::Span::new(span.start as u32, span.end as u32), label);
        vec![self.in_file(file, d)]
    }

    /// A diagnostic whose labels index file `file`.
    fn in_file(&self, file: usize, mut d: Diagnostic) -> Diagnostic {
        if file > 0 {
            let source = self.source_file(file);
            for label in &mut d.labels {
                label.file = Some(source.clone());
            }
        }
        d
    }

    fn source_file(&self, file: usize) -> Arc<SourceFile> {
        Arc::new(SourceFile {
            name: self.files[file].name.clone(),
            text: self.files[file].text.clone(),
        })
    }

    fn add_file(
        &mut self,
        name: String,
        path: Option<PathBuf>,
        text: String,
        import_site: Range<usize>,
        module: Option<String>,
    ) -> Result<usize, Vec<Diagnostic>> {
        let index = self.files.len();
        let pre = if self.wesl.is_some() {
            wesl::translate(&text, &self.defs)
        } else {
            directives::preprocess(&text, &self.defs)
        };
        let pre = match pre {
            Ok(pre) => pre,
            Err(e) => {
                self.files.push(File::empty(name, path, text));
                let error = self.error(index, e.span, e.message, codes::WGSL_DIRECTIVE, &e.label);
                if index == 0 {
                    return Err(error);
                }
                let file = &mut self.files[index];
                file.module = module.unwrap_or_default();
                file.import_site = import_site;
                file.broken = Some(error);
                return Ok(index);
            }
        };
        let tokens = tokens::tokens(&pre.text);
        let items = items::items(&pre.text, &tokens);
        // Named by its own path wherever it is imported from, so that one
        // file imported by path and by file name is one module.
        let module = pre
            .import_path
            .as_ref()
            .map(|(p, _)| p.clone())
            .or(module)
            .unwrap_or_default();
        self.files.push(File {
            name,
            path,
            text,
            pre,
            tokens,
            items,
            module,
            imported_items: BTreeMap::new(),
            missing_items: BTreeMap::new(),
            unresolved: BTreeMap::new(),
            qualifiers: BTreeMap::new(),
            import_site,
            broken: None,
        });
        Ok(index)
    }

    /// Resolves the imports of file `index` (and of what they import),
    /// and the qualified paths its code uses without an import.
    fn load(&mut self, index: usize) -> Result<(), Vec<Diagnostic>> {
        if self.stack.len() >= crate::includes::MAX_DEPTH {
            let site = self.files[index].import_site.clone();
            return Err(self.error(
                0,
                site,
                format!(
                    "modules import each other deeper than {} levels",
                    crate::includes::MAX_DEPTH
                ),
                codes::WGSL_IMPORT_CYCLE,
                "the chain of imports starts here",
            ));
        }
        self.stack.push(index);
        let imports = self.files[index].pre.imports.clone();
        for import in imports {
            match self.resolve_import(index, &import) {
                Err(error) if self.wesl.is_some() => {
                    let name = import
                        .alias
                        .clone()
                        .unwrap_or_else(|| import.path.last().expect("a path").clone());
                    self.files[index].unresolved.insert(name, error);
                }
                result => result?,
            }
        }
        // `a::b::c` in the code, `a::b` imported by no `#import`.
        let paths = qualified_paths(&self.files[index]);
        for (qualifier, span) in paths {
            let key = qualifier.join("::");
            if self.files[index].qualifiers.contains_key(&key)
                || self.files[index].unresolved.contains_key(&key)
            {
                continue;
            }
            let module = match self.wesl {
                Some(_) => {
                    let path = self.wesl_path(index, &qualifier);
                    match self.module(index, &path, span.clone()) {
                        Ok(module) => module,
                        Err(error) => {
                            self.files[index]
                                .unresolved
                                .insert(qualifier.join("::"), error);
                            continue;
                        }
                    }
                }
                None => self.module(index, &qualifier, span.clone())?,
            };
            self.files[index]
                .qualifiers
                .insert(qualifier.join("::"), module);
        }
        self.stack.pop();
        Ok(())
    }

    fn resolve_import(
        &mut self,
        index: usize,
        import: &directives::Import,
    ) -> Result<(), Vec<Diagnostic>> {
        let span = import.span.clone();
        let (path, whole_is_module) = match &self.wesl {
            Some(packages) => {
                // WESL: a module path from its package; a module where a
                // file (or the `constants` package) has that path.
                let path = self.wesl_path(index, &import.path);
                let is_module = path.len() == 1 || packages.file(&path).0.is_some();
                (path, is_module)
            }
            None => {
                let path = &import.path;
                let quoted = path[0].starts_with('"');
                // The whole path a module (`#import a::b`; declared twice,
                // it is still a module, and `module` says it is
                // ambiguous), or a module and an item.
                let is_module = path.len() == 1
                    || (!quoted
                        && !matches!(self.index.find(&path.join("::")), index::Found::Nothing));
                (path.clone(), is_module)
            }
        };
        let path = &path;
        if whole_is_module {
            let module = self.module(index, path, span)?;
            let file = &mut self.files[index];
            file.qualifiers.insert(path.join("::"), module);
            let short = import
                .alias
                .clone()
                .unwrap_or_else(|| path.last().expect("a path").clone());
            file.qualifiers.insert(short, module);
            return Ok(());
        }
        let (item, qualifier) = path.split_last().expect("a path");
        let module = self.module(index, qualifier, span.clone())?;
        let file_qualifier = qualifier.join("::");
        let name = import.alias.clone().unwrap_or_else(|| item.clone());
        let broken = self.files[module].broken.is_some();
        if !broken
            && (!self.files[module].items.declared.contains_key(item)
                || self.is_entry_point(module, item))
        {
            // An item a module declares only under defs not given (Bevy's
            // `bindless_samplers_filtering` without `BINDLESS`) is no error
            // until it is used.
            let file = &mut self.files[index];
            file.qualifiers.insert(file_qualifier.clone(), module);
            file.missing_items
                .insert(name, (file_qualifier, item.clone(), span));
            return Ok(());
        }
        let file = &mut self.files[index];
        file.qualifiers.insert(file_qualifier, module);
        file.imported_items.insert(name, (module, item.clone()));
        Ok(())
    }

    /// WESL path `written` in file `index` as a path from its package: a
    /// module the file imports under a name of its own (`import
    /// package::a::b as c;` then `c::d::x`) first.
    fn wesl_path(&self, index: usize, written: &[String]) -> Vec<String> {
        let file = &self.files[index];
        if written.len() > 1 {
            if let Some(&module) = file.qualifiers.get(&written[0]) {
                return self.files[module]
                    .module
                    .split("::")
                    .map(String::from)
                    .chain(written[1..].iter().cloned())
                    .collect();
            }
        }
        let own: Vec<String> = file.module.split("::").map(String::from).collect();
        wesl::absolute(&own, written)
    }

    /// The `constants` package of WESL, which holds the numeric defs
    /// (made once).
    fn constants_module(&mut self, span: Range<usize>) -> Result<usize, Vec<Diagnostic>> {
        const NAME: &str = "constants";
        if let Some(existing) = (1..self.files.len())
            .find(|&f| self.files[f].path.is_none() && self.files[f].module == NAME)
        {
            return Ok(existing);
        }
        let text = wesl::constants(&self.defs);
        let module = self.add_file(NAME.to_string(), None, text, span, Some(NAME.to_string()))?;
        self.load(module)?;
        Ok(module)
    }

    fn is_entry_point(&self, module: usize, item: &str) -> bool {
        let file = &self.files[module];
        file.items.declared.get(item).is_some_and(|&token| {
            let at = file.tokens[token].span.start;
            file.items.entry_points.iter().any(|r| r.contains(&at))
        })
    }

    /// The file of the module `qualifier` names from file `index`, loaded
    /// (with what it imports) on first use.
    fn module(
        &mut self,
        index: usize,
        qualifier: &[String],
        span: Range<usize>,
    ) -> Result<usize, Vec<Diagnostic>> {
        let joined = qualifier.join("::");
        let (found, module_name) = if let Some(packages) = &self.wesl {
            if joined == "constants" && packages.root("constants").is_none() {
                let site = if index == 0 {
                    span
                } else {
                    self.files[index].import_site.clone()
                };
                return self.constants_module(site);
            }
            let (found, tried) = packages.file(qualifier);
            if found.is_none() {
                let message = if tried.is_empty() {
                    format!("no package `{}` is found", qualifier[0])
                } else {
                    format!("no module `{joined}` is found")
                };
                let note = if tried.is_empty() {
                    let searched: Vec<String> = std::iter::once(&packages.own.1)
                        .chain(&packages.search)
                        .map(|d| d.display().to_string())
                        .collect();
                    format!(
                        "a package `{0}` is a folder `{0}/src` or `{0}` in {1}",
                        qualifier[0],
                        searched.join(", ")
                    )
                } else {
                    let tried: Vec<String> =
                        tried.iter().map(|f| f.display().to_string()).collect();
                    format!("looked for {}", tried.join(" and "))
                };
                return Err(vec![self
                    .error(
                        index,
                        span,
                        message,
                        codes::WGSL_UNKNOWN_MODULE,
                        "imported here",
                    )
                    .remove(0)
                    .with_note(note)]);
            }
            (found, joined.clone())
        } else if qualifier[0].starts_with('"') {
            if qualifier.len() > 1 {
                return Err(self.error(
                    index,
                    span,
                    format!("`{joined}` is not a module: a quoted file is followed by an item"),
                    codes::WGSL_UNKNOWN_MODULE,
                    "here",
                ));
            }
            let relative = qualifier[0].trim_matches('"');
            let own = self.files[index]
                .path
                .as_deref()
                .and_then(Path::parent)
                .map(Path::to_path_buf)
                .unwrap_or_else(|| crate::includes::own_dir(&self.files[index].name));
            let found = std::iter::once(own)
                .chain(self.index.dirs().map(Path::to_path_buf))
                .map(|dir| dir.join(relative))
                .find(|candidate| candidate.is_file());
            (found, relative.to_string())
        } else {
            match self.index.find(&joined) {
                index::Found::File(file) => (Some(file), joined.clone()),
                index::Found::Ambiguous(first, second) => {
                    return Err(self.error(
                        index,
                        span,
                        format!(
                            "module `{joined}` is declared by both {} and {}",
                            first.display(),
                            second.display()
                        ),
                        codes::WGSL_AMBIGUOUS_MODULE,
                        "imported here",
                    ))
                }
                index::Found::Nothing => (None, joined.clone()),
            }
        };
        let Some(found) = found else {
            let searched: Vec<String> = self
                .index
                .dirs()
                .map(|dir| dir.display().to_string())
                .collect();
            return Err(vec![self
                .error(
                    index,
                    span,
                    format!("no module `{joined}` is found"),
                    codes::WGSL_UNKNOWN_MODULE,
                    "imported here",
                )
                .remove(0)
                .with_note(format!(
                    "modules are the .wgsl files whose `#define_import_path` names them, searched for in {}",
                    searched.join(", ")
                ))]);
        };
        let canonical = found.canonicalize().unwrap_or_else(|_| found.clone());
        let existing = self.files.iter().position(|f| {
            f.path
                .as_deref()
                .map(|p| p.canonicalize().unwrap_or_else(|_| p.to_path_buf()))
                == Some(canonical.clone())
        });
        if let Some(existing) = existing {
            // WESL modules may import each other: items, not files, are
            // what must not depend on themselves (naga says where).
            let cycles_allowed = self.wesl.is_some();
            if let Some(at) = self
                .stack
                .iter()
                .position(|&f| f == existing && !cycles_allowed)
            {
                let cycle: Vec<String> = self.stack[at..]
                    .iter()
                    .chain(std::iter::once(&existing))
                    .map(|&f| self.files[f].name.clone())
                    .collect();
                return Err(vec![self
                    .error(
                        index,
                        span,
                        format!(
                            "modules import each other in a cycle: {}",
                            cycle.join(" -> ")
                        ),
                        codes::WGSL_IMPORT_CYCLE,
                        "this import closes the cycle",
                    )
                    .remove(0)]);
            }
            return Ok(existing);
        }
        let text =
            match crate::source::read_regular_file(&found, crate::source::DEFAULT_MAX_INPUT_SIZE) {
                Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
                Err(e) => {
                    return Err(self.error(
                        index,
                        span,
                        e.to_string(),
                        codes::WGSL_UNKNOWN_MODULE,
                        "imported here",
                    ))
                }
            };
        let site = if index == 0 {
            span
        } else {
            self.files[index].import_site.clone()
        };
        let module = self.add_file(
            found.display().to_string(),
            Some(found),
            text,
            site,
            Some(module_name),
        )?;
        self.load(module)?;
        Ok(module)
    }
}

impl File {
    fn empty(name: String, path: Option<PathBuf>, text: String) -> Self {
        File {
            name,
            path,
            text,
            pre: Default::default(),
            tokens: Vec::new(),
            items: Default::default(),
            module: String::new(),
            imported_items: BTreeMap::new(),
            missing_items: BTreeMap::new(),
            unresolved: BTreeMap::new(),
            qualifiers: BTreeMap::new(),
            import_site: 0..0,
            broken: None,
        }
    }
}

/// Whether token `i` is followed by `::` and a name: a path goes on.
fn path_follows(tokens: &[Token], i: usize) -> bool {
    tokens.get(i + 1).is_some_and(|t| t.kind == Kind::PathSep)
        && tokens.get(i + 2).is_some_and(|t| t.kind == Kind::Ident)
}

/// The qualifiers (`a::b` of `a::b::c`) the code of a file uses, with the
/// span of each whole path.
fn qualified_paths(file: &File) -> Vec<(Vec<String>, Range<usize>)> {
    let tokens = &file.tokens;
    let mut out = Vec::new();
    let mut i = 0;
    while i < tokens.len() {
        if matches!(tokens[i].kind, Kind::Ident | Kind::Quoted) && path_follows(tokens, i) {
            let mut end = i;
            while path_follows(tokens, end) {
                end += 2;
            }
            let qualifier: Vec<String> = (i..end)
                .step_by(2)
                .map(|t| file.pre.text[tokens[t].span.clone()].to_string())
                .collect();
            out.push((qualifier, tokens[i].span.start..tokens[end].span.end));
            i = end + 1;
        } else {
            i += 1;
        }
    }
    out
}

/// The name naga_oil gives item `name` of module `module`.
pub fn mangle(name: &str, module: &str) -> String {
    format!("{name}{MANGLE_START}{}X", base32(module.as_bytes()))
}

const MANGLE_START: &str = "X_naga_oil_mod_X";

/// `text` with every renamed name written as the code names it,
/// `module::path::name`, for messages.
pub fn demangle(text: &str) -> String {
    let mut out = String::new();
    let mut rest = text;
    while let Some(at) = rest.find(MANGLE_START) {
        let encoded = &rest[at + MANGLE_START.len()..];
        // Base32 has an `X` of its own: the name ends at the last `X` of
        // the run of base32 letters.
        let run = encoded
            .find(|c: char| !(c.is_ascii_uppercase() || ('2'..='7').contains(&c)))
            .unwrap_or(encoded.len());
        let end = encoded[..run].ends_with('X').then(|| run - 1);
        let module = end.and_then(|end| unbase32(&encoded[..end]));
        let name_start = rest[..at]
            .rfind(|c: char| !(c.is_alphanumeric() || c == '_'))
            .map_or(0, |i| i + 1);
        match (end, module) {
            (Some(end), Some(module)) => {
                out.push_str(&rest[..name_start]);
                out.push_str(&format!("{module}::{}", &rest[name_start..at]));
                rest = &encoded[end + 1..];
            }
            _ => {
                out.push_str(&rest[..at + MANGLE_START.len()]);
                rest = encoded;
            }
        }
    }
    out.push_str(rest);
    out
}

fn unbase32(text: &str) -> Option<String> {
    const ALPHABET: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
    let mut bytes = Vec::new();
    let mut buffer = 0u32;
    let mut bits = 0;
    for c in text.bytes() {
        let value = ALPHABET.iter().position(|&a| a == c)? as u32;
        buffer = (buffer << 5) | value;
        bits += 5;
        if bits >= 8 {
            bits -= 8;
            bytes.push((buffer >> bits) as u8);
            buffer &= (1 << bits) - 1;
        }
    }
    String::from_utf8(bytes).ok()
}

/// RFC 4648 base32 without padding, as naga_oil encodes module paths.
fn base32(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
    let mut out = String::new();
    let mut buffer = 0u32;
    let mut bits = 0;
    for &byte in bytes {
        buffer = (buffer << 8) | u32::from(byte);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(ALPHABET[((buffer >> bits) & 31) as usize] as char);
        }
    }
    if bits > 0 {
        out.push(ALPHABET[((buffer << (5 - bits)) & 31) as usize] as char);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malformed_directives_are_errors_not_panics() {
        let options = FrontOptions::default();
        for text in [
            "#import",
            "#import \n",
            "#import a::\n",
            "#import a::{b,\n",
            "#import \"é.wgsl\"::x\n",
            "#import \"unterminated\n",
            "#import ::a\n",
            "#import a as\n",
            "#{\n#{}\n#{X}\n",
            "#ifdef\n#endif\n",
            "#if A\n#endif\n",
            "#else\n",
            "#ifdef A\n#else\n#else\n#endif\n",
            "#ifdef A\n#else junk\n#endif\n",
            "#define_import_path\n",
            "x::y::z(\"a\"::b)",
            "struct S { a: f32 } fn f() { let s = S(1.0); let t = s.a; }",
            "@compute fn",
            "var<",
            "fn é() {} é::x",
        ] {
            let _ = compose("t.wgsl", text, &options);
        }
    }

    #[test]
    fn names_are_mangled_as_naga_oil_mangles_them() {
        assert_eq!(base32(b"foobar"), "MZXW6YTBOI");
        assert_eq!(base32(b"f"), "MY");
        assert_eq!(
            mangle("view", "bevy_pbr::mesh_view_bindings"),
            format!(
                "viewX_naga_oil_mod_X{}X",
                base32(b"bevy_pbr::mesh_view_bindings")
            )
        );
        let message = format!(
            "Function [0] '{}' is invalid; `{}`",
            mangle("shade", "game::pbr"),
            mangle("X", "a")
        );
        assert_eq!(
            demangle(&message),
            "Function [0] 'game::pbr::shade' is invalid; `a::X`"
        );
    }
}
