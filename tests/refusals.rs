//! What no target can write, or one target cannot, is refused with the
//! place in the source that makes it so: a line and a column in text,
//! never an internal error. Each case here was found by the mutation test
//! (`tests/mutations.rs`) once it wrote every output format, and ended in
//! an internal error, a panic in naga's writers, or an error without a
//! place.

mod common;

use naga::ShaderStage;
use shaderxform::front::{FrontOptions, GlslFront};
use shaderxform::{
    Compiler, DiagnosticJson, EmitOptions, FailureKind, InputFormat, Options, OutputFormat,
    PassSelection, Source,
};

fn compiler(glsl_front: GlslFront) -> Compiler {
    Compiler::new(Options {
        passes: PassSelection::None,
        front: FrontOptions {
            glsl_front,
            ..Default::default()
        },
        emit: EmitOptions::default(),
        ..Options::default()
    })
    .unwrap()
}

/// The failure to compile `source` to `format`: its kind, code, and the
/// line and column of its first error.
fn refusal(
    compiler: &Compiler,
    source: &Source,
    format: OutputFormat,
) -> (FailureKind, String, usize, usize) {
    let failure = compiler
        .compile(source, &[format])
        .expect_err("it is refused");
    let error = failure
        .diagnostics
        .iter()
        .find(|d| d.is_error())
        .expect("an error");
    let json = DiagnosticJson::new(error, source);
    (
        failure.kind,
        error.code.clone().unwrap_or_default(),
        json.line.unwrap_or_else(|| panic!("no line: {failure}")),
        json.column
            .unwrap_or_else(|| panic!("no column: {failure}")),
    )
}

fn glsl(name: &str, text: &str) -> Source {
    Source::from_text(name, InputFormat::Glsl(ShaderStage::Compute), text)
}

#[test]
fn compute_shaders_with_outputs_or_inputs_at_locations_are_refused_at_the_declaration() {
    let mut fronts = vec![GlslFront::Naga];
    if common::tool("glslangValidator").is_some() {
        fronts.push(GlslFront::Glslang);
    }
    // glslang refuses the first two itself; naga's reader took them.
    let output = glsl(
        "output.comp",
        "#version 450\nlayout(local_size_x = 1) in;\nout vec4 colour;\nvoid main() { colour = vec4(1.0); }\n",
    );
    let input = glsl(
        "input.comp",
        "#version 450\nlayout(local_size_x = 1) in;\nlayout(std430, binding = 0) buffer B { vec2 b[]; };\nlayout(location = 0) in vec2 uv;\nvoid main() { b[0] = uv; }\n",
    );
    let naga = compiler(GlslFront::Naga);
    for format in [OutputFormat::Wgsl, OutputFormat::Msl, OutputFormat::Glsl] {
        assert_eq!(
            refusal(&naga, &output, format),
            (FailureKind::Input, "input::compute-output".into(), 3, 10),
            "{format}"
        );
        assert_eq!(
            refusal(&naga, &input, format),
            (FailureKind::Input, "input::compute-input".into(), 4, 30),
            "{format}"
        );
    }
    // A WGSL parameter at a location, placed at its name.
    let wgsl = Source::from_text(
        "input.wgsl",
        InputFormat::Wgsl,
        "@group(0) @binding(0) var<storage, read_write> out: array<f32>;\n@compute @workgroup_size(1)\nfn main(\n    @builtin(global_invocation_id) gid: vec3<u32>,\n    @location(1) normal: vec3<f32>,\n) {\n    out[gid.x] = normal.x;\n}\n",
    );
    assert_eq!(
        refusal(&naga, &wgsl, OutputFormat::Wgsl),
        (FailureKind::Input, "input::compute-input".into(), 5, 18)
    );
    // HLSL with a misspelt system value: glslang makes it a user input.
    if fronts.contains(&GlslFront::Glslang) {
        let hlsl = Source::from_text(
            "reduce.hlsl",
            InputFormat::Hlsl(ShaderStage::Compute),
            "RWStructuredBuffer<uint> data : register(u0);\n[numthreads(64, 1, 1)]\nvoid main(uint3 gid : SV_DispatchThreadID,\n          uint3 group : SV_GroupIDD) {\n    data[gid.x] = group.x;\n}\n",
        );
        let (kind, code, line, _) = refusal(&naga, &hlsl, OutputFormat::Msl);
        assert_eq!(
            (kind, code.as_str()),
            (FailureKind::Input, "input::compute-input")
        );
        assert!((3..=4).contains(&line), "line {line}");
    }
}

#[test]
fn gl_workgroup_size_without_a_declared_size_is_refused_where_it_is_read() {
    let source = glsl(
        "size.comp",
        "#version 450\nlayout(std430, binding = 0) buffer B { uint b[]; };\nvoid main() {\n    b[0] = gl_WorkGroupSize.x;\n}\n",
    );
    assert_eq!(
        refusal(&compiler(GlslFront::Naga), &source, OutputFormat::Wgsl),
        (
            FailureKind::Input,
            "input::workgroup-size-undeclared".into(),
            4,
            12
        )
    );
}

