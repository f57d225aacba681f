// Splatting energy into bins: each bin accumulates the energy of the
// samples that land in it and keeps the peak sample. Add and max on the
// same float atomics: the add becomes a compare-exchange loop on the
// encoded word.

struct Bin {
    energy: atomic<f32>,
    peak: atomic<f32>,
}

struct Sample {
    bin: u32,
    energy: f32,
}

@group(0) @binding(0) var<storage, read> samples: array<Sample>;
@group(0) @binding(1) var<storage, read_write> bins: array<Bin, 64>;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
    let i = gid.x;
    if (i >= arrayLength(&samples)) {
        return;
    }
    let s = samples[i];
    let bin = &bins[s.bin % 64u];
    atomicAdd(&(*bin).energy, s.energy);
    atomicMax(&(*bin).peak, s.energy);
}
