//! Helpers shared by the integration tests.

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::process::Command;

use shaderxform::{
    Compiler, EmitOptions, InputFormat, Options, OutputFormat, PassSelection, Source, WgslTarget,
};

#[cfg(all(feature = "gpu", feature = "cli"))]
pub mod gpu;

pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every shader of a corpus folder, sorted, with its format.
pub fn corpus(folder: &str) -> Vec<(PathBuf, Source)> {
    let dir = root().join("corpus").join(folder);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| InputFormat::from_path(p, None).is_some())
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let relative = p.strip_prefix(root()).expect("inside the repository");
            let source = Source::read(relative, None)
                .or_else(|_| Source::read(&p, None))
                .expect("corpus shaders are readable");
            (p, source)
        })
        .collect()
}

/// The WGSL `compiler` writes for `source`.
pub fn wgsl(compiler: &Compiler, source: &Source) -> String {
    let compiled = compiler
        .compile(source, &[OutputFormat::Wgsl])
        .unwrap_or_else(|f| panic!("{}: {f}", source.name));
    compiled.outputs[0].text().unwrap().to_string()
}

/// A file's name without its extension.
pub fn stem(path: &Path) -> String {
    path.file_stem().unwrap().to_string_lossy().into_owned()
}

pub fn translator(emit: EmitOptions) -> Compiler {
    Compiler::new(Options {
        passes: PassSelection::None,
        emit,
        // The corpora's GLSL and its snapshots are naga's GLSL reader's;
        // glslang has its own corpus (tests/glslang.rs).
        front: shaderxform::front::FrontOptions {
            glsl_front: shaderxform::front::GlslFront::Naga,
            ..Default::default()
        },
        ..Options::default()
    })
    .expect("no passes is a valid selection")
}

/// Whether tests must fail, rather than skip, when a tool is missing.
pub fn tools_required() -> bool {
    std::env::var_os("SHADERXFORM_REQUIRE_TOOLS").is_some_and(|v| v != "0")
}

/// Whether tests must fail, rather than skip, without a GPU adapter.
pub fn gpu_required() -> bool {
    std::env::var_os("SHADERXFORM_REQUIRE_GPU").is_some_and(|v| v != "0")
}

/// `Some(path)` of an external program, or `None` when it is missing and
/// tests may skip; panics when it is missing and tools are required.
pub fn tool(name: &str) -> Option<PathBuf> {
    let found = std::env::var_os("PATH").and_then(|paths| {
        std::env::split_paths(&paths)
            .map(|dir| dir.join(name))
            .find(|candidate| candidate.is_file())
    });
    if found.is_none() {
        assert!(
            !tools_required(),
            "{name} is required (SHADERXFORM_REQUIRE_TOOLS is set) but not on PATH; scripts/test installs it"
        );
        eprintln!("skipping: {name} is not installed");
    }
    found
}

/// The Tint checker, when Dawn's node bindings are installed.
pub fn tint_checker() -> Option<(PathBuf, PathBuf)> {
    let node = tool("node")?;
    let script = root().join("tools/tint/check.mjs");
    let installed = root().join("tools/tint/node_modules/webgpu").is_dir();
    if !installed {
        assert!(
            !tools_required(),
            "Dawn's node bindings are required but not installed: npm ci --prefix tools/tint"
        );
        eprintln!("skipping: tools/tint/node_modules is missing (npm ci --prefix tools/tint)");
        return None;
    }
    Some((node, script))
}

