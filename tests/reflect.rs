//! The reflection of the written interface: it follows its JSON Schema for
//! every corpus shader, it says what the passes changed, and a host that
//! builds its bind group layouts from it alone gets pipelines that wgpu 30
//! accepts for the WGSL written, and bind groups made from it fit the
//! layouts wgpu reflects itself (lavapipe, or skipped without an adapter
//! unless SHADERXFORM_REQUIRE_GPU=1).

#[cfg(feature = "gpu")]
#[path = "reflect/auto_layout.rs"]
mod auto_layout;
mod common;
#[path = "reflect/pipelines.rs"]
mod pipelines;

use std::path::PathBuf;

use shaderxform::host::{Accumulation, FloatEncoding};
use shaderxform::reflect::{Binding, Reflection, Rewritten};
use shaderxform::{Compiler, EmitOptions, FailureKind, InputFormat, Options, Source, WgslTarget};

/// Every shader of the corpus but headers and the uniformity verdict cases.
fn corpus_shaders() -> Vec<PathBuf> {
    common::corpus_files_where(|p| {
        InputFormat::from_path(p, None).is_some()
            && !p
                .components()
                .any(|c| c.as_os_str() == "include" || c.as_os_str() == "uniformity")
    })
}

fn compiler(reader: WgslTarget) -> Compiler {
    Compiler::new(Options {
        emit: EmitOptions {
            wgsl_for: reader,
            ..EmitOptions::default()
        },
        front: shaderxform::front::FrontOptions {
            glsl_front: shaderxform::front::GlslFront::Naga,
            ..Default::default()
        },
        ..Options::default()
    })
    .expect("default options")
}

/// `(name, reflection, WGSL)` of every corpus shader that compiles.
fn reflected_corpus(reader: WgslTarget) -> Vec<(String, Reflection, String)> {
    let compiler = compiler(reader);
    let mut out = Vec::new();
    for path in corpus_shaders() {
        let name = common::display(&path);
        let source = Source::read(&path, None).expect("readable");
        match compiler.compile(&source, &[shaderxform::OutputFormat::Wgsl]) {
            Ok(compiled) => out.push((
                name,
                compiled.transformed.reflection(),
                compiled.outputs[0].text().unwrap().to_string(),
            )),
            Err(f) => assert!(f.kind != FailureKind::Internal, "{name}: {f}"),
        }
    }
    assert!(out.len() >= 60, "only {} shaders compiled", out.len());
    out
}

fn schema_validator() -> jsonschema::Validator {
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(common::root().join("docs/reflection.schema.json")).unwrap(),
    )
    .unwrap();
    jsonschema::validator_for(&schema).expect("the schema is valid")
}

#[test]
fn every_corpus_reflection_follows_the_schema() {
    let validator = schema_validator();
    let mut kinds = std::collections::BTreeSet::new();
    for (name, reflection, _) in reflected_corpus(WgslTarget::Tint) {
        let json: serde_json::Value = serde_json::from_str(&reflection.to_json()).unwrap();
        let errors: Vec<String> = validator
            .iter_errors(&json)
            .map(|e| format!("{} at {}", e, e.instance_path()))
            .collect();
        assert!(errors.is_empty(), "{name}:\n{}", errors.join("\n"));
        kinds.extend(reflection.bindings.iter().map(|b| b.kind));
    }
    // The corpus exercises the kinds a host binds most.
    for kind in [
        "uniform-buffer",
        "storage-buffer",
        "sampler",
        "sampled-texture",
        "storage-texture",
    ] {
        assert!(kinds.contains(kind), "no {kind} in the corpus: {kinds:?}");
    }
    // And the schema refuses what it must: a reflection of another version.
    let mut wrong: serde_json::Value = serde_json::json!({
        "schema": 2, "entry_points": [], "overrides": [], "bindings": []
    });
    assert!(!validator.is_valid(&wrong));
    wrong["schema"] = 1.into();
    assert!(validator.is_valid(&wrong));
}

fn binding(reflection: &Reflection, group: u32, index: u32) -> &Binding {
    reflection
        .bindings
        .iter()
        .find(|b| b.group == group && b.binding == index)
        .unwrap_or_else(|| panic!("no binding {group}:{index} in {reflection:#?}"))
}

