// `clamp` with constant bounds in the wrong order, which WGSL refuses and
// naga reads; its WGSL was written for Tint to refuse. Refused at the
// clamp (`wgsl::clamp-bounds`).
@group(0) @binding(0) var<storage, read_write> o: array<f32>;

@compute @workgroup_size(1)
fn main() {
    o[0] = clamp(o[1], 65.0, 1.0);
}