/// Runs `node tools/tint/SCRIPT ARGS` from the repository root, when
/// Dawn's node bindings are installed; panics if the script cannot run
/// (exit code 2: setup or usage error).
pub fn run_tint_script(script: &str, args: &[&str]) -> Option<std::process::Output> {
    let (node, _) = tint_checker()?;
    let out = Command::new(node)
        .arg(root().join("tools/tint").join(script))
        .args(args)
        .current_dir(root())
        .output()
        .expect("node starts");
    assert!(
        out.status.code() == Some(0) || out.status.code() == Some(1),
        "{script} failed to run: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    Some(out)
}

#[derive(serde::Deserialize, Debug)]
pub struct TintResult {
    pub name: String,
    pub ok: bool,
    pub messages: Vec<serde_json::Value>,
}

/// Compiles WGSL sources with Tint; one result per shader, in order.
pub fn tint_check(shaders: &[(String, String)]) -> Option<Vec<TintResult>> {
    let (node, script) = tint_checker()?;
    let input: Vec<serde_json::Value> = shaders
        .iter()
        .map(|(name, source)| serde_json::json!({"name": name, "source": source}))
        .collect();
    let mut child = Command::new(node)
        .arg(script)
        .arg("-")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("node starts");
    {
        use std::io::Write;
        let mut stdin = child.stdin.take().expect("piped stdin");
        stdin
            .write_all(serde_json::to_string(&input).unwrap().as_bytes())
            .expect("write shaders to the checker");
    }
    let out = child.wait_with_output().expect("the checker finishes");
    assert!(
        out.status.code() == Some(0) || out.status.code() == Some(1),
        "the Tint checker failed to run: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let results: Vec<TintResult> = String::from_utf8_lossy(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("one JSON object per line"))
        .collect();
    assert_eq!(results.len(), shaders.len(), "one result per shader");
    Some(results)
}

/// Asserts that Tint compiles every `(name, WGSL)`, naming all it rejects;
/// nothing when the checker is missing and tools are not required.
pub fn assert_tint_accepts(shaders: &[(String, String)]) {
    let Some(results) = tint_check(shaders) else {
        return;
    };
    let rejected: Vec<String> = results
        .iter()
        .filter(|r| !r.ok)
        .map(|r| format!("{}: {:?}", r.name, r.messages))
        .collect();
    assert!(
        rejected.is_empty(),
        "Tint rejects the WGSL written for:\n{}",
        rejected.join("\n")
    );
}

/// Runs glslangValidator on GLSL text of a stage; `Err` holds its output.
pub fn glslang_validate(glsl: &str, stage: naga::ShaderStage) -> Option<Result<(), String>> {
    let validator = tool("glslangValidator")?;
    let ext = match stage {
        naga::ShaderStage::Vertex => "vert",
        naga::ShaderStage::Fragment => "frag",
        _ => "comp",
    };
    let dir = tempfile::tempdir().expect("temporary directory");
    let path = dir.path().join(format!("shader.{ext}"));
    std::fs::write(&path, glsl).expect("write GLSL");
    let out = Command::new(validator)
        .arg(&path)
        .output()
        .expect("glslangValidator runs");
    Some(if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stdout).into_owned())
    })
}

pub fn display(path: &Path) -> String {
    path.strip_prefix(root())
        .unwrap_or(path)
        .display()
        .to_string()
}

/// Renames naga's `_e…` temporaries `_t0`, `_t1`, ... in order of first
/// appearance in each function, so that texts differing only in those
/// names compare equal.
pub fn canonical_temporaries(text: &str) -> String {
    text.split_inclusive("\nfn ")
        .map(canonical_temporaries_of_function)
        .collect()
}

fn canonical_temporaries_of_function(text: &str) -> String {
    let mut names: std::collections::HashMap<String, usize> = Default::default();
    let mut out = String::with_capacity(text.len());
    let mut ident = String::new();
    let mut flush = |ident: &mut String, out: &mut String| {
        let is_temporary = ident.starts_with("_e")
            && ident.len() > 2
            && ident[2..].chars().all(|c| c.is_ascii_digit() || c == '_');
        if is_temporary {
            let next = names.len();
            let n = *names.entry(ident.clone()).or_insert(next);
            out.push_str(&format!("_t{n}"));
        } else {
            // The namer also appends `_` to names that end in a digit.
            out.push_str(ident.trim_end_matches('_'));
        }
        ident.clear();
    };
    for c in text.chars() {
        if c.is_alphanumeric() || c == '_' {
            ident.push(c);
        } else {
            flush(&mut ident, &mut out);
            out.push(c);
        }
    }
    flush(&mut ident, &mut out);
    out
}

