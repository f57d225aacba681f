#version 450
// Camera block from an include file.
#include "include/camera.glsl"
layout (location = 0) in vec3 inPos;
layout (location = 1) in vec3 inNormal;
layout (location = 0) out vec3 outNormal;
layout (location = 1) out vec3 outViewVec;
layout (push_constant) uniform Push { mat4 model; } push;
void main() {
	vec4 world = push.model * vec4(inPos, 1.0);
	outNormal = mat3(push.model) * inNormal;
	outViewVec = camera.eye.xyz - world.xyz;
	gl_Position = camera.projection * camera.view * world;
}
