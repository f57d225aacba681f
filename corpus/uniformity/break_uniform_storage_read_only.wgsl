// A break on a read-only storage value at a uniform index.
@group(0) @binding(0) var<storage, read> table: array<u32>;

@compute @workgroup_size(64)
fn main() {
  for (var i = 0u; i < 16u; i++) {
    if (table[i] == 0u) {
      break;
    }
    workgroupBarrier();
  }
}
