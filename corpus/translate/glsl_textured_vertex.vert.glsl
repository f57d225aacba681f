// A vertex shader named as many engines name them: the stage before
// `.glsl`. It is read as a vertex shader, not as a compute shader.
#version 450

layout(location = 0) in vec3 position;
layout(location = 1) in vec2 uv;

layout(set = 0, binding = 0) uniform Camera {
    mat4 view_projection;
} camera;

layout(location = 0) out vec2 frag_uv;

void main() {
    frag_uv = uv;
    gl_Position = camera.view_projection * vec4(position, 1.0);
}
