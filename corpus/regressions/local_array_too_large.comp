#version 450
// A local array of 100,000 floats: GLSL and SPIR-V take it, WGSL as Tint
// reads it does not ("array count must be less than 65536"). WGSL output
// is refused at the declaration; SPIR-V is written.
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Values { float values[]; };
void main() {
    float scratch[100000];
    scratch[int(values[1])] = 1.0;
    values[0] = scratch[int(values[2])];
}
