// Hand-written: the lock read with `workgroupUniformLoad`, so the loop is
// uniform as written. Every invocation ends with the rounds its
// workgroup took: 2 to 5.
var<workgroup> g_lock: bool;
var<workgroup> g_rounds: u32;

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(
    @builtin(local_invocation_index) lid: u32,
    @builtin(workgroup_id) wid: vec3<u32>,
) {
    if lid == 0u {
        g_lock = true;
        g_rounds = 0u;
    }
    loop {
        if !workgroupUniformLoad(&g_lock) {
            break;
        }
        if lid == 0u {
            g_rounds += 1u;
            g_lock = g_rounds < wid.x % 4u + 2u;
        }
    }
    out[wid.x * 64u + lid] = workgroupUniformLoad(&g_rounds);
}
