// non_finite_operations.wgsl in f16: `1h / 0h` and the like, which Tint
// evaluates as constants and refuses.
enable f16;

@group(0) @binding(0) var<storage, read_write> halves: array<f16, 4>;

@compute @workgroup_size(1)
fn main() {
    let one = 1.0h;
    let zero = 0.0h;
    let big = 60000.0h;
    halves[0] = one / zero;
    halves[1] = -one / zero;
    halves[2] = big * 2.0h;
    halves[3] = -(big + big);
}
