//! The uniformity test set, corpus/uniformity: small compute shaders, each
//! with one barrier (or one call reaching one) whose uniformity is the
//! question. Tint's verdict is the reference; it is recorded in
//! corpus/uniformity/tint-verdicts.json so that the comparison needs no
//! node. See docs/uniformity.md.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use shaderxform::passes::analysis::uniformity::Uniformity;
use shaderxform::passes::naga::diagnostic_filter::Severity;
use shaderxform::{Compiler, EmitOptions, Options, OutputFormat, PassSelection, Source};

const FOLDER: &str = "corpus/uniformity";
const VERDICTS: &str = "corpus/uniformity/tint-verdicts.json";

/// The WGSL names of the operations a verdict is about, as Tint quotes
/// them in its messages: the barriers, and the builtins computing
/// implicit derivatives (`derivative_uniformity`).
const BARRIERS: [&str; 16] = [
    "'workgroupBarrier'",
    "'storageBarrier'",
    "'textureBarrier'",
    "'workgroupUniformLoad'",
    "'textureSample'",
    "'textureSampleBias'",
    "'textureSampleCompare'",
    "'dpdx'",
    "'dpdxCoarse'",
    "'dpdxFine'",
    "'dpdy'",
    "'dpdyCoarse'",
    "'dpdyFine'",
    "'fwidth'",
    "'fwidthCoarse'",
    "'fwidthFine'",
];

struct Case {
    name: String,
    source: Source,
}

/// Every case, sorted by name.
fn cases() -> Vec<Case> {
    let dir = common::root().join(FOLDER);
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("cannot list {}: {e}", dir.display()))
        .map(|e| e.expect("directory entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "wgsl"))
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|path| {
            let relative = common::display(&path);
            Case {
                name: common::stem(&path),
                source: Source::read(relative.as_ref(), None)
                    .unwrap_or_else(|e| panic!("{relative}: {e}")),
            }
        })
        .collect()
}

#[derive(serde::Deserialize, Debug, Clone, PartialEq)]
struct TintVerdict {
    verdict: String,
    /// `LINE:COLUMN` of the call Tint reports.
    at: Option<String>,
    message: Option<String>,
    #[serde(default)]
    notes: Vec<String>,
}

impl TintVerdict {
    fn is_uniform(&self) -> bool {
        self.verdict == "uniform"
    }

    fn line(&self) -> Option<usize> {
        self.at.as_deref()?.split(':').next()?.parse().ok()
    }

    /// Whether Tint's error is about a barrier, a derivative or a
    /// subgroup operation (rather than anything else it refuses).
    fn is_about_a_barrier(&self) -> bool {
        let message = self.message.as_deref().unwrap_or("");
        BARRIERS.iter().any(|b| message.contains(b))
            || message.starts_with("'subgroup")
            || message.starts_with("'quad")
    }

    fn describe(&self) -> String {
        match (&self.at, &self.message) {
            (Some(at), Some(message)) => format!("non-uniform at {at} ({message})"),
            _ => self.verdict.clone(),
        }
    }
}

#[derive(serde::Deserialize)]
struct VerdictsFile {
    cases: BTreeMap<String, TintVerdict>,
}

fn recorded_verdicts() -> BTreeMap<String, TintVerdict> {
    let path = common::root().join(VERDICTS);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str::<VerdictsFile>(&text)
        .unwrap_or_else(|e| panic!("{VERDICTS}: {e}"))
        .cases
}

fn reader() -> Compiler {
    common::translator(EmitOptions::default())
}

/// The lines of the barriers the analysis finds in non-uniform control
/// flow (or with a non-uniform argument deciding them), anywhere in the
/// module: for a call that needs uniform control flow, the line of the
/// barrier it reaches, which is where Tint reports it. The builtins
/// computing derivatives and the subgroup operations count alike where
/// their rule (`derivative_uniformity`, `subgroup_uniformity`) is an
/// error there (Tint's verdict is about errors).
fn our_divergent_barrier_lines(compiler: &Compiler, source: &Source) -> BTreeSet<usize> {
    let module = compiler
        .read(source)
        .unwrap_or_else(|f| panic!("{}: {f}", source.name));
    let text = source.text().expect("WGSL is text");
    let analysis = Uniformity::analyze(&module);
    let barriers = analysis
        .violations()
        .into_iter()
        .map(|(_, requirement)| requirement.barrier_span());
    let derivatives = analysis
        .rule_violations()
        .into_iter()
        .filter(|(_, requirement)| requirement.severity == Severity::Error)
        .map(|(_, requirement)| requirement.op_span());
    barriers
        .chain(derivatives)
        .filter(|span| span.is_defined())
        .map(|span| span.location(text).line_number as usize)
        .collect()
}

