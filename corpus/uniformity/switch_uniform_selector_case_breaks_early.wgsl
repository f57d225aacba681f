// A break out of a case of a uniform switch on a non-uniform condition
// leaves the switch, not the function.
@group(0) @binding(0) var<uniform> mode: u32;
@group(0) @binding(1) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  switch (mode) {
    case 1u: {
      if (lid == 0u) {
        break;
      }
      data[lid] = 1u;
    }
    default: {
    }
  }
  workgroupBarrier();
}
