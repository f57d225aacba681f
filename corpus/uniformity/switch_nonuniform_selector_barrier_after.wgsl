// The barrier after a switch on a non-uniform selector whose cases only
// fall out of the switch.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  switch (lid % 3u) {
    case 0u: {
      data[lid] = 1u;
    }
    case 1u: {
      data[lid] = 2u;
    }
    default: {
    }
  }
  workgroupBarrier();
}