/// Every file under corpus/, recursively and sorted, that `keep` accepts.
/// `keep` sees the path from the repository's root (`corpus/glsl/x.comp`),
/// so that the folders above the checkout never decide. `corpus/engine`
/// is left out: its shaders compile only with the defines, include
/// folders and entry points of its manifest (`tests/engine_corpus.rs`),
/// and so are `corpus/bevy`, whose shaders need its modules and defines
/// (`tests/bevy_corpus.rs`), and `corpus/validate`, a folder of another
/// project's shaders validated as one (`tests/validate_folder.rs`).
pub fn corpus_files_where(keep: impl Fn(&Path) -> bool) -> Vec<PathBuf> {
    fn walk(dir: &Path, keep: &dyn Fn(&Path) -> bool, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
            .map(|e| e.expect("directory entry").path())
            .collect();
        entries.sort();
        for path in entries {
            if ["corpus/engine", "corpus/bevy", "corpus/validate"]
                .iter()
                .any(|folder| path == root().join(folder))
            {
                continue;
            }
            if path.is_dir() {
                walk(&path, keep, out);
            } else if keep(path.strip_prefix(root()).unwrap_or(&path)) {
                out.push(path);
            }
        }
    }
    let mut out = Vec::new();
    walk(&root().join("corpus"), &keep, &mut out);
    out
}

pub fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// Asserts the exit code, showing stderr and stdout when it is not the
/// expected one.
pub fn assert_exit(out: &std::process::Output, code: i32) {
    assert_eq!(
        out.status.code(),
        Some(code),
        "expected exit code {code}\n--- stderr ---\n{}\n--- stdout ---\n{}",
        stderr(out),
        String::from_utf8_lossy(&out.stdout)
    );
}

/// Runs `candidate` (translated, no passes) against `reference` on the
/// adapter, handed to the driver as `format`, one buffer sized `size`
/// elements and `workgroups` workgroups, and asserts they agree; without an
/// adapter it skips, unless SHADERXFORM_REQUIRE_GPU is set.
#[cfg(feature = "gpu")]
pub fn assert_agrees_on_the_adapter(
    candidate: &Path,
    reference: &Path,
    format: shaderxform::gpu::ShaderFormat,
    size: (&str, u64),
    workgroups: u32,
) {
    assert_agrees_on_the_adapter_for(
        shaderxform::Target::default(),
        candidate,
        reference,
        format,
        size,
        workgroups,
    );
}

/// [`assert_agrees_on_the_adapter`] for a target with features (subgroups).
#[cfg(feature = "gpu")]
pub fn assert_agrees_on_the_adapter_for(
    target: shaderxform::Target,
    candidate: &Path,
    reference: &Path,
    format: shaderxform::gpu::ShaderFormat,
    size: (&str, u64),
    workgroups: u32,
) {
    use shaderxform::gpu::{self, Error, ValidateOptions, Verdict};
    let mut options = ValidateOptions::new(Options {
        passes: PassSelection::None,
        target,
        ..Options::default()
    });
    options.shader_format = format;
    options.reference = Some(reference.to_path_buf());
    options.sizes = vec![(size.0.into(), size.1)];
    options.dispatch = Some([workgroups, 1, 1]);
    match gpu::validate(candidate, &options) {
        Ok(v) => assert_eq!(v.verdict, Verdict::Agree, "{format:?}: {}", v.describe()),
        Err(Error::NoAdapter(e)) if std::env::var_os("SHADERXFORM_REQUIRE_GPU").is_none() => {
            eprintln!("skipped: no adapter ({e})");
        }
        Err(e) => panic!("{format:?}: {e}"),
    }
}

/// A child process killed however the test ends (a watcher).
pub struct Child(pub std::process::Child);

