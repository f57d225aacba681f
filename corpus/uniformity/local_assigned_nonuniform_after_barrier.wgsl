// The local becomes non-uniform only after the barrier it decides.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 1u;
  if (x == 1u) {
    workgroupBarrier();
  }
  x = lid;
  data[lid] = x;
}
