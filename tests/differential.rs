//! Every pass proven by execution on kernels written by others.
//!
//! The compute shaders of corpus/public (vello's 23 kernels, the WebGPU
//! samples' and wgpu's examples' compute shaders) are run transformed
//! against themselves as written, on the adapter (lavapipe in CI), under
//! each pass alone and under `--passes all`, with inputs `validate` seeds
//! itself (a harness beside a kernel only where random inputs would make
//! its loops run for minutes). Every value every kernel writes must
//! agree: a rewrite that changes what a real kernel computes fails here,
//! whether or not a test of that pass foresaw the shape.

mod common;

use std::path::{Path, PathBuf};

use common::gpu::{had_adapter, output_text, validate_command};

/// Each pass alone, all of them, and none (the translation itself).
const PASSES: [&str; 5] = [
    "none",
    "all",
    "lane-transpose",
    "hoist-barriers",
    "float-atomics",
];

/// Kernels that are not handed to wgpu as SPIR-V. wgpu reads SPIR-V
/// through naga's SPIR-V reader before the driver sees it, and of the
/// SPIR-V written for these, even without passes, its module is refused
/// by naga's validator (`wgpu rejected the reference`: vello's binning,
/// coarse and fine kernels, whose zero-initialised workgroup arrays of
/// atomics the reader turns into what the validator refuses) or does not
/// finish on lavapipe (vello's scans and `draw_leaf`). As WGSL they agree.
/// (The samples' particles, whose `vec4<bool>` operands the reader took
/// for scalars, run since `vendor/patches/0009`.)
const NOT_AS_SPIRV: [&str; 7] = [
    "vello_binning.wgsl",
    "vello_coarse.wgsl",
    "vello_draw_leaf.wgsl",
    "vello_fine_msaa16.wgsl",
    "vello_fine_msaa8.wgsl",
    "vello_pathtag_scan1.wgsl",
    "vello_pathtag_scan_small.wgsl",
];

/// The compute shaders of corpus/public, with the harnesses beside them.
fn kernels() -> Vec<PathBuf> {
    let mut kernels: Vec<PathBuf> = common::corpus_files_where(|p| {
        p.starts_with("corpus/public") && p.extension().is_some_and(|e| e == "wgsl")
    })
    .into_iter()
    .filter(|p| std::fs::read_to_string(p).unwrap().contains("@compute"))
    .collect();
    kernels.sort();
    kernels
}

/// A flat name for `path`: its project and file (`vello_clip_leaf.wgsl`).
fn flat_name(path: &Path) -> String {
    let relative = path
        .strip_prefix(common::root().join("corpus/public"))
        .unwrap();
    let project = relative.components().next().unwrap().as_os_str();
    let project = project.to_str().unwrap().split('-').next().unwrap();
    let parent = path
        .parent()
        .unwrap()
        .file_name()
        .unwrap()
        .to_str()
        .unwrap();
    let file = path.file_name().unwrap().to_str().unwrap();
    match parent {
        "shaders" => format!("{project}_{file}"),
        _ => format!("{project}_{parent}_{file}"),
    }
}

/// Copies `kernels` (and their harnesses) into `dir`, flat, leaving out
/// those `skip` names.
fn lay_out(dir: &Path, kernels: &[PathBuf], skip: &[&str]) -> usize {
    let mut laid = 0;
    for kernel in kernels {
        let name = flat_name(kernel);
        if skip.contains(&name.as_str()) {
            continue;
        }
        std::fs::copy(kernel, dir.join(&name)).unwrap();
        let harness = kernel.with_extension("harness.toml");
        if harness.exists() {
            let stem = name.strip_suffix(".wgsl").unwrap();
            std::fs::copy(harness, dir.join(format!("{stem}.harness.toml"))).unwrap();
        }
        laid += 1;
    }
    laid
}

#[test]
fn public_kernels_agree_after_every_pass() {
    let kernels = kernels();
    assert!(
        kernels.len() >= 38,
        "{} kernels: {kernels:?}",
        kernels.len()
    );
    let wgsl = tempfile::tempdir().unwrap();
    let spirv = tempfile::tempdir().unwrap();
    let as_wgsl = lay_out(wgsl.path(), &kernels, &[]);
    let as_spirv = lay_out(spirv.path(), &kernels, &NOT_AS_SPIRV);
    for passes in PASSES {
        for (dir, format, count) in [(&wgsl, "wgsl", as_wgsl), (&spirv, "spirv", as_spirv)] {
            let out = validate_command(&[
                dir.path().to_str().unwrap(),
                "--shader-format",
                format,
                "--passes",
                passes,
                "--timeout",
                "30",
            ]);
            if !had_adapter(&out) {
                return;
            }
            let stdout = String::from_utf8_lossy(&out.stdout);
            let summary = format!("{count} shaders: {count} agree, 0 mismatch, 0 hang");
            assert!(
                out.status.code() == Some(0) && stdout.contains(&summary),
                "--passes {passes}, as {format}: not every kernel agrees:\n{}",
                output_text(&out)
            );
        }
    }
}
