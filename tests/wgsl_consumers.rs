//! The WGSL written for each reader is read by it: every shader of every
//! corpus folder, compiled as a new user would (default passes), written
//! for Tint passes Tint (Dawn's node bindings), and written for wgpu loads
//! in wgpu 30 (`create_shader_module`, and a compute pipeline for each
//! compute entry point) without a validation error. No shader of the
//! corpus may end in an internal error.
//!
//! Without an adapter the wgpu half skips with a message, unless
//! SHADERXFORM_REQUIRE_GPU=1, when it fails.

#![cfg(feature = "gpu")]

mod common;

use std::collections::HashMap;
use std::path::PathBuf;

use shaderxform::gpu::device::Gpu;
use shaderxform::{
    Compiler, EmitOptions, FailureKind, InputFormat, Options, OutputFormat, Source, WgslTarget,
};

fn gpu_required() -> bool {
    std::env::var_os("SHADERXFORM_REQUIRE_GPU").is_some_and(|v| v != "0")
}

/// Every shader of the corpus; not the files shaders `#include`, nor the
/// uniformity test set (cases of analysis verdicts, some of which Tint
/// rejects by design: tests/uniformity_tint.rs has them) but for its cases
/// with diagnostic filters that Tint accepts, which the WGSL written must
/// keep.
fn corpus_shaders() -> Vec<PathBuf> {
    let filtered = filtered_uniformity_cases_tint_accepts();
    common::corpus_files_where(|p| {
        InputFormat::from_path(p, None).is_some()
            && !p.components().any(|c| c.as_os_str() == "include")
            && (!p.components().any(|c| c.as_os_str() == "uniformity")
                || filtered.iter().any(|f| p.ends_with(f)))
    })
}

/// The uniformity cases whose source has a diagnostic filter and whose
/// recorded Tint verdict is uniform (corpus/uniformity/tint-verdicts.json).
fn filtered_uniformity_cases_tint_accepts() -> Vec<String> {
    let folder = common::root().join("corpus/uniformity");
    let verdicts: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(folder.join("tint-verdicts.json")).expect("verdicts"),
    )
    .expect("verdicts are JSON");
    let cases = verdicts["cases"].as_object().expect("cases");
    let filtered: Vec<String> = cases
        .iter()
        .filter(|(_, v)| v["verdict"] == "uniform")
        .map(|(name, _)| format!("{name}.wgsl"))
        .filter(|file| {
            std::fs::read_to_string(folder.join(file))
                .is_ok_and(|text| text.contains("diagnostic("))
        })
        .collect();
    assert!(filtered.len() >= 4, "{filtered:?}");
    filtered
}

fn compiler(reader: WgslTarget) -> Compiler {
    Compiler::new(Options {
        emit: EmitOptions {
            wgsl_for: reader,
            ..EmitOptions::default()
        },
        // GLSL as naga's reader reads it, as the other corpus sweeps do;
        // tests/glslang.rs checks the glslang route on corpus/glsl.
        front: shaderxform::front::FrontOptions {
            glsl_front: shaderxform::front::GlslFront::Naga,
            ..Default::default()
        },
        ..Options::default()
    })
    .expect("default options")
}

/// `(name, WGSL)` of every corpus shader that compiles, for `reader`;
/// panics on an internal error. The shaders that fail for a reason of
/// their own (a refused rewrite, an input error) are listed, not failed.
fn wgsl_of_the_corpus(reader: WgslTarget) -> Vec<(String, String)> {
    let compiler = compiler(reader);
    let mut written = Vec::new();
    let mut internal = Vec::new();
    for path in corpus_shaders() {
        let name = common::display(&path);
        let source = Source::read(&path, None).expect("readable");
        match compiler.compile(&source, &[OutputFormat::Wgsl]) {
            Ok(compiled) => written.push((name, compiled.outputs[0].text().unwrap().to_string())),
            Err(f) if f.kind == FailureKind::Internal => internal.push(format!("{name}: {f}")),
            Err(f) => eprintln!("not written ({:?}): {name}: {f}", f.kind),
        }
    }
    assert!(
        internal.is_empty(),
        "internal errors:\n{}",
        internal.join("\n")
    );
    assert!(
        written.len() >= 60,
        "only {} shaders written",
        written.len()
    );
    written
}

#[test]
fn wgsl_written_for_tint_passes_tint_for_every_corpus_shader() {
    let shaders = wgsl_of_the_corpus(WgslTarget::Tint);
    assert!(
        shaders
            .iter()
            .any(|(_, wgsl)| wgsl.contains("enable subgroups;")),
        "Tint needs `enable subgroups;` before subgroup operations"
    );
    // WGSL has no 64-bit types; naga reads and writes them as an
    // extension of its own, which wgpu takes and Tint does not.
    let (wide, shaders): (Vec<_>, Vec<_>) = shaders
        .into_iter()
        .partition(|(_, wgsl)| ["f64", "u64", "i64"].iter().any(|t| wgsl.contains(t)));
    assert!(
        wide.iter().all(|(name, _)| name.contains("f64")),
        "{wide:?}"
    );
    common::assert_tint_accepts(&shaders);
}

