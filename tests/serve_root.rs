//! `shaderxform serve` as a service for less trusted clients: `--root`
//! keeps every file it reads under one folder, special files are refused,
//! and a request over its time limit gets an answer while the server goes
//! on serving.

mod common;

use std::fs;
use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{json, Value};

struct Server {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

impl Server {
    fn start(cwd: &Path, args: &[&str], path_prefix: Option<&Path>) -> Server {
        Server::start_with(cwd, args, path_prefix, &[])
    }

    fn start_with(
        cwd: &Path,
        args: &[&str],
        path_prefix: Option<&Path>,
        env: &[(&str, &Path)],
    ) -> Server {
        let mut command = Command::new(env!("CARGO_BIN_EXE_shaderxform"));
        command.envs(env.iter().copied());
        command
            .arg("serve")
            .args(args)
            .current_dir(cwd)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit());
        if let Some(prefix) = path_prefix {
            let path = std::env::var_os("PATH").unwrap_or_default();
            let mut paths = vec![prefix.to_path_buf()];
            paths.extend(std::env::split_paths(&path));
            command.env("PATH", std::env::join_paths(paths).unwrap());
        }
        let mut child = command.spawn().expect("start shaderxform serve");
        let stdin = child.stdin.take().unwrap();
        let stdout = BufReader::new(child.stdout.take().unwrap());
        Server {
            child,
            stdin,
            stdout,
        }
    }

    fn request(&mut self, request: Value) -> Value {
        writeln!(self.stdin, "{request}").unwrap();
        self.stdin.flush().unwrap();
        let mut line = String::new();
        let n = self.stdout.read_line(&mut line).unwrap();
        assert!(n > 0, "the server ended before answering {request}");
        serde_json::from_str(&line).expect("every answer is one JSON line")
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

const SECRET: &str = "SECRET_TOKEN_1234";

/// `dir/root/ok.wgsl`, `dir/secret.wgsl` and `dir/secret.h` (outside the
/// root, both holding [`SECRET`]); returns the root.
fn tree(dir: &Path) -> PathBuf {
    let root = dir.join("root");
    fs::create_dir_all(&root).unwrap();
    fs::copy(
        common::root().join("corpus/translate/buffer_double_f32.wgsl"),
        root.join("ok.wgsl"),
    )
    .unwrap();
    fs::write(dir.join("secret.wgsl"), format!("{SECRET} = 1;\n")).unwrap();
    fs::write(dir.join("secret.h"), format!("{SECRET} = 1;\n")).unwrap();
    root
}

fn assert_forbidden(answer: &Value) {
    assert_eq!(answer["ok"], false, "{answer}");
    assert_eq!(answer["error"]["kind"], "forbidden", "{answer}");
    assert!(!answer.to_string().contains(SECRET), "{answer}");
}

#[test]
fn paths_outside_the_root_are_refused_unread() {
    let dir = tempfile::tempdir().unwrap();
    let root = tree(dir.path());
    let mut server = Server::start(&root, &["--root", "."], None);
    let ok = server.request(json!({"id": 1, "path": "ok.wgsl", "emit": ["wgsl"]}));
    assert_eq!(ok["ok"], true, "{ok}");
    assert_forbidden(&server.request(json!({"id": 2, "path": "../secret.wgsl", "emit": ["wgsl"]})));
    let absolute = dir.path().join("secret.wgsl");
    assert_forbidden(&server.request(json!({"id": 3, "path": absolute, "emit": ["wgsl"]})));
    #[cfg(unix)]
    {
        std::os::unix::fs::symlink(&absolute, root.join("link.wgsl")).unwrap();
        assert_forbidden(&server.request(json!({"id": 4, "path": "link.wgsl", "emit": ["wgsl"]})));
    }
    // The server still serves.
    let ok = server.request(json!({"id": 5, "path": "ok.wgsl", "emit": ["spv"]}));
    assert_eq!(ok["ok"], true, "{ok}");
}

#[test]
fn includes_and_include_folders_outside_the_root_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let root = tree(dir.path());
    let mut server = Server::start(&root, &["--root", "."], None);
    let escaping =
        "#version 450\n#include \"../secret.h\"\nlayout(local_size_x = 1) in;\nvoid main() {}\n";
    fs::write(root.join("escape.comp"), escaping).unwrap();
    let glslang = json!({"glsl-front": "glslang"});
    assert_forbidden(
        &server
            .request(json!({"id": 1, "path": "escape.comp", "emit": ["wgsl"], "options": glslang})),
    );
    // Inline, placed outside by its name.
    let inline =
        "#version 450\n#include \"secret.h\"\nlayout(local_size_x = 1) in;\nvoid main() {}\n";
    assert_forbidden(&server.request(json!({
        "id": 2, "source": inline, "format": "comp",
        "name": dir.path().join("x.comp"), "emit": ["wgsl"], "options": glslang,
    })));
    // By absolute path.
    let inline = format!(
        "#version 450\n#include \"{}\"\nlayout(local_size_x = 1) in;\nvoid main() {{}}\n",
        dir.path().join("secret.h").display()
    );
    assert_forbidden(&server.request(json!({
        "id": 4, "source": inline, "format": "comp", "emit": ["wgsl"], "options": glslang,
    })));
    // Through an include folder outside the root.
    let options = json!({"glsl-front": "glslang", "include-dirs": [dir.path()]});
    let inline =
        "#version 450\n#include \"value.h\"\nlayout(local_size_x = 1) in;\nvoid main() {}\n";
    assert_forbidden(&server.request(json!({
        "id": 3, "source": inline, "format": "comp", "emit": ["wgsl"], "options": options,
    })));
}

/// glslang reads a relative include beside the file it compiles first,
/// and an inline source is compiled from a temporary folder: from there,
/// `../outside/secret.glsl` named a file of the temporary folder's parent
/// (here `TMPDIR/outside/`), which the root check, resolving the include
/// from the request's `name`, never looked at, and whose text came back in
/// the error. Relative includes now resolve only where the check looks.
#[test]
fn an_inline_source_includes_nothing_from_where_it_is_compiled() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let root = tree(dir.path());
    let tmp = dir.path().join("tmp");
    fs::create_dir_all(tmp.join("outside")).unwrap();
    fs::write(
        tmp.join("outside/secret.glsl"),
        format!("#error {SECRET}\n"),
    )
    .unwrap();
    let mut server = Server::start_with(&root, &["--root", "."], None, &[("TMPDIR", &tmp)]);
    let inline = "#version 450\n#include \"../outside/secret.glsl\"\nlayout(local_size_x = 1) in;\nvoid main() {}\n";
    for (id, name) in [(1, "a.comp"), (2, "deeper/a.comp")] {
        let answer = server.request(json!({
            "id": id, "source": inline, "format": "comp", "name": name,
            "emit": ["wgsl"], "options": {"glsl-front": "glslang"},
        }));
        assert_eq!(answer["ok"], false, "{answer}");
        assert!(!answer.to_string().contains(SECRET), "{answer}");
    }
}

