#version 450
// Sobel edges in a Vulkan GLSL compute shader: a combined image sampler
// read with textureLod at texel centres (nearest or linear, the sampler
// decides), gradient magnitudes scaled by a uniform block's gain, written
// to an rgba8 storage image.

layout(local_size_x = 8, local_size_y = 8) in;

layout(set = 0, binding = 0) uniform sampler2D source;
layout(set = 0, binding = 1, rgba8) uniform writeonly image2D edges;
layout(set = 0, binding = 2) uniform Params {
    vec4 gain;
    float threshold;
} params;

float luma(vec2 uv) {
    return dot(textureLod(source, uv, 0.0).rgb, vec3(0.299, 0.587, 0.114));
}

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    ivec2 size = imageSize(edges);
    if (p.x >= size.x || p.y >= size.y) {
        return;
    }
    vec2 texel = 1.0 / vec2(textureSize(source, 0));
    vec2 uv = (vec2(p) + 0.5) * texel;
    float tl = luma(uv + texel * vec2(-1.0, -1.0));
    float t = luma(uv + texel * vec2(0.0, -1.0));
    float tr = luma(uv + texel * vec2(1.0, -1.0));
    float l = luma(uv + texel * vec2(-1.0, 0.0));
    float r = luma(uv + texel * vec2(1.0, 0.0));
    float bl = luma(uv + texel * vec2(-1.0, 1.0));
    float b = luma(uv + texel * vec2(0.0, 1.0));
    float br = luma(uv + texel * vec2(1.0, 1.0));
    float gx = (tr + 2.0 * r + br) - (tl + 2.0 * l + bl);
    float gy = (bl + 2.0 * b + br) - (tl + 2.0 * t + tr);
    // The uniform's values are arbitrary floats: wrapped into [0.5, 1.5).
    float magnitude = length(vec2(gx, gy)) * (0.5 + fract(abs(params.gain.x)));
    float edge = magnitude > fract(abs(params.threshold)) ? 1.0 : 0.0;
    imageStore(edges, p, vec4(magnitude, gx * 0.5 + 0.5, gy * 0.5 + 0.5, edge));
}
