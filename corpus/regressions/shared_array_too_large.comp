#version 450
// A shared array of 2^30 floats: 4 GiB, more than a type may take. glslang
// compiles it; naga's readers stopped on its layout. It is refused, at its
// declaration.
layout(local_size_x = 64) in;
shared float big[1 << 30];
layout(std430, binding = 0) buffer Out { float values[]; };
void main() {
    big[gl_LocalInvocationIndex] = 1.0;
    barrier();
    values[gl_LocalInvocationIndex] = big[0];
}
