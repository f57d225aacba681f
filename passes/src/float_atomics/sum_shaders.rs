//! The shaders and reading helpers that the tests of the sums' aggregation
//! share: over the subgroup (`aggregate.rs`) and over the workgroup
//! (`workgroup.rs`).

use super::config::NAME;
use crate::testing::{run_pass, PassRun};
use crate::Target;

/// A target with subgroups, which aggregation needs.
pub(super) fn subgroups() -> Target {
    Target {
        subgroups: true,
        ..Target::default()
    }
}

/// A compute shader of 64 invocations with `total: atomic<f32>`,
/// `bins: array<atomic<f32>, 64>`, `v: f32` (a value of the invocation),
/// `i: u32` (its index) and `u: u32` (a uniform value) around `body`.
pub(super) fn shader(body: &str) -> String {
    format!(
        "@group(0) @binding(0) var<storage, read_write> total: atomic<f32>;
         @group(0) @binding(1) var<storage, read_write> bins: array<atomic<f32>, 64>;
         @group(0) @binding(2) var<storage, read_write> out: array<f32>;
         @group(0) @binding(3) var<uniform> offset: u32;
         @compute @workgroup_size(64)
         fn main(@builtin(global_invocation_id) gid: vec3<u32>) {{
             let i = gid.x;
             let u = offset;
             let v = out[i];
             {body}
         }}"
    )
}

/// `float-atomics` on `source`, which must succeed.
pub(super) fn run(source: &str, options: &[(&str, &str)], target: &Target) -> PassRun {
    run_pass(NAME, source, options, target).unwrap_or_else(|e| panic!("{e:?}"))
}

/// The values of the detail `key` over the run's changes.
pub(super) fn detail(run: &PassRun, key: &str) -> Vec<String> {
    run.report
        .changes
        .iter()
        .filter_map(|c| c.details.get(key).cloned())
        .collect()
}
