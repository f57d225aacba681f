#version 450
// Per-instance position, scale and texture layer.
layout (location = 0) in vec3 inPos;
layout (location = 1) in vec2 inUV;
layout (location = 4) in vec3 instancePos;
layout (location = 5) in float instanceScale;
layout (location = 6) in int instanceTexIndex;
layout (binding = 0) uniform UBO { mat4 projection; mat4 modelview; } ubo;
layout (location = 0) out vec3 outUV;
out gl_PerVertex { vec4 gl_Position; };
void main() {
	outUV = vec3(inUV, instanceTexIndex);
	gl_Position = ubo.projection * ubo.modelview * vec4(inPos * instanceScale + instancePos, 1.0);
}