#[cfg(unix)]
#[test]
fn a_fifo_gets_an_error_answer_without_blocking_the_server() {
    let dir = tempfile::tempdir().unwrap();
    let root = tree(dir.path());
    let status = Command::new("mkfifo")
        .arg(root.join("pipe.wgsl"))
        .status()
        .unwrap();
    assert!(status.success());
    let mut server = Server::start(&root, &[], None);
    let (sender, receiver) = std::sync::mpsc::channel();
    let thread = std::thread::spawn(move || {
        let answer = server.request(json!({"id": 1, "path": "pipe.wgsl", "emit": ["wgsl"]}));
        let _ = sender.send(answer);
        server
    });
    let answer = match receiver.recv_timeout(Duration::from_secs(20)) {
        Ok(answer) => answer,
        Err(_) => {
            // Unblock the server so that the test ends.
            let _ = fs::OpenOptions::new()
                .write(true)
                .open(root.join("pipe.wgsl"));
            panic!("no answer for a FIFO: the server blocked on it");
        }
    };
    let _server = thread.join().unwrap();
    assert_eq!(answer["ok"], false, "{answer}");
    assert!(
        answer["error"]["message"]
            .as_str()
            .unwrap()
            .contains("FIFO"),
        "{answer}"
    );
}

#[cfg(unix)]
#[test]
fn a_request_over_its_time_limit_is_answered_and_the_next_one_served() {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let root = tree(dir.path());
    // A glslang that never finishes in time.
    let bin = dir.path().join("slow-bin");
    fs::create_dir_all(&bin).unwrap();
    let script = bin.join("glslangValidator");
    fs::write(
        &script,
        "#!/bin/sh\nif [ \"$1\" = --version ]; then echo slow; exit 0; fi\nsleep 30\n",
    )
    .unwrap();
    fs::set_permissions(&script, fs::Permissions::from_mode(0o755)).unwrap();
    fs::write(
        root.join("slow.comp"),
        "#version 450\nlayout(local_size_x = 1) in;\nvoid main() {}\n",
    )
    .unwrap();
    let mut server = Server::start(&root, &["--request-timeout", "1"], Some(&bin));
    let start = Instant::now();
    let answer = server.request(json!({
        "id": "slow", "path": "slow.comp", "emit": ["wgsl"],
        "options": {"glsl-front": "glslang"},
    }));
    assert!(
        start.elapsed() < Duration::from_secs(15),
        "{:?}",
        start.elapsed()
    );
    assert_eq!(answer["id"], "slow");
    assert_eq!(answer["ok"], false, "{answer}");
    assert_eq!(answer["error"]["kind"], "timeout", "{answer}");
    let next = server.request(json!({"id": "next", "path": "ok.wgsl", "emit": ["wgsl"]}));
    assert_eq!(next["id"], "next");
    assert_eq!(next["ok"], true, "{next}");
}

