// The same struct in read_write storage.
struct Header {
  count: u32,
  items: array<u32>,
}
@group(0) @binding(0) var<storage, read_write> header: Header;

@compute @workgroup_size(64)
fn main() {
  if (header.count > 0u) {
    workgroupBarrier();
  }
}
