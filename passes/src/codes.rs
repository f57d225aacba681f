//! Every diagnostic code shaderxform reports, in one place.
//!
//! The codes are a public contract: they appear in `error[CODE]` on the
//! terminal and in the `code` field of the JSON output, and scripts match
//! on them. A code is added here, with a line saying when it is reported,
//! and listed in `docs/diagnostics.md`; no call site spells one itself.

// Reading the input.

/// The input file cannot be read.
pub const IO_READ: &str = "io::read";
/// An output file or the manifest cannot be written.
pub const IO_WRITE: &str = "io::write";
/// The input file is empty.
pub const INPUT_EMPTY: &str = "input::empty";
/// A text input is not UTF-8.
pub const INPUT_NOT_UTF8: &str = "input::not-utf8";
/// An `#include` of a GLSL or HLSL input may read something other than a
/// regular file (a FIFO, a device), which is never read.
pub const INPUT_NOT_A_FILE: &str = "input::not-a-file";
/// A type of the input takes more than the 4 GiB (2^32 - 1 bytes) a type
/// may take.
pub const INPUT_SIZE_OVERFLOW: &str = "input::size-overflow";
/// A storage image of the input declares no format, and the host named
/// none with `--storage-format` (or named one its texel type cannot hold).
pub const INPUT_STORAGE_FORMAT: &str = "input::storage-format";
/// A compute entry point returns a value or has an output, which compute
/// shaders cannot have.
pub const INPUT_COMPUTE_OUTPUT: &str = "input::compute-output";
/// A compute entry point takes an input at a location rather than a
/// built-in.
pub const INPUT_COMPUTE_INPUT: &str = "input::compute-input";
/// A GLSL compute shader declares no workgroup size (`local_size_x`...).
pub const INPUT_WORKGROUP_SIZE_UNDECLARED: &str = "input::workgroup-size-undeclared";
/// A compute entry point's workgroup size has a dimension of zero.
pub const INPUT_WORKGROUP_SIZE_ZERO: &str = "input::workgroup-size-zero";
/// A vertex or fragment entry point uses a workgroup variable, itself or
/// through a function it calls.
pub const INPUT_WORKGROUP_OUTSIDE_COMPUTE: &str = "input::workgroup-outside-compute";
/// Two resources an entry point uses share a `@group` and `@binding`.
pub const INPUT_BINDING_CONFLICT: &str = "input::binding-conflict";
/// naga's WGSL parser refuses the input.
pub const WGSL_PARSE: &str = "wgsl::parse";
/// An expression of the WGSL input is nested deeper than naga's parser
/// can follow, or one statement holds more than 262,144 (2^18) tokens.
pub const WGSL_NESTING: &str = "wgsl::nesting";
/// A `loop` of the WGSL input has no `break`, `break if` or `return`: WGSL
/// requires every loop to have a way out (Tint: "loop does not exit").
pub const WGSL_LOOP_WITHOUT_EXIT: &str = "wgsl::loop-without-exit";
/// A `clamp` of the WGSL input has constant bounds, the low one above the
/// high one (Tint: "clamp called with 'low' greater than 'high'").
pub const WGSL_CLAMP_BOUNDS: &str = "wgsl::clamp-bounds";
/// A read-only storage buffer of the WGSL input holds an atomic, which
/// WGSL allows only in `read_write` storage.
pub const WGSL_READ_ONLY_ATOMIC: &str = "wgsl::read-only-atomic";
/// A subgroup or quad operation of the WGSL input has a constant lane,
/// mask or delta past what WGSL allows (128; 4 for a quad).
pub const WGSL_CONSTANT_LANE: &str = "wgsl::constant-lane";
/// A vertex shader of the WGSL input reaches a subgroup operation, which
/// WGSL allows in compute and fragment shaders only.
pub const WGSL_SUBGROUP_IN_VERTEX: &str = "wgsl::subgroup-in-vertex";
/// A texture sampling of the WGSL input has a constant offset component
/// outside -8 to 7.
pub const WGSL_TEXTURE_OFFSET: &str = "wgsl::texture-offset";
/// A texture builtin of the WGSL input takes an array index that is not
/// an `i32` or `u32` (naga reads a 64-bit one, which WGSL has not).
pub const WGSL_TEXTURE_ARRAY_INDEX: &str = "wgsl::texture-array-index";
/// WGSL input: an array of 65,536 elements or more in function, private or
/// workgroup memory, which Tint refuses.
pub const WGSL_ARRAY_COUNT: &str = "wgsl::array-count";
/// An `#import` of a WGSL input (or of a module it imports) names a
/// module path that no module of the search folders declares, or a quoted
/// file that does not exist.
pub const WGSL_UNKNOWN_MODULE: &str = "wgsl::unknown-module";
/// An `#import` or a `module::item` path names an item that the module
/// does not declare (or declares only in a disabled `#ifdef` branch).
pub const WGSL_UNKNOWN_ITEM: &str = "wgsl::unknown-item";
/// Two files of one search folder declare the same `#define_import_path`.
pub const WGSL_AMBIGUOUS_MODULE: &str = "wgsl::ambiguous-module";
/// WGSL modules import each other in a cycle.
pub const WGSL_IMPORT_CYCLE: &str = "wgsl::import-cycle";
/// A preprocessor directive of a WGSL input or module is malformed or
/// unbalanced (`#ifdef` without `#endif`, `#else` without `#ifdef`), or
/// tests or substitutes a shader def that no `-D` gives a value.
pub const WGSL_DIRECTIVE: &str = "wgsl::directive";
/// naga's GLSL parser refuses the input.
pub const GLSL_PARSE: &str = "glsl::parse";
/// glslang's own error or warning about the GLSL or HLSL input.
pub const GLSLANG: &str = "glslang";
/// glslang, needed for this GLSL or HLSL input, is not installed.
pub const GLSLANG_MISSING: &str = "glslang::missing";
/// glslang is installed but cannot be run.
pub const GLSLANG_RUN: &str = "glslang::run";
/// The entry point `--entry-point` names is not in the GLSL or HLSL input.
pub const GLSLANG_ENTRY_POINT: &str = "glslang::entry-point";
/// The SPIR-V input is not a SPIR-V binary (wrong size or magic number).
pub const SPIRV_NOT_SPIRV: &str = "spirv::not-spirv";
/// spirv-val refuses the SPIR-V input.
pub const SPIRV_INVALID: &str = "spirv::invalid";
/// naga's SPIR-V reader refuses the input.
pub const SPIRV_PARSE: &str = "spirv::parse";
/// SPIR-V assembly input, and no assembler (SPIRV-Tools) is available.
pub const SPIRV_NO_ASSEMBLER: &str = "spirv::no-assembler";
/// The SPIR-V assembly input does not assemble.
pub const SPIRV_ASSEMBLE: &str = "spirv::assemble";
/// A constant of the SPIR-V input is infinite or NaN where no target can
/// hold one.
pub const SPIRV_NON_FINITE: &str = "spirv::non-finite";
/// An atomic operation of the SPIR-V input works on a component of a
/// vector, which WGSL and naga's IR cannot hold.
pub const SPIRV_ATOMIC_VECTOR_COMPONENT: &str = "spirv::atomic-vector-component";
/// A clustered subgroup reduction of the SPIR-V input, which naga's IR
/// cannot hold.
pub const SPIRV_CLUSTERED_REDUCTION: &str = "spirv::clustered-reduction";
/// An atomic operation of the SPIR-V input on a texel of a storage image,
/// which naga's reader cannot read.
pub const SPIRV_IMAGE_ATOMIC: &str = "spirv::image-atomic";
/// A ray query construct of the SPIR-V input that naga's IR cannot hold.
pub const SPIRV_RAY_QUERY: &str = "spirv::ray-query";
/// A storage image of the SPIR-V input decorated coherent or volatile that
/// the shader reads: naga's IR has memory coherence for storage buffers
/// only.
pub const SPIRV_COHERENT_IMAGE: &str = "spirv::coherent-image";
/// An image of the SPIR-V input naga's reader cannot read: a texel
/// buffer, or an element of an array of storage images.
pub const SPIRV_UNSUPPORTED_IMAGE: &str = "spirv::unsupported-image";
/// 8-bit integers of the SPIR-V input used otherwise than loaded from a
/// storage or uniform buffer and widened, which naga's IR cannot hold.
pub const SPIRV_8BIT_STORAGE: &str = "spirv::8bit-storage";
/// The specialization-constant expressions of the SPIR-V input cannot be
/// folded.
pub const SPIRV_LEGALIZE: &str = "spirv::legalize";
/// The float atomic min or max of the SPIR-V input cannot be rewritten.
pub const SPIRV_FLOAT_MIN_MAX: &str = "spirv::float-min-max";
/// A 16-bit push constant of the SPIR-V input that cannot be read through
/// 32-bit words: 16-bit values in an array, structure or matrix, or a use
/// other than a load.
pub const SPIRV_16BIT_PUSH_CONSTANT: &str = "spirv::16bit-push-constant";
/// naga's validator refuses the module read from the input.
pub const NAGA_VALIDATION: &str = "naga::validation";

