//! Usage errors: what the command line gets wrong is said, exit 2, and
//! nothing is written or overwritten.

use super::*;

#[test]
fn unknown_input_extension_lists_valid_ones() {
    let dir = tempdir();
    copy_corpus(dir.path(), GOOD, "shader.txt");
    let out = assert_fails_cleanly(
        dir.path(),
        &["shader.txt", "-o", "out.wgsl"],
        2,
        &["shader.txt"],
    );
    assert_stderr_has(
        &out,
        &[
            "shader.txt",
            ".wgsl",
            ".spv",
            ".spvasm",
            ".comp",
            ".vert",
            ".frag",
            ".glsl",
        ],
    );
}

#[test]
fn unknown_output_extension_is_a_usage_error() {
    let dir = tempdir();
    copy_corpus(dir.path(), GOOD, "in.wgsl");
    let out = assert_fails_cleanly(dir.path(), &["in.wgsl", "-o", "out.xyz"], 2, &["in.wgsl"]);
    assert_stderr_has(&out, &["out.xyz", ".wgsl", ".spv"]);
}

#[test]
fn unknown_pass_is_named_and_valid_names_listed() {
    let dir = tempdir();
    copy_corpus(dir.path(), GOOD, "in.wgsl");
    let out = assert_fails_cleanly(
        dir.path(),
        &["in.wgsl", "-o", "out.wgsl", "--passes", "bogus"],
        2,
        &["in.wgsl"],
    );
    assert_stderr_has(&out, &["bogus", "all", "none"]);
}

#[test]
fn output_same_as_input_is_refused() {
    let dir = tempdir();
    let input = copy_corpus(dir.path(), GOOD, "in.wgsl");
    fs::create_dir(dir.path().join("sub")).unwrap();
    let original = fs::read(&input).unwrap();
    let absolute = input.display().to_string();
    for spelling in [
        "in.wgsl",
        "./in.wgsl",
        "./sub/../in.wgsl",
        absolute.as_str(),
    ] {
        let out = run(dir.path(), &["in.wgsl", "-o", spelling]);
        assert_exit(&out, 2);
        assert_clean_failure(&out);
        assert_stderr_has(&out, &["refusing to overwrite the input"]);
        assert_unchanged(&input, &original, &format!("-o {spelling}"));
        assert_only_files(dir.path(), &["in.wgsl", "sub"]);
        assert_only_files(&dir.path().join("sub"), &[]);
    }
}

#[test]
fn input_spelled_differently_from_output_is_refused() {
    let dir = tempdir();
    let input = copy_corpus(dir.path(), GOOD, "in.wgsl");
    fs::create_dir(dir.path().join("sub")).unwrap();
    let original = fs::read(&input).unwrap();
    let out = run(dir.path(), &["./sub/../in.wgsl", "-o", "in.wgsl"]);
    assert_exit(&out, 2);
    assert_stderr_has(&out, &["refusing to overwrite the input"]);
    assert_unchanged(&input, &original, "-o in.wgsl");
    assert_no_temp_files(dir.path());
}

#[cfg(unix)]
#[test]
fn output_symlinked_to_input_is_refused() {
    let dir = tempdir();
    let input = copy_corpus(dir.path(), GOOD, "in.wgsl");
    std::os::unix::fs::symlink("in.wgsl", dir.path().join("link.wgsl")).unwrap();
    let original = fs::read(&input).unwrap();
    let out = run(dir.path(), &["in.wgsl", "-o", "link.wgsl"]);
    assert_exit(&out, 2);
    assert_stderr_has(&out, &["refusing to overwrite the input"]);
    assert_unchanged(&input, &original, "-o link.wgsl");
    assert_only_files(dir.path(), &["in.wgsl", "link.wgsl"]);
}

#[test]
fn report_same_as_input_is_refused() {
    // `--report` must not overwrite the shader it reads any more than `-o`.
    let dir = tempdir();
    let input = copy_corpus(dir.path(), GOOD, "in.wgsl");
    let original = fs::read(&input).unwrap();
    let out = run(
        dir.path(),
        &["in.wgsl", "-o", "out.wgsl", "--report", "in.wgsl"],
    );
    assert_unchanged(&input, &original, "--report in.wgsl");
    assert_exit(&out, 2);
    assert_stderr_has(&out, &["refusing to overwrite the input"]);
    assert_only_files(dir.path(), &["in.wgsl"]);
}

#[test]
fn check_report_same_as_input_is_refused() {
    let dir = tempdir();
    let input = copy_corpus(dir.path(), GOOD, "in.wgsl");
    let original = fs::read(&input).unwrap();
    let out = run(dir.path(), &["check", "in.wgsl", "--report", "in.wgsl"]);
    assert_unchanged(&input, &original, "check --report in.wgsl");
    assert_exit(&out, 2);
    assert_stderr_has(&out, &["refusing to overwrite the input"]);
    assert_only_files(dir.path(), &["in.wgsl"]);
}

