#version 450
// workgroup_values_shared_with_buffers.wgsl in GLSL: a struct of shared
// memory and of buffers, moved whole through a function, a local and a
// copy of a whole shared array.
layout(local_size_x = 16) in;
struct Seg { vec2 a; vec2 b; uint flags; };
shared Seg segs[16];
shared uint counts[16];
layout(std430, binding = 0) buffer In { Seg inputs[]; };
layout(std430, binding = 1) buffer Out { Seg outputs[]; };
Seg flip(Seg s) { return Seg(s.b, s.a, s.flags + 1u); }
void main() {
    uint i = gl_LocalInvocationIndex;
    segs[i] = flip(inputs[i]);
    counts[i] = i;
    barrier();
    Seg local = segs[15u - i];
    uint c[16] = counts;
    outputs[i] = flip(local);
    outputs[i].flags += c[(i + 1u) % 16u];
}
