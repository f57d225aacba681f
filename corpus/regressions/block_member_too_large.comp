#version 450
// A buffer block whose member is an array of 2^30 floats (4 GiB). It is
// refused, at the member's declaration.
layout(local_size_x = 64) in;
layout(std430, binding = 0) buffer Data { float a[1073741824]; };
void main() {
    a[gl_LocalInvocationIndex] = 1.0;
}
