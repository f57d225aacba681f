//! `shaderxform completions SHELL` and `shaderxform man`.

use super::*;

fn stdout_of(args: &[&str]) -> String {
    let dir = tempdir();
    let out = run(dir.path(), args);
    assert_exit(&out, 0);
    assert_eq!(stderr(&out), "", "{args:?} printed on stderr");
    String::from_utf8(out.stdout).expect("UTF-8")
}

#[test]
fn completions_for_each_shell_name_the_subcommands_and_options() {
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let script = stdout_of(&["completions", shell]);
        // fish spells a long option `-l emit`.
        let long = |name: &str| match shell {
            "fish" => format!("-l {name}"),
            _ => format!("--{name}"),
        };
        for word in [
            "shaderxform".to_string(),
            "batch".to_string(),
            "uniformity".to_string(),
            long("emit"),
            long("quiet"),
        ] {
            assert!(script.contains(&word), "{shell}: no {word:?} in\n{script}");
        }
    }
}

#[test]
fn bash_completion_registers_a_function_for_shaderxform() {
    let script = stdout_of(&["completions", "bash"]);
    let Ok(out) = Command::new("bash")
        .args(["--norc", "-c", "source /dev/stdin; complete -p shaderxform"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child
                .stdin
                .take()
                .expect("stdin")
                .write_all(script.as_bytes())?;
            child.wait_with_output()
        })
    else {
        return; // No bash here: the other test checks the text.
    };
    assert!(out.status.success(), "bash refused the script");
    let registered = String::from_utf8_lossy(&out.stdout);
    assert!(registered.contains("shaderxform"), "{registered}");
}

#[test]
fn an_unknown_shell_is_a_usage_error() {
    let dir = tempdir();
    let out = run(dir.path(), &["completions", "tcsh"]);
    assert_exit(&out, 2);
    assert_eq!(out.stdout, b"");
}

#[test]
fn man_page_is_roff_with_a_title_and_every_subcommand() {
    let page = stdout_of(&["man"]);
    // clap_mangen defines the `Aq` string (an apostrophe) before the
    // title; the title is the first request that is not a definition.
    let first = page
        .lines()
        .find(|l| !l.starts_with(".ie ") && !l.starts_with(".el "))
        .expect("a line");
    assert!(
        first.starts_with(".TH shaderxform 1 "),
        "the page starts with {first:?}"
    );
    assert!(first.contains(env!("CARGO_PKG_VERSION")), "{first}");
    for section in [".SH NAME", ".SH SYNOPSIS", ".SH OPTIONS", ".SH SUBCOMMANDS"] {
        assert!(page.contains(section), "no {section}");
    }
    for subcommand in [
        "check",
        "batch",
        "serve",
        "uniformity",
        "completions",
        "man",
    ] {
        assert!(
            page.contains(&format!("shaderxform\\-{subcommand}(1)")),
            "the page does not list {subcommand}"
        );
        // ... and each has its page.
        let own = stdout_of(&["man", subcommand]);
        assert!(
            own.contains(&format!(".TH shaderxform-{subcommand} 1 ")),
            "{subcommand}: {}",
            own.lines().take(4).collect::<Vec<_>>().join("\n")
        );
    }
    let dir = tempdir();
    let unknown = run(dir.path(), &["man", "nope"]);
    assert_exit(&unknown, 2);
    assert_stderr_has(&unknown, &["no subcommand `nope`"]);
}

#[test]
fn man_renders_with_man_where_it_is_installed() {
    let dir = tempdir();
    let page = write(dir.path(), "shaderxform.1", stdout_of(&["man"]));
    let Ok(out) = Command::new("man")
        .arg("-l")
        .arg(&page)
        .env("MANPAGER", "cat")
        .env("MANWIDTH", "100")
        .output()
    else {
        return; // No man here.
    };
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("SUBCOMMANDS") && text.contains("--quiet"),
        "{text}"
    );
}
