//! Bevy's shaders (`corpus/bevy`, MIT or Apache-2.0) in both its dialects:
//! WESL (Bevy 0.20, `corpus/bevy/wesl`, its crates as packages with `-I
//! wesl/crates`) and naga_oil's (its last commit before WESL,
//! `corpus/bevy/naga_oil`, its crates' modules with `-I naga_oil/crates`),
//! each under the sets of defs its verdict file names. Every entry shader
//! Bevy's own composer (the `wesl` crate; naga_oil) composes and naga
//! validates, shaderxform reads, but those listed in [`REFUSED`] (a rule
//! of WGSL naga does not check), each refused with its code at a place in
//! its file. Every output is valid (naga and spirv-val when it is written,
//! Tint here), and byte for byte the same from run to run.

mod common;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use shaderxform::front::FrontOptions;
use shaderxform::{
    Compiler, EmitOptions, Failure, InputFormat, Options, OutputFormat, PassSelection, Source,
    WgslTarget,
};

/// Shaders Bevy composes that shaderxform refuses, with the code: both
/// sample a texture where only some fragments of a quad may be (after a
/// fragment-dependent `continue` in motion blur, inside a branch on the
/// UV in the UI material), which WGSL forbids and Tint refuses; naga does
/// not check derivative uniformity.
const REFUSED: &[(&str, &str)] = &[
    (
        "assets/shaders/custom_ui_material.wesl",
        "uniformity::divergent-derivative",
    ),
    (
        "crates/bevy_post_process/src/motion_blur/motion_blur.wesl",
        "uniformity::divergent-derivative",
    ),
    (
        "crates/bevy_post_process/src/motion_blur/motion_blur.wgsl",
        "uniformity::divergent-derivative",
    ),
];

/// A dialect's folder under `corpus/bevy`, its verdict file, the
/// extension of its shaders and how many of them have an entry point.
const DIALECTS: &[(&str, &str, &str, usize)] = &[
    ("wesl", "wesl-crate-composes.toml", "wesl", 123),
    ("naga_oil", "naga-oil-composes.toml", "wgsl", 81),
];

#[derive(serde::Deserialize)]
struct DefSet {
    defs: Vec<String>,
    shaders: Vec<String>,
}

fn corpus() -> PathBuf {
    common::root().join("corpus/bevy")
}

fn entry_shaders(dialect: &str, extension: &str) -> Vec<String> {
    let root = corpus().join(dialect);
    let mut found = Vec::new();
    let mut stack = vec![root.clone()];
    while let Some(dir) = stack.pop() {
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == extension) {
                let text = std::fs::read_to_string(&path).unwrap();
                if ["@compute", "@vertex", "@fragment"]
                    .iter()
                    .any(|stage| text.contains(stage))
                {
                    let relative = path.strip_prefix(&root).unwrap();
                    found.push(relative.to_string_lossy().replace('\\', "/"));
                }
            }
        }
    }
    found.sort();
    found
}

fn compiler(dialect: &str, defs: &[String], lenient: bool, wgsl_for: WgslTarget) -> Compiler {
    Compiler::new(Options {
        passes: PassSelection::None,
        front: FrontOptions {
            defines: defs
                .iter()
                .map(|d| shaderxform::front::parse_define(d))
                .collect(),
            include_dirs: vec![corpus().join(dialect).join("crates")],
            // `--diagnostic derivative_uniformity=warning`
            diagnostics: if lenient {
                vec![shaderxform::front::parse_diagnostic("derivative_uniformity=warning").unwrap()]
            } else {
                Vec::new()
            },
            ..FrontOptions::default()
        },
        emit: EmitOptions {
            wgsl_for,
            ..EmitOptions::default()
        },
        ..Options::default()
    })
    .unwrap()
}

/// What one shader gives: its WGSL and SPIR-V (SPIR-V alone where no WGSL
/// holds what it uses), or its failure.
enum Outcome {
    Read {
        wgsl: Option<String>,
        spirv: Vec<u8>,
    },
    Refused(Failure),
}

fn source(dialect: &str, shader: &str) -> Source {
    let path = corpus().join(dialect).join(shader);
    Source::new(
        common::display(&path),
        InputFormat::Wgsl,
        std::fs::read(&path).unwrap(),
    )
}

/// Compiles one shader; `lenient` gives `derivative_uniformity` the
/// severity `warning`, as `--diagnostic derivative_uniformity=warning` does.
fn compile(dialect: &str, shader: &str, defs: &[String], lenient: bool) -> Outcome {
    let source = source(dialect, shader);
    let both = [OutputFormat::Wgsl, OutputFormat::SpirvBinary];
    match compiler(dialect, defs, lenient, WgslTarget::Tint).compile(&source, &both) {
        Ok(compiled) => Outcome::Read {
            wgsl: Some(compiled.outputs[0].text().unwrap().to_string()),
            spirv: compiled.outputs[1].bytes.clone(),
        },
        Err(failure) if wgsl_cannot_hold(&failure) => {
            match compiler(dialect, defs, lenient, WgslTarget::Tint)
                .compile(&source, &[OutputFormat::SpirvBinary])
            {
                Ok(compiled) => Outcome::Read {
                    wgsl: None,
                    spirv: compiled.outputs[0].bytes.clone(),
                },
                Err(failure) => Outcome::Refused(failure),
            }
        }
        Err(failure) => Outcome::Refused(failure),
    }
}

