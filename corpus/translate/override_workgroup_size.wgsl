// The workgroup size is an override constant (default 64); the kernel
// strides over the buffer by the whole dispatch size.

override block_size: u32 = 64u;
override passes: u32 = 2u;

@group(0) @binding(0) var<storage, read_write> counters: array<u32>;

@compute @workgroup_size(block_size)
fn main(@builtin(local_invocation_index) lid: u32,
        @builtin(workgroup_id) wid: vec3<u32>,
        @builtin(num_workgroups) groups: vec3<u32>) {
    let n = arrayLength(&counters);
    let stride = groups.x * block_size;
    for (var p = 0u; p < passes; p = p + 1u) {
        var i = (wid.x * block_size) + lid;
        while (i < n) {
            counters[i] = counters[i] + 1u;
            i = i + stride;
        }
    }
}
