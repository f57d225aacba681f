#version 450

// Workgroup max-reduction through shared memory. barrier() is called by
// every invocation: the loop bound is a compile-time constant.

layout(local_size_x = 128) in;

layout(std430, set = 0, binding = 0) readonly buffer Values {
    float values[];
};

layout(std430, set = 0, binding = 1) buffer Maxima {
    float maxima[];
};

shared float scratch[128];

void main() {
    uint lid = gl_LocalInvocationIndex;
    uint gid = gl_GlobalInvocationID.x;
    float v = -3.0e38;
    if (gid < uint(values.length())) {
        v = values[gid];
    }
    scratch[lid] = v;
    barrier();

    for (uint stride = 64u; stride > 0u; stride = stride >> 1u) {
        if (lid < stride) {
            scratch[lid] = max(scratch[lid], scratch[lid + stride]);
        }
        barrier();
    }

    if (lid == 0u) {
        maxima[gl_WorkGroupID.x] = scratch[0];
    }
}
