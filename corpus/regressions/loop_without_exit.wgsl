// A loop with no way out, then a barrier in non-uniform control flow
// that the loop makes unreachable. WGSL requires every loop to exit
// (Tint: "loop does not exit"): refused at the loop
// (`wgsl::loop-without-exit`).
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
    loop {
        workgroupBarrier();
    }
    if (lid == 0u) {
        workgroupBarrier();
    }
}
