// After the loop, a local that differed on entry holds the same value in
// every invocation, but Tint tracks dependence, not values.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = lid;
  while (x != 0u) {
    x = x / 2u;
  }
  if (x == 0u) {
    workgroupBarrier();
  }
}
