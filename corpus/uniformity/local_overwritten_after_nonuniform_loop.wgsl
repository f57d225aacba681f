// A local written per invocation inside a loop with a non-uniform exit, and
// reset after the loop.
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = 0u;
  for (var i = 0u; i < lid; i++) {
    x += i;
  }
  x = 3u;
  if (x == 3u) {
    workgroupBarrier();
  }
}
