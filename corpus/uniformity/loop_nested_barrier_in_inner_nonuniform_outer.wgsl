// The outer loop's trip count depends on the invocation.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  for (var i = 0u; i < lid; i++) {
    for (var j = 0u; j < n; j++) {
      workgroupBarrier();
    }
  }
}
