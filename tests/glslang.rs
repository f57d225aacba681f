//! GLSL and HLSL through glslang, and the SPIR-V legalisation in front of
//! naga's reader: every shader of `corpus/glsl` to every output format,
//! each output checked by its own validator, and the rewrites a host must
//! know about (split samplers, fixed specialization constants, read-only
//! buffers).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

use naga::ShaderStage;
use shaderxform::front::{FrontOptions, GlslFront, HlslRegister};
use shaderxform::{Compiler, InputFormat, Options, OutputFormat, PassSelection, Report, Source};

fn compiler(front: FrontOptions) -> Compiler {
    Compiler::new(Options {
        passes: PassSelection::None,
        front,
        ..Options::default()
    })
    .unwrap()
}

fn glslang() -> Compiler {
    compiler(FrontOptions {
        glsl_front: GlslFront::Glslang,
        ..FrontOptions::default()
    })
}

/// The stage a corpus file's name gives: `x.frag`, or `x.frag.hlsl`.
fn stage_of(path: &Path) -> ShaderStage {
    let name = path.file_name().unwrap().to_str().unwrap();
    if name.contains(".vert") {
        ShaderStage::Vertex
    } else if name.contains(".frag") {
        ShaderStage::Fragment
    } else {
        ShaderStage::Compute
    }
}

fn corpus() -> Vec<(PathBuf, Source)> {
    let dir = common::root().join("corpus/glsl");
    let mut paths: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_file())
        .collect();
    paths.sort();
    paths
        .into_iter()
        .map(|p| {
            let source = Source::read(&p, Some(stage_of(&p))).unwrap();
            (p, source)
        })
        .collect()
}

fn spirv_val(bytes: &[u8]) -> Option<Result<(), String>> {
    let tool = common::tool("spirv-val")?;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("shader.spv");
    std::fs::write(&path, bytes).unwrap();
    let out = Command::new(tool)
        .args(["--target-env", "vulkan1.1"])
        .arg(&path)
        .output()
        .unwrap();
    Some(if out.status.success() {
        Ok(())
    } else {
        Err(String::from_utf8_lossy(&out.stderr).into_owned())
    })
}

#[test]
fn every_glslang_corpus_shader_translates_to_every_format_with_valid_results() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let shaders = corpus();
    let glsl = shaders
        .iter()
        .filter(|(_, s)| matches!(s.format, InputFormat::Glsl(_)))
        .count();
    let hlsl = shaders.len() - glsl;
    assert!(
        glsl >= 40 && hlsl >= 10,
        "{glsl} GLSL and {hlsl} HLSL shaders"
    );
    let formats = [
        OutputFormat::Wgsl,
        OutputFormat::SpirvBinary,
        OutputFormat::Glsl,
        OutputFormat::Hlsl,
        OutputFormat::Msl,
    ];
    let compiler = glslang();
    let mut wgsl = Vec::new();
    for (path, source) in &shaders {
        let name = common::display(path);
        let compiled = compiler
            .compile(source, &formats)
            .unwrap_or_else(|f| panic!("{name}: {:?} {:?}", f.kind, f.diagnostics));
        if let Some(Err(log)) = spirv_val(&compiled.outputs[1].bytes) {
            panic!("spirv-val rejects the SPIR-V of {name}:\n{log}");
        }
        let stage = stage_of(path);
        if let Some(Err(log)) = common::glslang_validate(compiled.outputs[2].text().unwrap(), stage)
        {
            panic!("glslangValidator rejects the GLSL of {name}:\n{log}");
        }
        wgsl.push((name, compiled.outputs[0].text().unwrap().to_string()));
    }
    common::assert_tint_accepts(&wgsl);
}

fn corpus_source(name: &str) -> Source {
    let path = common::root().join("corpus/glsl").join(name);
    Source::read(&path, Some(stage_of(&path))).unwrap()
}

