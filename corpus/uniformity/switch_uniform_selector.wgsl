// A switch on a uniform value with a barrier in one case.
@group(0) @binding(0) var<uniform> mode: u32;

@compute @workgroup_size(64)
fn main() {
  switch (mode) {
    case 0u: {
      workgroupBarrier();
    }
    default: {
    }
  }
}
