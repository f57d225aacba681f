// Read-only storage at the invocation's index.
@group(0) @binding(0) var<storage, read> offsets: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  let count = offsets[lid];
  for (var i = 0u; i < count; i++) {
    workgroupBarrier();
  }
}
