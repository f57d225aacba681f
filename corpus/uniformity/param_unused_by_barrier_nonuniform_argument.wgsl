// A non-uniform argument the barrier does not depend on.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

fn store_and_sync(i: u32) {
  data[i] = i;
  workgroupBarrier();
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  store_and_sync(lid);
}
