// Entry points named with letters outside ASCII, which WGSL allows.
// naga's writer spells them by code point (`u1d556_`); a host asks the
// pipeline for the name the source gave.
@fragment
fn 𝕖() -> @location(0) vec4<f32> {
    return vec4<f32>(1.0);
}

@compute @workgroup_size(1)
fn résumé2() {}
