// A butterfly step with a constant mask: the operand Tint requires
// uniform is uniform, and control flow is too.
enable subgroups;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var v = data[lid];
  for (var mask = 1u; mask < 32u; mask = mask << 1u) {
    v = v + subgroupShuffleXor(v, mask);
  }
  data[lid] = v;
}
