#version 450
// A radial blur whose number of taps grows with the distance to the
// center, and an outline whose width comes from screen-space derivatives
// of the distance, computed only near the edge.

layout(set = 0, binding = 0) uniform texture2D scene_texture;
layout(set = 0, binding = 1) uniform sampler scene_sampler;
layout(set = 0, binding = 2) uniform BlurParams {
    vec2 center;
    float strength;
    float edge;
} params;

layout(location = 0) in vec2 in_uv;
layout(location = 0) out vec4 out_color;

vec4 tap(vec2 uv) {
    return texture(sampler2D(scene_texture, scene_sampler), uv);
}

void main() {
    vec2 dir = params.center - in_uv;
    float dist = length(dir);
    int taps = int(dist * 16.0);
    vec4 color = vec4(0.0);
    for (int i = 0; i < taps; i++) {
        color += tap(in_uv + dir * params.strength * float(i) / 16.0);
    }
    color /= max(float(taps), 1.0);
    if (abs(dist - params.edge) < 0.05) {
        float width = fwidth(dist);
        color.rgb = mix(color.rgb, vec3(1.0), smoothstep(width, 0.0, abs(dist - params.edge)));
    }
    out_color = color;
}
