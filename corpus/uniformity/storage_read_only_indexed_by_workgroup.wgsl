// Read-only storage at the workgroup's index.
@group(0) @binding(0) var<storage, read> offsets: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
  let count = offsets[wid.x + 1u] - offsets[wid.x];
  for (var i = 0u; i < count; i++) {
    workgroupBarrier();
  }
}