fn wgsl_of(compiler: &Compiler, source: &Source) -> (String, Report) {
    let compiled = compiler
        .compile(source, &[OutputFormat::Wgsl])
        .unwrap_or_else(|f| panic!("{}: {:?}", source.name, f.diagnostics));
    let mut report = Report::new(source);
    report.add_passes(source, &compiled.transformed.passes);
    (compiled.outputs[0].text().unwrap().to_string(), report)
}

#[test]
fn readonly_buffers_are_read_only_storage_in_wgsl() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let (wgsl, _) = wgsl_of(
        &glslang(),
        &corpus_source("readonly_writeonly_buffers.comp"),
    );
    let read_only =
        wgsl.matches("var<storage> ").count() + wgsl.matches("var<storage, read>").count();
    assert_eq!(read_only, 2, "{wgsl}");
    // WGSL has no write-only buffers: `writeonly` stays read-write.
    assert_eq!(
        wgsl.matches("var<storage, read_write>").count(),
        1,
        "{wgsl}"
    );

    // The same shader compiled by glslang for Vulkan 1.1 (StorageBuffer
    // blocks, where naga looks at the variable only) and read as SPIR-V.
    let dir = tempfile::tempdir().unwrap();
    let spv = dir.path().join("rw.spv");
    let status = Command::new("glslangValidator")
        .args(["-V", "--target-env", "vulkan1.1", "-o"])
        .arg(&spv)
        .arg(common::root().join("corpus/glsl/readonly_writeonly_buffers.comp"))
        .output()
        .unwrap();
    assert!(status.status.success());
    let source = Source::read(&spv, None).unwrap();
    let (wgsl, report) = wgsl_of(&glslang(), &source);
    assert_eq!(
        wgsl.matches("var<storage> ").count() + wgsl.matches("var<storage, read>").count(),
        2,
        "{wgsl}"
    );
    let json = report.to_json();
    assert!(json.contains("block-access"), "{json}");
}

#[test]
fn combined_samplers_become_a_texture_and_a_sampler_with_the_mapping_reported() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let (wgsl, report) = wgsl_of(&glslang(), &corpus_source("deferred_composition.frag"));
    // Bindings 1..=4 are taken; the samplers follow in declaration order.
    for (texture, sampler, name) in [
        (1, 5, "samplerposition"),
        (2, 6, "samplerNormal"),
        (3, 7, "samplerAlbedo"),
    ] {
        assert!(
            wgsl.contains(&format!(
                "@group(0) @binding({texture}) \nvar {name}: texture_2d<f32>;"
            )),
            "{wgsl}"
        );
        assert!(
            wgsl.contains(&format!(
                "@group(0) @binding({sampler}) \nvar {name}_sampler: sampler;"
            )),
            "{wgsl}"
        );
        assert!(report
            .bindings
            .iter()
            .any(|b| b.name.as_deref() == Some(name)
                && b.combined == [0, texture]
                && b.texture == [0, texture]
                && b.sampler == [0, sampler]));
    }
    assert_eq!(report.bindings.len(), 3);
    let json = report.to_json();
    assert!(json.contains("\"bindings\""), "{json}");

    // Through function parameters, and a comparison sampler.
    let (wgsl, _) = wgsl_of(&glslang(), &corpus_source("sampler_function_param.frag"));
    assert!(
        wgsl.contains("s: texture_2d<f32>, s_sampler: sampler"),
        "{wgsl}"
    );
    let (wgsl, _) = wgsl_of(&glslang(), &corpus_source("shadow_compare.frag"));
    assert!(wgsl.contains("sampler_comparison"), "{wgsl}");
    assert!(wgsl.contains("texture_depth_2d"), "{wgsl}");
}

