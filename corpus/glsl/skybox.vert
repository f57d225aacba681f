#version 450
// Skybox: the camera's rotation only, depth at the far plane.
#include "include/camera.glsl"
layout (location = 0) in vec3 inPos;
layout (location = 0) out vec3 outUVW;
out gl_PerVertex { vec4 gl_Position; };
void main() {
	outUVW = inPos;
	vec4 pos = camera.projection * mat4(mat3(camera.view)) * vec4(inPos, 1.0);
	gl_Position = pos.xyww;
}
