#version 450

// out[i] = a[i] * scale + b[i] over std430 storage buffers, with a uniform
// parameter block and a bounds check against the element count.

layout(local_size_x = 64, local_size_y = 1, local_size_z = 1) in;

layout(std140, set = 0, binding = 0) uniform Params {
    float scale;
    uint count;
} params;

layout(std430, set = 0, binding = 1) readonly buffer InputA {
    float a[];
};

layout(std430, set = 0, binding = 2) readonly buffer InputB {
    float b[];
};

layout(std430, set = 0, binding = 3) buffer Output {
    float result[];
};

float scale_add(float x, float y, float s) {
    return x * s + y;
}

void main() {
    uint i = gl_GlobalInvocationID.x;
    if (i >= params.count) {
        return;
    }
    result[i] = scale_add(a[i], b[i], params.scale);
}