#[test]
fn arrays_of_combined_samplers_split_into_arrays() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let source = Source::from_text(
        "array.frag",
        InputFormat::Glsl(ShaderStage::Fragment),
        "#version 450\nlayout (binding = 0) uniform sampler2D textures[4];\nlayout (location = 0) in vec2 uv;\nlayout (location = 0) out vec4 color;\nvoid main() { color = texture(textures[0], uv) + texture(textures[3], uv); }\n",
    );
    let compiled = glslang()
        .compile(&source, &[OutputFormat::SpirvBinary])
        .unwrap_or_else(|f| panic!("{:?}", f.diagnostics));
    let mut report = Report::new(&source);
    report.add_passes(&source, &compiled.transformed.passes);
    assert_eq!(report.bindings.len(), 1);
    assert_eq!(report.bindings[0].sampler, [0, 1]);
    let module = &compiled.transformed.module;
    let kinds: Vec<String> = module
        .global_variables
        .iter()
        .filter(|(_, v)| v.binding.is_some())
        .map(|(_, v)| format!("{:?}", module.types[v.ty].inner))
        .collect();
    assert_eq!(kinds.len(), 2, "{kinds:?}");
    assert!(
        kinds.iter().all(|k| k.starts_with("BindingArray")),
        "{kinds:?}"
    );
}

#[test]
fn specialization_constants_that_size_arrays_are_fixed_and_the_others_stay_overrides() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let (wgsl, report) = wgsl_of(&glslang(), &corpus_source("nbody_calculate.comp"));
    // SHARED_DATA_SIZE sizes the shared array: fixed at 256.
    assert!(wgsl.contains("array<vec4<f32>, 256>"), "{wgsl}");
    for name in ["GRAVITY", "POWER", "SOFTEN"] {
        assert!(wgsl.contains(&format!("override {name}: f32")), "{wgsl}");
    }
    let json = report.to_json();
    assert!(json.contains("fix-spec-constant"), "{json}");
    assert!(json.contains("SHARED_DATA_SIZE"), "{json}");

    // Expressions of specialization constants (OpSpecConstantOp) fold
    // with their operands' defaults: TILE + 2 * APRON = 20.
    let (wgsl, report) = wgsl_of(&glslang(), &corpus_source("spec_constant_expressions.comp"));
    assert!(wgsl.contains("array<f32, 400>"), "{wgsl}");
    let json = report.to_json();
    assert!(json.contains("\"constant_id\": \"0\""), "{json}");
    assert!(json.contains("\"constant_id\": \"1\""), "{json}");

    // local_size_x_id: the workgroup size takes the constant's default.
    let (wgsl, _) = wgsl_of(&glslang(), &corpus_source("shared_reduce.comp"));
    assert!(wgsl.contains("@workgroup_size(128, 1, 1)"), "{wgsl}");
}

/// A glslang compiler with `--override` values, which the front end gives
/// the specialization constants it fixes.
fn glslang_with_overrides(overrides: &[(&str, f64)]) -> Compiler {
    Compiler::new(Options {
        passes: PassSelection::None,
        front: FrontOptions {
            glsl_front: GlslFront::Glslang,
            ..FrontOptions::default()
        },
        emit: shaderxform::EmitOptions {
            overrides: overrides.iter().map(|(k, v)| (k.to_string(), *v)).collect(),
            ..Default::default()
        },
        ..Options::default()
    })
    .unwrap()
}

#[test]
fn specialization_constants_fixed_for_naga_take_the_values_given_with_override() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    // TILE (by name) = 8, APRON (by constant_id) = 4: 8 + 2 * 4 = 16.
    let (wgsl, report) = wgsl_of(
        &glslang_with_overrides(&[("TILE", 8.0), ("1", 4.0)]),
        &corpus_source("spec_constant_expressions.comp"),
    );
    assert!(wgsl.contains("array<f32, 256>"), "{wgsl}");
    let json = report.to_json();
    assert!(
        json.contains("specialization constant `TILE` (constant_id 0) fixed at 8, the value given with --override"),
        "{json}"
    );
    assert!(json.contains("\"strategy\": \"override\""), "{json}");

    // The workgroup size follows the constant.
    let (wgsl, _) = wgsl_of(
        &glslang_with_overrides(&[("GROUP_SIZE", 64.0)]),
        &corpus_source("shared_reduce.comp"),
    );
    assert!(wgsl.contains("@workgroup_size(64, 1, 1)"), "{wgsl}");

    // A value a `uint` cannot hold is refused at the constant.
    let failure = glslang_with_overrides(&[("TILE", -1.0)])
        .transform(&corpus_source("spec_constant_expressions.comp"))
        .unwrap_err();
    let d = &failure.diagnostics[0];
    assert_eq!(d.code.as_deref(), Some("options::override"), "{d:?}");
    assert!(
        d.message.contains("TILE=-1") && d.message.contains("32-bit uint"),
        "{}",
        d.message
    );
}

