// The near miss: the uniform buffer value is kept in a function-local
// variable instead.
@group(0) @binding(0) var<uniform> n: u32;

@compute @workgroup_size(64)
fn main() {
  var steps = n;
  for (var i = 0u; i < steps; i++) {
    workgroupBarrier();
  }
}
