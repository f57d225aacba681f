// A loop with a uniform bound, then the subgroup's first value: uniform.
enable subgroups;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@group(0) @binding(1) var<uniform> rounds: u32;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  var v = data[lid];
  for (var i = 0u; i < rounds; i++) {
    v = v * 3u + 1u;
  }
  data[lid] = subgroupBroadcastFirst(v);
}
