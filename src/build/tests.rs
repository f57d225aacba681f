//! `Build` on folders of shaders written for each test.

use super::*;

const GOOD: &str = "@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    data[id.x] = data[id.x] * 2u;
}
";

#[test]
fn writes_matching_shaders_and_tells_cargo_about_every_input() {
    let dir = tempfile::tempdir().unwrap();
    let shaders = dir.path().join("shaders");
    std::fs::create_dir_all(shaders.join("sub")).unwrap();
    std::fs::write(shaders.join("sub/double.wgsl"), GOOD).unwrap();
    std::fs::write(shaders.join("notes.txt"), "not a shader").unwrap();
    let out = dir.path().join("out");
    let mut cargo = Vec::new();
    let built = Build::new(&shaders)
        .glob("**/*.wgsl")
        .emit(OutputFormat::Wgsl)
        .emit(OutputFormat::SpirvBinary)
        .out_dir(&out)
        .run_with(&mut cargo)
        .unwrap();
    let cargo = String::from_utf8(cargo).unwrap();
    assert!(cargo.contains(&format!("cargo:rerun-if-changed={}\n", shaders.display())));
    assert!(cargo.contains(&format!(
        "cargo:rerun-if-changed={}\n",
        shaders.join("sub/double.wgsl").display()
    )));
    assert!(!cargo.contains("notes.txt"), "{cargo}");
    assert_eq!(built.len(), 1);
    assert!(std::fs::read_to_string(out.join("sub/double.wgsl"))
        .unwrap()
        .contains("fn main"));
    let spirv = std::fs::read(out.join("sub/double.spv")).unwrap();
    assert_eq!(spirv[..4], 0x0723_0203u32.to_le_bytes());
}

/// `workgroupBarrier()` at line 8, column 9, inside `if (lid < 32u)`.
const DIVERGENT: &str = "@group(0) @binding(0) var<storage, read_write> data: array<u32>;
var<workgroup> tile: array<u32, 64>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
    tile[lid] = data[lid];
    if (lid < 32u) {
        workgroupBarrier();
        data[lid] = tile[63u - lid];
    }
}
";

#[test]
fn a_divergent_barrier_is_a_warning_when_hoisted_and_an_error_otherwise() {
    let dir = tempfile::tempdir().unwrap();
    let shaders = dir.path().join("shaders");
    std::fs::create_dir(&shaders).unwrap();
    std::fs::write(shaders.join("div.wgsl"), DIVERGENT).unwrap();
    let out = dir.path().join("out");
    let build = Build::new(&shaders).emit(OutputFormat::Wgsl).out_dir(&out);

    let mut cargo = Vec::new();
    build.clone().run_with(&mut cargo).unwrap();
    let cargo = String::from_utf8(cargo).unwrap();
    assert!(
        cargo.contains(
            "div.wgsl:8:9: warning: `workgroupBarrier` is reached in non-uniform control flow"
        ),
        "{cargo}"
    );
    assert!(
        cargo.lines().any(|l| l.starts_with("cargo:warning=")),
        "{cargo}"
    );
    assert!(out.join("div.wgsl").is_file());
    std::fs::remove_dir_all(&out).unwrap();

    let error = build
        .clone()
        .passes(PassSelection::None)
        .run_with(&mut Vec::new())
        .unwrap_err();
    assert_eq!(error.failed, 1);
    assert!(
        error
            .rendered
            .contains("error[uniformity::divergent-barrier]")
            && error.rendered.contains("div.wgsl:8:9"),
        "{}",
        error.rendered
    );
    assert!(!out.join("div.wgsl").exists());

    // Accepted: no `cargo:warning`, and not denied.
    let mut cargo = Vec::new();
    build
        .clone()
        .allow(shaderxform_passes::codes::HOIST_BARRIERS_DIVERGENT_BARRIER)
        .deny_warnings(true)
        .run_with(&mut cargo)
        .unwrap();
    let cargo = String::from_utf8(cargo).unwrap();
    assert!(!cargo.contains("cargo:warning="), "{cargo}");
    std::fs::remove_dir_all(&out).unwrap();

    // Denied by code, and a code misspelt: both fail the build.
    let by_code = build
        .clone()
        .deny(shaderxform_passes::codes::HOIST_BARRIERS_DIVERGENT_BARRIER)
        .run_with(&mut Vec::new())
        .unwrap_err();
    assert!(
        by_code
            .rendered
            .contains("error[hoist-barriers::divergent-barrier]"),
        "{}",
        by_code.rendered
    );
    assert!(!out.join("div.wgsl").exists());
    let misspelt = build
        .clone()
        .allow("hoist-barriers::divergent")
        .run_with(&mut Vec::new())
        .unwrap_err();
    assert!(
        misspelt
            .rendered
            .contains(shaderxform_passes::codes::OPTIONS_UNKNOWN_CODE),
        "{}",
        misspelt.rendered
    );

    let denied = build
        .deny_warnings(true)
        .run_with(&mut Vec::new())
        .unwrap_err();
    assert_eq!(denied.failed, 1);
    assert!(
        denied
            .rendered
            .contains("error[hoist-barriers::divergent-barrier]")
            && denied.rendered.contains("div.wgsl:8:9")
            && denied.rendered.contains("fixed by hoist-barriers"),
        "{}",
        denied.rendered
    );
    assert!(!out.join("div.wgsl").exists());
}

