//! SPIR-V float atomic min/max (`OpAtomicFMinEXT`/`OpAtomicFMaxEXT`, as
//! glslang writes GLSL's `atomicMin`/`atomicMax` on floats) reaches the
//! `float-atomics` pass: the front end reads it as naga's float atomic
//! min/max, the pass moves it onto integer atomics, and float adds on other
//! atomics keep working.

mod common;

use shaderxform::{
    Compiler, EmitOptions, FailureKind, InputFormat, Options, OutputFormat, PassSelection, Source,
    Target,
};

const CORPUS: &str = "corpus/float-atomics/spv_float_minmax.spvasm";

/// The corpus shader plus an `atomicAdd` on a float of another buffer.
/// Not in the corpus: for a target with float atomic add, its WGSL keeps
/// `atomic<f32>` for the add, which naga accepts and Tint (and WGSL) do
/// not.
const MIN_MAX_AND_ADD: &str = r#"; glslangValidator -V --target-env vulkan1.1 of:
;   #version 450
;   #extension GL_EXT_shader_atomic_float : require
;   #extension GL_EXT_shader_atomic_float2 : require
;
;   layout(local_size_x = 64) in;
;
;   layout(std430, set = 0, binding = 0) readonly buffer Input {
;       float values[];
;   } inputs;
;
;   layout(std430, set = 0, binding = 1) buffer Bounds {
;       float lo;
;       float hi;
;   } bounds;
;
;   layout(std430, set = 0, binding = 2) buffer Sum {
;       float total;
;   } sum;
;
;   void main() {
;       uint i = gl_GlobalInvocationID.x;
;       if (i >= uint(inputs.values.length())) {
;           return;
;       }
;       float x = inputs.values[i];
;       atomicMin(bounds.lo, x);
;       atomicMax(bounds.hi, x);
;       atomicAdd(sum.total, x);
;   }
;
; SPIR-V
; Version: 1.3
; Generator: Khronos Glslang Reference Front End; 11
; Bound: 57
; Schema: 0
               OpCapability Shader
               OpCapability AtomicFloat32MinMaxEXT
               OpCapability AtomicFloat32AddEXT
               OpExtension "SPV_EXT_shader_atomic_float_add"
               OpExtension "SPV_EXT_shader_atomic_float_min_max"
          %1 = OpExtInstImport "GLSL.std.450"
               OpMemoryModel Logical GLSL450
               OpEntryPoint GLCompute %main "main" %gl_GlobalInvocationID
               OpExecutionMode %main LocalSize 64 1 1
               OpSource GLSL 450
               OpSourceExtension "GL_EXT_shader_atomic_float"
               OpSourceExtension "GL_EXT_shader_atomic_float2"
               OpName %main "main"
               OpName %i "i"
               OpName %gl_GlobalInvocationID "gl_GlobalInvocationID"
               OpName %Input "Input"
               OpMemberName %Input 0 "values"
               OpName %inputs "inputs"
               OpName %x "x"
               OpName %Bounds "Bounds"
               OpMemberName %Bounds 0 "lo"
               OpMemberName %Bounds 1 "hi"
               OpName %bounds "bounds"
               OpName %Sum "Sum"
               OpMemberName %Sum 0 "total"
               OpName %sum "sum"
               OpDecorate %gl_GlobalInvocationID BuiltIn GlobalInvocationId
               OpDecorate %_runtimearr_float ArrayStride 4
               OpMemberDecorate %Input 0 NonWritable
               OpMemberDecorate %Input 0 Offset 0
               OpDecorate %Input Block
               OpDecorate %inputs DescriptorSet 0
               OpDecorate %inputs Binding 0
               OpMemberDecorate %Bounds 0 Offset 0
               OpMemberDecorate %Bounds 1 Offset 4
               OpDecorate %Bounds Block
               OpDecorate %bounds DescriptorSet 0
               OpDecorate %bounds Binding 1
               OpMemberDecorate %Sum 0 Offset 0
               OpDecorate %Sum Block
               OpDecorate %sum DescriptorSet 0
               OpDecorate %sum Binding 2
               OpDecorate %gl_WorkGroupSize BuiltIn WorkgroupSize
       %void = OpTypeVoid
          %3 = OpTypeFunction %void
       %uint = OpTypeInt 32 0
