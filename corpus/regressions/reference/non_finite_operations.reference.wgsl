// The bits non_finite_operations.wgsl writes, as IEEE 754 defines them.
@group(0) @binding(0) var<storage, read_write> bits: array<u32>;

@compute @workgroup_size(1)
fn main() {
    bits[0] = 0xffffffffu;
    bits[1] = 0x7f800000u;
    bits[2] = 0xff800000u;
    bits[3] = 0x7f800000u;
    bits[4] = 0xff800000u;
    bits[5] = 0x7f800000u;
    bits[6] = 0xff800000u;
    bits[7] = 0xff800000u;
    bits[8] = 0x7f800000u;
    bits[9] = 0x7f800000u;
    bits[10] = 0x7f800000u;
    bits[11] = 0xff800000u;
    bits[12] = 0x7f800000u;
    bits[13] = 0xff800000u;
    bits[14] = 0x7f800000u;
    bits[15] = 0x7f800000u;
}
