// The same early break on the global invocation id.
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  for (var i = 0u; i < 8u; i++) {
    if (i == gid.x) {
      break;
    }
    workgroupBarrier();
  }
}