#[test]
fn files_and_request_lines_over_the_size_limit_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let root = tree(dir.path());
    let mut server = Server::start(&root, &["--max-input-size", "100"], None);
    let answer = server.request(json!({"id": 1, "path": "ok.wgsl", "emit": ["wgsl"]}));
    assert_eq!(answer["ok"], false, "{answer}");
    assert!(
        answer["error"]["message"]
            .as_str()
            .unwrap()
            .contains("--max-input-size"),
        "{answer}"
    );
    // A request line longer than the limit allows (1 MiB at least) is
    // skipped whole, and the next line is a request of its own.
    let huge = json!({"id": 2, "source": "x".repeat(3 << 20), "format": "wgsl", "emit": ["wgsl"]});
    let answer = server.request(huge);
    assert_eq!(answer["ok"], false);
    assert_eq!(answer["error"]["kind"], "request", "{}", answer["error"]);
    let answer =
        server.request(json!({"id": 3, "source": "fn f() {}", "format": "wgsl", "emit": ["wgsl"]}));
    assert_eq!(answer["id"], 3);
    assert_eq!(answer["ok"], true, "{answer}");
}

#[test]
fn an_inline_shader_without_includes_is_served_from_outside_the_root() {
    let dir = tempfile::tempdir().unwrap();
    let root = tree(dir.path());
    // The working directory is outside the root: an inline shader's bare
    // name places it there, which matters only for what it includes.
    let mut server = Server::start(dir.path(), &["--root", root.to_str().unwrap()], None);
    let inline = "#version 450\nlayout(local_size_x = 1) in;\nlayout(set = 0, binding = 0) buffer B { uint v[]; } b;\nvoid main() { b.v[0] = 1u; }\n";
    let answer = server.request(json!({
        "id": 1, "source": inline, "format": "comp", "emit": ["wgsl"],
    }));
    assert_eq!(answer["ok"], true, "{answer}");
}

#[test]
fn wgsl_modules_are_read_under_the_root_and_a_quoted_import_outside_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let root = tree(dir.path());
    fs::create_dir_all(root.join("lib")).unwrap();
    fs::write(
        root.join("lib/scale.wgsl"),
        "#define_import_path app::scale\nconst SCALE: u32 = #{SCALE};\n",
    )
    .unwrap();
    fs::write(
        root.join("double.wgsl"),
        "#import app::scale::SCALE\n@group(0) @binding(0) var<storage, read_write> v: array<u32>;\n@compute @workgroup_size(64)\nfn main(@builtin(global_invocation_id) id: vec3<u32>) { v[id.x] *= SCALE; }\n",
    )
    .unwrap();
    let mut server = Server::start(&root, &["--root", "."], None);
    let options = json!({"include-dirs": ["lib"], "defines": ["SCALE=3u"]});
    let ok = server
        .request(json!({"id": 1, "path": "double.wgsl", "emit": ["wgsl"], "options": options}));
    assert_eq!(ok["ok"], true, "{ok}");
    assert!(ok.to_string().contains("3u"), "{ok}");
    let escaping = "#import \"../secret.wgsl\"::x\n@compute @workgroup_size(1) fn main() {}\n";
    fs::write(root.join("escape.wgsl"), escaping).unwrap();
    assert_forbidden(&server.request(json!({"id": 2, "path": "escape.wgsl", "emit": ["wgsl"]})));
}

/// With a root, a shader's WGSL modules are found anywhere under it, as
/// `batch` finds them under its input folder.
#[test]
fn modules_are_found_anywhere_under_the_root() {
    let dir = tempfile::tempdir().unwrap();
    let root = tree(dir.path());
    fs::create_dir_all(root.join("game/pbr")).unwrap();
    fs::write(
        root.join("game/pbr/view.wgsl"),
        "#define_import_path game::pbr::view\nfn exposure() -> f32 { return 0.5; }\n",
    )
    .unwrap();
    fs::create_dir_all(root.join("passes")).unwrap();
    fs::write(
        root.join("passes/tone.wgsl"),
        "#import game::pbr::view::exposure\n@group(0) @binding(0) var<storage, read_write> out: array<f32>;\n@compute @workgroup_size(1)\nfn main() { out[0] = exposure(); }\n",
    )
    .unwrap();
    let mut server = Server::start(&root, &["--root", "."], None);
    let answer = server.request(json!({"id": 1, "path": "passes/tone.wgsl", "emit": ["wgsl"]}));
    assert_eq!(answer["ok"], true, "{answer}");
    assert!(
        answer["outputs"]["wgsl"]
            .as_str()
            .is_some_and(|w| w.contains("return 0.5f;")),
        "{answer}"
    );
}

/// An include folder a shader names in its own options is held to the
/// root as one the request names.
#[test]
fn an_include_folder_in_the_shaders_own_options_is_held_to_the_root() {
    let dir = tempfile::tempdir().unwrap();
    let root = tree(dir.path());
    fs::write(
        root.join("own.comp"),
        "#version 450\n// shaderxform: -I ..\n#include \"secret.h\"\nlayout(local_size_x = 1) in;\nvoid main() {}\n",
    )
    .unwrap();
    let mut server = Server::start(&root, &["--root", "."], None);
    assert_forbidden(&server.request(json!({"id": 1, "path": "own.comp", "emit": ["wgsl"]})));
}