enum Outcome {
    Agree,
    /// Tint rejects something that is no uniformity requirement and stops
    /// there: no verdict to compare.
    NoBarrierVerdict,
    /// Tint proves the barrier uniform; the analysis flags these lines.
    OursOnly(BTreeSet<usize>),
    /// Tint reports a barrier the analysis does not flag; it flags these
    /// lines (perhaps none).
    TintOnly(BTreeSet<usize>),
}

struct Comparison {
    name: String,
    tint: TintVerdict,
    outcome: Outcome,
}

fn compare_with_tint() -> Vec<Comparison> {
    let verdicts = recorded_verdicts();
    let compiler = reader();
    cases()
        .into_iter()
        .map(|case| {
            let tint = verdicts
                .get(&case.name)
                .unwrap_or_else(|| panic!("{}: no recorded verdict", case.name))
                .clone();
            let ours = our_divergent_barrier_lines(&compiler, &case.source);
            let outcome = if tint.is_uniform() {
                if ours.is_empty() {
                    Outcome::Agree
                } else {
                    Outcome::OursOnly(ours)
                }
            } else if !tint.is_about_a_barrier() {
                Outcome::NoBarrierVerdict
            } else if tint.line().is_some_and(|l| ours.contains(&l)) {
                Outcome::Agree
            } else {
                Outcome::TintOnly(ours)
            };
            Comparison {
                name: case.name,
                tint,
                outcome,
            }
        })
        .collect()
}

/// Disagreements, grouped by kind, one line per case.
fn disagreement_report(comparisons: &[Comparison]) -> Vec<String> {
    let mut lines = Vec::new();
    let ours_only: Vec<String> = comparisons
        .iter()
        .filter_map(|c| match &c.outcome {
            Outcome::OursOnly(lines) => Some(format!(
                "  {}: Tint uniform; ours non-uniform at lines {lines:?}",
                c.name
            )),
            _ => None,
        })
        .collect();
    let tint_only: Vec<String> = comparisons
        .iter()
        .filter_map(|c| match &c.outcome {
            Outcome::TintOnly(lines) => Some(format!(
                "  {}: Tint {}; ours {}",
                c.name,
                c.tint.describe(),
                if lines.is_empty() {
                    "uniform".to_string()
                } else {
                    format!("non-uniform at other lines {lines:?}")
                }
            )),
            _ => None,
        })
        .collect();
    if !tint_only.is_empty() {
        lines.push(format!(
            "barriers Tint rejects and the analysis does not ({}):",
            tint_only.len()
        ));
        lines.extend(tint_only);
    }
    if !ours_only.is_empty() {
        lines.push(format!(
            "barriers Tint proves uniform and the analysis does not ({}):",
            ours_only.len()
        ));
        lines.extend(ours_only);
    }
    lines
}

#[test]
fn the_set_has_a_recorded_tint_verdict_for_every_case() {
    let names: BTreeSet<String> = cases().into_iter().map(|c| c.name).collect();
    let verdicts = recorded_verdicts();
    let recorded: BTreeSet<String> = verdicts.keys().cloned().collect();
    assert_eq!(
        names, recorded,
        "{VERDICTS} is out of date: node tools/tint/uniformity.mjs --write-verdicts {FOLDER}"
    );
    assert!(names.len() >= 170, "{} cases", names.len());
    for (name, verdict) in &verdicts {
        match verdict.verdict.as_str() {
            "uniform" => assert!(verdict.at.is_none(), "{name}"),
            "non-uniform" => assert!(
                verdict.line().is_some() && verdict.message.is_some(),
                "{name}: a non-uniform verdict says where and why"
            ),
            other => panic!("{name}: unknown verdict {other}"),
        }
    }
    let non_uniform = verdicts.values().filter(|v| !v.is_uniform()).count();
    assert!(
        non_uniform > 0 && non_uniform < verdicts.len(),
        "both verdicts occur"
    );
}

