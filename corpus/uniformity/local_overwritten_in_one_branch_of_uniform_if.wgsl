// The near miss: only one branch overwrites it.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = lid;
  if (n > 0u) {
    x = 1u;
  }
  if (x == 1u) {
    workgroupBarrier();
  }
}
