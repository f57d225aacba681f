//! hoist-barriers on the cases of corpus/uniformity that Tint rejects for a
//! divergent barrier: what it writes, Tint accepts. The analysis that
//! decides a rewrite is done agrees with Tint on the rewritten shader too.

mod common;

use std::collections::BTreeMap;

use shaderxform::{Compiler, Options, OutputFormat, PassSelection, Source};

#[derive(serde::Deserialize)]
struct Verdict {
    verdict: String,
    message: Option<String>,
}

#[derive(serde::Deserialize)]
struct VerdictsFile {
    cases: BTreeMap<String, Verdict>,
}

#[test]
fn tint_accepts_every_hoisted_case() {
    let root = common::root();
    let text = std::fs::read_to_string(root.join("corpus/uniformity/tint-verdicts.json"))
        .expect("recorded verdicts");
    let verdicts: VerdictsFile = serde_json::from_str(&text).expect("verdicts parse");
    let hoisting = Compiler::new(Options {
        passes: PassSelection::Named(vec![shaderxform::passes::hoist_barriers::NAME.into()]),
        ..Options::default()
    })
    .unwrap();
    let mut hoisted = Vec::new();
    let mut refused = 0;
    for (name, verdict) in &verdicts.cases {
        let about_a_barrier = verdict.message.as_deref().is_some_and(|m| {
            [
                "'workgroupBarrier'",
                "'storageBarrier'",
                "'textureBarrier'",
                "'workgroupUniformLoad'",
            ]
            .iter()
            .any(|b| m.contains(b))
        });
        if verdict.verdict == "uniform" || !about_a_barrier {
            continue;
        }
        let path = format!("corpus/uniformity/{name}.wgsl");
        let source = Source::read(path.as_ref(), None).unwrap();
        match hoisting.compile(&source, &[OutputFormat::Wgsl]) {
            Ok(compiled) => hoisted.push((
                name.clone(),
                compiled.outputs[0].text().expect("WGSL").to_string(),
            )),
            Err(failure) => {
                assert!(
                    failure
                        .diagnostics
                        .iter()
                        .any(|d| d.code.as_deref() == Some("hoist-barriers::divergent-barrier")),
                    "{name}: {failure}"
                );
                refused += 1;
            }
        }
    }
    assert!(
        hoisted.len() > 10 * refused,
        "{} hoisted, {refused} refused",
        hoisted.len()
    );
    common::assert_tint_accepts(&hoisted);
}