%_ptr_Function_uint = OpTypePointer Function %uint
     %v3uint = OpTypeVector %uint 3
%_ptr_Input_v3uint = OpTypePointer Input %v3uint
%gl_GlobalInvocationID = OpVariable %_ptr_Input_v3uint Input
     %uint_0 = OpConstant %uint 0
%_ptr_Input_uint = OpTypePointer Input %uint
      %float = OpTypeFloat 32
%_runtimearr_float = OpTypeRuntimeArray %float
      %Input = OpTypeStruct %_runtimearr_float
%_ptr_StorageBuffer_Input = OpTypePointer StorageBuffer %Input
     %inputs = OpVariable %_ptr_StorageBuffer_Input StorageBuffer
        %int = OpTypeInt 32 1
       %bool = OpTypeBool
%_ptr_Function_float = OpTypePointer Function %float
      %int_0 = OpConstant %int 0
%_ptr_StorageBuffer_float = OpTypePointer StorageBuffer %float
     %Bounds = OpTypeStruct %float %float
%_ptr_StorageBuffer_Bounds = OpTypePointer StorageBuffer %Bounds
     %bounds = OpVariable %_ptr_StorageBuffer_Bounds StorageBuffer
     %uint_1 = OpConstant %uint 1
      %int_1 = OpConstant %int 1
        %Sum = OpTypeStruct %float
%_ptr_StorageBuffer_Sum = OpTypePointer StorageBuffer %Sum
        %sum = OpVariable %_ptr_StorageBuffer_Sum StorageBuffer
    %uint_64 = OpConstant %uint 64
%gl_WorkGroupSize = OpConstantComposite %v3uint %uint_64 %uint_1 %uint_1
       %main = OpFunction %void None %3
          %5 = OpLabel
          %i = OpVariable %_ptr_Function_uint Function
          %x = OpVariable %_ptr_Function_float Function
         %14 = OpAccessChain %_ptr_Input_uint %gl_GlobalInvocationID %uint_0
         %15 = OpLoad %uint %14
               OpStore %i %15
         %16 = OpLoad %uint %i
         %22 = OpArrayLength %uint %inputs 0
         %24 = OpBitcast %int %22
         %25 = OpBitcast %uint %24
         %27 = OpUGreaterThanEqual %bool %16 %25
               OpSelectionMerge %29 None
               OpBranchConditional %27 %28 %29
         %28 = OpLabel
               OpReturn
         %29 = OpLabel
         %34 = OpLoad %uint %i
         %36 = OpAccessChain %_ptr_StorageBuffer_float %inputs %int_0 %34
         %37 = OpLoad %float %36
               OpStore %x %37
         %41 = OpAccessChain %_ptr_StorageBuffer_float %bounds %int_0
         %42 = OpLoad %float %x
         %44 = OpAtomicFMinEXT %float %41 %uint_1 %uint_0 %42
         %46 = OpAccessChain %_ptr_StorageBuffer_float %bounds %int_1
         %47 = OpLoad %float %x
         %48 = OpAtomicFMaxEXT %float %46 %uint_1 %uint_0 %47
         %52 = OpAccessChain %_ptr_StorageBuffer_float %sum %int_0
         %53 = OpLoad %float %x
         %54 = OpAtomicFAddEXT %float %52 %uint_1 %uint_0 %53
               OpReturn
               OpFunctionEnd
"#;

fn all_passes() -> Compiler {
    Compiler::new(Options {
        passes: PassSelection::All,
        ..Options::default()
    })
    .unwrap()
}

fn corpus_source() -> Source {
    Source::read(CORPUS.as_ref(), None).unwrap()
}

fn add_source(text: &str) -> Source {
    Source::from_text("min_max_and_add.spvasm", InputFormat::SpirvAssembly, text)
}

