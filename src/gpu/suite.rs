//! Every entry point of a module, in every shader format asked for: the
//! units of a module (each compute entry point; each fragment entry point
//! with the vertex entry point that feeds it; each vertex entry point no
//! fragment took), each validated as WGSL and/or SPIR-V, with one verdict
//! a run and one for the whole.

use std::path::Path;

use serde::Serialize;

use super::render::{self, RenderPair, RenderValidation};
use super::render_io;
use super::{Error, ShaderFormat, ValidateOptions, Validation, Verdict};
use crate::pipeline::Compiler;
use crate::source::Source;

/// What one run validates.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unit {
    /// A compute entry point, by name.
    Compute(String),
    /// Render stages drawn together.
    Render(RenderPair),
}

impl Unit {
    /// `compute main`, `vertex vs + fragment fs`, `fragment fs` (with a
    /// generated vertex stage), `vertex vs` (captured).
    pub fn label(&self) -> String {
        match self {
            Unit::Compute(name) => format!("compute `{name}`"),
            Unit::Render(RenderPair {
                vertex: Some(v),
                fragment: Some(f),
                fragment_file: Some(file),
            }) => format!(
                "vertex `{v}` + fragment `{f}` of {}",
                file.file_name().unwrap_or_default().to_string_lossy()
            ),
            Unit::Render(RenderPair {
                vertex: Some(v),
                fragment: Some(f),
                ..
            }) => format!("vertex `{v}` + fragment `{f}`"),
            Unit::Render(RenderPair {
                vertex: Some(v), ..
            }) => format!("vertex `{v}`"),
            Unit::Render(RenderPair {
                fragment: Some(f), ..
            }) => format!("fragment `{f}`"),
            Unit::Render(_) => "nothing".into(),
        }
    }

    /// The entry points it runs: the vertex before the fragment one.
    pub fn entry_points(&self) -> Vec<String> {
        match self {
            Unit::Compute(name) => vec![name.clone()],
            Unit::Render(p) => p.vertex.iter().chain(&p.fragment).cloned().collect(),
        }
    }

    /// `compute` or `render`.
    pub fn stage(&self) -> &'static str {
        match self {
            Unit::Compute(_) => "compute",
            Unit::Render(_) => "render",
        }
    }
}

/// The units of the shader at `input`: the entry point `--entry-point` (or
/// the harness's `entry_point`) names, alone, else every one.
pub fn units(input: &Path, opts: &ValidateOptions) -> Result<Vec<Unit>, Error> {
    let source = Source::read(input, opts.stage).map_err(|e| Error::Input(e.to_string()))?;
    let harness_path = opts
        .harness
        .clone()
        .or_else(|| super::harness::Harness::beside(input));
    let named = match &opts.options.emit.entry_point {
        Some(name) => Some(name.clone()),
        None => match &harness_path {
            Some(path) => super::Harness::load(path)
                .map_err(Error::Input)?
                .entry_point
                .clone(),
            None => None,
        },
    };
    let mut options = opts.options.clone();
    if let Ok(gpu) = super::device::Gpu::shared(opts.backend, opts.adapter.as_deref()) {
        gpu.extend_target(&mut options.target);
    }
    let fail = |failure| Error::Compile {
        role: super::Role::Candidate,
        source: Box::new(source.clone()),
        failure,
    };
    let compiler = Compiler::new(options).map_err(fail)?;
    let transformed = compiler.transform(&source).map_err(fail)?;
    let module = &transformed.module;
    use naga::ShaderStage as S;
    if let Some(name) = named {
        let Some(ep) = module.entry_points.iter().find(|e| e.name == name) else {
            return Err(Error::Input(format!(
                "{} has no entry point `{name}` (it has {})",
                source.name,
                module
                    .entry_points
                    .iter()
                    .map(|e| format!("`{}`", e.name))
                    .collect::<Vec<_>>()
                    .join(", ")
            )));
        };
        return Ok(vec![match ep.stage {
            S::Vertex => Unit::Render(RenderPair {
                vertex: Some(name),
                fragment: None,
                fragment_file: None,
            }),
            S::Fragment => Unit::Render(RenderPair {
                vertex: None,
                fragment: Some(name),
                fragment_file: None,
            }),
            S::Compute => Unit::Compute(name),
            other => {
                return Err(Error::Input(format!(
                    "the entry point `{name}` is a {other:?} shader; validate runs compute, vertex and fragment shaders"
                )))
            }
        }]);
    }
    let mut units: Vec<Unit> = module
        .entry_points
        .iter()
        .filter(|e| e.stage == S::Compute)
        .map(|e| Unit::Compute(e.name.clone()))
        .collect();
    let pairs = render_io::render_pairs(module)
        .map_err(|e| Error::Input(format!("{}: {e}", source.name)))?;
    units.extend(pairs.into_iter().map(Unit::Render));
    if let Some(frag) = glsl_fragment_beside(input, module, &compiler) {
        for unit in &mut units {
            if let Unit::Render(pair @ RenderPair { fragment: None, .. }) = unit {
                pair.fragment = Some(frag.1.clone());
                pair.fragment_file = Some(frag.0.clone());
            }
        }
    }
    if units.is_empty() {
        return Err(Error::Input(format!(
            "{} has no compute, vertex or fragment entry point",
            source.name
        )));
    }
    Ok(units)
}

