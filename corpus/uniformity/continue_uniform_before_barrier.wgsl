// A uniform continue skips the barrier for all or none.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main() {
  for (var i = 0u; i < n; i++) {
    if (i % 2u == 0u) {
      continue;
    }
    workgroupBarrier();
  }
}
