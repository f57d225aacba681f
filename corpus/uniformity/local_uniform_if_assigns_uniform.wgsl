// Stores in a uniform if keep the local uniform.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  if (n > 4u) {
    x = n;
  }
  if (x > 2u) {
    workgroupBarrier();
  }
}
