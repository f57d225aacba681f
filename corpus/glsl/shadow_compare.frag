#version 450
// Shadow map lookup with a comparison sampler.
layout (binding = 2) uniform sampler2DShadow shadowMap;
layout (location = 0) in vec4 inShadowCoord;
layout (location = 1) in vec3 inColor;
layout (location = 0) out vec4 outFragColor;
void main() {
	vec3 coord = inShadowCoord.xyz / inShadowCoord.w;
	float lit = texture(shadowMap, vec3(coord.xy * 0.5 + 0.5, coord.z));
	outFragColor = vec4(inColor * mix(0.1, 1.0, lit), 1.0);
}
