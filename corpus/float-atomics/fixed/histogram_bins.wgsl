// A weighted histogram: each invocation adds its sample's weight into one
// of 256 bins chosen by a hash of the sample (the contended sums of
// histograms and binning). With `float-atomics.sum=fixed` each add is one
// integer atomicAdd in 16.16 fixed point: the bins are the same bits in
// any order of the adds.

@group(0) @binding(0) var<storage, read> samples: array<vec2<f32>>;
@group(0) @binding(1) var<storage, read_write> bins: array<atomic<f32>, 256>;

@compute @workgroup_size(256)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    if (gid.x >= arrayLength(&samples)) {
        return;
    }
    let sample = samples[gid.x];
    let key = bitcast<u32>(sample.x) * 2654435761u;
    atomicAdd(&bins[key >> 24u], sample.y);
}