// Options.

/// `--passes` or `--pass-option` names a pass, option or value that does
/// not exist.
pub const OPTIONS_PASSES: &str = "options::passes";
/// `--spirv-version` names a version the SPIR-V writer cannot write.
pub const OPTIONS_SPIRV_VERSION: &str = "options::spirv-version";
/// `--override` names an override the module lacks, or gives it a value it
/// cannot take.
pub const OPTIONS_OVERRIDE: &str = "options::override";
/// `--entry-point` names no entry point of the module, or is needed and
/// missing.
pub const OPTIONS_ENTRY_POINT: &str = "options::entry-point";
/// `--allow CODE` or `--deny CODE` names a code shaderxform does not
/// report.
pub const OPTIONS_UNKNOWN_CODE: &str = "options::unknown-code";
/// A shader's own options (`// shaderxform: ...`) name one a shader cannot
/// give itself, or give it no value or a wrong one.
pub const OPTIONS_IN_SOURCE: &str = "options::in-source";

// Uniformity.

/// A barrier (or a call that reaches one) in non-uniform control flow that
/// no selected pass made uniform: an error, nothing is written.
pub const UNIFORMITY_DIVERGENT_BARRIER: &str = "uniformity::divergent-barrier";
/// A derivative in non-uniform control flow, at the severity of its
/// `derivative_uniformity` rule.
pub const UNIFORMITY_DIVERGENT_DERIVATIVE: &str = "uniformity::divergent-derivative";
/// A subgroup operation in non-uniform control flow, at the severity of its
/// `subgroup_uniformity` rule.
pub const UNIFORMITY_DIVERGENT_SUBGROUP_OP: &str = "uniformity::divergent-subgroup-op";

