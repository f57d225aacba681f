// An uncalled function returns early on a read_write storage value before
// its barrier.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

fn never_called() {
  if (data[1] > 5u) {
    return;
  }
  storageBarrier();
}

@compute @workgroup_size(64)
fn main() {
  data[0] = 0u;
}