/// For a GLSL `NAME.vert`, the `NAME.frag` beside it and its entry point,
/// when the vertex stage's outputs feed all its inputs: the two are drawn
/// together, as a program links them.
fn glsl_fragment_beside(
    input: &Path,
    module: &naga::Module,
    compiler: &Compiler,
) -> Option<(std::path::PathBuf, String)> {
    if input.extension()? != "vert" {
        return None;
    }
    let path = input.with_extension("frag");
    if !path.is_file() {
        return None;
    }
    let vertex = module
        .entry_points
        .iter()
        .find(|e| e.stage == naga::ShaderStage::Vertex)?;
    let vertex_io = render_io::stage_io(module, vertex).ok()?;
    let source = Source::read(&path, None).ok()?;
    let fragment_module = compiler.transform(&source).ok()?.module;
    let fragment = fragment_module
        .entry_points
        .iter()
        .find(|e| e.stage == naga::ShaderStage::Fragment)?;
    let fragment_io = render_io::stage_io(&fragment_module, fragment).ok()?;
    render_io::feeds(&vertex_io, &fragment_io).then(|| (path, fragment.name.clone()))
}

/// How one run ended.
#[derive(Debug)]
pub enum Outcome {
    /// A compute unit ran.
    Compute(Box<Validation>),
    /// A render unit ran.
    Render(Box<RenderValidation>),
    /// It could not run: why.
    Failed(Error),
}

/// One unit in one shader format.
#[derive(Debug)]
pub struct Run {
    /// What ran.
    pub unit: Unit,
    /// What both shaders were handed to wgpu as.
    pub shader_format: ShaderFormat,
    /// How it ended.
    pub outcome: Outcome,
}

