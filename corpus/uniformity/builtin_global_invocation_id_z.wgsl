// A branch on the global invocation id's z, which is the workgroup id's z
// for a workgroup of depth 1; Tint does not reason about sizes.
@compute @workgroup_size(8, 8, 1)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  if (gid.z == 0u) {
    workgroupBarrier();
  }
}
