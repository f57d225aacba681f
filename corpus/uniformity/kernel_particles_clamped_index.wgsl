// The same update with every invocation taking part and only the write
// guarded.
struct Particle {
  pos: vec2<f32>,
  vel: vec2<f32>,
}
@group(0) @binding(0) var<storage, read_write> particles: array<Particle>;
@group(0) @binding(1) var<uniform> count: u32;
var<workgroup> cache: array<vec2<f32>, 64>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  let i = min(gid.x, count - 1u);
  cache[lid] = particles[i].pos;
  workgroupBarrier();
  var force = vec2<f32>(0.0);
  for (var j = 0u; j < 64u; j++) {
    force += cache[j] - cache[lid];
  }
  if (gid.x < count) {
    particles[gid.x].vel += force * 0.001;
  }
}