/// The reflection describes the buffer as written (integer atomics), and
/// the encoding and clear words the host needs.
#[test]
fn a_float_atomic_buffer_is_described_as_written_with_its_encoding() {
    let source = Source::read(
        &common::root().join("corpus/float-atomics/bounds_storage_any_sign.wgsl"),
        None,
    )
    .unwrap();
    let transformed = compiler(WgslTarget::Tint).transform(&source).unwrap();
    let reflection = transformed.reflection();
    let bounds = binding(&reflection, 0, 1);
    assert_eq!(bounds.kind, "storage-buffer");
    assert_eq!(bounds.access, Some("read_write"));
    let layout = bounds.layout.as_ref().expect("a buffer layout");
    let members: Vec<(&str, u32, &str)> = layout
        .members
        .iter()
        .map(|m| (m.name.as_str(), m.offset, m.ty.as_str()))
        .collect();
    assert_eq!(
        members,
        [("lo", 0, "atomic<u32>"), ("hi", 4, "atomic<u32>")],
        "the written struct holds words, not floats"
    );
    let [Rewritten::FloatAtomics {
        encoding,
        float,
        memory_holds_float_bits,
        clear_values,
        ..
    }] = bounds.rewritten.as_slice()
    else {
        panic!("{:#?}", bounds.rewritten)
    };
    assert_eq!(float, "f32");
    assert!(!memory_holds_float_bits);
    let encoding = FloatEncoding::from_strategy(encoding).expect("a known encoding");
    assert_eq!(encoding, FloatEncoding::Ordered);
    assert_eq!(
        clear_values["min"],
        format!("{:#010x}", encoding.clear_f32(Accumulation::Min))
    );
    assert_eq!(
        clear_values["max"],
        format!("{:#010x}", encoding.clear_f32(Accumulation::Max))
    );
    assert_eq!(
        (layout.size, layout.align, layout.min_binding_size),
        (8, 4, 8)
    );
    let ep = &reflection.entry_points[0];
    assert_eq!(ep.stage, "compute");
    assert!(ep.bindings.contains(&[0, 1]));
    assert!(ep
        .workgroup_size
        .is_some_and(|s| s.iter().all(Option::is_some)));
}

/// A GLSL combined image sampler, split on the way in through glslang: the
/// texture and the sampler each say where the combined one went.
#[test]
fn a_split_combined_sampler_is_described_on_both_bindings() {
    if common::tool("glslangValidator").is_none() {
        assert!(!common::tools_required(), "glslangValidator is required");
        return;
    }
    let source = Source::read(
        &common::root().join("corpus/glsl/shadow_compare.frag"),
        None,
    )
    .expect("readable");
    let compiler = Compiler::new(Options::default()).unwrap();
    let reflection = compiler.transform(&source).unwrap().reflection();
    let split: Vec<&Binding> = reflection
        .bindings
        .iter()
        .filter(|b| {
            b.rewritten
                .iter()
                .any(|r| matches!(r, Rewritten::SplitCombinedSampler { .. }))
        })
        .collect();
    assert!(split.len() >= 2, "{reflection:#?}");
    for b in &split {
        let Some(Rewritten::SplitCombinedSampler {
            texture, sampler, ..
        }) = b.rewritten.first()
        else {
            unreachable!()
        };
        let texture = binding(&reflection, texture[0], texture[1]);
        let sampler = binding(&reflection, sampler[0], sampler[1]);
        assert!(texture.kind.ends_with("-texture"), "{texture:#?}");
        assert!(sampler.kind.ends_with("sampler"), "{sampler:#?}");
    }
    let fragment = &reflection.entry_points[0];
    assert_eq!(fragment.stage, "fragment");
    assert!(!fragment.outputs.is_empty(), "{fragment:#?}");
}

fn adapter_or_skip() -> Option<std::sync::Arc<shaderxform::gpu::device::Gpu>> {
    match shaderxform::gpu::device::Gpu::shared(None, None) {
        Ok(gpu) => Some(gpu),
        Err(e) => {
            assert!(
                !common::gpu_required(),
                "SHADERXFORM_REQUIRE_GPU is set: {e:?}"
            );
            eprintln!("skipping: {e:?}");
            None
        }
    }
}

