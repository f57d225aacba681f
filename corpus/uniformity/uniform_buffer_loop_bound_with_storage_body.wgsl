// A loop bounded by a uniform buffer, its body reading read_write storage.
struct Params {
  steps: u32,
}
@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read_write> data: array<f32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  for (var s = 0u; s < params.steps; s++) {
    data[lid] = data[lid] * 0.5;
    storageBarrier();
  }
}
