// A non-uniform local overwritten with constants in both branches of a
// uniform if.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = lid;
  if (n > 0u) {
    x = 1u;
  } else {
    x = 2u;
  }
  if (x == 1u) {
    workgroupBarrier();
  }
}
