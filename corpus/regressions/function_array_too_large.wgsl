// An array of a million floats in function memory. naga reads it; Tint
// refuses it ("array count (1000000) must be less than 65536"), so the
// WGSL written was refused by every browser. It is refused at its
// declaration (`wgsl::array-count`).
@group(0) @binding(0) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(1)
fn main() {
    var scratch: array<f32, 1000000>;
    scratch[3] = 1.0;
    out[0] = scratch[3];
}
