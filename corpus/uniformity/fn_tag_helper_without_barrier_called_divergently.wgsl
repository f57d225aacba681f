// A helper without a barrier called divergently; the barrier follows.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

fn write(i: u32) {
  data[i] = 0u;
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  if (lid < 8u) {
    write(lid);
  }
  workgroupBarrier();
}
