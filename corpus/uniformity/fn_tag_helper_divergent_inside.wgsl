// The helper's own barrier is in a branch on read_write storage.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

fn maybe_sync() {
  if (data[0] != 0u) {
    workgroupBarrier();
  }
}

@compute @workgroup_size(64)
fn main() {
  maybe_sync();
}