#[test]
fn copy_logical_is_read_as_member_wise_copies() {
    // OpCopyLogical between two struct types with the same members and
    // different layouts (SPIR-V 1.4).
    let text = r#"; Version: 1.4
               OpCapability Shader
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %src %dst
               OpExecutionMode %main LocalSize 1 1 1
               OpDecorate %SrcBlock Block
               OpMemberDecorate %SrcBlock 0 Offset 0
               OpMemberDecorate %SrcItem 0 Offset 0
               OpMemberDecorate %SrcItem 1 Offset 4
               OpDecorate %DstBlock Block
               OpMemberDecorate %DstBlock 0 Offset 0
               OpMemberDecorate %DstItem 0 Offset 0
               OpMemberDecorate %DstItem 1 Offset 16
               OpDecorate %src DescriptorSet 0
               OpDecorate %src Binding 0
               OpDecorate %dst DescriptorSet 0
               OpDecorate %dst Binding 1
       %void = OpTypeVoid
         %fn = OpTypeFunction %void
      %float = OpTypeFloat 32
       %uint = OpTypeInt 32 0
     %uint_0 = OpConstant %uint 0
    %SrcItem = OpTypeStruct %float %uint
   %SrcBlock = OpTypeStruct %SrcItem
    %DstItem = OpTypeStruct %float %uint
   %DstBlock = OpTypeStruct %DstItem
 %ptr_SrcBlock = OpTypePointer StorageBuffer %SrcBlock
 %ptr_DstBlock = OpTypePointer StorageBuffer %DstBlock
 %ptr_SrcItem = OpTypePointer StorageBuffer %SrcItem
 %ptr_DstItem = OpTypePointer StorageBuffer %DstItem
        %src = OpVariable %ptr_SrcBlock StorageBuffer
        %dst = OpVariable %ptr_DstBlock StorageBuffer
       %main = OpFunction %void None %fn
      %entry = OpLabel
          %p = OpAccessChain %ptr_SrcItem %src %uint_0
          %v = OpLoad %SrcItem %p
          %c = OpCopyLogical %DstItem %v
          %q = OpAccessChain %ptr_DstItem %dst %uint_0
               OpStore %q %c
               OpReturn
               OpFunctionEnd
"#;
    let source = Source::from_text("copy_logical.spvasm", InputFormat::SpirvAssembly, text);
    let compiled = glslang()
        .compile(&source, &[OutputFormat::Wgsl])
        .unwrap_or_else(|f| panic!("{:?}", f.diagnostics));
    let module = &compiled.transformed.module;
    let composes = module.entry_points[0]
        .function
        .expressions
        .iter()
        .chain(
            module
                .functions
                .iter()
                .flat_map(|(_, f)| f.expressions.iter()),
        )
        .filter(|(_, e)| matches!(e, naga::Expression::Compose { .. }))
        .count();
    assert_eq!(composes, 1, "one struct rebuilt from its members");
    let mut report = Report::new(&source);
    report.add_passes(&source, &compiled.transformed.passes);
    assert!(report.to_json().contains("copy-logical"));
}