impl Run {
    /// `agree`, `mismatch`, `hang`, `cannot-run` or `error`.
    pub fn verdict(&self) -> &'static str {
        let of = |v: Verdict| match v {
            Verdict::Agree => "agree",
            Verdict::Mismatch => "mismatch",
            Verdict::Hang(_) => "hang",
            Verdict::Nondeterministic => "nondeterministic",
        };
        match &self.outcome {
            Outcome::Compute(v) => of(v.verdict),
            Outcome::Render(v) => of(v.verdict),
            Outcome::Failed(e) if cannot_run(e) => "cannot-run",
            Outcome::Failed(_) => "error",
        }
    }

    /// The run's account for people: its validation's description, or
    /// why it could not run.
    pub fn text(&self) -> String {
        match &self.outcome {
            Outcome::Compute(v) => v.describe(),
            Outcome::Render(v) => v.describe(),
            Outcome::Failed(e) => format!("cannot run: {e}\n"),
        }
    }

    fn json(&self) -> RunJson {
        RunJson {
            unit: self.unit.label().replace('`', ""),
            entry_points: self.unit.entry_points(),
            stage: self.unit.stage(),
            shader_format: self.shader_format.name(),
            verdict: self.verdict(),
            error: match &self.outcome {
                Outcome::Failed(e) => Some(e.to_string()),
                _ => None,
            },
            report: match &self.outcome {
                Outcome::Compute(v) => serde_json::to_value(&v.report).ok(),
                Outcome::Render(v) => serde_json::to_value(&v.report).ok(),
                Outcome::Failed(_) => None,
            },
        }
    }
}

/// Shaders validate cannot run (what they bind, their stages, their
/// inputs) as against failures of the device or of wgpu.
pub fn cannot_run(e: &Error) -> bool {
    match e {
        Error::Input(_) | Error::Compile { .. } => true,
        // The reference is the input with no passes (or a file given for
        // it): a shader wgpu refuses as it is (an override without a
        // value, for one) cannot run; refusing the candidate alone is a
        // failure of the passes or the emitter.
        Error::Gpu(m) => m.starts_with(REFERENCE_REJECTED),
        Error::NoAdapter(_) => false,
    }
}

/// How the message of a reference that wgpu refused starts.
const REFERENCE_REJECTED: &str = "wgpu rejected the reference";

#[derive(Serialize)]
struct RunJson {
    unit: String,
    entry_points: Vec<String>,
    stage: &'static str,
    shader_format: &'static str,
    verdict: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    report: Option<serde_json::Value>,
}

/// Every run of one shader.
#[derive(Debug)]
pub struct Suite {
    /// The shader's file, as given.
    pub input: String,
    /// Every unit in each format asked for: all the units in the first
    /// format, then all in the next. After a hang the runs not yet started
    /// are left out.
    pub runs: Vec<Run>,
}

/// Validates every unit of the shader at `input` in each of `formats`.
/// Only the lack of an adapter, or a module validate cannot read, ends it
/// early; a unit that cannot run is a run with its reason.
pub fn validate_module(
    input: &Path,
    opts: &ValidateOptions,
    formats: &[ShaderFormat],
) -> Result<Suite, Error> {
    let units = units(input, opts)?;
    validate_units(input, opts, &units, formats)
}

/// Validates `units` of the shader at `input` in each of `formats`.
pub fn validate_units(
    input: &Path,
    opts: &ValidateOptions,
    units: &[Unit],
    formats: &[ShaderFormat],
) -> Result<Suite, Error> {
    let mut runs: Vec<Run> = Vec::new();
    // After a hang the device may still be busy: the module's other runs
    // are not started (the process is about to leave).
    'formats: for &format in formats {
        for unit in units {
            if runs.last().is_some_and(|r| r.verdict() == "hang") {
                break 'formats;
            }
            let mut o = opts.clone();
            o.shader_format = format;
            let outcome = match unit {
                Unit::Compute(name) => {
                    o.options.emit.entry_point = Some(name.clone());
                    super::validate(input, &o).map(|v| Outcome::Compute(Box::new(v)))
                }
                Unit::Render(pair) => {
                    render::validate_render(input, &o, pair).map(|v| Outcome::Render(Box::new(v)))
                }
            };
            let outcome = match outcome {
                Ok(o) => o,
                Err(e @ Error::NoAdapter(_)) => return Err(e),
                Err(e) => Outcome::Failed(e),
            };
            runs.push(Run {
                unit: unit.clone(),
                shader_format: format,
                outcome,
            });
        }
    }
    Ok(Suite {
        input: input.display().to_string(),
        runs,
    })
}

