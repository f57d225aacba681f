// The local becomes non-uniform only after the barrier, and the loop always
// breaks before a second iteration could read it.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  loop {
    if (x == 0u) {
      workgroupBarrier();
    }
    x = lid;
    break;
  }
  data[lid] = x;
}
