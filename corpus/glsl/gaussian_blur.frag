#version 450
// Separable Gaussian blur; direction and weights as specialization constants.
layout (binding = 1) uniform sampler2D samplerColor;
layout (constant_id = 0) const int blurdirection = 0;
layout (constant_id = 1) const float blurScale = 1.0;
layout (constant_id = 2) const float blurStrength = 1.0;
layout (location = 0) in vec2 inUV;
layout (location = 0) out vec4 outFragColor;
void main() {
	float weight[5] = float[](0.227027, 0.1945946, 0.1216216, 0.054054, 0.016216);
	vec2 texOffset = 1.0 / vec2(textureSize(samplerColor, 0)) * blurScale;
	vec3 result = texture(samplerColor, inUV).rgb * weight[0];
	for (int i = 1; i < 5; ++i) {
		vec2 step = blurdirection == 1 ? vec2(0.0, texOffset.y * i) : vec2(texOffset.x * i, 0.0);
		result += texture(samplerColor, inUV + step).rgb * weight[i] * blurStrength;
		result += texture(samplerColor, inUV - step).rgb * weight[i] * blurStrength;
	}
	outFragColor = vec4(result, 1.0);
}