/// `--reflect FILE` writes the reflection with the outputs; a path that
/// names the input is refused before anything is written.
#[cfg(feature = "cli")]
#[test]
fn the_command_line_writes_the_reflection_beside_the_outputs() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("bounds.wgsl");
    std::fs::copy(
        common::root().join("corpus/float-atomics/bounds_storage_any_sign.wgsl"),
        &input,
    )
    .unwrap();
    let run = |args: &[&std::ffi::OsStr]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_shaderxform"))
            .args(args)
            .output()
            .unwrap()
    };
    let out = dir.path().join("out.wgsl");
    let reflect = dir.path().join("bounds.reflect.json");
    let done = run(&[
        input.as_os_str(),
        "-o".as_ref(),
        out.as_os_str(),
        "--reflect".as_ref(),
        reflect.as_os_str(),
    ]);
    assert!(done.status.success(), "{}", common::stderr(&done));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&reflect).unwrap()).unwrap();
    assert_eq!(json["schema"], 1);
    // Metal reserves `main`: the reflection of a run that writes Metal
    // names the entry point as the Metal text does.
    let metal = dir.path().join("out.metal");
    let with_metal = run(&[
        input.as_os_str(),
        "-o".as_ref(),
        metal.as_os_str(),
        "--reflect".as_ref(),
        reflect.as_os_str(),
    ]);
    assert!(
        with_metal.status.success(),
        "{}",
        common::stderr(&with_metal)
    );
    let metal_json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&reflect).unwrap()).unwrap();
    let metal_name = metal_json["entry_points"][0]["names"]["msl"]
        .as_str()
        .unwrap();
    assert_eq!(metal_name, "main_");
    assert!(
        std::fs::read_to_string(&metal)
            .unwrap()
            .contains(&format!("kernel void {metal_name}(")),
        "the Metal text names it otherwise"
    );
    assert_eq!(json["bindings"][1]["rewritten"][0]["encoding"], "ordered");
    assert_eq!(
        json["bindings"][1]["rewritten"][0]["clear_values"]["min"],
        "0xff800000"
    );

    let before = std::fs::read(&input).unwrap();
    let refused = run(&[
        input.as_os_str(),
        "-o".as_ref(),
        dir.path().join("other.wgsl").as_os_str(),
        "--reflect".as_ref(),
        input.as_os_str(),
    ]);
    assert_eq!(
        refused.status.code(),
        Some(2),
        "{}",
        common::stderr(&refused)
    );
    assert!(
        common::stderr(&refused).contains("--reflect"),
        "{}",
        common::stderr(&refused)
    );
    assert_eq!(std::fs::read(&input).unwrap(), before);
    assert!(!dir.path().join("other.wgsl").exists());
}

/// The Rust module of every corpus shader compiles, and with it the
/// compile-time assertions that each generated struct has the size and the
/// member offsets of the shader's layout; a struct that disagrees fails to
/// compile.
#[test]
fn generated_rust_modules_compile_and_assert_the_shader_layouts() {
    use shaderxform::reflect::rust_module::{rust_items, RustModuleOptions};
    let dir = tempfile::tempdir().unwrap();
    let compiler = compiler(WgslTarget::Tint);
    let mut lib = String::new();
    let mut structs = 0;
    for (i, path) in corpus_shaders().iter().enumerate() {
        let source = Source::read(path, None).expect("readable");
        let Ok(compiled) = compiler.compile(&source, &[shaderxform::OutputFormat::Wgsl]) else {
            continue;
        };
        let written = dir.path().join(format!("shader{i}.wgsl"));
        std::fs::write(&written, &compiled.outputs[0].bytes).unwrap();
        // Every other shader with bytemuck's `Pod`, checked against a crate
        // with bytemuck's two traits and their bounds.
        let items = rust_items(
            &compiled.transformed.module,
            &compiled.transformed.reflection(),
            &[("WGSL", written.display().to_string(), false)],
            RustModuleOptions {
                bytemuck: i % 2 == 0,
            },
        );
        structs += items.matches("#[repr(C)]").count();
        lib.push_str(&format!(
            "/// {}\npub mod shader{i} {{\n{items}}}\n",
            common::display(path)
        ));
    }
    assert!(structs >= 20, "only {structs} structs generated");
    assert!(
        lib.contains("unsafe impl bytemuck::Pod"),
        "no Pod implementation generated"
    );
    let rustc = || {
        let mut command =
            std::process::Command::new(std::env::var_os("RUSTC").unwrap_or_else(|| "rustc".into()));
        command.args(["--edition", "2021", "--crate-type", "lib"]);
        command
    };
    let stub = dir.path().join("bytemuck.rs");
    std::fs::write(
        &stub,
        "pub unsafe trait Zeroable: Sized {}\npub unsafe trait Pod: Zeroable + Copy + 'static {}\n",
    )
    .unwrap();
    let stubbed = rustc()
        .args(["--crate-name", "bytemuck", "--emit=metadata", "-o"])
        .arg(dir.path().join("libbytemuck.rmeta"))
        .arg(&stub)
        .output()
        .unwrap();
    assert!(stubbed.status.success(), "{}", common::stderr(&stubbed));
    let compile = |text: &str| {
        let file = dir.path().join("lib.rs");
        std::fs::write(&file, text).unwrap();
        rustc()
            .arg("--extern")
            .arg(format!(
                "bytemuck={}",
                dir.path().join("libbytemuck.rmeta").display()
            ))
            .args(["--emit=metadata", "-o"])
            .arg(dir.path().join("lib.rmeta"))
            .arg(&file)
            .output()
            .unwrap()
    };
    let built = compile(&lib);
    assert!(built.status.success(), "{}", common::stderr(&built));
    // A member one word off is caught by the assertions.
    let first = lib
        .find("core::mem::offset_of!")
        .expect("an offset assertion");
    let line_end = first + lib[first..].find('\n').unwrap();
    let line = &lib[first..line_end];
    let (head, offset) = line.rsplit_once("== ").unwrap();
    let offset: u32 = offset.trim_end_matches(");").parse().unwrap();
    let tampered = format!(
        "{}{head}== {});{}",
        &lib[..first],
        offset + 4,
        &lib[line_end..]
    );
    let refused = compile(&tampered);
    assert!(!refused.status.success(), "a wrong offset compiled");
    assert!(
        common::stderr(&refused).contains("evaluation"),
        "{}",
        common::stderr(&refused)
    );
}