// Passes.

/// `hoist-barriers`: a divergent barrier it made uniform (a warning about
/// the input) or could not (an error, with the reason).
pub const HOIST_BARRIERS_DIVERGENT_BARRIER: &str = "hoist-barriers::divergent-barrier";
/// `hoist-barriers` produced an invalid module while rewriting: a bug.
pub const HOIST_BARRIERS_INTERNAL: &str = "hoist-barriers::internal";
/// `hoist-barriers`: a note for a loop the rewrite made decide its trip
/// count together (votes, or a run to the workgroup's largest bound),
/// which costs barriers a hand fix has not.
pub const HOIST_BARRIERS_LOOP_COST: &str = "hoist-barriers::loop-cost";
/// `float-atomics`: a variable takes a float min or max and another atomic
/// operation that has no meaning on floats.
pub const FLOAT_ATOMICS_UNSUPPORTED_ACCESS: &str = "float-atomics::unsupported-access";
/// `float-atomics`: `strategy=signed`, and the sign of the values is not
/// proven.
pub const FLOAT_ATOMICS_SIGN_NOT_PROVEN: &str = "float-atomics::sign-not-proven";
/// `float-atomics`: an f16 atomic that cannot be widened to 32 bits.
pub const FLOAT_ATOMICS_F16_NOT_WIDENABLE: &str = "float-atomics::f16-not-widenable";
/// `float-atomics`: an f64 atomic, or a sum in a 64-bit fixed-point
/// format, and the target lacks the 64-bit integer atomics it becomes.
pub const FLOAT_ATOMICS_INT64_ATOMICS_MISSING: &str = "float-atomics::int64-atomics-missing";
/// `float-atomics`: `aggregate=subgroup` or `workgroup`, and the target has
/// no subgroups.
pub const FLOAT_ATOMICS_SUBGROUPS_MISSING: &str = "float-atomics::subgroups-missing";
/// `float-atomics`: a note for an add `aggregate=workgroup` reduces over
/// the subgroup (or not at all) instead, with the reason.
pub const FLOAT_ATOMICS_WORKGROUP_NOT_APPLIED: &str = "float-atomics::workgroup-not-applied";
/// `float-atomics`: `sum=fixed` cannot hold a float sum in fixed point
/// (a compare-exchange on it, or a layout a wider word would change).
pub const FLOAT_ATOMICS_FIXED_POINT_UNSUPPORTED: &str = "float-atomics::fixed-point-unsupported";
/// `lane-transpose`: a note for record accesses left as they are, with the
/// reason.
pub const LANE_TRANSPOSE_NOT_APPLIED: &str = "lane-transpose::not-applied";
/// `lane-transpose`: a note for record accesses `--passes all` leaves
/// because no measurement shows that rewriting them pays.
pub const LANE_TRANSPOSE_NOT_PROFITABLE: &str = "lane-transpose::not-profitable";
/// `lane-transpose` could not finish a rewrite it had planned: a bug.
pub const LANE_TRANSPOSE_INTERNAL: &str = "lane-transpose::internal";

