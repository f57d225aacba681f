//! `hoist-barriers` end to end over corpus/hoist-barriers, and the
//! uniformity analysis against Tint over every WGSL shader of corpus/.
//!
//! Corpus naming: `uniform_*` shaders have only uniform barriers and must
//! come out unchanged; `error_*` shaders hold a barrier that cannot be
//! hoisted and must be refused with a diagnostic; every other shader must
//! be rewritten into one whose barriers are all uniform.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use shaderxform::passes::analysis::uniformity::Uniformity;
use shaderxform::passes::{PassManager, RunError};
use shaderxform::{
    render_all, ColorChoice, Compiler, EmitOptions, FailureKind, InputFormat, Options,
    OutputFormat, PassSelection, Source, Target,
};

fn hoisting() -> Compiler {
    Compiler::new(Options {
        passes: PassSelection::Named(vec![shaderxform::passes::hoist_barriers::NAME.into()]),
        ..Options::default()
    })
    .unwrap()
}

fn no_divergent_barrier_in(name: &str, text: &str) {
    // Tint needs `enable subgroups;`, which naga's reader does not know.
    let text = &text.replace("enable subgroups;\n", "");
    let module = naga::front::wgsl::parse_str(text)
        .unwrap_or_else(|e| panic!("{name}: the output does not parse: {e}"));
    let violations = Uniformity::analyze(&module).violations().len();
    assert_eq!(
        violations, 0,
        "{name}: the output still has a divergent barrier:\n{text}"
    );
}

#[test]
fn hoisted_shaders_are_rewritten_valid_and_uniform() {
    insta::glob!("../corpus/hoist-barriers", "*.wgsl", |path| {
        let name = common::stem(path);
        if name.starts_with("error_") || name.starts_with("uniform_") {
            return;
        }
        let relative = common::display(path);
        let source = Source::read(relative.as_ref(), None).unwrap();
        let compiler = hoisting();
        let transformed = compiler
            .transform(&source)
            .unwrap_or_else(|f| panic!("{relative}: {f}"));
        let changes = &transformed.passes[0].changes;
        assert!(
            changes
                .iter()
                .any(|c| c.kind == "split-if" || c.kind == "workgroup-uniform-load"),
            "{relative}: nothing rewritten"
        );
        // The input was still wrong: one warning per divergent barrier of
        // the input, at the barrier, saying which rewrite fixed it.
        // Read as the pipeline reads it (`enable subgroups;` included).
        let input = shaderxform::front::parse(&source, &Default::default())
            .unwrap_or_else(|d| panic!("{relative}: {d:?}"))
            .module;
        let divergent: Vec<_> = Uniformity::analyze(&input)
            .violations()
            .into_iter()
            .map(|(_, r)| r.span)
            .collect();
        // Notes name the loops that now decide their trip count together.
        let warnings: Vec<_> = transformed.passes[0]
            .diagnostics
            .iter()
            .filter(|d| d.severity != shaderxform::Severity::Note)
            .collect();
        assert_eq!(warnings.len(), divergent.len(), "{relative}: {warnings:?}");
        for span in &divergent {
            assert!(
                warnings
                    .iter()
                    .any(|w| w.labels.iter().any(|l| l.span == *span)),
                "{relative}: no warning points at {span:?}"
            );
        }
        for warning in warnings {
            assert_eq!(
                warning.severity,
                shaderxform::Severity::Warning,
                "{relative}"
            );
            assert_eq!(
                warning.code.as_deref(),
                Some("hoist-barriers::divergent-barrier"),
                "{relative}"
            );
            assert!(
                warning
                    .notes
                    .iter()
                    .any(|n| n.starts_with("fixed by hoist-barriers: ")),
                "{relative}: a warning without the rewrite that fixed it: {warning:?}"
            );
        }
        let output = common::wgsl(&compiler, &source);
        assert_eq!(
            output,
            common::wgsl(&compiler, &source),
            "{relative}: not deterministic"
        );
        no_divergent_barrier_in(&relative, &output);
        // Every format validates (the pipeline validates before writing).
        for format in [
            OutputFormat::SpirvAssembly,
            OutputFormat::Hlsl,
            OutputFormat::Msl,
            OutputFormat::Glsl,
        ] {
            compiler
                .emit(&source, &transformed, format)
                .unwrap_or_else(|f| panic!("{relative} -> {format}: {f}"));
        }
        let report: Vec<String> = changes
            .iter()
            .map(|c| {
                let line = c.span.location(source.text().unwrap()).line_number;
                format!("{} at line {line}: {} {:?}", c.kind, c.message, c.details)
            })
            .collect();
        insta::assert_snapshot!("changes", report.join("\n"));
        insta::assert_snapshot!("wgsl", output);
    });
}