/// The type of the struct member `member` of the global `global`.
fn member_type<'a>(module: &'a naga::Module, global: &str, member: &str) -> &'a naga::TypeInner {
    let (_, var) = module
        .global_variables
        .iter()
        .find(|(_, v)| v.name.as_deref() == Some(global))
        .unwrap_or_else(|| panic!("no global `{global}`"));
    let naga::TypeInner::Struct { ref members, .. } = module.types[var.ty].inner else {
        panic!("`{global}` is not a struct");
    };
    let m = members
        .iter()
        .find(|m| m.name.as_deref() == Some(member))
        .unwrap_or_else(|| panic!("no member `{global}.{member}`"));
    &module.types[m.ty].inner
}

fn is_int_atomic(inner: &naga::TypeInner) -> bool {
    matches!(
        inner,
        naga::TypeInner::Atomic(naga::Scalar {
            kind: naga::ScalarKind::Uint | naga::ScalarKind::Sint,
            width: 4
        })
    )
}

#[test]
fn spirv_float_min_max_is_rewritten_onto_integer_atomics() {
    let source = corpus_source();
    let compiled = all_passes()
        .compile(
            &source,
            &[
                OutputFormat::Wgsl,
                OutputFormat::SpirvBinary,
                OutputFormat::SpirvAssembly,
            ],
        )
        .unwrap_or_else(|f| panic!("{CORPUS}: {f}"));

    let module = &compiled.transformed.module;
    for member in ["lo", "hi"] {
        let ty = member_type(module, "bounds", member);
        assert!(is_int_atomic(ty), "bounds.{member} is {ty:?}");
    }

    let wgsl = compiled.outputs[0].text().unwrap();
    assert!(wgsl.contains("atomicMin((&bounds.lo)"), "{wgsl}");
    assert!(wgsl.contains("atomicMax((&bounds.hi)"), "{wgsl}");
    assert!(!wgsl.contains("atomic<f32>"), "{wgsl}");

    // spirv-val has checked the binary inside the pipeline; the text shows
    // integer atomics and nothing left of the float min/max extension.
    let spvasm = compiled.outputs[2].text().unwrap();
    assert!(!compiled.outputs[1].bytes.is_empty());
    assert!(
        spvasm.contains("OpAtomicUMin") || spvasm.contains("OpAtomicSMin"),
        "{spvasm}"
    );
    assert!(
        spvasm.contains("OpAtomicUMax") || spvasm.contains("OpAtomicSMax"),
        "{spvasm}"
    );
    for gone in [
        "OpAtomicFMinEXT",
        "OpAtomicFMaxEXT",
        "MinMaxEXT",
        "float_min_max",
    ] {
        assert!(!spvasm.contains(gone), "{gone} in {spvasm}");
    }
}

#[test]
fn the_report_records_the_retyped_atomic() {
    let source = corpus_source();
    let transformed = all_passes().transform(&source).unwrap();
    let report = transformed
        .passes
        .iter()
        .find(|p| p.name == shaderxform::passes::float_atomics::NAME)
        .expect("float-atomics ran");
    assert!(report.skipped.is_none(), "{report:?}");
    let change = report
        .changes
        .iter()
        .find(|c| c.kind == "retype-atomic")
        .unwrap_or_else(|| panic!("no retype-atomic: {report:?}"));
    assert_eq!(change.details["variable"], "bounds");
    assert_eq!(change.details["group"], "0");
    assert_eq!(change.details["binding"], "1");
    assert!(change.details.contains_key("clear_value_for_min"));
    assert!(change.details.contains_key("clear_value_for_max"));
}

#[test]
fn without_the_pass_spirv_float_min_is_naga_s_validation_error() {
    let source = corpus_source();
    let failure = common::translator(EmitOptions::default())
        .transform(&source)
        .unwrap_err();
    assert_eq!(failure.kind, FailureKind::Input, "{failure:?}");
    let d = &failure.diagnostics[0];
    assert_eq!(d.code.as_deref(), Some("naga::validation"), "{d:?}");
    let text = format!("{:?}", failure.diagnostics);
    assert!(text.contains("Operator Min is not supported"), "{text}");
}