// Writing the output.

/// The target cannot hold something the shader uses; nothing is written.
pub const EMIT_UNSUPPORTED: &str = "emit::unsupported";
/// WGSL cannot spell a module-scope initialiser of the module.
pub const EMIT_WGSL_INITIALISER: &str = "emit::wgsl-initialiser";
/// WGSL cannot hold the memory layout of a struct of the module.
pub const EMIT_WGSL_LAYOUT: &str = "emit::wgsl-layout";
/// GLSL output of a shader that uses f16.
pub const EMIT_GLSL_F16: &str = "emit::glsl-f16";
/// spirv-val refuses the SPIR-V written: a bug.
pub const EMIT_SPIRV_VAL: &str = "emit::spirv-val";
/// The text written, read back, differs from the module it was written
/// from or breaks a rule the module kept: a bug.
pub const EMIT_RECHECK: &str = "emit::recheck";
/// naga's WGSL writer failed: a bug.
pub const EMIT_WGSL: &str = "emit::wgsl";
/// naga's SPIR-V writer failed: a bug.
pub const EMIT_SPV: &str = "emit::spv";
/// naga's SPIR-V writer or the disassembler failed: a bug.
pub const EMIT_SPVASM: &str = "emit::spvasm";
/// naga's GLSL writer failed: a bug.
pub const EMIT_GLSL: &str = "emit::glsl";
/// naga's HLSL writer failed: a bug.
pub const EMIT_HLSL: &str = "emit::hlsl";
/// naga's Metal writer failed: a bug.
pub const EMIT_METAL: &str = "emit::metal";
/// `--emit` names a format other than the one an output's extension
/// says (`-o out.wgsl --emit spv`); the output is written as `--emit`
/// says.
pub const EMIT_EXTENSION_MISMATCH: &str = "emit::extension-mismatch";

/// An internal error: a pass produced an invalid module, or something
/// panicked. A bug in shaderxform or naga, never in the shader.
pub const INTERNAL: &str = "internal";

/// Whether `code` is one of the codes above. The list is this file's own
/// text, so that a code added here is known without a second list to keep.
pub fn is_known(code: &str) -> bool {
    include_str!("codes.rs")
        .lines()
        .filter_map(|line| line.strip_prefix("pub const "))
        .filter_map(|rest| rest.split_once(": &str = \""))
        .any(|(_, value)| value.strip_suffix("\";") == Some(code))
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_code_here_is_known_and_nothing_else() {
        assert!(super::is_known(super::HOIST_BARRIERS_DIVERGENT_BARRIER));
        assert!(super::is_known(super::INTERNAL));
        assert!(super::is_known(super::OPTIONS_UNKNOWN_CODE));
        assert!(!super::is_known("hoist-barriers::divergent"));
        assert!(!super::is_known("divergent-barrier"));
        assert!(!super::is_known(""));
    }
}
