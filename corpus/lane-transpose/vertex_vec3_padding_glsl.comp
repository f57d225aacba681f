#version 450
// A vertex-like record through glslang: std430 pads each vec3 to four
// words and the record to 16 bytes, so 12 words hold 8 of data.
layout(local_size_x = 128) in;

struct Vertex {
    vec3 position;
    vec3 normal;
    vec2 uv;
};

layout(std430, set = 0, binding = 0) readonly buffer Source { Vertex src[]; };
layout(std430, set = 0, binding = 1) writeonly buffer Destination { Vertex dst[]; };
layout(set = 0, binding = 2) uniform Params {
    vec4 offset;
    float scale;
};

void main() {
    uint i = gl_GlobalInvocationID.x;
    Vertex v = src[i];
    v.position = v.position * scale + offset.xyz;
    v.normal = -v.normal;
    v.uv = v.uv * 0.5 + vec2(0.25);
    dst[i] = v;
}
