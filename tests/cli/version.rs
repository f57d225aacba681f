//! `shaderxform --version`: the version alone on the first line, then
//! what reproducing an output takes.

use super::*;

fn version_lines() -> Vec<String> {
    let dir = tempdir();
    let out = run(dir.path(), &["--version"]);
    assert_exit(&out, 0);
    String::from_utf8(out.stdout)
        .expect("UTF-8")
        .lines()
        .map(str::to_string)
        .collect()
}

fn line<'a>(lines: &'a [String], key: &str) -> Option<&'a str> {
    lines
        .iter()
        .find_map(|l| l.strip_prefix(&format!("{key}: ")))
}

#[test]
fn version_starts_with_the_name_and_version_alone() {
    let lines = version_lines();
    assert_eq!(
        lines[0],
        format!("shaderxform {}", env!("CARGO_PKG_VERSION"))
    );
    let dir = tempdir();
    let short = run(dir.path(), &["-V"]);
    assert_exit(&short, 0);
    assert_eq!(
        String::from_utf8_lossy(&short.stdout).trim_end(),
        lines[0],
        "-V prints the first line only"
    );
}

#[test]
fn version_names_the_locked_naga() {
    let lock = fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("Cargo.lock"))
        .expect("Cargo.lock");
    let locked = lock
        .split("[[package]]")
        .find(|block| block.contains("\nname = \"naga\"\n"))
        .and_then(|block| block.split("version = \"").nth(1))
        .and_then(|rest| rest.split('"').next())
        .expect("naga in Cargo.lock");
    let lines = version_lines();
    assert_eq!(line(&lines, "naga"), Some(locked), "{lines:#?}");
}

#[test]
fn version_names_the_commit_of_a_checkout() {
    let head = Command::new("git")
        .args(["-C", env!("CARGO_MANIFEST_DIR"), "rev-parse", "HEAD"])
        .output();
    let lines = version_lines();
    match head {
        Ok(out) if out.status.success() => {
            let head = String::from_utf8_lossy(&out.stdout).trim().to_string();
            assert_eq!(line(&lines, "commit"), Some(head.as_str()), "{lines:#?}");
        }
        // No git: no commit line, and the build did not fail.
        _ => assert_eq!(line(&lines, "commit"), None),
    }
}

#[test]
fn version_says_where_spirv_validation_and_glslang_come_from() {
    let lines = version_lines();
    let spirv_tools = line(&lines, "SPIRV-Tools").expect("a SPIRV-Tools line");
    if cfg!(feature = "spirv-tools-compiled") {
        assert!(
            spirv_tools.starts_with("compiled in (spirv-tools-sys 0."),
            "{spirv_tools}"
        );
    } else {
        assert!(spirv_tools.starts_with("not compiled in"), "{spirv_tools}");
    }
    let glslang = line(&lines, "glslang").expect("a glslang line");
    match Command::new("glslangValidator").arg("--version").output() {
        Ok(out) if out.status.success() => {
            let first = String::from_utf8_lossy(&out.stdout)
                .lines()
                .next()
                .unwrap_or_default()
                .to_string();
            let version = first.split_once(':').expect("Glslang Version: X").1.trim();
            assert_eq!(glslang, format!("{version} (glslangValidator)"));
        }
        _ => {
            assert!(
                std::env::var_os("SHADERXFORM_REQUIRE_TOOLS").is_none(),
                "glslangValidator is required"
            );
            assert!(glslang.contains("not found"), "{glslang}");
        }
    }
}
