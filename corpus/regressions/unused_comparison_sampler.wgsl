// A comparison sampler that no depth-compare sampling uses. SPIR-V has one
// sampler type; reading the SPIR-V back finds a plain sampler.
@group(0) @binding(0) var s: sampler_comparison;

@fragment
fn main() {
    _ = s;
}