/// GLSL output: a `bgra8unorm` storage texture (GLSL has no such format)
/// and 64-bit integers and 16-bit floats (naga's GLSL writer has none),
/// each at the declaration that holds it; a `textureLoad` of a depth
/// texture (naga's GLSL writer has no such read) where it is called.
#[test]
fn what_glsl_output_cannot_hold_is_refused_where_the_shader_declares_it() {
    let compiler = compiler(GlslFront::Naga);
    let wgsl = |name: &str, text: &str| Source::from_text(name, InputFormat::Wgsl, text);
    let cases = [
        (
            wgsl(
                "bgra8.wgsl",
                "@group(0) @binding(0)\nvar target_image: texture_storage_2d<bgra8unorm, write>;\n@compute @workgroup_size(1)\nfn main() { textureStore(target_image, vec2(0i), vec4(1.0)); }\n",
            ),
            "emit::unsupported",
            (2, 1),
        ),
        (
            wgsl(
                "u64.wgsl",
                "struct Bounds { lo: atomic<u32>, wide: u64 }\n@group(0) @binding(0)\nvar<storage, read_write> bounds: Bounds;\n@compute @workgroup_size(1)\nfn main() { bounds.wide = 1lu; }\n",
            ),
            "emit::unsupported",
            (3, 1),
        ),
        (
            wgsl(
                "f16.wgsl",
                "enable f16;\n@group(0) @binding(0)\nvar<storage, read_write> out: array<f32>;\n@compute @workgroup_size(1)\nfn main() { out[0] = f32(f16(out[1]) * 0.5h); }\n",
            ),
            "emit::glsl-f16",
            (5, 24),
        ),
        (
            wgsl(
                "depth_load.wgsl",
                "@group(0) @binding(0) var depth: texture_depth_2d;\n@group(0) @binding(1)\nvar<storage, read_write> out: array<f32>;\n@compute @workgroup_size(1)\nfn main() { out[0] = textureLoad(depth, vec2(0i), 0); }\n",
            ),
            "emit::unsupported",
            (5, 22),
        ),
    ];
    for (source, code, (line, column)) in cases {
        let (kind, got, l, c) = refusal(&compiler, &source, OutputFormat::Glsl);
        assert_eq!(kind, FailureKind::Unsupported, "{}", source.name);
        assert_eq!(got, code, "{}", source.name);
        assert_eq!(l, line, "{}", source.name);
        assert!(c >= column, "{}: column {c}", source.name);
    }
}

/// An entry point name WGSL cannot declare (SPIR-V takes any string) is
/// refused for WGSL, where naga's writer declared a mangled one that the
/// check of the text written found to differ; SPIR-V keeps it.
#[test]
fn entry_point_names_wgsl_cannot_declare_are_refused_for_wgsl_only() {
    let text = "; SPIR-V\n; Version: 1.0\n\
                OpCapability Shader\n\
                OpMemoryModel Logical GLSL450\n\
                OpEntryPoint GLCompute %main \"main.comp\"\n\
                OpExecutionMode %main LocalSize 1 1 1\n\
                %void = OpTypeVoid\n\
                %fn = OpTypeFunction %void\n\
                %main = OpFunction %void None %fn\n\
                %entry = OpLabel\n\
                OpReturn\n\
                OpFunctionEnd\n";
    let source = Source::from_text("named.spvasm", InputFormat::SpirvAssembly, text);
    let compiler = compiler(GlslFront::Naga);
    let failure = compiler
        .compile(&source, &[OutputFormat::Wgsl])
        .expect_err("refused for WGSL");
    assert_eq!(failure.kind, FailureKind::Unsupported, "{failure}");
    assert_eq!(
        failure.diagnostics[0].code.as_deref(),
        Some("emit::unsupported")
    );
    assert!(
        failure.diagnostics[0].message.contains("\"main.comp\""),
        "{failure}"
    );
    compiler
        .compile(&source, &[OutputFormat::SpirvBinary])
        .unwrap_or_else(|f| panic!("SPIR-V keeps the name: {f}"));
}

/// `gl_PointSize` and `gl_PointCoord` have no WGSL built-in: naga's WGSL
/// writer failed with no place; the refusal points where the shader
/// writes or reads them, through glslang and through naga's reader.
#[test]
fn point_size_and_point_coordinate_are_refused_for_wgsl_where_the_shader_uses_them() {
    let vertex = Source::from_text(
        "points.vert",
        InputFormat::Glsl(ShaderStage::Vertex),
        "#version 450\nlayout(location = 0) in vec4 pos;\nvoid main() {\n    gl_Position = pos;\n    gl_PointSize = 4.0;\n}\n",
    );
    let fragment = Source::from_text(
        "points.frag",
        InputFormat::Glsl(ShaderStage::Fragment),
        "#version 450\nlayout(location = 0) out vec4 colour;\nvoid main() {\n    colour = vec4(gl_PointCoord, 0.0, 1.0);\n}\n",
    );
    let mut fronts = vec![GlslFront::Naga];
    if common::tool("glslangValidator").is_some() {
        fronts.push(GlslFront::Glslang);
    }
    for front in fronts {
        let compiler = compiler(front);
        for (source, line) in [(&vertex, 5), (&fragment, 4)] {
            let (kind, code, l, _) = refusal(&compiler, source, OutputFormat::Wgsl);
            assert_eq!(
                (kind, code.as_str(), l),
                (FailureKind::Unsupported, "emit::unsupported", line),
                "{} ({front:?})",
                source.name
            );
            compiler
                .compile(source, &[OutputFormat::SpirvBinary])
                .unwrap_or_else(|f| panic!("{} ({front:?}): SPIR-V has it: {f}", source.name));
        }
    }
}

/// An entry point whose body is empty has no span in naga's module: the
/// error about its missing `return` is placed at its name.
#[test]
fn an_entry_point_with_an_empty_body_is_refused_at_its_name() {
    let text = "// points\n@fragment fn fs() -> @location(0) vec4f {\n}\n";
    let source = Source::from_text("empty.wgsl", InputFormat::Wgsl, text);
    let (kind, code, line, column) =
        refusal(&compiler(GlslFront::Naga), &source, OutputFormat::Wgsl);
    assert_eq!(kind, FailureKind::Input);
    assert_eq!(code, shaderxform::codes::NAGA_VALIDATION);
    assert_eq!((line, column), (2, 14));
}