#[test]
fn report_same_as_output_is_refused() {
    // Otherwise the report silently replaces the shader just written.
    let dir = tempdir();
    copy_corpus(dir.path(), GOOD, "in.wgsl");
    let out = run(
        dir.path(),
        &["in.wgsl", "-o", "out.wgsl", "--report", "out.wgsl"],
    );
    assert_exit(&out, 2);
    assert_clean_failure(&out);
    assert_only_files(dir.path(), &["in.wgsl"]);
}

#[test]
fn glsl_of_two_entry_points_needs_entry_point() {
    let dir = tempdir();
    write(dir.path(), "two.wgsl", TWO_ENTRY_POINTS);
    let out = assert_fails_cleanly(
        dir.path(),
        &["two.wgsl", "-o", "out.glsl"],
        2,
        &["two.wgsl"],
    );
    assert_stderr_has(&out, &["--entry-point", "first", "second"]);

    let out = run(
        dir.path(),
        &["two.wgsl", "-o", "out.glsl", "--entry-point", "second"],
    );
    assert_exit(&out, 0);
    assert_non_empty_file(&dir.path().join("out.glsl"));
    assert_only_files(dir.path(), &["out.glsl", "two.wgsl"]);
}

#[test]
fn unknown_entry_point_is_a_usage_error() {
    for ext in ["glsl", "wgsl", "spv"] {
        let dir = tempdir();
        write(dir.path(), "two.wgsl", TWO_ENTRY_POINTS);
        let name = format!("out.{ext}");
        let out = assert_fails_cleanly(
            dir.path(),
            &["two.wgsl", "-o", &name, "--entry-point", "nope"],
            2,
            &["two.wgsl"],
        );
        assert_stderr_has(&out, &["nope", "first", "second"]);
    }
}

#[test]
fn spirv_version_too_old_for_subgroups_is_a_usage_error() {
    let dir = tempdir();
    copy_corpus(dir.path(), "subgroup_reduce_add.wgsl", "sg.wgsl");
    let out = assert_fails_cleanly(
        dir.path(),
        &["sg.wgsl", "-o", "x.spv", "--spirv-version", "1.0"],
        2,
        &["sg.wgsl"],
    );
    assert_stderr_has(&out, &["1.3", "1.0"]);
}

#[test]
fn emit_contradicting_the_extension_is_a_warning_and_emit_wins() {
    let dir = tempdir();
    copy_corpus(dir.path(), GOOD, "in.wgsl");
    let out = run(dir.path(), &["in.wgsl", "-o", "out.wgsl", "--emit", "spv"]);
    assert_exit(&out, 0);
    assert_stderr_has(
        &out,
        &[
            "warning[emit::extension-mismatch]",
            "out.wgsl",
            "SPIR-V binary",
            "WGSL",
        ],
    );
    let bytes = fs::read(dir.path().join("out.wgsl")).unwrap();
    assert_eq!(
        u32::from_le_bytes(bytes[..4].try_into().unwrap()),
        SPIRV_MAGIC,
        "--emit spv writes SPIR-V whatever the extension"
    );
}

#[test]
fn emit_agreeing_with_the_extension_says_nothing() {
    let dir = tempdir();
    copy_corpus(dir.path(), GOOD, "in.wgsl");
    for (output, emit) in [
        ("out.spv", "spv"),
        ("out.metal", "msl"),
        ("out.comp", "glsl"),
    ] {
        let out = run(dir.path(), &["in.wgsl", "-o", output, "--emit", emit]);
        assert_exit(&out, 0);
        assert_stderr_lacks(&out, &["extension-mismatch"]);
    }
}

#[test]
fn emit_contradicting_the_extension_under_deny_warnings_writes_nothing() {
    let dir = tempdir();
    copy_corpus(dir.path(), GOOD, "in.wgsl");
    let out = assert_fails_cleanly(
        dir.path(),
        &[
            "in.wgsl",
            "-o",
            "out.hlsl",
            "--emit",
            "wgsl",
            "--deny-warnings",
        ],
        1,
        &["in.wgsl"],
    );
    assert_stderr_has(&out, &["emit::extension-mismatch", "out.hlsl"]);
}

/// Each subcommand's help starts with its own options; the options every
/// compiling command shares follow under their own heading.
#[test]
fn subcommand_help_lists_its_own_options_first() {
    let dir = tempdir();
    let mut commands = vec![("batch", "--cache"), ("check", "--report")];
    if cfg!(feature = "gpu") {
        commands.extend([("validate", "--report"), ("bench", "--seconds")]);
    }
    for (command, own) in commands {
        let out = run(dir.path(), &[command, "--help"]);
        assert_exit(&out, 0);
        let help = String::from_utf8(out.stdout).unwrap();
        let own_at = help
            .find(own)
            .unwrap_or_else(|| panic!("`{command} --help` lists {own}:\n{help}"));
        let shared_at = help
            .find("Compile options:")
            .unwrap_or_else(|| panic!("`{command} --help` has a Compile options heading:\n{help}"));
        let passes_at = help.find("--passes").unwrap();
        assert!(
            own_at < shared_at && shared_at < passes_at,
            "`{command} --help`: its own {own} comes before the shared options:\n{help}"
        );
    }
}
