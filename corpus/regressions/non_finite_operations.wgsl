// Operations that WGSL evaluates as constants and whose value is an
// infinity or a NaN: naga keeps them as written (`1f / 0f`,
// `bitcast<f32>(4294967295u)`, `exp(100f)`), and Tint and naga refuse the
// WGSL that spells them. Each value is read at run time instead; the bits written
// are checked (no zero's sign: Vulkan may drop it in arithmetic).
@group(0) @binding(0) var<storage, read_write> bits: array<u32>;

@compute @workgroup_size(1)
fn main() {
    let one = 1.0;
    let zero = 0.0;
    let big = 3.0e38;
    bits[0] = bitcast<u32>(bitcast<f32>(0xffffffffu));
    bits[1] = bitcast<u32>(one / zero);
    bits[2] = bitcast<u32>(-one / zero);
    bits[3] = bitcast<u32>((one / zero) * 2.0);
    bits[4] = bitcast<u32>(-(one / zero));
    bits[5] = bitcast<u32>(bitcast<f32>(0x7f800000u) + one);
    bits[6] = bitcast<u32>(-big * 10.0);
    bits[7] = bitcast<u32>(bitcast<f32>(-8388608i));
    bits[8] = bitcast<u32>(big * 10.0);
    let v = vec2(one, 2.0) / vec2(zero);
    bits[9] = bitcast<u32>(v.x);
    bits[10] = bitcast<u32>(v.y);
    let w = -vec2(big) * 10.0;
    bits[11] = bitcast<u32>(w.y);
    let hundred = 100.0;
    bits[12] = bitcast<u32>(exp(hundred));
    bits[13] = bitcast<u32>(log(zero));
    bits[14] = bitcast<u32>(pow(hundred, hundred));
    bits[15] = bitcast<u32>(inverseSqrt(zero));
}
