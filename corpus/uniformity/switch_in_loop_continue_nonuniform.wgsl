// A non-uniform continue inside a switch skips the loop's barrier.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  for (var i = 0u; i < n; i++) {
    switch (i) {
      case 0u: {
        if (lid == 0u) {
          continue;
        }
      }
      default: {
      }
    }
    workgroupBarrier();
  }
}
