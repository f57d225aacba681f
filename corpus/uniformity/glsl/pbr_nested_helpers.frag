#version 450
// Physically based shading through two helper calls: the albedo is
// sampled two calls deep, and the shading is skipped for fragments facing
// away from the light. Only the innermost helper holds a derivative.

layout(set = 0, binding = 0) uniform texture2D albedo_texture;
layout(set = 0, binding = 1) uniform sampler albedo_sampler;
layout(set = 0, binding = 2) uniform Light {
    vec3 direction;
    float roughness;
} light;

layout(location = 0) in vec3 in_normal;
layout(location = 1) in vec2 in_uv;
layout(location = 0) out vec4 out_color;

vec3 sample_albedo(vec2 uv) {
    return texture(sampler2D(albedo_texture, albedo_sampler), uv).rgb;
}

vec3 shade(vec3 n, vec2 uv) {
    float ndotl = max(dot(n, -light.direction), 0.0);
    float specular = pow(ndotl, 1.0 / max(light.roughness, 0.05));
    return sample_albedo(uv) * ndotl + vec3(specular);
}

void main() {
    vec3 n = normalize(in_normal);
    vec3 color = vec3(0.03);
    if (dot(n, -light.direction) > 0.0) {
        color += shade(n, in_uv);
    }
    out_color = vec4(color, 1.0);
}
