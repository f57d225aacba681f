#version 450
// Lighting model picked by a specialization constant.
layout (constant_id = 0) const int LIGHTING_MODEL = 0;
layout (constant_id = 1) const float PARAM_TOON_DESATURATION = 0.0;
layout (location = 0) in vec3 inNormal;
layout (location = 1) in vec3 inColor;
layout (location = 2) in vec3 inLightVec;
layout (location = 0) out vec4 outFragColor;
void main() {
	vec3 N = normalize(inNormal);
	vec3 L = normalize(inLightVec);
	float intensity = dot(N, L);
	vec3 color;
	if (LIGHTING_MODEL == 0) {
		color = inColor * max(intensity, 0.15);
	} else {
		float steps = intensity > 0.9 ? 1.0 : intensity > 0.5 ? 0.6 : 0.25;
		color = mix(inColor * steps, vec3(dot(inColor, vec3(0.3))), PARAM_TOON_DESATURATION);
	}
	outFragColor = vec4(color, 1.0);
}