#[test]
fn the_binary_reads_like_the_assembly() {
    let text = std::fs::read_to_string(common::root().join(CORPUS)).unwrap();
    let words = shaderxform::front::assemble_spirv(&text).unwrap();
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let source = Source::new("spv_float_minmax.spv", InputFormat::SpirvBinary, bytes);
    let transformed = all_passes().transform(&source).unwrap();
    assert!(transformed
        .passes
        .iter()
        .flat_map(|p| &p.changes)
        .any(|c| c.kind == "retype-atomic"));
}

/// A target that declares float atomic add (`float32-atomic-add`) keeps
/// the add on the other atomic native, where only min and max are
/// rewritten.
#[test]
fn float_add_on_another_atomic_keeps_working() {
    let source = add_source(MIN_MAX_AND_ADD);
    let mut target = Target::default();
    assert!(target.enable("float32-atomic-add"));
    let compiled = Compiler::new(Options {
        passes: PassSelection::All,
        target,
        ..Options::default()
    })
    .unwrap()
    .compile(
        &source,
        &[
            OutputFormat::Wgsl,
            OutputFormat::SpirvBinary,
            OutputFormat::SpirvAssembly,
        ],
    )
    .unwrap_or_else(|f| panic!("{f}"));
    let module = &compiled.transformed.module;
    assert!(is_int_atomic(member_type(module, "bounds", "lo")));
    assert!(matches!(
        member_type(module, "sum", "total"),
        naga::TypeInner::Atomic(naga::Scalar::F32)
    ));

    let wgsl = compiled.outputs[0].text().unwrap();
    assert!(wgsl.contains("total: atomic<f32>"), "{wgsl}");
    assert!(wgsl.contains("atomicAdd((&sum.total)"), "{wgsl}");

    let spvasm = compiled.outputs[2].text().unwrap();
    assert!(spvasm.contains("OpAtomicFAddEXT"), "{spvasm}");
    assert!(
        spvasm.contains("OpCapability AtomicFloat32AddEXT"),
        "{spvasm}"
    );
    assert!(
        spvasm.contains("SPV_EXT_shader_atomic_float_add"),
        "{spvasm}"
    );
    assert!(!spvasm.contains("MinMaxEXT"), "{spvasm}");
}

/// Without that feature, the add on the other atomic is rewritten too,
/// onto an integer atomic holding the float's bits (an exchange relay,
/// the default sum lowering): WGSL (and Tint) have no float atomics.
#[test]
fn float_add_on_another_atomic_becomes_integer_atomics_without_the_feature() {
    let compiled = all_passes()
        .compile(
            &add_source(MIN_MAX_AND_ADD),
            &[OutputFormat::Wgsl, OutputFormat::SpirvAssembly],
        )
        .unwrap_or_else(|f| panic!("{f}"));
    let module = &compiled.transformed.module;
    assert!(is_int_atomic(member_type(module, "sum", "total")));
    let wgsl = compiled.outputs[0].text().unwrap();
    assert!(
        !wgsl.contains("atomic<f32>") && wgsl.contains("atomicExchange((&sum.total)"),
        "{wgsl}"
    );
    let spvasm = compiled.outputs[1].text().unwrap();
    assert!(!spvasm.contains("OpAtomicFAddEXT"), "{spvasm}");
}

#[test]
fn float_add_on_the_min_max_atomic_becomes_a_compare_exchange_loop() {
    let same = MIN_MAX_AND_ADD.replace(
        "%52 = OpAccessChain %_ptr_StorageBuffer_float %sum %int_0",
        "%52 = OpAccessChain %_ptr_StorageBuffer_float %bounds %int_0",
    );
    assert_ne!(same, MIN_MAX_AND_ADD);
    let compiler = all_passes();
    let source = add_source(&same);
    let compiled = compiler
        .compile(&source, &[OutputFormat::Wgsl, OutputFormat::SpirvBinary])
        .unwrap_or_else(|f| panic!("{f:?}"));
    let wgsl = compiled.outputs[0].text().unwrap();
    assert!(wgsl.contains("atomicCompareExchangeWeak"), "{wgsl}");
    assert!(wgsl.contains("atomicMin"), "{wgsl}");
    let change = &compiled.transformed.passes[0].changes[0];
    assert_eq!(change.details["clear_value_for_sum"], "0x80000000");
}