/// On a real driver (lavapipe in CI): the rewritten float-atomics shader
/// runs over a buffer the host cleared and reads back with nothing but the
/// reflection and `shaderxform-host`, and gives the CPU's minimum and
/// maximum.
#[cfg(feature = "gpu")]
#[test]
fn a_host_that_follows_the_reflection_reads_the_right_minimum_on_the_gpu() {
    use shaderxform::gpu::device::{Buffer, Code, Dispatch, RunOutcome};
    use shaderxform::gpu::reflect::Space;
    let Some(gpu) = adapter_or_skip() else {
        return;
    };
    let source = Source::read(
        &common::root().join("corpus/float-atomics/bounds_storage_any_sign.wgsl"),
        None,
    )
    .unwrap();
    let compiled = compiler(WgslTarget::Wgpu)
        .compile(&source, &[shaderxform::OutputFormat::Wgsl])
        .unwrap();
    let reflection = compiled.transformed.reflection();
    let bounds = binding(&reflection, 0, 1);
    let [Rewritten::FloatAtomics {
        encoding,
        clear_values,
        ..
    }] = bounds.rewritten.as_slice()
    else {
        panic!("{:#?}", bounds.rewritten)
    };
    let encoding = FloatEncoding::from_strategy(encoding).unwrap();
    let word = |key: &str| u32::from_str_radix(&clear_values[key][2..], 16).unwrap();
    let offset = |member: &str| {
        let layout = bounds.layout.as_ref().unwrap();
        layout
            .members
            .iter()
            .find(|m| m.name == member)
            .unwrap()
            .offset as usize
    };
    let mut cleared = vec![0u8; bounds.layout.as_ref().unwrap().min_binding_size as usize];
    cleared[offset("lo")..offset("lo") + 4].copy_from_slice(&word("min").to_le_bytes());
    cleared[offset("hi")..offset("hi") + 4].copy_from_slice(&word("max").to_le_bytes());
    // Seeded values of both signs, a negative zero and extremes.
    let mut state = 0x2545_f491u32;
    let mut values: Vec<f32> = (0..1000)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            (state as f32 / u32::MAX as f32 - 0.5) * 2.0e4
        })
        .collect();
    values.extend([-0.0, 3.0e-39, -1.0e30, 7.5e29]);
    let bytes: Vec<u8> = values.iter().flat_map(|v| v.to_le_bytes()).collect();
    let buffers = [
        Buffer {
            group: 0,
            binding: 0,
            space: Space::Storage { writable: false },
            bytes: &bytes,
            read_back: false,
        },
        Buffer {
            group: 0,
            binding: 1,
            space: Space::Storage { writable: true },
            bytes: &cleared,
            read_back: true,
        },
    ];
    let workgroup = reflection.entry_points[0].workgroup_size.unwrap()[0].unwrap();
    let outcome = gpu
        .run(&Dispatch {
            label: "bounds",
            code: Code::Wgsl(compiled.outputs[0].text().unwrap()),
            entry_point: &reflection.entry_points[0].name,
            spirv_reader: Default::default(),
            constants: &[],
            buffers: &buffers,
            resources: &[],
            immediates: &[],
            workgroups: [(values.len() as u32).div_ceil(workgroup), 1, 1],
            timeout: std::time::Duration::from_secs(60),
        })
        .expect("the dispatch runs");
    let RunOutcome::Done { contents, .. } = outcome else {
        panic!("the dispatch hung")
    };
    let read = contents[1].as_ref().unwrap();
    let decoded = encoding.decode_f32_words(read);
    let (lo, hi) = (decoded[offset("lo") / 4], decoded[offset("hi") / 4]);
    let min = values.iter().copied().fold(f32::INFINITY, f32::min);
    let max = values.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    assert_eq!((lo, hi), (min, max));
    // Read as plain floats, as a host that ignored the reflection would,
    // the words are not the answer.
    assert_ne!(f32::from_le_bytes(read[..4].try_into().unwrap()), min);
}

