#version 450
// Deferred shading composition from three G-buffer samplers.
layout (binding = 1) uniform sampler2D samplerposition;
layout (binding = 2) uniform sampler2D samplerNormal;
layout (binding = 3) uniform sampler2D samplerAlbedo;
struct Light { vec4 position; vec3 color; float radius; };
layout (binding = 4) uniform UBO { Light lights[6]; vec4 viewPos; } ubo;
layout (location = 0) in vec2 inUV;
layout (location = 0) out vec4 outFragcolor;
void main() {
	vec3 fragPos = texture(samplerposition, inUV).rgb;
	vec3 normal = texture(samplerNormal, inUV).rgb;
	vec4 albedo = texture(samplerAlbedo, inUV);
	vec3 fragcolor = albedo.rgb * 0.1;
	for (int i = 0; i < 6; ++i) {
		vec3 L = ubo.lights[i].position.xyz - fragPos;
		float dist = length(L);
		L = normalize(L);
		float atten = ubo.lights[i].radius / (pow(dist, 2.0) + 1.0);
		vec3 N = normalize(normal);
		float NdotL = max(0.0, dot(N, L));
		fragcolor += ubo.lights[i].color * albedo.rgb * NdotL * atten;
	}
	outFragcolor = vec4(fragcolor, 1.0);
}
