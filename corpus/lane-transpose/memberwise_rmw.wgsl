// A read-modify-write of a record member by member: a vec2, a float and
// a flag word (4 words), without a guard.
struct Spark {
    pos: vec2f,
    life: f32,
    flags: u32,
}

@group(0) @binding(0) var<storage, read_write> sparks: array<Spark>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let pos = sparks[gid.x].pos;
    let life = sparks[gid.x].life;
    let flags = sparks[gid.x].flags;
    sparks[gid.x].pos = pos * 0.5 + vec2f(life, -life);
    sparks[gid.x].life = max(life - 0.1, 0.0);
    sparks[gid.x].flags = flags | select(0u, 1u, life < 0.1);
}