/// HLSL input with shifted register classes: each shifted binding says
/// which register the source declared and by how much its class moved.
#[test]
fn shifted_hlsl_registers_are_described_on_their_bindings() {
    use shaderxform::front::{FrontOptions, HlslRegister};
    if common::tool("glslangValidator").is_none() {
        assert!(!common::tools_required(), "glslangValidator is required");
        return;
    }
    let source = Source::read(&common::root().join("corpus/glsl/textured.frag.hlsl"), None)
        .expect("readable");
    let compiler = Compiler::new(Options {
        front: FrontOptions {
            hlsl_register_shifts: vec![(HlslRegister::Sampler, 16)],
            ..Default::default()
        },
        ..Options::default()
    })
    .unwrap();
    let reflection = compiler.transform(&source).unwrap().reflection();
    // `register(s2)` is binding 18; `register(t1)` stays binding 1.
    let sampler = binding(&reflection, 0, 18);
    assert_eq!(sampler.kind, "sampler");
    assert_eq!(
        sampler.rewritten,
        [Rewritten::HlslRegisterShift {
            register: "s2".into(),
            shift: 16
        }]
    );
    assert!(binding(&reflection, 0, 1).rewritten.is_empty());
    let json: serde_json::Value = serde_json::from_str(&reflection.to_json()).unwrap();
    assert!(schema_validator().is_valid(&json), "{json:#}");
}

/// A storage image declared without a format is described with the format
/// the host was told to bind, and a specialization constant fixed at its
/// default (an array length) is listed: a pipeline that specialized it
/// must compile the shader again.
#[test]
fn given_storage_formats_and_fixed_specialization_constants_are_described() {
    use shaderxform::front::{FrontOptions, GlslFront};
    if common::tool("glslangValidator").is_none() {
        assert!(!common::tools_required(), "glslangValidator is required");
        return;
    }
    let source = Source::from_text(
        "tile.comp",
        shaderxform::InputFormat::Glsl(naga::ShaderStage::Compute),
        "#version 450
layout(local_size_x = 8, local_size_y = 8) in;
layout(constant_id = 0) const uint TILE = 64;
shared vec4 tile[TILE];
layout(binding = 0) uniform writeonly image2D outImage;
void main() {
    tile[gl_LocalInvocationIndex % TILE] = vec4(1.0);
    barrier();
    imageStore(outImage, ivec2(gl_GlobalInvocationID.xy), tile[0]);
}
",
    );
    let compiler = Compiler::new(Options {
        front: FrontOptions {
            glsl_front: GlslFront::Glslang,
            storage_formats: vec![("outImage".into(), naga::StorageFormat::Rgba8Unorm)],
            ..Default::default()
        },
        ..Options::default()
    })
    .unwrap();
    let reflection = compiler.transform(&source).unwrap().reflection();
    assert_eq!(
        binding(&reflection, 0, 0).rewritten,
        [Rewritten::StorageFormat {
            format: "rgba8unorm".into()
        }]
    );
    let json: serde_json::Value = serde_json::from_str(&reflection.to_json()).unwrap();
    assert_eq!(
        json["fixed_specialization_constants"],
        serde_json::json!([{"name": "TILE", "constant_id": 0, "value": "64"}]),
        "{json:#}"
    );
    assert!(schema_validator().is_valid(&json), "{json:#}");
}