/// Tint still says what the file records, and rejects no case for
/// anything but uniformity (the script exits 1 then).
#[test]
fn recorded_verdicts_are_what_tint_says() {
    let Some(out) = common::run_tint_script("uniformity.mjs", &["--verdicts", FOLDER]) else {
        return;
    };
    assert_eq!(
        out.status.code(),
        Some(0),
        "Tint rejects a case for more than uniformity:\n{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let now: VerdictsFile =
        serde_json::from_slice(&out.stdout).expect("uniformity.mjs prints the verdicts");
    let recorded = recorded_verdicts();
    let changed: Vec<String> = now
        .cases
        .iter()
        .filter(|(name, verdict)| recorded.get(*name) != Some(verdict))
        .map(|(name, verdict)| {
            format!(
                "{name}: recorded {:?}, Tint now {:?}",
                recorded.get(name),
                verdict
            )
        })
        .collect();
    assert!(
        changed.is_empty() && now.cases.len() == recorded.len(),
        "{VERDICTS} differs from Tint (regenerate with node tools/tint/uniformity.mjs --write-verdicts {FOLDER}):\n{}",
        changed.join("\n")
    );
    let text = std::fs::read_to_string(common::root().join(VERDICTS)).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        text,
        "{VERDICTS} is not as the script writes it"
    );
}

/// Every case is read by shaderxform's front end (naga), and the analysis
/// runs on it; prints how often it agrees with Tint.
#[test]
fn agreement_with_tint_is_counted() {
    let comparisons = compare_with_tint();
    let agree = comparisons
        .iter()
        .filter(|c| matches!(c.outcome, Outcome::Agree))
        .count();
    let without_verdict: Vec<&str> = comparisons
        .iter()
        .filter(|c| matches!(c.outcome, Outcome::NoBarrierVerdict))
        .map(|c| c.name.as_str())
        .collect();
    let compared = comparisons.len() - without_verdict.len();
    println!("uniformity analysis agrees with Tint on {agree} of {compared} cases");
    println!(
        "no uniformity verdict from Tint (it refuses something else first): {without_verdict:?}"
    );
    for line in disagreement_report(&comparisons) {
        println!("{line}");
    }
    assert!(
        without_verdict.len() < comparisons.len() / 10,
        "most cases are about a barrier"
    );
}

#[test]
fn the_analysis_agrees_with_tint_on_every_barrier() {
    let comparisons = compare_with_tint();
    let report = disagreement_report(&comparisons);
    assert!(
        report.is_empty(),
        "the uniformity analysis disagrees with Tint:\n{}",
        report.join("\n")
    );
}

/// Where Tint proves every barrier uniform, hoist-barriers has nothing to
/// do: its WGSL is the WGSL written without passes, byte for byte.
#[test]
fn hoisting_leaves_cases_tint_proves_uniform_unchanged() {
    let hoisting = Compiler::new(Options {
        passes: PassSelection::Named(vec![shaderxform::passes::hoist_barriers::NAME.into()]),
        ..Options::default()
    })
    .unwrap();
    let plain = reader();
    let verdicts = recorded_verdicts();
    let mut changed = Vec::new();
    for case in cases() {
        if !verdicts[&case.name].is_uniform() {
            continue;
        }
        let expected = common::wgsl(&plain, &case.source);
        match hoisting.compile(&case.source, &[OutputFormat::Wgsl]) {
            Ok(compiled) => {
                if compiled.outputs[0].text() != Some(expected.as_str()) {
                    changed.push(format!("{}: rewritten", case.name));
                }
            }
            Err(failure) => changed.push(format!("{}: refused: {failure}", case.name)),
        }
    }
    assert!(
        changed.is_empty(),
        "hoist-barriers changes shaders whose barriers Tint proves uniform:\n{}",
        changed.join("\n")
    );
}
