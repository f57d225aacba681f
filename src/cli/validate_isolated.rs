//! `validate DIR` with every shader isolated from the ones before it.
//!
//! A dispatch that outlives its timeout is not over: the GPU goes on
//! running it, and a real GPU without a watchdog never stops it. Any later
//! shader of the same process waits behind it (on an NVIDIA GPU every
//! later shader hung too), and only the end of the process makes the
//! driver take the work off the GPU. So the folder's shaders run in a
//! worker process (this executable, `validate DIR --worker-from INDEX`),
//! which writes one record a shader and leaves right after a hang; the
//! process that the user started reads the records and starts a fresh
//! worker at the next shader after a hang, a crash, or a worker that
//! stays silent past its deadline (which it stops).

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use shaderxform::gpu::folder::{self, FolderEntry, FolderReport};
use shaderxform::gpu::{ShaderFormat, ValidateOptions};

/// What a worker writes before a record, so that nothing else on its
/// standard output is taken for one.
const RECORD: &str = "shaderxform-record ";
/// What a worker writes when there is no adapter, then the message.
const NO_ADAPTER: &str = "shaderxform-no-adapter ";

/// The worker: validates the shaders of `dir` from the `start`th on, one
/// record a shader on standard output, and leaves at once after a hang.
pub(super) fn work(dir: &Path, start: usize, v: &ValidateOptions, formats: &[ShaderFormat]) -> i32 {
    let mut stdout = std::io::stdout().lock();
    for path in folder::shaders_under(dir, v).into_iter().skip(start) {
        let entry = match folder::validate_shader(&path, v, formats) {
            Ok(entry) => entry,
            Err(error) => {
                let message = error.to_string().replace('\n', " ");
                let _ = writeln!(stdout, "{NO_ADAPTER}{message}");
                return error.exit_code();
            }
        };
        let _ = writeln!(stdout, "{RECORD}{}", entry.to_record()).and_then(|_| stdout.flush());
        if entry.verdict() == "hang" {
            // Returning would wait for the hung dispatch.
            super::exit::leave_now(super::exit::OK);
        }
    }
    super::exit::OK
}

/// Why a folder's validation stopped before its end.
pub(super) enum Stopped {
    /// No adapter: the worker's message.
    NoAdapter(String),
    /// The worker could not be started.
    Spawn(String),
}

/// Validates every shader of `dir` in workers, telling `each` of every
/// shader as its record arrives. `worker_args` are the arguments of the
/// command (without the executable) that each worker gets, with
/// `--worker-from INDEX` added; `deadline` is how long a worker may stay
/// silent on one shader before it is stopped and the shader counted as a
/// hang.
pub(super) fn validate_folder(
    dir: &Path,
    v: &ValidateOptions,
    worker_args: &[std::ffi::OsString],
    deadline: Duration,
    mut each: impl FnMut(&FolderEntry),
) -> Result<FolderReport, Stopped> {
    let shaders = folder::shaders_under(dir, v);
    let exe = std::env::current_exe().map_err(|e| Stopped::Spawn(e.to_string()))?;
    let mut entries: Vec<FolderEntry> = Vec::with_capacity(shaders.len());
    while entries.len() < shaders.len() {
        let start = entries.len();
        let mut worker = Worker::start(&exe, worker_args, start)?;
        while let Some(path) = shaders.get(entries.len()).cloned() {
            match worker.next(deadline) {
                Message::Record(entry) => {
                    let hung = entry.verdict() == "hang";
                    each(&entry);
                    entries.push(entry);
                    if hung {
                        worker.stop();
                        break;
                    }
                }
                Message::NoAdapter(message) => {
                    worker.stop();
                    return Err(Stopped::NoAdapter(message));
                }
                Message::Silent => {
                    worker.stop();
                    let entry = FolderEntry::lost(
                        path,
                        "hang",
                        format!(
                            "no answer within {} s; the process validating it was stopped",
                            deadline.as_secs()
                        ),
                    );
                    each(&entry);
                    entries.push(entry);
                    break;
                }
                Message::Ended => {
                    let status = worker.stop();
                    let entry = FolderEntry::lost(
                        path,
                        "error",
                        format!("the process validating it ended ({status}) before answering"),
                    );
                    each(&entry);
                    entries.push(entry);
                    break;
                }
            }
        }
    }
    Ok(FolderReport {
        dir: dir.display().to_string(),
        entries,
    })
}

/// The arguments a worker gets: the command's own, without `--report`
/// (the report is the parent's to write).
pub(super) fn worker_args() -> Vec<std::ffi::OsString> {
    let mut args: Vec<std::ffi::OsString> = Vec::new();
    let mut skip_value = false;
    for arg in std::env::args_os().skip(1) {
        if std::mem::take(&mut skip_value) {
            continue;
        }
        match arg.to_str() {
            Some("--report") => skip_value = true,
            Some(a) if a.starts_with("--report=") => {}
            _ => args.push(arg),
        }
    }
    args
}

enum Message {
    Record(FolderEntry),
    NoAdapter(String),
    /// Nothing within the deadline.
    Silent,
    /// The worker's output ended.
    Ended,
}

struct Worker {
    child: Child,
    lines: mpsc::Receiver<String>,
}

impl Worker {
    fn start(exe: &PathBuf, args: &[std::ffi::OsString], start: usize) -> Result<Self, Stopped> {
        let mut child = Command::new(exe)
            .args(args)
            .arg("--worker-from")
            .arg(start.to_string())
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| Stopped::Spawn(format!("{}: {e}", exe.display())))?;
        let stdout = child.stdout.take().expect("the worker's stdout is piped");
        let (send, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if send.send(line).is_err() {
                    break;
                }
            }
        });
        Ok(Worker { child, lines })
    }

    fn next(&mut self, deadline: Duration) -> Message {
        loop {
            match self.lines.recv_timeout(deadline) {
                Ok(line) => {
                    if let Some(record) = line.strip_prefix(RECORD) {
                        if let Some(entry) = FolderEntry::from_record(record) {
                            return Message::Record(entry);
                        }
                    } else if let Some(message) = line.strip_prefix(NO_ADAPTER) {
                        return Message::NoAdapter(message.to_string());
                    }
                    // Anything else a worker prints is not ours to read.
                }
                Err(mpsc::RecvTimeoutError::Timeout) => return Message::Silent,
                Err(mpsc::RecvTimeoutError::Disconnected) => return Message::Ended,
            }
        }
    }

    /// Ends the worker (it is stopped if it is still running) and says how
    /// it ended.
    fn stop(mut self) -> String {
        // A worker leaves by itself right after a hang; give it a moment.
        for _ in 0..20 {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.to_string();
            }
            std::thread::sleep(Duration::from_millis(50));
        }
        let _ = self.child.kill();
        match self.child.wait() {
            Ok(status) => status.to_string(),
            Err(e) => e.to_string(),
        }
    }
}
