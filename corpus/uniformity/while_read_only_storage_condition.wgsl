// The loop condition reads read-only storage at a uniform index.
@group(0) @binding(0) var<storage, read> flags: array<u32>;

@compute @workgroup_size(64)
fn main() {
  var i = 0u;
  while (flags[i] != 0u) {
    workgroupBarrier();
    i++;
  }
}
