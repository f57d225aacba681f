#version 450

// Reads every texel of a combined image sampler at an explicit level:
// compute shaders have no derivatives, so `textureLod`, not `texture`.
// WGSL has no combined image samplers: the front end splits `tex` into a
// texture and a sampler, at bindings the generated module names.

layout(local_size_x = 8, local_size_y = 8) in;

layout(set = 0, binding = 0) uniform sampler2D tex;

layout(std430, set = 0, binding = 1) writeonly buffer Texels {
    vec4 texels[];
} sampled;

void main() {
    ivec2 size = textureSize(tex, 0);
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    if (p.x >= size.x || p.y >= size.y) {
        return;
    }
    // The centre of texel p: a nearest sampler returns exactly its value.
    vec2 uv = (vec2(p) + 0.5) / vec2(size);
    sampled.texels[p.y * size.x + p.x] = textureLod(tex, uv, 0.0);
}
