// An atomic in a read-only storage buffer, which WGSL refuses and naga
// reads; its WGSL was written for Tint to refuse. Refused at the
// declaration (`wgsl::read-only-atomic`).
@group(0) @binding(0) var<storage, read> counter: atomic<u32>;
@group(0) @binding(1) var<storage, read_write> o: array<u32>;

@compute @workgroup_size(1)
fn main() {
    o[0] = atomicLoad(&counter);
}