#[test]
fn included_files_are_rerun_triggers() {
    if !crate::front::glslang::available() {
        eprintln!("skipped: glslangValidator is not installed");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let shaders = dir.path().join("shaders");
    std::fs::create_dir_all(shaders.join("include")).unwrap();
    std::fs::write(
        shaders.join("include/scale.glsl.h"),
        "const float SCALE = 2.0;\n",
    )
    .unwrap();
    std::fs::write(
            shaders.join("scale.comp"),
            "#version 450\n#include \"include/scale.glsl.h\"\nlayout(local_size_x = 64) in;\nlayout(binding = 0) buffer B { float v[]; };\nvoid main() { v[gl_GlobalInvocationID.x] *= SCALE; }\n",
        )
        .unwrap();
    let mut cargo = Vec::new();
    Build::new(&shaders)
        .glob("*.comp")
        .out_dir(dir.path().join("out"))
        .run_with(&mut cargo)
        .unwrap();
    let cargo = String::from_utf8(cargo).unwrap();
    assert!(
        cargo.lines().any(
            |l| l.starts_with("cargo:rerun-if-changed=") && l.ends_with("include/scale.glsl.h")
        ),
        "{cargo}"
    );
}

/// An engine-shaped tree: a vertex and a fragment stage of one name,
/// a header they include, an HLSL compute shader whose entry point is
/// `CSMain` (named nowhere), a WGSL module and a shader importing it.
/// Each shader gets its own outputs (the stage kept, as glslc and
/// `batch` name them), the header and the module none, and the outputs
/// are byte for byte those of `batch`.
#[test]
fn a_stage_pair_gets_two_outputs_and_a_header_none_as_batch_and_serve_write_them() {
    if !crate::front::glslang::available() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let shaders = dir.path().join("shaders");
    std::fs::create_dir_all(shaders.join("include")).unwrap();
    std::fs::create_dir_all(shaders.join("lib")).unwrap();
    std::fs::write(
        shaders.join("include/common.glsl"),
        "const float SCALE = 0.5;\n",
    )
    .unwrap();
    std::fs::write(
            shaders.join("blit.vert"),
            "#version 450\n#include \"include/common.glsl\"\nlayout(location = 0) out vec2 uv;\nvoid main() { uv = vec2(gl_VertexIndex & 1, gl_VertexIndex >> 1) * SCALE; gl_Position = vec4(uv, 0.0, 1.0); }\n",
        )
        .unwrap();
    std::fs::write(
            shaders.join("blit.frag"),
            "#version 450\n#include \"include/common.glsl\"\nlayout(location = 0) in vec2 uv;\nlayout(location = 0) out vec4 color;\nvoid main() { color = vec4(uv * SCALE, 0.0, 1.0); }\n",
        )
        .unwrap();
    std::fs::write(
        shaders.join("lib/view.wgsl"),
        "#define_import_path game::view\nconst SCALE: u32 = 3u;\n",
    )
    .unwrap();
    std::fs::write(
            shaders.join("scale.wgsl"),
            "#import game::view::SCALE\n@group(0) @binding(0) var<storage, read_write> v: array<u32>;\n@compute @workgroup_size(64)\nfn main(@builtin(global_invocation_id) id: vec3<u32>) { v[id.x] *= SCALE; }\n",
        )
        .unwrap();
    // A WESL shader and its module (not compiled).
    std::fs::write(shaders.join("lib/tone.wesl"), "const GAIN: u32 = 2u;\n").unwrap();
    std::fs::write(
            shaders.join("tone.wesl"),
            "import package::lib::tone::GAIN;\n@group(0) @binding(0) var<storage, read_write> v: array<u32>;\n@compute @workgroup_size(64)\nfn main(@builtin(global_invocation_id) id: vec3<u32>) { @if(LOUD) { v[id.x] *= GAIN; } }\n",
        )
        .unwrap();
    // An HLSL compute shader whose entry point is `CSMain`, unnamed.
    std::fs::write(
            shaders.join("cull.hlsl"),
            "RWStructuredBuffer<uint> counts : register(u0);\n[numthreads(64, 1, 1)]\nvoid CSMain(uint3 id : SV_DispatchThreadID) { counts[id.x] += 1; }\n",
        )
        .unwrap();
    let formats = [OutputFormat::SpirvBinary, OutputFormat::Wgsl];
    let mut build = Build::new(&shaders)
        .out_dir(dir.path().join("built"))
        .rust_module("shaders.rs");
    for format in formats {
        build = build.emit(format);
    }
    let built = build.run_with(&mut Vec::new()).unwrap();
    let names: Vec<String> = built
        .iter()
        .flat_map(|b| &b.outputs)
        .map(|p| {
            p.strip_prefix(dir.path().join("built"))
                .unwrap()
                .display()
                .to_string()
        })
        .collect();
    assert_eq!(
        names,
        [
            "blit.frag.spv",
            "blit.frag.wgsl",
            "blit.vert.spv",
            "blit.vert.wgsl",
            "cull.spv",
            "cull.wgsl",
            "scale.spv",
            "scale.wgsl",
            "tone.spv",
            "tone.wgsl"
        ],
        "each shader its own outputs, no header or module compiled"
    );
    let vertex = std::fs::read_to_string(dir.path().join("built/blit.vert.wgsl")).unwrap();
    let fragment = std::fs::read_to_string(dir.path().join("built/blit.frag.wgsl")).unwrap();
    assert!(
        vertex.contains("@vertex") && !vertex.contains("@fragment"),
        "{vertex}"
    );
    assert!(
        fragment.contains("@fragment") && !fragment.contains("@vertex"),
        "{fragment}"
    );
    let module = std::fs::read_to_string(dir.path().join("built/shaders.rs")).unwrap();
    assert!(
        module.contains("pub mod blit_vert") && module.contains("pub mod blit_frag"),
        "{module}"
    );
    let cull = std::fs::read_to_string(dir.path().join("built/cull.wgsl")).unwrap();
    assert!(cull.contains("fn CSMain("), "{cull}");

    let mut batch = crate::batch::BatchOptions::new(&shaders, dir.path().join("batched"));
    batch.formats = formats.to_vec();
    batch.options.front.module_dirs.push(shaders.clone());
    let compiler = Compiler::new(batch.options.clone()).unwrap();
    let jobs = crate::batch::plan(&batch).unwrap();
    let result = crate::batch::run(&batch, &compiler, &jobs, &|_, _| {});
    assert_eq!(result.failed(), 0);
    for name in &names {
        assert_eq!(
            std::fs::read(dir.path().join("built").join(name)).unwrap(),
            std::fs::read(dir.path().join("batched").join(name)).unwrap(),
            "{name}"
        );
    }

    // `serve --root` over the same tree answers the same WGSL.
    let requests: String = [
        "blit.vert",
        "blit.frag",
        "cull.hlsl",
        "scale.wgsl",
        "tone.wesl",
    ]
    .iter()
    .enumerate()
    .map(|(id, file)| {
        format!(
            "{}\n",
            serde_json::json!({"id": id, "path": shaders.join(file), "emit": ["wgsl"]})
        )
    })
    .collect();
    let options = crate::serve::ServeOptions::default()
        .with_root(&shaders)
        .unwrap();
    let mut answers = Vec::new();
    crate::serve::serve_with(requests.as_bytes(), &mut answers, &options).unwrap();
    let answers: Vec<serde_json::Value> = String::from_utf8(answers)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    for (answer, output) in answers.iter().zip([
        "blit.vert.wgsl",
        "blit.frag.wgsl",
        "cull.wgsl",
        "scale.wgsl",
        "tone.wgsl",
    ]) {
        assert_eq!(answer["ok"], true, "{answer}");
        assert_eq!(
            answer["outputs"]["wgsl"].as_str().unwrap(),
            std::fs::read_to_string(dir.path().join("built").join(output)).unwrap(),
            "{output}"
        );
    }
}

/// An item of an imported WGSL module keeps its source name, with the
/// module's path, in the reflection and the generated Rust module:
/// never the name naga_oil's renaming gives it.
#[test]
fn imported_items_are_named_by_their_source_path() {
    let dir = tempfile::tempdir().unwrap();
    let shaders = dir.path().join("shaders");
    std::fs::create_dir_all(shaders.join("lib")).unwrap();
    std::fs::write(
            shaders.join("lib/view.wgsl"),
            "#define_import_path game::view\nstruct View { scale: f32, offset: f32, }\n@group(0) @binding(1) var<uniform> view: View;\n",
        )
        .unwrap();
    std::fs::write(
            shaders.join("apply.wgsl"),
            "#import game::view::view\n@group(0) @binding(0) var<storage, read_write> v: array<f32>;\n@compute @workgroup_size(64)\nfn main(@builtin(global_invocation_id) id: vec3<u32>) { v[id.x] = v[id.x] * view.scale + view.offset; }\n",
        )
        .unwrap();
    let built = Build::new(&shaders)
        .out_dir(dir.path().join("out"))
        .rust_module("shaders.rs")
        .run_with(&mut Vec::new())
        .unwrap();
    let names: Vec<&str> = built[0]
        .reflection
        .bindings
        .iter()
        .map(|b| b.name.as_str())
        .collect();
    assert_eq!(names, ["v", "game::view::view"]);
    let module = std::fs::read_to_string(dir.path().join("out/shaders.rs")).unwrap();
    assert!(!module.contains("naga_oil"), "{module}");
    assert!(module.contains("pub mod game_view_view"), "{module}");
}

#[test]
fn an_excluded_shader_is_not_built() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("shaders/wip")).unwrap();
    std::fs::write(dir.path().join("shaders/a.wgsl"), GOOD).unwrap();
    std::fs::write(dir.path().join("shaders/wip/b.wgsl"), "fn broken( {\n").unwrap();
    let built = Build::new(dir.path().join("shaders"))
        .exclude("wip/**")
        .out_dir(dir.path().join("out"))
        .run_with(&mut Vec::new())
        .unwrap();
    assert_eq!(built.len(), 1);
    assert!(built[0].input.ends_with("a.wgsl"));
}