/// The device features a shader's text asks for.
fn needed_features(wgsl: &str) -> wgpu::Features {
    let mut needed = wgpu::Features::empty();
    let mut need = |yes: bool, feature| {
        if yes {
            needed |= feature;
        }
    };
    need(wgsl.contains("f16"), wgpu::Features::SHADER_F16);
    need(wgsl.contains("f64"), wgpu::Features::SHADER_F64);
    need(wgsl.contains("subgroup"), wgpu::Features::SUBGROUP);
    need(
        wgsl.contains("atomic<u64>") || wgsl.contains("atomic<i64>"),
        wgpu::Features::SHADER_INT64_ATOMIC_ALL_OPS,
    );
    need(
        wgsl.contains("u64") || wgsl.contains("i64"),
        wgpu::Features::SHADER_INT64,
    );
    need(
        wgsl.contains("primitive_index"),
        wgpu::Features::PRIMITIVE_INDEX,
    );
    need(
        wgsl.contains("texture_external"),
        wgpu::Features::EXTERNAL_TEXTURE,
    );
    need(
        wgsl.contains("bgra8unorm"),
        wgpu::Features::BGRA8UNORM_STORAGE,
    );
    need(
        wgsl.contains("binding_array<"),
        wgpu::Features::TEXTURE_BINDING_ARRAY,
    );
    // WebGPU reads and writes one storage texture only in r32 formats.
    need(
        wgsl.lines().any(|l| {
            l.contains("texture_storage_")
                && l.contains("read_write")
                && !["r32float", "r32uint", "r32sint"]
                    .iter()
                    .any(|f| l.contains(f))
        }),
        wgpu::Features::TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES,
    );
    needed
}

#[test]
fn wgsl_written_for_wgpu_loads_in_wgpu_for_every_corpus_shader() {
    let shaders = wgsl_of_the_corpus(WgslTarget::Wgpu);
    assert!(
        shaders
            .iter()
            .all(|(_, wgsl)| !wgsl.contains("enable subgroups;")),
        "naga 30 refuses `enable subgroups;`"
    );
    let gpu = match Gpu::shared(None, None) {
        Ok(gpu) => gpu,
        Err(e) => {
            assert!(!gpu_required(), "SHADERXFORM_REQUIRE_GPU is set: {e:?}");
            eprintln!("skipping: {e:?}");
            return;
        }
    };
    let device = gpu.device();
    let mut loaded = 0;
    let mut pipelines = 0;
    let mut skipped = Vec::new();
    let mut rejected = Vec::new();
    for (name, wgsl) in &shaders {
        let missing = needed_features(wgsl) - gpu.features;
        if !missing.is_empty() {
            skipped.push(format!("{name} (needs {missing:?})"));
            continue;
        }
        let module = naga::front::wgsl::parse_str(wgsl).unwrap_or_else(|e| {
            panic!("{name}: naga does not read the WGSL written for wgpu: {e}")
        });
        // Overrides without a default need a value to make a pipeline.
        let constants: HashMap<String, f64> = module
            .overrides
            .iter()
            .filter(|(_, o)| o.init.is_none())
            .map(|(_, o)| {
                let key = match o.id {
                    Some(id) => id.to_string(),
                    None => o.name.clone().expect("a named override"),
                };
                (key, 1.0)
            })
            .collect();
        let constants: Vec<(&str, f64)> = constants.iter().map(|(k, v)| (k.as_str(), *v)).collect();
        let scope = device.push_error_scope(wgpu::ErrorFilter::Validation);
        let shader = device.create_shader_module(wgpu::ShaderModuleDescriptor {
            label: Some(name),
            source: wgpu::ShaderSource::Wgsl(wgsl.as_str().into()),
        });
        for ep in module
            .entry_points
            .iter()
            .filter(|ep| ep.stage == naga::ShaderStage::Compute)
        {
            let _pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                label: Some(name),
                layout: None,
                module: &shader,
                entry_point: Some(&ep.name),
                compilation_options: wgpu::PipelineCompilationOptions {
                    constants: &constants,
                    zero_initialize_workgroup_memory: true,
                },
                cache: None,
            });
            pipelines += 1;
        }
        match pollster::block_on(scope.pop()) {
            Some(error) => rejected.push(format!("{name}: {error}")),
            None => loaded += 1,
        }
    }
    eprintln!(
        "wgpu loaded {loaded} shaders ({pipelines} compute pipelines); skipped for missing features: {}",
        skipped.join(", ")
    );
    assert!(
        rejected.is_empty(),
        "wgpu rejects the WGSL written for it:\n{}",
        rejected.join("\n\n")
    );
    assert!(loaded >= 40, "only {loaded} shaders loaded");
}

#[test]
fn wgsl_for_wgpu_leaves_out_only_what_naga_refuses() {
    let source = Source::read(
        &common::root().join("corpus/emission/subgroup_vote_count.wgsl"),
        None,
    )
    .unwrap();
    let tint = common::wgsl(&compiler(WgslTarget::Tint), &source);
    let wgpu = common::wgsl(&compiler(WgslTarget::Wgpu), &source);
    assert!(tint.starts_with("enable subgroups;\n"), "{tint}");
    assert!(!wgpu.contains("enable subgroups;"), "{wgpu}");
    assert_eq!(tint.replacen("enable subgroups;\n\n", "", 1), wgpu);
    // What naga 30 reads as wgpu hands it over.
    naga::front::wgsl::parse_str(&wgpu).expect("naga reads the WGSL for wgpu");
    let refused =
        naga::front::wgsl::parse_str(&tint).expect_err("naga refuses `enable subgroups;`");
    assert!(refused.to_string().contains("subgroups"), "{refused}");
}