#[test]
fn glslang_errors_point_at_the_line_and_name_included_files() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let source = Source::from_text(
        "broken.comp",
        InputFormat::Glsl(ShaderStage::Compute),
        "#version 450\nlayout(local_size_x = 1) in;\nvoid main() {\n    int x = undefinedName;\n}\n",
    );
    let failure = glslang().transform(&source).unwrap_err();
    let rendered = shaderxform::render_all(
        &failure.diagnostics,
        &source,
        shaderxform::ColorChoice::Never,
    );
    assert!(rendered.contains("broken.comp:4:5"), "{rendered}");
    assert!(
        rendered.contains("undeclared identifier: 'undefinedName'"),
        "{rendered}"
    );
    assert!(rendered.contains("int x = undefinedName;"), "{rendered}");

    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("bad.h"), "float f() { return missing; }\n").unwrap();
    let main = dir.path().join("main.comp");
    std::fs::write(
        &main,
        "#version 450\n#include \"bad.h\"\nlayout(local_size_x = 1) in;\nvoid main() {}\n",
    )
    .unwrap();
    let source = Source::read(&main, None).unwrap();
    let failure = glslang().transform(&source).unwrap_err();
    let rendered = shaderxform::render_all(
        &failure.diagnostics,
        &source,
        shaderxform::ColorChoice::Never,
    );
    assert!(rendered.contains("bad.h:1, included by"), "{rendered}");
}

/// An error in a header that another header includes, found through an
/// include folder, points at the shader's own `#include` that leads to
/// it, and says which file and line.
#[test]
fn errors_in_headers_that_headers_include_point_at_the_include_they_come_through() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let headers = dir.path().join("headers");
    std::fs::create_dir(&headers).unwrap();
    std::fs::write(headers.join("outer.h"), "#include \"inner.h\"\n").unwrap();
    std::fs::write(headers.join("inner.h"), "\nfloat f() { return missing; }\n").unwrap();
    let main = dir.path().join("main.hlsl");
    std::fs::write(
        &main,
        "// a shader\n#include \"outer.h\"\n[numthreads(1, 1, 1)]\nvoid main() {}\n",
    )
    .unwrap();
    let source = Source::read(&main, None).unwrap();
    let failure = compiler(FrontOptions {
        include_dirs: vec![headers],
        ..FrontOptions::default()
    })
    .transform(&source)
    .unwrap_err();
    let rendered = shaderxform::render_all(
        &failure.diagnostics,
        &source,
        shaderxform::ColorChoice::Never,
    );
    assert!(rendered.contains("main.hlsl:2:1"), "{rendered}");
    assert!(
        rendered.contains("in inner.h, which the file included here includes, at line 2"),
        "{rendered}"
    );
}

#[test]
fn defines_and_include_folders_reach_glslang_and_includes_are_dependencies() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let source = corpus_source("defines_workgroup.comp");
    let with = |defines: Vec<(String, Option<String>)>| {
        let c = compiler(FrontOptions {
            glsl_front: GlslFront::Glslang,
            defines,
            ..FrontOptions::default()
        });
        wgsl_of(&c, &source).0
    };
    let plain = with(vec![]);
    assert!(plain.contains("@workgroup_size(64, 1, 1)"), "{plain}");
    assert!(plain.contains("array<f32>"), "{plain}");
    let defined = with(vec![
        ("WG".into(), Some("128".into())),
        ("USE_INT".into(), None),
    ]);
    assert!(defined.contains("@workgroup_size(128, 1, 1)"), "{defined}");
    assert!(defined.contains("array<i32>"), "{defined}");

    // An include found through an include folder, listed as a dependency.
    let dir = tempfile::tempdir().unwrap();
    let shader = dir.path().join("lit.frag");
    std::fs::write(
        &shader,
        "#version 450\n#include \"lighting.glsl\"\nlayout(location = 0) in vec3 n;\nlayout(location = 0) out vec4 c;\nvoid main() { c = vec4(lambert(normalize(n), vec3(0.0, 1.0, 0.0))); }\n",
    )
    .unwrap();
    let c = compiler(FrontOptions {
        glsl_front: GlslFront::Glslang,
        include_dirs: vec![common::root().join("corpus/glsl/include")],
        ..FrontOptions::default()
    });
    let transformed = c.transform(&Source::read(&shader, None).unwrap()).unwrap();
    assert_eq!(
        transformed.dependencies.len(),
        1,
        "{:?}",
        transformed.dependencies
    );
    assert!(transformed.dependencies[0].ends_with("include/lighting.glsl"));
}

