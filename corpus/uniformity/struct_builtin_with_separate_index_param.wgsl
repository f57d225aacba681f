// The struct holds only uniform builtins; the invocation index is a
// separate parameter and guards a return after the barrier.
struct Groups {
  @builtin(num_workgroups) count: vec3<u32>,
  @builtin(workgroup_id) id: vec3<u32>,
}
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(g: Groups, @builtin(local_invocation_index) lid: u32) {
  if (g.id.x + 1u < g.count.x) {
    workgroupBarrier();
  }
  if (lid > 4u) {
    return;
  }
  data[lid] = g.id.x;
}
