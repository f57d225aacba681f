// A local assigned a non-uniform value inside a uniform loop, tested after
// it.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var last = 0u;
  for (var i = 0u; i < n; i++) {
    last = i * lid;
  }
  if (last == 0u) {
    workgroupBarrier();
  }
}
