// arrayLength of a runtime-sized read_write buffer is uniform.
@group(0) @binding(0) var<storage, read_write> data: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
  let n = arrayLength(&data);
  if (n > 64u) {
    workgroupBarrier();
  }
  if (gid.x < n) {
    data[gid.x] = 0u;
  }
}
