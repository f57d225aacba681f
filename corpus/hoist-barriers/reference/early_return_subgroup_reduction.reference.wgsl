enable subgroups;

// Hand-written: every invocation reaches the barriers; those past the end
// sum nothing and store nothing.
@group(0) @binding(0) var<storage, read> input: array<f32>;
@group(0) @binding(1) var<storage, read_write> sums: array<f32>;

var<workgroup> partial: array<f32, 64>;

@compute @workgroup_size(256)
@diagnostic(off, subgroup_uniformity)
fn main(
    @builtin(global_invocation_id) gid: vec3<u32>,
    @builtin(local_invocation_index) lid: u32,
    @builtin(workgroup_id) wid: vec3<u32>,
    @builtin(subgroup_invocation_id) lane: u32,
    @builtin(subgroup_size) width: u32,
) {
    let live = gid.x < arrayLength(&input);
    if live {
        let s = subgroupAdd(input[gid.x]);
        if lane == 0u {
            partial[lid / width] = s;
        }
    }
    workgroupBarrier();
    for (var stride = 32u; stride > 0u; stride >>= 1u) {
        if live && lid < stride {
            partial[lid] += partial[lid + stride];
        }
        workgroupBarrier();
    }
    if live && lid == 0u {
        sums[wid.x] = partial[0];
    }
}
