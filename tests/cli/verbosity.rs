//! `-q` prints only errors, `-v` adds how the run went; neither changes
//! the exit code or what is written.

use super::*;

/// Corpus shader whose barrier hoist-barriers fixes, with a warning and a
/// rewrite line.
fn fixed_barrier(dir: &Path) -> PathBuf {
    let from = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("corpus/hoist-barriers/seed_barrier_in_branch.wgsl");
    let to = dir.join("fixed.wgsl");
    fs::copy(from, &to).expect("copy the corpus shader");
    to
}

/// A barrier in a `switch` on the invocation index: no pass fixes it.
const SWITCH_BARRIER: &str = "@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
    switch lid % 4u {
        case 0u: {
            workgroupBarrier();
        }
        default: {}
    }
}
";

#[test]
fn quiet_prints_no_warning_or_rewrite_and_still_writes() {
    let dir = tempdir();
    fixed_barrier(dir.path());
    let loud = run(dir.path(), &["fixed.wgsl", "-o", "loud.spv"]);
    assert_exit(&loud, 0);
    assert_stderr_has(
        &loud,
        &["warning[hoist-barriers::", "hoist-barriers: fixed.wgsl:"],
    );
    for args in [
        ["-q", "fixed.wgsl", "-o", "quiet.spv"],
        ["fixed.wgsl", "--quiet", "-o", "quiet.spv"],
    ] {
        let out = run(dir.path(), &args);
        assert_exit(&out, 0);
        assert_eq!(stderr(&out), "", "-q printed something");
        assert_eq!(
            fs::read(dir.path().join("quiet.spv")).expect("the output"),
            fs::read(dir.path().join("loud.spv")).expect("the output"),
        );
    }
}

#[test]
fn quiet_prints_errors_and_keeps_the_exit_code() {
    let dir = tempdir();
    write(dir.path(), "switch.wgsl", SWITCH_BARRIER);
    let out = run(dir.path(), &["-q", "switch.wgsl", "-o", "x.spv"]);
    assert_exit(&out, 1);
    assert_stderr_has(
        &out,
        &[
            "error[hoist-barriers::divergent-barrier]",
            "switch.wgsl:5:13",
        ],
    );
    assert_only_files(dir.path(), &["switch.wgsl"]);
    let json = run(
        dir.path(),
        &["check", "-q", "--message-format", "json", "switch.wgsl"],
    );
    assert_exit(&json, 1);
    assert!(stderr(&json)
        .lines()
        .all(|l| l.contains("\"severity\":\"error\"")));
}

#[test]
fn quiet_check_omits_the_validators_line() {
    let dir = tempdir();
    copy_corpus(dir.path(), GOOD, "in.wgsl");
    let loud = run(dir.path(), &["check", "in.wgsl"]);
    assert_stderr_has(&loud, &["in.wgsl: valid: checked by"]);
    for args in [["-q", "check", "in.wgsl"], ["check", "in.wgsl", "-q"]] {
        let out = run(dir.path(), &args);
        assert_exit(&out, 0);
        assert_eq!(stderr(&out), "", "{args:?} printed something");
    }
}

#[test]
fn verbose_names_the_front_end_the_passes_and_each_stage_time() {
    let dir = tempdir();
    fixed_barrier(dir.path());
    let out = run(
        dir.path(),
        &["-v", "fixed.wgsl", "-o", "x.spv", "-o", "x.wgsl"],
    );
    assert_exit(&out, 0);
    assert_stderr_has(
        &out,
        &[
            "fixed.wgsl: front end: naga's WGSL reader",
            "fixed.wgsl: passes run: ",
            "hoist-barriers (1 rewrite)",
            "time: read: ",
            "time: transform: ",
            "time: emit spv: ",
            "time: emit wgsl: ",
            "time: write: ",
            // What the default prints stays.
            "warning[hoist-barriers::",
        ],
    );
    let check = run(dir.path(), &["-v", "check", "fixed.wgsl"]);
    assert_exit(&check, 0);
    assert_stderr_has(
        &check,
        &["front end: naga's WGSL reader", "time: transform: "],
    );
    let plain = run(dir.path(), &["fixed.wgsl", "-o", "y.spv"]);
    assert_stderr_lacks(&plain, &["front end:", "passes run:", "time: "]);
}

#[test]
fn quiet_and_verbose_together_are_a_usage_error() {
    let dir = tempdir();
    copy_corpus(dir.path(), GOOD, "in.wgsl");
    let out = run(dir.path(), &["-q", "-v", "in.wgsl", "-o", "x.spv"]);
    assert_exit(&out, 2);
    assert_only_files(dir.path(), &["in.wgsl"]);
}

#[test]
fn batch_quiet_prints_only_errors_and_verbose_lists_cache_hits() {
    let dir = tempdir();
    let input = dir.path().join("in");
    fs::create_dir(&input).expect("mkdir");
    fixed_barrier(&input);
    write(&input, "switch.wgsl", SWITCH_BARRIER);
    let args = ["batch", "in", "-o", "out", "--cache", "cache"];
    let quiet = run(dir.path(), &[&["-q"][..], &args].concat());
    assert_exit(&quiet, 1);
    assert_stderr_has(&quiet, &["error[hoist-barriers::divergent-barrier]"]);
    assert_stderr_lacks(
        &quiet,
        &[
            "warning",
            "shaderxform batch:",
            "manifest:",
            "compiled",
            "FAILED",
        ],
    );
    assert!(dir.path().join("out/fixed.spv").is_file());
    let verbose = run(dir.path(), &[&args[..], &["-v"]].concat());
    assert_exit(&verbose, 1);
    assert_stderr_has(
        &verbose,
        &[
            "shaderxform batch: 2 shaders, passes all, cache cache",
            "cached   in/fixed.wgsl",
            "FAILED   in/switch.wgsl",
            "1 from the cache",
        ],
    );
}