impl Drop for Child {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// Polls `done` every 50 ms for at most `limit`.
pub fn wait_for(limit: std::time::Duration, mut done: impl FnMut() -> bool) -> bool {
    let start = std::time::Instant::now();
    while start.elapsed() < limit {
        if done() {
            return true;
        }
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    done()
}

/// A compiler without passes that reads GLSL through glslang.
pub fn glslang_compiler() -> Compiler {
    Compiler::new(Options {
        passes: PassSelection::None,
        front: shaderxform::front::FrontOptions {
            glsl_front: shaderxform::front::GlslFront::Glslang,
            ..Default::default()
        },
        ..Options::default()
    })
    .unwrap()
}

/// Runs `candidate` (named `file`, translated, no passes) against the WGSL
/// `reference` on the adapter, with subgroups where `subgroups`, handed to
/// the driver as WGSL and as SPIR-V.
#[cfg(feature = "gpu")]
pub fn assert_agrees_in_wgsl_and_spirv(
    subgroups: bool,
    (file, candidate): (&str, &str),
    reference: &str,
    size: (&str, u64),
    workgroups: u32,
) {
    let dir = tempfile::tempdir().unwrap();
    let candidate_path = dir.path().join(file);
    let reference_path = dir.path().join("reference.wgsl");
    std::fs::write(&candidate_path, candidate).unwrap();
    std::fs::write(&reference_path, reference).unwrap();
    for format in [
        shaderxform::gpu::ShaderFormat::Wgsl,
        shaderxform::gpu::ShaderFormat::Spirv,
    ] {
        assert_agrees_on_the_adapter_for(
            shaderxform::Target {
                subgroups,
                ..Default::default()
            },
            &candidate_path,
            &reference_path,
            format,
            size,
            workgroups,
        );
    }
}

/// The WGSL of `source` and the JSON report, compiled to WGSL and SPIR-V:
/// the compile validates each output (naga, spirv-val).
pub fn wgsl_and_report(compiler: &Compiler, source: &Source) -> (String, String) {
    let compiled = compiler
        .compile(source, &[OutputFormat::Wgsl, OutputFormat::SpirvBinary])
        .unwrap_or_else(|f| panic!("{}: {:?}", source.name, f.diagnostics));
    let mut report = shaderxform::Report::new(source);
    report.add_passes(source, &compiled.transformed.passes);
    (
        compiled.outputs[0].text().unwrap().to_string(),
        report.to_json(),
    )
}

/// The built program, run in `dir` with `args`.
pub fn run_in(dir: &Path, args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_shaderxform"))
        .current_dir(dir)
        .args(args)
        .output()
        .expect("shaderxform runs")
}

/// What `spirv-val` says of `bytes` under `--target-env env`: `Ok` when it
/// accepts them, its message otherwise. The caller has checked that the
/// tool is there.
pub fn spirv_val(bytes: &[u8], env: &str) -> Result<(), String> {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("out.spv");
    std::fs::write(&path, bytes).unwrap();
    let out = Command::new(tool("spirv-val").expect("spirv-val is installed"))
        .args(["--target-env", env])
        .arg(&path)
        .output()
        .unwrap();
    match out.status.success() {
        true => Ok(()),
        false => Err(String::from_utf8_lossy(&out.stderr).into_owned()),
    }
}

/// A compiler with the default options but for the WGSL reader.
pub fn compiler_for(wgsl_for: WgslTarget) -> Compiler {
    Compiler::new(Options {
        emit: EmitOptions {
            wgsl_for,
            ..EmitOptions::default()
        },
        ..Options::default()
    })
    .unwrap()
}

/// The source of `path`, relative to the repository.
pub fn source_at(path: &str) -> Source {
    Source::read(&root().join(path), None).unwrap()
}

/// The report of the pass named `name` in a transform.
pub fn pass_report<'a>(
    name: &str,
    transformed: &'a shaderxform::Transformed,
) -> &'a shaderxform::passes::PassReport {
    transformed
        .passes
        .iter()
        .find(|p| p.name == name)
        .unwrap_or_else(|| panic!("{name} ran"))
}