#[test]
fn wgsl_modules_are_imported_not_compiled_and_are_rerun_triggers() {
    let dir = tempfile::tempdir().unwrap();
    let shaders = dir.path().join("shaders");
    std::fs::create_dir_all(shaders.join("lib")).unwrap();
    std::fs::write(
        shaders.join("lib/scale.wgsl"),
        "#define_import_path app::scale\nconst SCALE: u32 = #{SCALE};\n",
    )
    .unwrap();
    std::fs::write(
            shaders.join("double.wgsl"),
            "#import app::scale::SCALE\n@group(0) @binding(0) var<storage, read_write> v: array<u32>;\n@compute @workgroup_size(64)\nfn main(@builtin(global_invocation_id) id: vec3<u32>) { v[id.x] *= SCALE; }\n",
        )
        .unwrap();
    let mut cargo = Vec::new();
    let built = Build::new(&shaders)
        .front_options(crate::front::FrontOptions {
            defines: vec![("SCALE".into(), Some("2u".into()))],
            ..Default::default()
        })
        .emit(OutputFormat::Wgsl)
        .out_dir(dir.path().join("out"))
        .run_with(&mut cargo)
        .unwrap();
    assert_eq!(built.len(), 1, "only the shader is compiled");
    let wgsl = std::fs::read_to_string(dir.path().join("out/double.wgsl")).unwrap();
    assert!(wgsl.contains("= 2u;"), "{wgsl}");
    let cargo = String::from_utf8(cargo).unwrap();
    assert!(
        cargo
            .lines()
            .any(|l| l.starts_with("cargo:rerun-if-changed=") && l.ends_with("lib/scale.wgsl")),
        "{cargo}"
    );
}

