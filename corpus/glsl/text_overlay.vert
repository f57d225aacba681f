#version 450
// Text overlay: position and UV packed in one attribute.
layout (location = 0) in vec4 inPosUV;
layout (location = 0) out vec2 outUV;
out gl_PerVertex { vec4 gl_Position; };
void main() {
	gl_Position = vec4(inPosUV.xy, 0.0, 1.0);
	outUV = inPosUV.zw;
}
