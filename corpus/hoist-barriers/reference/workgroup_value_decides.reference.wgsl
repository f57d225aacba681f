// workgroup_value_decides.wgsl as written by hand: the loads that decide
// the branch and the loop read through workgroupUniformLoad.
var<workgroup> mode: u32;
var<workgroup> rounds: u32;
var<workgroup> tile: array<u32, 64>;

@group(0) @binding(0) var<storage, read_write> data: array<u32>;
@group(0) @binding(1) var<storage, read> settings: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
    let base = wid.x * 64u;
    if lid == 0u {
        mode = settings[wid.x] % 3u;
        rounds = (settings[wid.x] / 3u) % 4u;
    }
    workgroupBarrier();
    let m = workgroupUniformLoad(&mode);
    if m != 0u {
        tile[lid] = data[base + lid] % 1000u;
        workgroupBarrier();
        data[base + lid] = tile[63u - lid] * m;
    }
    loop {
        let left = workgroupUniformLoad(&rounds);
        if left == 0u {
            break;
        }
        workgroupBarrier();
        tile[lid] = data[base + lid] % 1000u;
        workgroupBarrier();
        data[base + lid] = tile[(lid + 1u) % 64u] + left;
        if lid == 0u {
            rounds = left - 1u;
        }
        workgroupBarrier();
    }
}