#[test]
fn an_error_renders_every_failing_shader_with_its_position() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("a.wgsl"),
        "fn f() -> i32 {\n  return x +;\n}\n",
    )
    .unwrap();
    std::fs::write(dir.path().join("b.wgsl"), GOOD).unwrap();
    std::fs::write(dir.path().join("c.wgsl"), "fn g( {\n").unwrap();
    let error = Build::new(dir.path())
        .out_dir(dir.path().join("out"))
        .run_with(&mut Vec::new())
        .unwrap_err();
    assert_eq!(error.failed, 2);
    assert!(error.rendered.contains("a.wgsl:2:"), "{}", error.rendered);
    assert!(error.rendered.contains("c.wgsl:1:"), "{}", error.rendered);
    assert!(dir.path().join("out/b.spv").is_file());
}

#[test]
fn wgsl_for_wgpu_leaves_out_the_directive_naga_refuses() {
    let dir = tempfile::tempdir().unwrap();
    let subgroup = "@group(0) @binding(0) var<storage, read_write> out: array<u32>;\n@compute @workgroup_size(64)\nfn main(@builtin(global_invocation_id) id: vec3<u32>) {\n  out[id.x] = subgroupAdd(id.x);\n}\n";
    std::fs::write(dir.path().join("sum.wgsl"), subgroup).unwrap();
    for (reader, directive) in [(WgslTarget::Tint, true), (WgslTarget::Wgpu, false)] {
        let out = dir.path().join(reader.name());
        Build::new(dir.path())
            .glob("*.wgsl")
            .emit(OutputFormat::Wgsl)
            .passes(PassSelection::None)
            .target(Target {
                subgroups: true,
                ..Target::default()
            })
            .wgsl_for(reader)
            .out_dir(&out)
            .run_with(&mut Vec::new())
            .unwrap();
        let wgsl = std::fs::read_to_string(out.join("sum.wgsl")).unwrap();
        assert_eq!(wgsl.contains("enable subgroups;"), directive, "{wgsl}");
        assert!(wgsl.contains("subgroupAdd"), "{wgsl}");
    }
}