#[test]
fn naga_front_stays_available_and_is_what_it_was() {
    let source = corpus_source("textured_quad.frag");
    let failure = compiler(FrontOptions {
        glsl_front: GlslFront::Naga,
        ..FrontOptions::default()
    })
    .transform(&source)
    .unwrap_err();
    assert!(
        failure.diagnostics[0].message.contains("Not implemented"),
        "{:?}",
        failure.diagnostics
    );
}

#[test]
fn hlsl_with_an_entry_point_and_registers() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let source = Source::from_text(
        "double.hlsl",
        InputFormat::Hlsl(ShaderStage::Compute),
        "RWStructuredBuffer<float> data : register(u0);\n[numthreads(64, 1, 1)]\nvoid doubleIt(uint3 id : SV_DispatchThreadID) { data[id.x] *= 2.0; }\n",
    );
    let c = compiler(FrontOptions {
        hlsl_entry_point: Some("doubleIt".into()),
        ..FrontOptions::default()
    });
    let (wgsl, _) = wgsl_of(&c, &source);
    assert!(wgsl.contains("fn doubleIt("), "{wgsl}");
    assert!(wgsl.contains("@workgroup_size(64, 1, 1)"), "{wgsl}");
    // Without the entry point named, the file's only `[numthreads]`
    // function is its entry point.
    let (wgsl, _) = wgsl_of(&glslang(), &source);
    assert!(wgsl.contains("fn doubleIt("), "{wgsl}");
    // With two and no `main`, neither is chosen, and the error names both.
    let two = Source::from_text(
        "two.hlsl",
        InputFormat::Hlsl(ShaderStage::Compute),
        "RWStructuredBuffer<float> data : register(u0);\n[numthreads(64, 1, 1)]\nvoid doubleIt(uint3 id : SV_DispatchThreadID) { data[id.x] *= 2.0; }\n[numthreads(64, 1, 1)]\nvoid halve(uint3 id : SV_DispatchThreadID) { data[id.x] *= 0.5; }\n",
    );
    let failure = glslang().transform(&two).unwrap_err();
    assert!(
        failure.diagnostics.iter().any(|d| d
            .message
            .contains("no entry point `main`; its [numthreads] functions are `doubleIt`, `halve`")),
        "{:?}",
        failure.diagnostics
    );
}

fn run_cli(args: &[&str], stdin: &[u8]) -> (i32, String, String, PathBuf) {
    use std::io::Write;
    let dir = tempfile::tempdir().unwrap().keep();
    let mut child = Command::new(env!("CARGO_BIN_EXE_shaderxform"))
        .args(args)
        .current_dir(&dir)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    // A usage error exits before reading: a closed pipe is its answer.
    match child.stdin.take().unwrap().write_all(stdin) {
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {}
        written => written.unwrap(),
    }
    let out = child.wait_with_output().unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        dir,
    )
}

#[test]
fn standard_input_with_its_format_and_diagnostics_naming_stdin() {
    let wgsl = b"@group(0) @binding(0) var<storage, read_write> d: array<u32>;\n@compute @workgroup_size(1)\nfn main() { d[0] = 1u; }\n";
    let (code, stdout, stderr, _) = run_cli(
        &[
            "-",
            "--input-format",
            "wgsl",
            "-o",
            "-",
            "--emit",
            "wgsl",
            "--passes",
            "none",
        ],
        wgsl,
    );
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.contains("fn main()"), "{stdout}");

    let (code, _, stderr, _) = run_cli(&["check", "-", "--input-format", "wgsl"], b"fn f( {\n");
    assert_eq!(code, 1);
    assert!(stderr.contains("<stdin>:1:"), "{stderr}");

    let (code, _, stderr, _) = run_cli(&["check", "-"], wgsl);
    assert_eq!(code, 2);
    assert!(stderr.contains("--input-format"), "{stderr}");
}