impl Suite {
    /// `hang`, `mismatch`, `nondeterministic`, `error`, `cannot-run`
    /// (nothing ran) or `agree`.
    pub fn verdict(&self) -> &'static str {
        let has = |v: &str| self.runs.iter().any(|r| r.verdict() == v);
        if has("hang") {
            "hang"
        } else if has("mismatch") {
            "mismatch"
        } else if has("nondeterministic") {
            "nondeterministic"
        } else if has("error") {
            "error"
        } else if !has("agree") {
            "cannot-run"
        } else {
            "agree"
        }
    }

    /// Whether a run left the device busy with a hung submission.
    pub fn hung(&self) -> bool {
        self.runs.iter().any(|r| r.verdict() == "hang")
    }

    /// 3 for a mismatch or a hang, 1 for a run that failed or could not
    /// run, else 0.
    pub fn exit_code(&self) -> i32 {
        match self.verdict() {
            "hang" | "mismatch" => super::exit::MISMATCH,
            "agree" if self.runs.iter().all(|r| r.verdict() == "agree") => super::exit::AGREE,
            _ => super::exit::INPUT,
        }
    }

    /// Each run's account, then one line a run.
    pub fn describe(&self) -> String {
        let mut out = String::new();
        for run in &self.runs {
            out += &format!(
                "== {} as {} ==\n{}",
                run.unit.label(),
                run.shader_format.name(),
                run.text()
            );
        }
        out += &format!("{}: {} runs\n", self.input, self.runs.len());
        for run in &self.runs {
            out += &format!(
                "  {} ({}): {}\n",
                run.unit.label(),
                run.shader_format.name(),
                run.verdict()
            );
        }
        out
    }

    /// The report of the shader as JSON: `input`, `verdict` and every
    /// run's `unit`, `entry_points`, `stage`, `shader_format`, `verdict`,
    /// and `report` or `error`.
    pub fn to_value(&self) -> serde_json::Value {
        serde_json::json!({
            "input": self.input,
            "verdict": self.verdict(),
            "runs": self.runs.iter().map(|r| r.json()).collect::<Vec<_>>(),
        })
    }

    /// The JSON of `validate --report` for several runs.
    pub fn to_json(&self) -> String {
        let mut value = self.to_value();
        if let Some(object) = value.as_object_mut() {
            object.insert("tool".into(), "shaderxform".into());
            object.insert("command".into(), "validate".into());
            object.insert("version".into(), env!("CARGO_PKG_VERSION").into());
        }
        serde_json::to_string_pretty(&value).expect("the report serializes") + "\n"
    }

    /// One line for a folder's listing: the verdict and what ran.
    pub fn line(&self) -> String {
        let runs: Vec<String> = self
            .runs
            .iter()
            .map(|r| {
                let mut s = format!(
                    "{} {}",
                    r.unit.label().replace('`', ""),
                    r.shader_format.name()
                );
                if r.verdict() != "agree" {
                    s += &format!(": {}", r.verdict());
                    if let Outcome::Failed(e) = &r.outcome {
                        s += &format!(" ({})", first_line(&e.to_string()));
                    }
                    if let Some(m) = r.mismatches() {
                        let values = if m == 1 {
                            "value differs"
                        } else {
                            "values differ"
                        };
                        s += &format!(" ({m} {values})");
                    }
                }
                s
            })
            .collect();
        runs.join("; ")
    }
}

impl Run {
    fn mismatches(&self) -> Option<u64> {
        match &self.outcome {
            Outcome::Compute(v) if v.verdict == Verdict::Mismatch => Some(v.report.mismatches),
            Outcome::Render(v) if v.verdict == Verdict::Mismatch => Some(v.report.mismatches),
            _ => None,
        }
    }
}

pub(crate) fn first_line(s: &str) -> &str {
    s.lines().next().unwrap_or_default()
}
