// Mixed: in even workgroups, runs of 16 neighbouring lanes share a bin,
// so whole subgroups do (one atomic per subgroup after the run-time
// check); in odd workgroups neighbouring lanes alternate between bins,
// and every lane adds its own value. Only lanes whose value passes a test
// deposit, through a helper: the subgroup operations count the lanes that
// take the branch, which are the contributions to combine.

@group(0) @binding(0) var<storage, read> values: array<f32>;
@group(0) @binding(1) var<storage, read_write> bins: array<atomic<f32>, 64>;

fn deposit(bin: u32, amount: f32) {
    atomicAdd(&bins[bin], amount);
}

@compute @workgroup_size(64)
fn main(
    @builtin(global_invocation_id) gid: vec3<u32>,
    @builtin(local_invocation_index) lid: u32,
    @builtin(workgroup_id) wid: vec3<u32>,
) {
    if (gid.x >= arrayLength(&values)) {
        return;
    }
    let v = values[gid.x];
    var bin = (gid.x / 16u) % 64u;
    if ((wid.x & 1u) == 1u) {
        bin = (lid & 1u) + 2u * (wid.x % 32u);
    }
    if (v > 0.25) {
        deposit(bin, v);
    }
}