#[test]
fn depfile_lists_every_included_file() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let shader = common::root().join("corpus/glsl/include_tonemap.frag");
    let (code, _, stderr, dir) = run_cli(
        &[
            shader.to_str().unwrap(),
            "-o",
            "out.spv",
            "--depfile",
            "out.d",
            "--passes",
            "none",
        ],
        b"",
    );
    assert_eq!(code, 0, "{stderr}");
    let depfile = std::fs::read_to_string(dir.join("out.d")).unwrap();
    assert!(depfile.starts_with("out.spv:"), "{depfile}");
    assert!(depfile.contains("include_tonemap.frag"), "{depfile}");
    assert!(depfile.contains("include/tonemap.glsl"), "{depfile}");
    assert!(
        stderr.contains("split-combined-sampler") || stderr.contains("combined image sampler"),
        "{stderr}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn glsl_front_glslang_without_glslang_says_how_to_install_it() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("a.comp"),
        "#version 450\nlayout(local_size_x = 1) in;\nvoid main() {}\n",
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_shaderxform"))
        .args(["a.comp", "-o", "a.wgsl", "--glsl-front", "glslang"])
        .current_dir(dir.path())
        .env("PATH", dir.path())
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("glslang-tools"), "{stderr}");
    assert!(!dir.path().join("a.wgsl").exists());
}

/// HLSL registers of different classes with one number would land on one
/// binding: without shifts given, the default shifts part the classes and
/// the report says so; shifts given are kept as given. Two registers of one
/// class with one number still share a binding: the error names both
/// resources and says why.
#[test]
fn hlsl_registers_of_two_classes_on_one_binding_are_parted_by_default() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let source = Source::from_text(
        "sampled.hlsl",
        InputFormat::Hlsl(ShaderStage::Compute),
        "Texture2D<float4> tex : register(t0);
SamplerState samp : register(s0);
RWStructuredBuffer<float4> outp : register(u1);
[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    outp[id.x] = tex.SampleLevel(samp, float2(id.xy) / 64.0, 0);
}
",
    );
    let binding_of = |transformed: &shaderxform::Transformed, name: &str| {
        transformed
            .module
            .global_variables
            .iter()
            .find(|(_, g)| g.name.as_deref() == Some(name))
            .and_then(|(_, g)| g.binding)
            .map(|b| b.binding)
    };
    let parted = glslang()
        .transform(&source)
        .unwrap_or_else(|f| panic!("{f}"));
    assert_eq!(binding_of(&parted, "tex"), Some(300));
    assert_eq!(binding_of(&parted, "samp"), Some(200));
    assert_eq!(binding_of(&parted, "outp"), Some(501));
    let shifts: Vec<String> = parted
        .passes
        .iter()
        .flat_map(|p| &p.changes)
        .filter(|c| c.kind == "hlsl-register-shift")
        .map(|c| c.message.clone())
        .collect();
    assert!(
        shifts
            .iter()
            .any(|m| m.contains("HLSL registers are at binding register + shift: `s` + 200, `t` + 300, `u` + 500 (by default")),
        "{shifts:?}"
    );
    // Shifts given, as `--hlsl-register-shift s=16`, are the ones used; the
    // other classes keep their numbers.
    let shifted = compiler(FrontOptions {
        glsl_front: GlslFront::Glslang,
        hlsl_register_shifts: vec![(HlslRegister::Sampler, 16)],
        ..FrontOptions::default()
    })
    .transform(&source)
    .unwrap_or_else(|f| panic!("{f}"));
    assert_eq!(binding_of(&shifted, "tex"), Some(0));
    assert_eq!(binding_of(&shifted, "samp"), Some(16));
    assert_eq!(binding_of(&shifted, "outp"), Some(1));

    let same_class = Source::from_text(
        "twice.hlsl",
        InputFormat::Hlsl(ShaderStage::Compute),
        "Texture2D<float4> first : register(t0);
Texture2D<float4> second : register(t0);
RWStructuredBuffer<float4> outp : register(u1);
[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    outp[id.x] = first.Load(int3(id.xy, 0)) + second.Load(int3(id.yx, 0));
}
",
    );
    let failure = glslang().transform(&same_class).unwrap_err();
    let d = &failure.diagnostics[0];
    assert_eq!(d.code.as_deref(), Some("input::binding-conflict"), "{d:?}");
    assert!(
        d.message.contains("`first`") && d.message.contains("`second`"),
        "{}",
        d.message
    );
    assert!(d.message.contains("@group(0) @binding(0)"), "{}", d.message);
    assert!(
        d.notes.iter().any(|n| n.contains("by default")),
        "{:?}",
        d.notes
    );
}