/// glslang writes an HLSL entry point's early `return` as a `break` out of
/// a `switch` that runs once, and the loops it reads back load their
/// variables at the top of the body: the pass unwraps the `switch`, keeps
/// the returning invocations alive and makes the loop vote.
#[test]
fn an_early_return_in_an_hlsl_entry_point_is_kept_alive() {
    let relative = "corpus/hoist-barriers/hlsl_entry_early_return.hlsl";
    let source = Source::read(relative.as_ref(), None).unwrap();
    let compiler = hoisting();
    let transformed = compiler
        .transform(&source)
        .unwrap_or_else(|f| panic!("{relative}: {f}"));
    let kinds: BTreeSet<&str> = transformed.passes[0]
        .changes
        .iter()
        .map(|c| c.kind.as_str())
        .collect();
    for kind in ["unwrap-switch", "predicate-early-exit", "split-if"] {
        assert!(kinds.contains(kind), "{relative}: no {kind} in {kinds:?}");
    }
    let warnings: Vec<_> = transformed.passes[0]
        .diagnostics
        .iter()
        .filter(|d| d.severity != shaderxform::Severity::Note)
        .collect();
    assert!(!warnings.is_empty());
    assert!(warnings
        .iter()
        .all(|w| w.severity == shaderxform::Severity::Warning));
    let output = common::wgsl(&compiler, &source);
    no_divergent_barrier_in(relative, &output);
    for format in [
        OutputFormat::SpirvAssembly,
        OutputFormat::Hlsl,
        OutputFormat::Msl,
    ] {
        compiler
            .emit(&source, &transformed, format)
            .unwrap_or_else(|f| panic!("{relative} -> {format}: {f}"));
    }
}

#[test]
fn unprovable_barriers_stay_errors_with_their_causes() {
    insta::glob!("../corpus/hoist-barriers", "error_*.wgsl", |path| {
        let relative = common::display(path);
        let source = Source::read(relative.as_ref(), None).unwrap();
        let failure = hoisting()
            .transform(&source)
            .expect_err("a barrier that cannot be hoisted is refused");
        assert_eq!(failure.kind, FailureKind::Refused, "{relative}");
        assert!(
            failure
                .diagnostics
                .iter()
                .all(|d| d.is_error()
                    && d.code.as_deref() == Some("hoist-barriers::divergent-barrier")),
            "{relative}: {:?}",
            failure.diagnostics
        );
        assert!(
            failure
                .diagnostics
                .iter()
                .all(|d| d.notes.iter().any(|n| n.starts_with("no fix applied: "))),
            "{relative}: every error says why no fix was applied"
        );
        insta::assert_snapshot!(
            "diagnostics",
            render_all(&failure.diagnostics, &source, ColorChoice::Never)
        );
    });
}

#[test]
fn uniform_barriers_are_neither_diagnosed_nor_changed() {
    for (path, source) in common::corpus("hoist-barriers") {
        if !common::stem(&path).starts_with("uniform_") {
            continue;
        }
        let transformed = hoisting().transform(&source).unwrap();
        assert!(transformed.passes[0].changes.is_empty());
        assert!(transformed.passes[0].diagnostics.is_empty());
        assert_eq!(
            common::wgsl(&hoisting(), &source),
            common::wgsl(&common::translator(EmitOptions::default()), &source),
            "{}",
            path.display()
        );
    }
}

#[test]
fn tint_accepts_the_hoisted_wgsl() {
    let compiler = hoisting();
    let shaders: Vec<(String, String)> = common::corpus("hoist-barriers")
        .into_iter()
        .filter(|(p, _)| !common::stem(p).starts_with("error_"))
        .map(|(path, source)| (common::display(&path), common::wgsl(&compiler, &source)))
        .collect();
    common::assert_tint_accepts(&shaders);
}

/// Every WGSL shader under corpus/, recursively, but the uniformity test
/// set: tests/uniformity_tint.rs compares the analysis with Tint there, case
/// by case.
fn all_corpus_wgsl() -> Vec<PathBuf> {
    common::corpus_files_where(|p| {
        p.extension().is_some_and(|e| e == "wgsl") && !p.starts_with("corpus/uniformity")
    })
}

const TINT_BARRIER_UNIFORMITY: &str = "must only be called from uniform control flow";
const BARRIER_NAMES: [&str; 4] = [
    "'workgroupBarrier'",
    "'storageBarrier'",
    "'textureBarrier'",
    "'workgroupUniformLoad'",
];

