// A branch on one component of the local invocation id.
@compute @workgroup_size(8, 8)
fn main(@builtin(local_invocation_id) lid: vec3<u32>) {
  if (lid.y == 0u) {
    workgroupBarrier();
  }
}
