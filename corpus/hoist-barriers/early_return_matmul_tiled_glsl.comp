#version 450
// The tiled matrix multiply after an edge guard, as GLSL: the tile loop's
// bound is read from a uniform block, the same in every invocation.
layout(local_size_x = 16, local_size_y = 16) in;

layout(std140, binding = 0) uniform Params { uint m; uint n; uint k; } params;
layout(std430, binding = 1) readonly buffer A { float a[]; };
layout(std430, binding = 2) readonly buffer B { float b[]; };
layout(std430, binding = 3) buffer C { float c[]; };

shared float tile_a[16][16];
shared float tile_b[16][16];

void main() {
    uint row = gl_GlobalInvocationID.y;
    uint col = gl_GlobalInvocationID.x;
    uvec2 lid = gl_LocalInvocationID.xy;
    if (row >= params.m || col >= params.n) {
        return;
    }
    float sum = 0.0;
    for (uint t = 0u; t < params.k / 16u; t++) {
        tile_a[lid.y][lid.x] = a[row * params.k + t * 16u + lid.x];
        tile_b[lid.y][lid.x] = b[(t * 16u + lid.y) * params.n + col];
        barrier();
        for (uint i = 0u; i < 16u; i++) {
            sum += tile_a[lid.y][i] * tile_b[i][lid.x];
        }
        barrier();
    }
    c[row * params.n + col] = sum;
}
