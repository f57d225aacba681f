//! Errors in the shader: a syntax or validation error is reported with its
//! place, and bytes that are not a shader (empty, not UTF-8, random, cut
//! short) are refused, never an internal error.

use super::*;

#[test]
fn syntax_error_is_reported_with_position_line_and_caret() {
    let dir = tempdir();
    write(dir.path(), "bad.wgsl", SYNTAX_ERROR);
    let out = assert_fails_cleanly(
        dir.path(),
        &["bad.wgsl", "-o", "out.wgsl"],
        1,
        &["bad.wgsl"],
    );
    assert_stderr_has(&out, &["error", "bad.wgsl:3:13", "return x +;", "^"]);
}

#[test]
fn store_to_read_only_buffer_is_a_validation_error_with_span() {
    let dir = tempdir();
    write(dir.path(), "ro.wgsl", STORE_TO_READ_ONLY);
    let out = assert_fails_cleanly(dir.path(), &["ro.wgsl", "-o", "out.spv"], 1, &["ro.wgsl"]);
    assert_stderr_has(&out, &["is invalid", "ro.wgsl:4:3", "b[0] = 1u;", "^"]);
}

#[test]
fn wrong_return_type_is_a_validation_error_with_span() {
    let dir = tempdir();
    write(dir.path(), "ret.wgsl", WRONG_RETURN_TYPE);
    let out = assert_fails_cleanly(
        dir.path(),
        &["ret.wgsl", "-o", "out.wgsl"],
        1,
        &["ret.wgsl"],
    );
    assert_stderr_has(&out, &["is invalid", "ret.wgsl:1:1", "return"]);
}

#[test]
fn empty_input_is_an_error() {
    let dir = tempdir();
    write(dir.path(), "empty.wgsl", "");
    let out = assert_fails_cleanly(
        dir.path(),
        &["empty.wgsl", "-o", "out.wgsl"],
        1,
        &["empty.wgsl"],
    );
    assert_stderr_has(&out, &["empty.wgsl", "empty"]);
}

#[test]
fn non_utf8_wgsl_is_an_error() {
    let dir = tempdir();
    write(
        dir.path(),
        "latin1.wgsl",
        b"@compute @workgroup_size(1)\nfn main() { \xff\xfe }\n",
    );
    let out = assert_fails_cleanly(
        dir.path(),
        &["latin1.wgsl", "-o", "out.wgsl"],
        1,
        &["latin1.wgsl"],
    );
    assert_stderr_has(&out, &["latin1.wgsl", "UTF-8"]);
}

#[test]
fn random_bytes_as_spv_are_not_spirv() {
    let dir = tempdir();
    let mut bytes = garbage(1000, 0x9e37_79b9_7f4a_7c15);
    bytes[0] = 0; // Whatever the seed, not the magic number.
    write(dir.path(), "noise.spv", bytes);
    let out = assert_fails_cleanly(
        dir.path(),
        &["noise.spv", "-o", "out.wgsl"],
        1,
        &["noise.spv"],
    );
    assert_stderr_has(&out, &["noise.spv", "not a SPIR-V"]);
}

#[test]
fn three_byte_spv_is_not_spirv() {
    let dir = tempdir();
    write(dir.path(), "tiny.spv", b"abc");
    let out = assert_fails_cleanly(
        dir.path(),
        &["tiny.spv", "-o", "out.wgsl"],
        1,
        &["tiny.spv"],
    );
    assert_stderr_has(&out, &["tiny.spv", "not a SPIR-V"]);
}

#[test]
fn spirv_magic_followed_by_garbage_cannot_be_read() {
    let header: Vec<u8> = [SPIRV_MAGIC, 0x0001_0000, 0, 100, 0]
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .collect();
    for seed in 1..=8u64 {
        let dir = tempdir();
        let mut bytes = header.clone();
        bytes.extend(garbage(4 * (10 + 7 * seed as usize), seed));
        write(dir.path(), "junk.spv", bytes);
        let out = assert_fails_cleanly(
            dir.path(),
            &["junk.spv", "-o", "out.wgsl"],
            1,
            &["junk.spv"],
        );
        assert_stderr_has(&out, &["junk.spv"]);
        let err = stderr(&out);
        assert!(
            err.contains("invalid SPIR-V") || err.contains("not a SPIR-V"),
            "seed {seed}: {err}"
        );
        assert_stderr_lacks(&out, &["internal error"]);
    }
}

/// Runs shaderxform on every cut of a valid SPIR-V module at a word
/// boundary past the header: (bytes kept, the run).
fn run_truncated_spirv() -> (usize, Vec<(usize, Output)>) {
    let dir = tempdir();
    copy_corpus(dir.path(), GOOD, "in.wgsl");
    assert_exit(&run(dir.path(), &["in.wgsl", "-o", "whole.spv"]), 0);
    let whole = fs::read(dir.path().join("whole.spv")).unwrap();
    fs::remove_file(dir.path().join("whole.spv")).unwrap();
    let mut runs = Vec::new();
    for cut in (24..whole.len()).step_by(4) {
        write(dir.path(), "cut.spv", &whole[..cut]);
        let out = run(dir.path(), &["cut.spv", "-o", "out.wgsl"]);
        let _ = fs::remove_file(dir.path().join("out.wgsl"));
        assert_no_temp_files(dir.path());
        runs.push((cut, out));
    }
    (whole.len(), runs)
}

fn assert_no_problems(what: &str, total: usize, problems: &[String]) {
    assert!(
        problems.is_empty(),
        "{} of {total} {what}:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn truncated_spirv_is_never_an_internal_error() {
    let (len, runs) = run_truncated_spirv();
    let problems: Vec<String> = runs
        .iter()
        .filter(|(_, out)| {
            let err = stderr(out);
            out.status.code().is_none()
                || err.contains("internal error")
                || err.contains("panicked")
        })
        .map(|(cut, out)| {
            format!(
                "  {cut} bytes: {}",
                stderr(out).lines().next().unwrap_or("")
            )
        })
        .collect();
    let what = format!("truncations of a {len}-byte module crashed the reader");
    assert_no_problems(&what, runs.len(), &problems);
}

#[test]
fn truncated_spirv_is_rejected() {
    // A module cut at an instruction boundary still parses, but it is not
    // valid SPIR-V: an entry point or a forward reference is left undefined,
    // or the memory model is missing. It must be refused, not translated.
    let (len, runs) = run_truncated_spirv();
    let problems: Vec<String> = runs
        .iter()
        .filter(|(_, out)| out.status.code() != Some(1) || !stderr(out).contains("cut.spv"))
        .map(|(cut, out)| format!("  {cut} bytes: exit {:?}", out.status.code()))
        .collect();
    let what = format!("truncations of a {len}-byte module were not refused with exit 1");
    assert_no_problems(&what, runs.len(), &problems);
}
