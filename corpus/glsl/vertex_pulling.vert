#version 450
// Vertices read from a read-only storage buffer by gl_VertexIndex.
struct Vertex { vec4 position; vec4 color; };
layout (std430, binding = 0) readonly buffer Vertices { Vertex vertices[]; };
layout (binding = 1) uniform UBO { mat4 mvp; } ubo;
layout (location = 0) out vec4 outColor;
out gl_PerVertex { vec4 gl_Position; };
void main() {
	Vertex v = vertices[gl_VertexIndex];
	outColor = v.color;
	gl_Position = ubo.mvp * v.position;
}
