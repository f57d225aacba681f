//! Diagnostics as JSON lines, colours, and the `--report` file: what
//! other tools read of a run.

use super::*;

/// Parses each non-empty line of stderr as one JSON object.
fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    stderr(out)
        .lines()
        .filter(|l| !l.trim().is_empty())
        .map(|l| {
            let v: serde_json::Value =
                serde_json::from_str(l).unwrap_or_else(|e| panic!("not JSON ({e}): {l}"));
            assert!(v.is_object(), "not an object: {l}");
            v
        })
        .collect()
}

#[test]
fn json_messages_are_one_object_per_line() {
    let dir = tempdir();
    write(dir.path(), "bad.wgsl", SYNTAX_ERROR);
    let out = assert_fails_cleanly(
        dir.path(),
        &["bad.wgsl", "-o", "out.wgsl", "--message-format", "json"],
        1,
        &["bad.wgsl"],
    );
    let messages = json_lines(&out);
    assert_eq!(messages.len(), 1, "{}", stderr(&out));
    let m = &messages[0];
    assert_eq!(m["severity"], "error");
    assert!(m["message"].as_str().is_some_and(|s| !s.is_empty()), "{m}");
    assert_eq!(m["file"], "bad.wgsl");
    assert_eq!(m["line"], 3);
    assert_eq!(m["column"], 13);
    let spans = m["spans"].as_array().expect("spans is an array");
    assert!(!spans.is_empty(), "{m}");
    assert_eq!(spans[0]["line"], 3);
}

#[test]
fn json_messages_for_validation_errors_carry_the_span() {
    let dir = tempdir();
    write(dir.path(), "ro.wgsl", STORE_TO_READ_ONLY);
    let out = run(
        dir.path(),
        &["check", "ro.wgsl", "--message-format", "json"],
    );
    assert_exit(&out, 1);
    let messages = json_lines(&out);
    assert_eq!(messages.len(), 1, "{}", stderr(&out));
    assert_eq!(messages[0]["file"], "ro.wgsl");
    assert_eq!(messages[0]["line"], 4);
    assert_eq!(messages[0]["column"], 3);
}

#[test]
fn json_messages_for_errors_outside_the_shader() {
    let dir = tempdir();
    copy_corpus(dir.path(), GOOD, "in.wgsl");
    let invocations: [(&[&str], i32); 3] = [
        (&["missing.wgsl", "-o", "out.wgsl"], 1),
        (&["in.wgsl", "-o", "out.wgsl", "--passes", "bogus"], 2),
        (&["in.wgsl", "-o", "nodir/out.wgsl"], 1),
    ];
    for (args, code) in invocations {
        let mut args = args.to_vec();
        args.extend(["--message-format", "json"]);
        let out = run(dir.path(), &args);
        assert_exit(&out, code);
        let messages = json_lines(&out);
        assert!(!messages.is_empty(), "{args:?}");
        for m in &messages {
            assert_eq!(m["severity"], "error", "{args:?}: {m}");
            assert!(m["message"].is_string(), "{args:?}: {m}");
            assert!(m["file"].is_string(), "{args:?}: {m}");
            assert!(m["spans"].is_array(), "{args:?}: {m}");
        }
        assert_only_files(dir.path(), &["in.wgsl"]);
    }
}

#[test]
fn color_always_and_never() {
    let dir = tempdir();
    write(dir.path(), "bad.wgsl", SYNTAX_ERROR);
    let out = run(
        dir.path(),
        &["bad.wgsl", "-o", "out.wgsl", "--color", "always"],
    );
    assert_exit(&out, 1);
    assert_stderr_has(&out, &["\x1b[", "bad.wgsl:3:13"]);

    let out = run(
        dir.path(),
        &["bad.wgsl", "-o", "out.wgsl", "--color", "never"],
    );
    assert_exit(&out, 1);
    assert_stderr_lacks(&out, &["\x1b["]);
    assert_stderr_has(&out, &["bad.wgsl:3:13"]);
    assert_only_files(dir.path(), &["bad.wgsl"]);
}

// ---------------------------------------------------------------------------
// --report
// ---------------------------------------------------------------------------

fn read_report(path: &Path) -> serde_json::Value {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("report is not JSON ({e}): {text}"))
}

#[test]
fn report_of_a_successful_run() {
    let dir = tempdir();
    copy_corpus(dir.path(), GOOD, "in.wgsl");
    let out = run(
        dir.path(),
        &[
            "in.wgsl", "-o", "out.wgsl", "-o", "out.spv", "--report", "r.json",
        ],
    );
    assert_exit(&out, 0);
    assert_only_files(dir.path(), &["in.wgsl", "out.spv", "out.wgsl", "r.json"]);
    let report = read_report(&dir.path().join("r.json"));
    assert_eq!(report["input"]["path"], "in.wgsl");
    assert_eq!(report["success"], true);
    assert!(report["passes"].is_array(), "{report}");
    assert!(report["diagnostics"].is_array(), "{report}");
    let outputs = report["outputs"].as_array().expect("outputs is an array");
    assert_eq!(outputs.len(), 2, "{report}");
    for (o, (path, format)) in outputs
        .iter()
        .zip([("out.wgsl", "wgsl"), ("out.spv", "spv")])
    {
        assert_eq!(o["path"], path);
        assert_eq!(o["format"], format);
        let size = fs::metadata(dir.path().join(path)).unwrap().len();
        assert_eq!(o["bytes"].as_u64(), Some(size), "{o}");
    }
}

