#version 450
// Hand-written: every invocation reaches the barriers; those past the end
// load nothing and add nothing.
layout(local_size_x = 256) in;

layout(std430, binding = 0) readonly buffer Input { float values[]; } inp;
layout(std430, binding = 1) buffer Sums { float sums[]; } outp;

shared float tile[256];

void main() {
    uint gid = gl_GlobalInvocationID.x;
    uint lid = gl_LocalInvocationIndex;
    bool live = gid < uint(inp.values.length());
    if (live) {
        tile[lid] = inp.values[gid];
    }
    barrier();
    for (uint s = 128u; s > 0u; s >>= 1) {
        if (live && lid < s) {
            tile[lid] += tile[lid + s];
        }
        barrier();
    }
    if (live && lid == 0u) {
        outp.sums[gl_WorkGroupID.x] = tile[0];
    }
}
