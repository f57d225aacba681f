// A GLSL compute shader whose names are reserved words in WGSL
// (active, module, target, self, impl, mod, filter, ref, sizeof, typedef)
// but ordinary identifiers in GLSL.
#version 450
layout(local_size_x = 64) in;

layout(std430, binding = 0) buffer Items { uint active[]; };
layout(std430, binding = 1) buffer Output { uint target[]; };

uint filter(uint module, uint self) {
    uint impl = module ^ self;
    uint mod = impl % 7u;
    return mod;
}

void main() {
    uint ref = gl_GlobalInvocationID.x;
    uint sizeof = active.length();
    uint typedef = 0u;
    if (ref < sizeof) {
        typedef = filter(active[ref], ref);
    }
    target[ref] = typedef;
}
