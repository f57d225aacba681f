// The callee reads through the pointer and stores nothing.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

fn publish(p: ptr<function, u32>, i: u32) {
  data[i] = *p;
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var v = 4u;
  publish(&v, lid);
  if (v == 4u) {
    workgroupBarrier();
  }
}
