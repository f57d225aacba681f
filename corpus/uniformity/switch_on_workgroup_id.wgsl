// A switch on the workgroup id.
@compute @workgroup_size(64)
fn main(@builtin(workgroup_id) wid: vec3<u32>) {
  switch (wid.x % 2u) {
    case 0u, 2u: {
      workgroupBarrier();
    }
    default: {
    }
  }
}
