// The same read-only table, indexed by the invocation.
@group(0) @binding(0) var<storage, read> table: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  for (var i = 0u; i < 16u; i++) {
    if (table[lid] == i) {
      break;
    }
    workgroupBarrier();
  }
}
