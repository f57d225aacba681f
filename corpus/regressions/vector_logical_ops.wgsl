// `&` and `|` on vectors of booleans, which naga's SPIR-V writer emits as
// `OpLogicalAnd` and `OpLogicalOr` on vectors; naga's SPIR-V reader, with
// which wgpu reads SPIR-V, took them for the scalar `&&` and `||` and
// refused the module ("Incompatible operands: LogicalAnd(vec4<bool>, _)";
// the WebGPU samples' particle simulation).
@group(0) @binding(0) var<storage, read_write> data: array<vec4<f32>, 64>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) i: u32) {
    let v = data[i];
    let inside = (v > vec4(-0.5)) & (v < vec4(0.5));
    let outside = (v < vec4(-0.9)) | (v > vec4(0.9));
    data[i] = select(select(v, vec4(0.0), inside), vec4(1.0), outside);
}
