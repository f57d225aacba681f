// A condition on a const expression only.
const ENABLED: bool = true;

@compute @workgroup_size(64)
fn main() {
  if (ENABLED) {
    workgroupBarrier();
  }
}
