// The identity helper on a uniform argument.
fn identity(x: u32) -> u32 {
  return x;
}

@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
  if (identity(wid.x) == 0u) {
    workgroupBarrier();
  }
}
