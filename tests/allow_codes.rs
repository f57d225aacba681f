//! `--allow CODE` and `--deny CODE`: a warning the user has accepted is
//! neither printed nor reported, and `--deny-warnings` does not deny it; a
//! denied code fails the run; errors stay errors; an unknown code is a
//! usage error.

mod common;

use std::process::Command;

use common::root;

fn run(args: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_shaderxform"))
        .args(args)
        .current_dir(root())
        .env("NO_COLOR", "1")
        .output()
        .expect("run shaderxform")
}

const HOISTED: &str = "corpus/hoist-barriers/early_return_scan.wgsl";
const CODE: &str = "hoist-barriers::divergent-barrier";

#[test]
fn an_allowed_warning_is_not_printed_reported_or_denied() {
    let dir = tempfile::tempdir().unwrap();
    let out_file = dir.path().join("out.wgsl");
    let report = dir.path().join("report.json");
    let out = out_file.to_str().unwrap();
    let warned = run(&[HOISTED, "-o", out]);
    assert_eq!(warned.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&warned.stderr).contains(&format!("warning[{CODE}]")));

    let denied = run(&[HOISTED, "-o", out, "--deny-warnings"]);
    assert_eq!(denied.status.code(), Some(1));

    let allowed = run(&[
        HOISTED,
        "-o",
        out,
        "--deny-warnings",
        "--allow",
        CODE,
        "--report",
        report.to_str().unwrap(),
    ]);
    assert_eq!(
        allowed.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&allowed.stderr)
    );
    assert!(
        !String::from_utf8_lossy(&allowed.stderr).contains(CODE),
        "{}",
        String::from_utf8_lossy(&allowed.stderr)
    );
    let json = std::fs::read_to_string(&report).unwrap();
    assert!(!json.contains(CODE), "{json}");
    // The rewrite itself is still reported.
    assert!(json.contains("predicate-early-exit"), "{json}");
}

#[test]
fn an_error_is_not_allowed_away() {
    let dir = tempfile::tempdir().unwrap();
    let shader = dir.path().join("bad.wgsl");
    std::fs::write(&shader, "fn f() -> i32 { return x; }\n").unwrap();
    let out = run(&[
        shader.to_str().unwrap(),
        "-o",
        dir.path().join("out.wgsl").to_str().unwrap(),
        "--allow",
        "wgsl::parse",
    ]);
    assert_eq!(out.status.code(), Some(1));
    assert!(!dir.path().join("out.wgsl").exists());
}

/// A warning of the command line itself is accepted the same way.
#[test]
fn an_allowed_extension_mismatch_writes_under_deny_warnings() {
    let dir = tempfile::tempdir().unwrap();
    let out_file = dir.path().join("out.hlsl");
    let args = [
        "corpus/translate/buffer_double_f32.wgsl",
        "-o",
        out_file.to_str().unwrap(),
        "--emit",
        "wgsl",
        "--deny-warnings",
    ];
    assert_eq!(run(&args).status.code(), Some(1));
    assert!(!out_file.exists());
    let mut allowed = args.to_vec();
    allowed.extend(["--allow", "emit::extension-mismatch"]);
    let out = run(&allowed);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(out_file.is_file());
}

/// `--deny CODE` makes the warnings and notes of that code errors: nothing
/// is written; other codes' warnings stay warnings.
#[test]
fn a_denied_code_fails_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let out_file = dir.path().join("out.wgsl");
    let out = out_file.to_str().unwrap();
    let denied = run(&[HOISTED, "-o", out, "--deny", CODE]);
    let stderr = String::from_utf8_lossy(&denied.stderr);
    assert_eq!(denied.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains(&format!("error[{CODE}]")), "{stderr}");
    assert!(!out_file.exists());
    // A note can be denied too: the voting loop's cost.
    let voting = "corpus/hoist-barriers/voting_loop_rerun.wgsl";
    let cost = "hoist-barriers::loop-cost";
    let noted = run(&[voting, "-o", out]);
    assert_eq!(noted.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&noted.stderr).contains(&format!("note[{cost}]")));
    std::fs::remove_file(&out_file).unwrap();
    let denied = run(&[voting, "-o", out, "--deny", cost]);
    let stderr = String::from_utf8_lossy(&denied.stderr);
    assert_eq!(denied.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains(&format!("error[{cost}]")), "{stderr}");
    assert!(!out_file.exists());
}

/// A code shaderxform does not report, allowed or denied, is a usage
/// error naming it: a misspelling would otherwise accept or deny nothing.
#[test]
fn an_unknown_code_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let out_file = dir.path().join("out.wgsl");
    let out = out_file.to_str().unwrap();
    for flag in ["--allow", "--deny"] {
        let refused = run(&[HOISTED, "-o", out, flag, "hoist-barriers::divergent"]);
        let stderr = String::from_utf8_lossy(&refused.stderr);
        assert_eq!(refused.status.code(), Some(2), "{stderr}");
        assert!(stderr.contains("options::unknown-code"), "{stderr}");
        assert!(stderr.contains("hoist-barriers::divergent"), "{stderr}");
        assert!(!out_file.exists());
    }
}