/// We find a divergent barrier in exactly the shaders where Tint does, and
/// at every line where Tint reports one, over every WGSL shader of the
/// corpus but corpus/uniformity. Shaders naga cannot read without a
/// pass (float atomic min/max) are read after `float-atomics`, which
/// keeps the spans of what it rewrites.
#[test]
fn divergent_barriers_are_found_exactly_where_tint_finds_them() {
    let paths = all_corpus_wgsl();
    // The pipeline's front end (it handles `enable` directives naga does
    // not know) and its pass manager with float-atomics, which changes
    // only what naga would reject. The manager's own check refuses the
    // divergent shaders: their module, read, is what is compared.
    let manager = PassManager::with_builtin_passes();
    let float_atomics = PassSelection::Named(vec![shaderxform::passes::float_atomics::NAME.into()]);
    // The f64 shaders need 64-bit atomics to be read at all.
    let target = Target {
        int64_atomic_min_max: true,
        int64_atomic_all_ops: true,
        float64: true,
        ..Target::default()
    };
    let mut shaders = Vec::new();
    let mut ours = Vec::new();
    for path in &paths {
        let relative = common::display(path);
        let source = Source::read(relative.as_ref(), None).unwrap();
        let text = source.text().unwrap().to_string();
        let mut module = shaderxform::front::parse(&source, &Default::default())
            .unwrap_or_else(|d| panic!("{relative}: {d:?}"))
            .module;
        // Shaders that break a rule before any barrier matters
        // (corpus/regressions holds some, refused as Tint refuses them).
        if shaderxform::front::refuse_before_passes(&module, &source).is_err() {
            continue;
        }
        match manager.run(&mut module, &float_atomics, &BTreeMap::new(), &target) {
            Ok(_) | Err(RunError::DivergentBarriers { .. }) => {}
            Err(e) => panic!("{relative}: {e:?}"),
        }
        let lines: BTreeSet<usize> = Uniformity::analyze(&module)
            .violations()
            .into_iter()
            .filter_map(|(_, r)| {
                let span = r.barrier_span();
                span.is_defined()
                    .then(|| span.location(&text).line_number as usize)
            })
            .collect();
        ours.push(lines);
        shaders.push((relative, text));
    }
    assert!(
        ours.iter().any(|l| !l.is_empty()),
        "the corpus holds divergent barriers"
    );
    let Some(results) = common::tint_check(&shaders) else {
        return;
    };
    let mut disagreements = Vec::new();
    for ((result, lines), (name, _)) in results.iter().zip(&ours).zip(&shaders) {
        let tint: BTreeSet<usize> = result
            .messages
            .iter()
            .filter(|m| m["type"] == "error")
            .filter(|m| {
                let text = m["message"].as_str().unwrap_or("");
                text.contains(TINT_BARRIER_UNIFORMITY)
                    && BARRIER_NAMES.iter().any(|b| text.contains(b))
            })
            .map(|m| m["line"].as_u64().unwrap_or(0) as usize)
            .collect();
        // Tint stops at the first uniformity error of a function it
        // reaches, so it may name fewer barriers than we do: every line it
        // names must be ours, and it must name one where we do.
        if !tint.is_subset(lines) || tint.is_empty() != lines.is_empty() {
            disagreements.push(format!("{name}: Tint at lines {tint:?}, we at {lines:?}"));
        }
    }
    assert!(disagreements.is_empty(), "{}", disagreements.join("\n"));
}

#[test]
fn spirv_control_barriers_are_analysed_too() {
    let source = Source::read(
        "corpus/translate/spv_workgroup_reverse_u32.spvasm".as_ref(),
        None,
    )
    .unwrap();
    assert_eq!(source.format, InputFormat::SpirvAssembly);
    let transformed = hoisting().transform(&source).unwrap();
    let report = &transformed.passes[0];
    // The pass ran (it is skipped on modules without barriers) and found
    // the OpControlBarrier uniform.
    assert!(report.skipped.is_none(), "{report:?}");
    assert!(report.diagnostics.is_empty() && report.changes.is_empty());
}

/// `shaderxform check` exits 1 on a barrier that stays divergent, with the
/// barrier's `file:line:col`, and 0 with a warning once the pass can hoist
/// it.
#[test]
fn check_exits_1_on_a_divergent_barrier_it_cannot_hoist() {
    let run = |shader: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_shaderxform"))
            .args(["check", shader, "--passes", "hoist-barriers"])
            .current_dir(common::root())
            .output()
            .expect("the binary runs")
    };
    let refused = run("corpus/hoist-barriers/error_switch_selector.wgsl");
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert_eq!(refused.status.code(), Some(1), "{stderr}");
    assert!(
        stderr.contains("error_switch_selector.wgsl:9:13")
            && stderr.contains("is reached in non-uniform control flow"),
        "{stderr}"
    );
    let hoisted = run("corpus/hoist-barriers/early_return_guard.wgsl");
    let stderr = String::from_utf8_lossy(&hoisted.stderr);
    assert_eq!(hoisted.status.code(), Some(0), "{stderr}");
    assert!(
        stderr.contains("warning[hoist-barriers::divergent-barrier]")
            && stderr.contains("early_return_guard.wgsl:15:5")
            && stderr
                .contains("fixed by hoist-barriers: the invocations that return early stay alive"),
        "{stderr}"
    );
}
