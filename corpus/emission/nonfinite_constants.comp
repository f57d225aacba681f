// Clamps a buffer of floats, replacing NaN by a quiet NaN marker and
// seeding min/max searches with infinities written as bit patterns.
#version 450
layout(local_size_x = 64) in;

layout(std430, binding = 0) buffer Values { float values[]; };
layout(std430, binding = 1) buffer Bounds { float lowest; float highest; };

void main() {
    uint i = gl_GlobalInvocationID.x;
    float positive_infinity = uintBitsToFloat(0x7f800000u);
    float negative_infinity = uintBitsToFloat(0xff800000u);
    float quiet_nan = uintBitsToFloat(0x7fc00000u);
    float v = values[i];
    if (isnan(v)) {
        values[i] = quiet_nan;
    }
    float lo = min(positive_infinity, v);
    float hi = max(negative_infinity, v);
    if (i == 0u) {
        lowest = lo;
        highest = hi;
    }
}
