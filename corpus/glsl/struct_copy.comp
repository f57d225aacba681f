#version 460
// Whole structs copied between buffers of different layouts.
struct Item { vec3 position; float weight; uvec2 ids; };
layout (local_size_x = 64) in;
layout (std430, binding = 0) readonly buffer Src { Item items[]; } src;
layout (std140, binding = 1) buffer Dst { Item items[64]; } dst;
void main() {
	uint i = gl_GlobalInvocationID.x;
	if (i < 64u) {
		Item item = src.items[i];
		item.weight *= 2.0;
		dst.items[i] = item;
	}
}
