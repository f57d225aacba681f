// Wrong on purpose: a histogram whose bins outgrow 16.16 fixed point.
// Every sample adds 1000.0 into one of 16 bins, so each bin reaches about
// 4 million, far past 32768. With `float-atomics.sum=fixed` the adds that
// carry a bin past the range set the sum's bit in
// `float_atomics_overflow`, and validation says so: nothing wraps
// silently. (With the default lowering it agrees.)

@group(0) @binding(0) var<storage, read> samples: array<u32>;
@group(0) @binding(1) var<storage, read_write> bins: array<atomic<f32>, 16>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    if (gid.x >= arrayLength(&samples)) {
        return;
    }
    atomicAdd(&bins[samples[gid.x] % 16u], 1000.0);
}
