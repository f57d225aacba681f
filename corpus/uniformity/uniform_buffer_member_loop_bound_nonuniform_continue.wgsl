// A loop bound from a uniform struct's member, with a non-uniform early
// continue.
struct Params {
  rounds: u32,
  skip: u32,
}
@group(0) @binding(0) var<uniform> params: Params;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  for (var r = 0u; r < params.rounds; r++) {
    if (lid == params.skip) {
      continue;
    }
    workgroupBarrier();
  }
}
