#version 450
// Image-based lighting: irradiance cube, prefiltered cube and BRDF LUT.
layout (binding = 1) uniform samplerCube samplerIrradiance;
layout (binding = 2) uniform samplerCube prefilteredMap;
layout (binding = 3) uniform sampler2D samplerBRDFLUT;
layout (binding = 0) uniform UBOParams { vec4 camPos; float exposure; float gamma; } uboParams;
layout (push_constant) uniform Material { float roughness; float metallic; float r, g, b; } material;
layout (location = 0) in vec3 inWorldPos;
layout (location = 1) in vec3 inNormal;
layout (location = 0) out vec4 outColor;
vec3 prefilteredReflection(vec3 R, float roughness) {
	const float MAX_REFLECTION_LOD = 9.0;
	float lod = roughness * MAX_REFLECTION_LOD;
	return textureLod(prefilteredMap, R, lod).rgb;
}
void main() {
	vec3 N = normalize(inNormal);
	vec3 V = normalize(uboParams.camPos.xyz - inWorldPos);
	vec3 R = reflect(-V, N);
	vec3 albedo = vec3(material.r, material.g, material.b);
	vec3 F0 = mix(vec3(0.04), albedo, material.metallic);
	vec2 brdf = texture(samplerBRDFLUT, vec2(max(dot(N, V), 0.0), material.roughness)).rg;
	vec3 specular = prefilteredReflection(R, material.roughness) * (F0 * brdf.x + brdf.y);
	vec3 diffuse = texture(samplerIrradiance, N).rgb * albedo;
	vec3 color = (diffuse * (1.0 - material.metallic) + specular) * uboParams.exposure;
	outColor = vec4(pow(color, vec3(1.0 / uboParams.gamma)), 1.0);
}
