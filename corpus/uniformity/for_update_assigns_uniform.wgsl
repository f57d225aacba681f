// The update clause of a `for` assigns a uniform value to `x`, read by
// the next iteration.
@compute @workgroup_size(64)
fn main(@builtin(num_workgroups) nwg: vec3<u32>) {
  var x = 0u;
  for (var i = 0u; i < 4u; x = nwg.x + i) {
    if (x == 0u) {
      workgroupBarrier();
    }
    i++;
  }
}
