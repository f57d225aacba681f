// A non-uniform break inside a switch inside a loop leaves the switch only;
// the loop's barrier after the switch is reached by all.
@group(0) @binding(0) var<uniform> n: u32;
@group(0) @binding(1) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  for (var i = 0u; i < n; i++) {
    switch (i) {
      case 0u: {
        if (lid == 0u) {
          break;
        }
        data[lid] = i;
      }
      default: {
      }
    }
    workgroupBarrier();
  }
}
