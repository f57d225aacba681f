// A non-uniform continue reaches the continuing block too: every
// invocation still in the loop runs it.
@group(0) @binding(0) var<uniform> n: u32;
@group(0) @binding(1) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var i = 0u;
  loop {
    if (i >= n) {
      break;
    }
    if (lid == i) {
      continue;
    }
    data[lid] += 1u;
    continuing {
      workgroupBarrier();
      i++;
    }
  }
}