#[cfg(feature = "spirv-tools-compiled")]
#[test]
fn report_and_check_name_the_validators_that_ran() {
    let dir = tempdir();
    copy_corpus(dir.path(), GOOD, "in.wgsl");
    let names = |report: &serde_json::Value| -> Vec<String> {
        report["validators"]
            .as_array()
            .unwrap_or_else(|| panic!("no validators: {report}"))
            .iter()
            .map(|v| v["name"].as_str().unwrap_or_default().to_string())
            .collect()
    };

    // WGSL to WGSL: naga's validator alone has anything to check.
    let out = run(
        dir.path(),
        &["in.wgsl", "-o", "out.wgsl", "--report", "wgsl.json"],
    );
    assert_exit(&out, 0);
    let report = read_report(&dir.path().join("wgsl.json"));
    assert_eq!(names(&report), ["naga"], "{report}");

    // SPIR-V written: SPIRV-Tools' validator checks it, in process in
    // this build.
    let out = run(
        dir.path(),
        &["in.wgsl", "-o", "out.spv", "--report", "spv.json"],
    );
    assert_exit(&out, 0);
    let report = read_report(&dir.path().join("spv.json"));
    assert_eq!(names(&report), ["naga", "spirv-val"], "{report}");
    assert_eq!(report["validators"][1]["provenance"], "in-process");

    let out = run(dir.path(), &["check", "in.wgsl"]);
    assert_exit(&out, 0);
    assert_stderr_has(&out, &["in.wgsl: valid: checked by naga"]);
    let out = run(dir.path(), &["check", "out.spv"]);
    assert_exit(&out, 0);
    assert_stderr_has(
        &out,
        &["out.spv: valid: checked by naga and spirv-val (in process)"],
    );
}

#[test]
fn report_of_a_failed_run() {
    let dir = tempdir();
    write(dir.path(), "bad.wgsl", SYNTAX_ERROR);
    let out = run(
        dir.path(),
        &["bad.wgsl", "-o", "out.wgsl", "--report", "r.json"],
    );
    assert_exit(&out, 1);
    assert_clean_failure(&out);
    assert_only_files(dir.path(), &["bad.wgsl", "r.json"]);
    let report = read_report(&dir.path().join("r.json"));
    assert_eq!(report["input"]["path"], "bad.wgsl");
    assert_eq!(report["success"], false);
    assert_eq!(
        report["outputs"].as_array().map(Vec::len),
        Some(0),
        "{report}"
    );
    let diagnostics = report["diagnostics"].as_array().expect("diagnostics");
    assert_eq!(diagnostics.len(), 1, "{report}");
    assert_eq!(diagnostics[0]["severity"], "error");
    assert_eq!(diagnostics[0]["line"], 3);
    assert_eq!(diagnostics[0]["column"], 13);
}

#[test]
fn report_of_a_run_that_cannot_write_its_output() {
    let dir = tempdir();
    copy_corpus(dir.path(), GOOD, "in.wgsl");
    let out = run(
        dir.path(),
        &["in.wgsl", "-o", "nodir/out.wgsl", "--report", "r.json"],
    );
    assert_exit(&out, 1);
    assert_only_files(dir.path(), &["in.wgsl", "r.json"]);
    let report = read_report(&dir.path().join("r.json"));
    assert_eq!(report["success"], false);
    let diagnostics = report["diagnostics"].as_array().expect("diagnostics");
    assert!(
        diagnostics.iter().any(|d| d["message"]
            .as_str()
            .is_some_and(|m| m.contains("cannot write"))),
        "{report}"
    );
}

#[test]
fn unwritable_report_fails_the_run_without_writing_outputs() {
    // Exit 1 must not leave fresh outputs behind: a build tool would take
    // them as up to date.
    let dir = tempdir();
    copy_corpus(dir.path(), GOOD, "in.wgsl");
    let out = assert_fails_cleanly(
        dir.path(),
        &["in.wgsl", "-o", "out.wgsl", "--report", "nodir/r.json"],
        1,
        &["in.wgsl"],
    );
    assert_stderr_has(&out, &["cannot write", "nodir/r.json"]);
}

#[test]
fn check_writes_a_report() {
    let dir = tempdir();
    write(dir.path(), "bad.wgsl", SYNTAX_ERROR);
    let out = run(dir.path(), &["check", "bad.wgsl", "--report", "r.json"]);
    assert_exit(&out, 1);
    assert_only_files(dir.path(), &["bad.wgsl", "r.json"]);
    let report = read_report(&dir.path().join("r.json"));
    assert_eq!(report["success"], false);
    assert_eq!(report["outputs"].as_array().map(Vec::len), Some(0));
}
