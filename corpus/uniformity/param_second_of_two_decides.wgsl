// Only the second parameter decides the barrier; the first is non-uniform.
fn sync_if(i: u32, c: bool) {
  if (c) {
    workgroupBarrier();
  }
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  sync_if(lid, wid.x == 0u);
}
