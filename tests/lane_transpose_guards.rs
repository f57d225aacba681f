//! `lane-transpose` and the `if`s around record accesses: a guard is
//! lifted only where it stands between uniform control flow and an access
//! the pass rewrites, everything the guarded block does stays under its
//! condition, and `--passes all` leaves accesses whose guard depends on
//! data.

mod common;

use shaderxform::gpu::{self, ShaderFormat, ValidateOptions, Verdict};
use shaderxform::{render_all, ColorChoice, Compiler, Options, PassSelection, Source, Target};

fn compiler(passes: PassSelection) -> Compiler {
    Compiler::new(Options {
        passes,
        target: Target {
            subgroups: true,
            ..Target::default()
        },
        ..Options::default()
    })
    .unwrap()
}

fn named() -> PassSelection {
    PassSelection::Named(vec![shaderxform::passes::lane_transpose::NAME.into()])
}

/// Runs `path` (its harness beside it) transformed with `passes` against
/// itself as written, as WGSL and as SPIR-V; every word must agree.
fn assert_agrees(path: &str, passes: PassSelection) {
    assert_agrees_as(path, passes, &[ShaderFormat::Wgsl, ShaderFormat::Spirv]);
}

fn assert_agrees_as(path: &str, passes: PassSelection, formats: &[ShaderFormat]) {
    let mut options = ValidateOptions::new(Options {
        passes: passes.clone(),
        target: Target {
            subgroups: true,
            ..Target::default()
        },
        ..Options::default()
    });
    for &format in formats {
        options.shader_format = format;
        let Some(v) =
            common::gpu::adapter_or_skip(gpu::validate(&common::root().join(path), &options), path)
        else {
            return;
        };
        assert_eq!(
            v.verdict,
            Verdict::Agree,
            "{path} ({passes:?}, {format:?}):\n{}",
            v.describe()
        );
    }
}

/// The reduced form of vello's path-tag scan: an `if` that assigns a local
/// from another buffer, then a record store at the top level. The `if`
/// guards nothing the pass rewrites: it stays as written, and the store is
/// coalesced all the same.
#[test]
fn an_if_that_guards_no_rewritten_access_stays_as_written() {
    let path = "corpus/lane-transpose/unrelated_guard_assigns_local.wgsl";
    let source = Source::read(path.as_ref(), None).unwrap();
    for passes in [named(), PassSelection::All] {
        let compiler = compiler(passes.clone());
        let transformed = compiler.transform(&source).unwrap();
        let report = common::pass_report(shaderxform::passes::lane_transpose::NAME, &transformed);
        assert!(
            report.changes.iter().any(|c| c.kind == "coalesce-store"),
            "{passes:?}: {}",
            render_all(&report.diagnostics, &source, ColorChoice::Never)
        );
        let wgsl = common::wgsl(&compiler, &source);
        assert!(!wgsl.contains("in_bounds"), "{passes:?}: lifted:\n{wgsl}");
        // The assignment is still under its condition.
        let guard = wgsl
            .find("if (lid.x < wg.x)")
            .unwrap_or_else(|| panic!("{passes:?}: the `if` is gone:\n{wgsl}"));
        let assignment = wgsl[guard..].find("v = ").expect("the assignment");
        assert!(
            !wgsl[guard..guard + assignment].contains('}'),
            "{passes:?}: the assignment left its `if`:\n{wgsl}"
        );
    }
}

#[test]
fn an_if_that_guards_no_rewritten_access_agrees_on_the_adapter() {
    let path = "corpus/lane-transpose/unrelated_guard_assigns_local.wgsl";
    assert_agrees(path, named());
    assert_agrees(path, PassSelection::All);
}

/// A bounds guard around a record store that also assigns a local read
/// after it: the guard is lifted, the assignment stays under the flag.
#[test]
fn a_lifted_guard_keeps_its_assignments_under_the_flag() {
    let path = "corpus/lane-transpose/bounds_guard_assigns_local.wgsl";
    let source = Source::read(path.as_ref(), None).unwrap();
    let compiler = compiler(named());
    let transformed = compiler.transform(&source).unwrap();
    let report = common::pass_report(shaderxform::passes::lane_transpose::NAME, &transformed);
    assert!(
        report.changes.iter().any(|c| c.kind == "coalesce-store"),
        "{}",
        render_all(&report.diagnostics, &source, ColorChoice::Never)
    );
    let wgsl = common::wgsl(&compiler, &source);
    assert!(wgsl.contains("in_bounds"), "not lifted:\n{wgsl}");
    // `if _e13 { v = _e12; }`, `_e13` the flag loaded.
    let lines: Vec<&str> = wgsl.lines().map(str::trim).collect();
    let assignment = lines
        .iter()
        .position(|l| l.starts_with("v = "))
        .expect("the assignment");
    let condition = lines[..assignment]
        .last()
        .and_then(|l| l.strip_prefix("if "))
        .and_then(|l| l.strip_suffix(" {"))
        .unwrap_or_else(|| panic!("the assignment is not under an `if`:\n{wgsl}"));
    assert!(
        lines.contains(&format!("let {condition} = in_bounds;").as_str()),
        "the assignment is not under the flag:\n{wgsl}"
    );
    assert_agrees(path, named());
    assert_agrees(path, PassSelection::All);
}

