// The near miss: the flag is read plainly after a barrier. The
// storageBarrier is uniform, the workgroupBarrier after the break is not.
var<workgroup> done: u32;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  loop {
    if (lid == 0u) {
      data[0] += 1u;
      done = select(0u, 1u, data[0] > 10u);
    }
    storageBarrier();
    if (done != 0u) {
      break;
    }
    workgroupBarrier();
  }
}
