#version 450
// The tree reduction after an early-exit guard, as GLSL: the loop's trip
// count depends on constants alone.
layout(local_size_x = 256) in;

layout(std430, binding = 0) readonly buffer Input { float values[]; } inp;
layout(std430, binding = 1) buffer Sums { float sums[]; } outp;

shared float tile[256];

void main() {
    uint gid = gl_GlobalInvocationID.x;
    uint lid = gl_LocalInvocationIndex;
    if (gid >= uint(inp.values.length())) {
        return;
    }
    tile[lid] = inp.values[gid];
    barrier();
    for (uint s = 128u; s > 0u; s >>= 1) {
        if (lid < s) {
            tile[lid] += tile[lid + s];
        }
        barrier();
    }
    if (lid == 0u) {
        outp.sums[gl_WorkGroupID.x] = tile[0];
    }
}
