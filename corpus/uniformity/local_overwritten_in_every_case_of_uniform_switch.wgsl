// Every case of a uniform switch overwrites the non-uniform local.
@group(0) @binding(0) var<uniform> mode: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var x = lid;
  switch (mode) {
    case 0u: {
      x = 4u;
    }
    case 1u: {
      x = 8u;
    }
    default: {
      x = 0u;
    }
  }
  if (x > 2u) {
    workgroupBarrier();
  }
}
