// The work-queue idiom: loop until a workgroup flag says done, read with
// workgroupUniformLoad. The load and the barrier are both uniform.
var<workgroup> done: u32;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  loop {
    if (lid == 0u) {
      data[0] += 1u;
      done = select(0u, 1u, data[0] > 10u);
    }
    if (workgroupUniformLoad(&done) != 0u) {
      break;
    }
    workgroupBarrier();
  }
}
