#version 450
// Atomics on storage image texels whose value is unused: read as naga's
// image atomics, written as SPIR-V, HLSL, Metal (no arrayed image here)
// and WGSL for wgpu; refused for Tint, which has no texture atomics.
// Each texel takes one kind of atomic only, so that its result does not
// depend on the order in which invocations reach it.
layout(local_size_x = 8, local_size_y = 8) in;

layout(binding = 0, r32ui) uniform uimage2D nearest_depth;
layout(binding = 1, r32ui) uniform uimage1D histogram;
layout(binding = 2, r32i) uniform iimage3D signed_range;
layout(std430, binding = 3) readonly buffer Samples { uint depth_bits[]; };

void main() {
    ivec2 texel = ivec2(gl_GlobalInvocationID.xy);
    uint bits = depth_bits[gl_GlobalInvocationID.y * 64u + gl_GlobalInvocationID.x];
    // Nearest depth: the largest reversed-Z value wins.
    imageAtomicMax(nearest_depth, texel / 2, bits);
    imageAtomicMin(nearest_depth, texel / 2 + ivec2(8, 0), bits);
    imageAtomicAdd(histogram, int(bits >> 28u), 1u);
    imageAtomicOr(nearest_depth, ivec2(20, 0), 1u << (bits & 31u));
    imageAtomicAnd(nearest_depth, ivec2(21, 0), ~(1u << (bits & 31u)));
    imageAtomicXor(nearest_depth, ivec2(22, 0), bits);
    int signed_bits = int(bits) - 0x40000000;
    imageAtomicMax(signed_range, ivec3(texel, 0), signed_bits);
    imageAtomicMin(signed_range, ivec3(texel, 1), signed_bits);
}
