#version 450
// Alpha test with discard; the cut-off is a specialization constant.
layout (constant_id = 0) const float ALPHA_CUTOFF = 0.5;
layout (binding = 0) uniform sampler2D samplerColor;
layout (location = 0) in vec2 inUV;
layout (location = 0) out vec4 outColor;
void main() {
	vec4 color = texture(samplerColor, inUV);
	if (color.a < ALPHA_CUTOFF) {
		discard;
	}
	outColor = color;
}
