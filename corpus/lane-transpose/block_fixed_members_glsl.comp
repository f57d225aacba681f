#version 450
// A block whose runtime array follows fixed members: the records start 8
// bytes into the buffer, and the bound is the block's own `count`.
layout(local_size_x = 64) in;

struct Body {
    vec2 pos;
    float mass;
    uint id;
};

layout(std430, set = 0, binding = 0) buffer Bodies {
    uint count;
    float damping;
    Body bodies[];
};

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i < count) {
        Body b = bodies[i];
        b.pos *= damping;
        b.mass += 1.0;
        b.id = b.id * 2u + 1u;
        bodies[i] = b;
    }
}
