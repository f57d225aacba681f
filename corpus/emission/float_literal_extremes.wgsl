// Every class of f32 bit pattern as a literal: the largest finite values,
// the smallest normal ones, the smallest and largest subnormals, and both
// zeros, at module scope and inside a function. The shortest decimal of
// the largest f32 (3.4028235e38) lies above it, so Tint refuses it: the
// input spells it in hexadecimal, and the WGSL written must read back to
// the same bits in Tint and in naga.

const MAX: f32 = 0x1.fffffep+127f;
const NEG_MAX: f32 = -0x1.fffffep+127f;
const MIN_NORMAL: f32 = 1.1754944e-38;
const NEG_MIN_NORMAL: f32 = -1.1754944e-38;
const MIN_SUBNORMAL: f32 = 1e-45;
const MAX_SUBNORMAL: f32 = 1.1754942e-38;
const NEG_MIN_SUBNORMAL: f32 = -1e-45;
const ZERO: f32 = 0.0;

@group(0) @binding(0) var<storage, read_write> out: array<f32, 12>;

@compute @workgroup_size(1)
fn main() {
    out[0] = MAX;
    out[1] = NEG_MAX;
    out[2] = MIN_NORMAL;
    out[3] = NEG_MIN_NORMAL;
    out[4] = MIN_SUBNORMAL;
    out[5] = MAX_SUBNORMAL;
    out[6] = NEG_MIN_SUBNORMAL;
    out[7] = ZERO;
    // Inside the function: literals rather than named constants.
    out[8] = -0.0;
    out[9] = 0x1.fffffep+127;
    out[10] = -1.1754942e-38;
    out[11] = 0.1;
}
