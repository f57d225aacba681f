// The pointee is non-uniform before the call; two levels down it is
// overwritten with a uniform value.
fn store_into(p: ptr<function, u32>, x: u32) {
  *p = x;
}

fn forward(p: ptr<function, u32>, x: u32) {
  store_into(p, x);
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
  var v = lid;
  forward(&v, wid.x);
  if (v == 0u) {
    workgroupBarrier();
  }
}
