// Barriers under conditions every invocation of a workgroup agrees on: the
// workgroup id, a uniform buffer, a constant loop. Neither diagnosed nor
// changed.
struct Params {
    rounds: u32,
    enabled: u32,
}

var<workgroup> tile: array<u32, 64>;

@group(0) @binding(0) var<uniform> params: Params;
@group(0) @binding(1) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
    tile[lid] = lid;
    if wid.x % 2u == 0u {
        workgroupBarrier();
    }
    if params.enabled != 0u {
        storageBarrier();
    }
    for (var r = 0u; r < params.rounds; r++) {
        let v = tile[(lid + r) % 64u];
        workgroupBarrier();
        tile[lid] = v;
        workgroupBarrier();
    }
    var stride = 32u;
    loop {
        if stride == 0u {
            break;
        }
        if lid < stride {
            tile[lid] += tile[lid + stride];
        }
        workgroupBarrier();
        stride /= 2u;
    }
    out[wid.x * 64u + lid] = tile[lid];
}
