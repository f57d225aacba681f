#version 450
// GLSL's uintBitsToFloat and intBitsToFloat of constants that are an
// infinity or a NaN, and a division by a zero constant: glslang folds some
// into SPIR-V constants and leaves bit casts of others, which WGSL
// evaluates as constants and Tint refuses.
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Bits { uint bits[]; };
const float ONE = 1.0;
const float ZERO = 0.0;
void main() {
    bits[0] = floatBitsToUint(uintBitsToFloat(0xffffffffu));
    bits[1] = floatBitsToUint(uintBitsToFloat(0x7f800000u));
    bits[2] = floatBitsToUint(intBitsToFloat(-8388608));
    bits[3] = floatBitsToUint(ONE / ZERO);
}
