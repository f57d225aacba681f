#version 450
// Full-screen quad with gl_PerVertex output.
layout (location = 0) in vec3 inPos;
layout (location = 1) in vec2 inUV;
layout (set = 0, binding = 0) uniform UBO { mat4 projection; mat4 model; } ubo;
layout (location = 0) out vec2 outUV;
out gl_PerVertex { vec4 gl_Position; };
void main() {
	outUV = inUV;
	gl_Position = ubo.projection * ubo.model * vec4(inPos, 1.0);
}
