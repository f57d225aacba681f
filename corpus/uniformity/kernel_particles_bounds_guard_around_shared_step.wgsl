// A particle update that loads neighbours into workgroup memory inside a
// bounds guard, with the barrier inside it too.
struct Particle {
  pos: vec2<f32>,
  vel: vec2<f32>,
}
@group(0) @binding(0) var<storage, read_write> particles: array<Particle>;
@group(0) @binding(1) var<uniform> count: u32;
var<workgroup> cache: array<vec2<f32>, 64>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) lid: u32) {
  if (gid.x < count) {
    cache[lid] = particles[gid.x].pos;
    workgroupBarrier();
    var force = vec2<f32>(0.0);
    for (var j = 0u; j < 64u; j++) {
      force += cache[j] - cache[lid];
    }
    particles[gid.x].vel += force * 0.001;
  }
}
