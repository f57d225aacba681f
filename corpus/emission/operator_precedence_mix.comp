// Bit mixing written with GLSL's precedence, which WGSL refuses to
// assume: arithmetic mixed with bitwise and shift operators, and double
// negation.
#version 450
layout(local_size_x = 64) in;

layout(std430, binding = 0) buffer Words { uint words[]; };
layout(std430, binding = 1) buffer SignedWords { int signed_words[]; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    uint a = words[i];
    uint b = a * 2654435761u;
    uint c = a >> 3;
    uint h = a - b | c;
    h = h ^ a + b << 2;
    h = h & b - 1u | c ^ a;
    int s = signed_words[i];
    signed_words[i] = - -s + -(-s & 3);
    words[i] = h;
}
