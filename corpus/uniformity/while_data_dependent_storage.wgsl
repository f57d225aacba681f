// The loop runs while a read-write storage value says so.
@group(0) @binding(0) var<storage, read_write> flags: array<u32>;

@compute @workgroup_size(64)
fn main() {
  var i = 0u;
  while (flags[i] != 0u) {
    workgroupBarrier();
    i++;
  }
}
