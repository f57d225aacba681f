#version 450
// Color from push constants.
layout (push_constant) uniform PushConsts { vec4 color; float alpha; } pushConsts;
layout (location = 0) out vec4 outColor;
void main() {
	outColor = vec4(pushConsts.color.rgb, pushConsts.alpha);
}