/// vello's `clip_reduce`, reduced: the record store sits under `if
/// local_id.x < size`, `size` the result of a workgroup scan. `--passes
/// all` leaves it, saying why; named, the pass rewrites it, correctly.
#[test]
fn a_store_under_a_guard_on_data_is_left_under_all() {
    let text = "struct Rec { a: u32, b: u32, c: u32, d: u32 }
@group(0) @binding(0) var<storage> src: array<u32>;
@group(0) @binding(1) var<storage, read_write> out: array<Rec>;
var<workgroup> count: atomic<u32>;
@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_id) lid: vec3<u32>) {
    if (src[gid.x] % 4u == 0u) {
        atomicAdd(&count, 1u);
    }
    workgroupBarrier();
    let size = atomicLoad(&count);
    if (lid.x < size) {
        out[gid.x] = Rec(gid.x, size, lid.x, 1u);
    }
}
";
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("data_guard.wgsl");
    std::fs::write(&path, text).unwrap();
    let source = Source::read(&path, None).unwrap();

    let transformed = compiler(PassSelection::All).transform(&source).unwrap();
    let report = common::pass_report(shaderxform::passes::lane_transpose::NAME, &transformed);
    assert!(report.changes.is_empty(), "{:?}", report.changes);
    let rendered = render_all(&report.diagnostics, &source, ColorChoice::Never);
    assert!(
        rendered.contains("lane-transpose::not-profitable")
            && rendered.contains("not a bounds check of its record index")
            && rendered.contains("under a guard other than a bounds check"),
        "{rendered}"
    );
    // Said once: the attempt without the guard lifted adds no note of its
    // own for the same store.
    assert_eq!(
        report
            .diagnostics
            .iter()
            .filter(|d| d.message.contains("the store of"))
            .count(),
        1,
        "{rendered}"
    );

    let forced = compiler(named()).transform(&source).unwrap();
    let report = common::pass_report(shaderxform::passes::lane_transpose::NAME, &forced);
    assert!(
        report.changes.iter().any(|c| c.kind == "coalesce-store"),
        "{}",
        render_all(&report.diagnostics, &source, ColorChoice::Never)
    );
    std::fs::write(
        dir.path().join("data_guard.harness.toml"),
        "dispatch = [16, 1, 1]\n[binding.src]\nsize = 1024\n[binding.out]\nsize = 1024\n",
    )
    .unwrap();
    let mut options = ValidateOptions::new(Options {
        passes: named(),
        target: Target {
            subgroups: true,
            ..Target::default()
        },
        ..Options::default()
    });
    for format in [ShaderFormat::Wgsl, ShaderFormat::Spirv] {
        options.shader_format = format;
        let Some(v) =
            common::gpu::adapter_or_skip(gpu::validate(&path, &options), "data_guard.wgsl")
        else {
            return;
        };
        assert_eq!(v.verdict, Verdict::Agree, "{format:?}: {}", v.describe());
    }
}

/// vello's path-tag scans, whose `if local_id.x < wg_id.x { agg =
/// reduced2[local_id.x]; }` was once lifted away, agree after the pass,
/// named and under `--passes all`. As WGSL: handed to wgpu as SPIR-V,
/// `pathtag_scan1` and `pathtag_scan_small` do not finish on lavapipe even
/// without passes (wgpu reads SPIR-V through naga's reader before the
/// driver sees it; docs/VALIDATION.md).
#[test]
fn vello_path_tag_scans_agree_after_the_pass() {
    for kernel in ["pathtag_scan1", "pathtag_scan_small", "pathtag_scan_large"] {
        let path = format!("corpus/public/vello/shaders/{kernel}.wgsl");
        assert_agrees_as(&path, named(), &[ShaderFormat::Wgsl]);
        assert_agrees_as(&path, PassSelection::All, &[ShaderFormat::Wgsl]);
    }
}
