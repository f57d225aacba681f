// A short-circuit result stored in a local and tested later.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var ok = n > 2u && n < 10u;
  if (ok) {
    workgroupBarrier();
  }
  ok = ok || lid == 0u;
  _ = ok;
}
