// The callee stores only on a uniform condition, so the old non-uniform
// value may survive the call.
@group(0) @binding(0) var<uniform> n: u32;

fn maybe_reset(p: ptr<function, u32>) {
  if (n > 0u) {
    *p = 0u;
  }
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var v = lid;
  maybe_reset(&v);
  if (v == 0u) {
    workgroupBarrier();
  }
}
