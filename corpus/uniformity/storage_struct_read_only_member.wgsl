// A member of a read-only storage struct.
struct Header {
  count: u32,
  items: array<u32>,
}
@group(0) @binding(0) var<storage, read> header: Header;

@compute @workgroup_size(64)
fn main() {
  if (header.count > 0u) {
    workgroupBarrier();
  }
}
