// Shared camera block: projection, view and the eye position.
layout (set = 0, binding = 0) uniform Camera {
	mat4 projection;
	mat4 view;
	vec4 eye;
} camera;
