#version 450
// A lit, shadowed surface: the albedo is sampled only where the light
// faces the fragment, the shadow map only inside the light's frustum.
// GLSL allows implicit-derivative sampling under such branches.

layout(set = 0, binding = 1) uniform texture2D albedo_texture;
layout(set = 0, binding = 2) uniform sampler albedo_sampler;
layout(set = 0, binding = 3) uniform texture2D shadow_texture;
layout(set = 0, binding = 4) uniform samplerShadow shadow_sampler;

layout(location = 0) in vec3 in_normal;
layout(location = 1) in vec2 in_uv;
layout(location = 2) in vec4 in_shadow_coord;
layout(location = 3) in vec3 in_light_dir;

layout(location = 0) out vec4 out_color;

float shadow_factor(vec4 coord) {
    vec3 projected = coord.xyz / coord.w;
    float lit = 1.0;
    if (projected.z > -1.0 && projected.z < 1.0) {
        lit = texture(sampler2DShadow(shadow_texture, shadow_sampler),
                      vec3(projected.xy * 0.5 + 0.5, projected.z));
    }
    return lit;
}

void main() {
    vec3 n = normalize(in_normal);
    float diffuse = max(dot(n, normalize(in_light_dir)), 0.0);
    vec4 base = vec4(0.2);
    if (diffuse > 0.0) {
        base = texture(sampler2D(albedo_texture, albedo_sampler), in_uv);
    }
    out_color = vec4(base.rgb * (0.1 + diffuse * shadow_factor(in_shadow_coord)), base.a);
}
