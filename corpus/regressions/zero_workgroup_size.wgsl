// A workgroup size with a dimension of zero, which no GPU can dispatch,
// and a float atomic that float-atomics plans by the workgroup's size.
// Refused at the entry point (`input::workgroup-size-zero`).
@group(0) @binding(0) var<storage, read_write> total: atomic<f32>;

@compute @workgroup_size(8, 4, 0)
fn main() {
    atomicAdd(&total, 1.0);
}
