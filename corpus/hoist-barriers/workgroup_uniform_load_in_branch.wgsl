// workgroupUniformLoad is a barrier too: in a branch some invocations skip,
// it is hoisted like workgroupBarrier.
var<workgroup> count: u32;

@group(0) @binding(0) var<storage, read_write> out: array<u32>;

@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32, @builtin(workgroup_id) wid: vec3<u32>) {
    if lid == 0u {
        count = wid.x + 7u;
    }
    workgroupBarrier();
    if lid < 16u {
        let seen = workgroupUniformLoad(&count);
        out[wid.x * 64u + lid] = seen + lid;
    }
}
