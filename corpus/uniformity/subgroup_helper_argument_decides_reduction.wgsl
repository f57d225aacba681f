// The helper reduces only when its argument says so; the caller passes
// the invocation index.
enable subgroups;
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

fn maybe_total(v: u32, reduce: bool) -> u32 {
  if (reduce) {
    return subgroupMax(v);
  }
  return v;
}

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
  data[lid] = maybe_total(data[lid], lid < 16u);
}
