#version 450
// A shift by 33, more than a uint's width: undefined in GLSL and SPIR-V,
// and a shader-creation error in WGSL, where Tint refused the
// `v << 33u` written. It is written as `v << 1u`, the amount masked to the
// width as WGSL shifts by a run-time amount.
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Values { uint values[]; };
void main() {
    uint i = gl_GlobalInvocationID.x;
    values[i] = (values[i] << 33) | (values[i] >> 40u);
}
