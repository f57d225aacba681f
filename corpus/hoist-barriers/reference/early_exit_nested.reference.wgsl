// Hand-written: one barrier for all, the writes guarded.
var<workgroup> flags: array<u32, 64>;

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
    flags[lid] = lid & 3u;
    workgroupBarrier();
    let flag = flags[(lid + 5u) % 64u];
    workgroupBarrier();
    let live = lid != 63u && flag != 0u && flag != 2u;
    if live {
        flags[lid] = flag + 10u;
    }
    workgroupBarrier();
    if live {
        out[wid.x * 64u + lid] = flags[lid + 1u];
    }
}