/// Unnamed blocks on one binding are named in the conflict as the shader
/// names them: by their runtime-sized member.
#[test]
fn unnamed_blocks_on_one_binding_are_named_by_their_members() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let source = Source::from_text(
        "alias.comp",
        InputFormat::Glsl(ShaderStage::Compute),
        "#version 450
layout(local_size_x = 64) in;
layout(std430, binding = 2) writeonly buffer DrawCommands { uint drawCommands[]; };
layout(std430, binding = 2) writeonly buffer TaskCommands { uvec2 taskCommands[]; };
void main() {
    drawCommands[gl_GlobalInvocationID.x] = 1u;
    taskCommands[gl_GlobalInvocationID.x] = uvec2(2u);
}
",
    );
    let failure = glslang().transform(&source).unwrap_err();
    let d = &failure.diagnostics[0];
    assert_eq!(d.code.as_deref(), Some("input::binding-conflict"), "{d:?}");
    assert!(
        d.message.contains("`drawCommands`") && d.message.contains("`taskCommands`"),
        "{}",
        d.message
    );
}

/// `#include <name>`, which DXC and glslc find in the include folders and
/// glslangValidator's own includer never does: found in the include
/// folders (a header including its neighbour by a quoted name), listed in
/// the depfile by its own path, and an error in it said of its own path
/// and line.
#[test]
fn angle_bracket_includes_are_found_in_the_include_folders() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let include = dir.path().join("include/engine");
    std::fs::create_dir_all(&include).unwrap();
    std::fs::write(
        include.join("bindings.hlsli"),
        "#pragma once\n#include \"scale.h\"\nRWStructuredBuffer<float> outp : register(u0);\n",
    )
    .unwrap();
    std::fs::write(include.join("scale.h"), "#define SCALE 3.0\n").unwrap();
    let shaders = dir.path().join("shaders");
    std::fs::create_dir_all(&shaders).unwrap();
    std::fs::write(
        shaders.join("scale.hlsl"),
        "#include <engine/bindings.hlsli>\n#include <engine/bindings.hlsli>\n[numthreads(64, 1, 1)]\nvoid main(uint3 id : SV_DispatchThreadID) { outp[id.x] *= SCALE; }\n",
    )
    .unwrap();
    let run = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_shaderxform"))
            .current_dir(dir.path())
            .args(args)
            .output()
            .unwrap()
    };
    let out = run(&[
        "shaders/scale.hlsl",
        "-I",
        "include",
        "-o",
        "scale.wgsl",
        "--depfile",
        "scale.d",
    ]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(0), "{stderr}");
    let wgsl = std::fs::read_to_string(dir.path().join("scale.wgsl")).unwrap();
    assert!(wgsl.contains("3f"), "{wgsl}");
    let depfile = std::fs::read_to_string(dir.path().join("scale.d")).unwrap();
    for header in ["bindings.hlsli", "scale.h"] {
        let path = include.canonicalize().unwrap().join(header);
        assert!(
            depfile.contains(&format!("{}:", path.display())),
            "{header}:\n{depfile}"
        );
    }
    assert!(!depfile.contains("/in/"), "{depfile}");

    // An error in the header is said of the header, at its line.
    std::fs::write(
        include.join("scale.h"),
        "#define SCALE 3.0\nfloat broken = ;\n",
    )
    .unwrap();
    let out = run(&["shaders/scale.hlsl", "-I", "include", "-o", "broken.wgsl"]);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    let header = include.canonicalize().unwrap().join("scale.h");
    assert!(
        stderr.contains(&format!("in {}:2", header.display()))
            && stderr.contains("shaders/scale.hlsl:1:1"),
        "{stderr}"
    );
    assert!(!stderr.contains("_scale.h"), "{stderr}");
    assert!(!dir.path().join("broken.wgsl").exists());
}