/// A storage image declared without a format needs one given.
#[test]
fn storage_formats_reach_the_front_end() {
    if !crate::front::glslang::available() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
            dir.path().join("fill.comp"),
            "#version 450\nlayout(local_size_x = 8, local_size_y = 8) in;\nlayout(binding = 0) uniform writeonly image2D canvas;\nvoid main() { imageStore(canvas, ivec2(gl_GlobalInvocationID.xy), vec4(1.0)); }\n",
        )
        .unwrap();
    let build = Build::new(dir.path())
        .emit(OutputFormat::Wgsl)
        .out_dir(dir.path().join("out"))
        .front_options(crate::front::FrontOptions {
            glsl_front: crate::front::GlslFront::Glslang,
            ..Default::default()
        });
    let error = build.clone().run_with(&mut Vec::new()).unwrap_err();
    assert!(
        error
            .rendered
            .contains("storage image `canvas` declares no format"),
        "{}",
        error.rendered
    );
    build
        .storage_format("canvas", naga::StorageFormat::Rgba16Float)
        .run_with(&mut Vec::new())
        .unwrap();
    let wgsl = std::fs::read_to_string(dir.path().join("out/fill.comp.wgsl")).unwrap();
    assert!(
        wgsl.contains("var canvas: texture_storage_2d<rgba16float,write>;"),
        "{wgsl}"
    );
}