/// Whether WGSL alone cannot hold what the shader uses (ray queries, a
/// binding array of buffers for Tint).
fn wgsl_cannot_hold(failure: &Failure) -> bool {
    failure
        .diagnostics
        .iter()
        .filter(|d| d.is_error())
        .all(|d| d.code.as_deref() == Some("emit::unsupported"))
}

#[test]
fn bevy_shaders_compose_as_bevy_composes_them() {
    let mut faults = Vec::new();
    let mut wgsl = Vec::new();
    for &(dialect, verdicts, extension, count) in DIALECTS {
        let text = std::fs::read_to_string(corpus().join(verdicts)).unwrap();
        let sets: BTreeMap<String, DefSet> = toml::from_str(&text).unwrap();
        let entries = entry_shaders(dialect, extension);
        assert_eq!(entries.len(), count, "entry shaders of {dialect}");
        for (name, set) in &sets {
            let mut read = 0;
            let mut read_with_warning = 0;
            let mut outputs = BTreeMap::new();
            for shader in &entries {
                let label = format!("{dialect}/{shader} [{name}]");
                let bevy_composes = set.shaders.contains(shader);
                let refused = REFUSED.iter().find(|(s, _)| s == shader).map(|(_, c)| *c);
                match compile(dialect, shader, &set.defs, false) {
                    Outcome::Read { wgsl: text, spirv } => {
                        read += 1;
                        if let Some(text) = &text {
                            wgsl.push((label.clone(), text.clone()));
                        }
                        outputs.insert(shader.clone(), (text, spirv));
                    }
                    Outcome::Refused(failure) => {
                        let error = failure.diagnostics.iter().find(|d| d.is_error());
                        let code = error.and_then(|d| d.code.clone()).unwrap_or_default();
                        let file = error
                            .and_then(|d| d.labels.first())
                            .and_then(|l| l.file.as_ref().map(|f| f.name.clone()));
                        if code == "internal" {
                            faults.push(format!("{label}: internal error: {failure}"));
                        } else if bevy_composes && refused == Some(code.as_str()) {
                            // With the rule a warning, it is read.
                            match compile(dialect, shader, &set.defs, true) {
                                Outcome::Read {
                                    wgsl: Some(text), ..
                                } => {
                                    read_with_warning += 1;
                                    wgsl.push((format!("{label} [warning]"), text));
                                }
                                _ => faults.push(format!(
                                    "{label}: not read with derivative_uniformity a warning"
                                )),
                            }
                        } else if bevy_composes && refused != Some(code.as_str()) {
                            faults.push(format!("{label}: Bevy composes it, refused: {failure}"));
                        } else if bevy_composes
                            && file.is_some_and(|f| !f.ends_with(&format!(".{extension}")))
                        {
                            faults.push(format!("{label}: refused outside its files: {failure}"));
                        }
                    }
                }
            }
            let composes = set.shaders.len();
            let refused_of_those = REFUSED
                .iter()
                .filter(|(s, _)| set.shaders.iter().any(|c| c == s))
                .count();
            eprintln!(
                "{dialect} {name}: Bevy's composer {composes} of {}, shaderxform {read} ({refused_of_those} refused for a WGSL rule; {} more with `--diagnostic derivative_uniformity=warning`)",
                entries.len(),
                read_with_warning
            );
            // Run to run, the same bytes.
            for (shader, (text, spirv)) in outputs.iter().take(20) {
                if let Outcome::Read {
                    wgsl: again,
                    spirv: spirv_again,
                } = compile(dialect, shader, &set.defs, false)
                {
                    if &again != text || &spirv_again != spirv {
                        faults.push(format!(
                            "{dialect}/{shader} [{name}]: another run wrote other bytes"
                        ));
                    }
                }
            }
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n\n"));
    common::assert_tint_accepts(&wgsl);
}

#[test]
fn refusals_point_into_the_wesl_file() {
    let text = std::fs::read_to_string(corpus().join("wesl-crate-composes.toml")).unwrap();
    let sets: BTreeMap<String, DefSet> = toml::from_str(&text).unwrap();
    let defs = &sets["pbr"].defs;
    let Outcome::Refused(failure) = compile("wesl", REFUSED[1].0, defs, false) else {
        panic!("motion blur samples after a divergent `continue`");
    };
    let rendered = shaderxform::render(
        &failure.diagnostics[0],
        &source("wesl", REFUSED[1].0),
        shaderxform::ColorChoice::Never,
    );
    let file = Path::new("corpus/bevy/wesl").join(REFUSED[1].0);
    assert!(
        rendered.contains(&format!("{}:", file.display())) && rendered.contains("textureSample"),
        "{rendered}"
    );
}
