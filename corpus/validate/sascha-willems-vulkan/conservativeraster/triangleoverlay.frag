#version 450

layout (location = 0) out vec4 outFragColor;

void main() 
{
	outFragColor.rgb = vec3(1.0, 1.0, 1.0);
}