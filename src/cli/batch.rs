//! `shaderxform batch`: progress, diagnostics and the summary around
//! `shaderxform::batch`, and `--watch`.

use std::collections::{BTreeMap, BTreeSet};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use indicatif::{ProgressBar, ProgressStyle};
use shaderxform::batch::{self, BatchOptions, BatchResult, Job, ShaderResult, Status};

use super::args::BatchArgs;
use super::exit;
use super::input::{compiler, stage};
use super::print::Printer;
use super::verbosity::{self, Verbosity};
use shaderxform::{Compiler, OutputFormat};

pub(super) fn run(args: BatchArgs) -> i32 {
    let printer = Printer::new(&args.common);
    let compiler = match compiler(&args.common, &printer) {
        Ok(c) => c,
        Err(code) => return code,
    };
    // WGSL modules are found anywhere in the tree (before `-I` folders).
    let mut compiler_options = compiler.options().clone();
    compiler_options
        .front
        .module_dirs
        .push(args.input_dir.clone());
    let Ok(compiler) = Compiler::new(compiler_options) else {
        unreachable!("the options were checked when the compiler was made")
    };
    let mut formats = Vec::new();
    for name in &args.emit {
        let format = OutputFormat::from_name(name).expect("clap checks --emit");
        if !formats.contains(&format) {
            formats.push(format);
        }
    }
    if formats.is_empty() {
        formats.push(OutputFormat::SpirvBinary);
    }
    let options = BatchOptions {
        input_dir: args.input_dir.clone(),
        output_dir: args.output_dir.clone(),
        formats,
        options: compiler.options().clone(),
        stage: stage(&args.common),
        jobs: args.jobs.map(usize::from),
        cache_dir: args.cache.clone(),
        color: printer.color,
        max_input_size: args.common.max_input_size,
        output_names: if args.output_names == "plain" {
            batch::OutputNames::ReplaceExtension
        } else {
            batch::OutputNames::KeepStage
        },
        globs: args.globs.clone(),
        excludes: args.excludes.clone(),
        reflect: args.reflect,
        shard: args.shard,
        output_inside_input: batch::OutputInside::Refuse,
    };
    let manifest = args.manifest.clone().unwrap_or_else(|| match args.shard {
        Some(shard) => args.output_dir.join(format!(
            "shaderxform-manifest.shard-{}-of-{}.json",
            shard.index, shard.count
        )),
        None => args.output_dir.join(batch::MANIFEST_NAME),
    });
    let jobs = match batch::plan_tree(&options) {
        Ok(plan) => {
            let input = shaderxform::Source::new(
                args.input_dir.display().to_string(),
                shaderxform::InputFormat::Wgsl,
                Vec::new(),
            );
            for warning in plan.skipped {
                printer.diagnostic(&shaderxform::Diagnostic::warning(warning), &input);
            }
            if !printer.json && !verbosity::quiet() {
                for (header, includer) in &plan.headers {
                    eprintln!(
                        "not compiled: {} (included by {})",
                        options.input_dir.join(header).display(),
                        options.input_dir.join(includer).display()
                    );
                }
                for (module, importer) in &plan.modules {
                    let module = options.input_dir.join(module);
                    match importer {
                        Some(importer) => eprintln!(
                            "not compiled: {} (WGSL module imported by {})",
                            module.display(),
                            options.input_dir.join(importer).display()
                        ),
                        None => eprintln!(
                            "not compiled: {} (WGSL module without an entry point)",
                            module.display()
                        ),
                    }
                }
            }
            plan.jobs
        }
        Err(error) => {
            printer.plain_error(&error.to_string(), &args.input_dir.display().to_string());
            return exit::USAGE;
        }
    };
    if let Err(e) = std::fs::create_dir_all(&options.output_dir) {
        printer.plain_error(
            &format!(
                "cannot create {}: {}",
                options.output_dir.display(),
                e.kind()
            ),
            &options.output_dir.display().to_string(),
        );
        return exit::FAILED;
    }
    if verbosity::verbose() && !printer.json {
        let cache = options
            .cache_dir
            .as_ref()
            .map_or_else(|| "none".to_string(), |dir| dir.display().to_string());
        eprintln!(
            "shaderxform batch: {} shaders, passes {}, cache {cache}",
            jobs.len(),
            args.common.passes
        );
    }
    // The watcher starts before the first round, so that an edit made
    // while it runs (or just after its manifest) is seen.
    let watching = match args.watch {
        true => match start_watching(&options, &printer) {
            Ok(watching) => Some(watching),
            Err(code) => return code,
        },
        false => None,
    };
    let mut result = run_jobs(&options, &compiler, &jobs, &printer);
    let mut code = finish(&options, &result, &manifest, &printer);
    #[cfg(feature = "gpu")]
    if args.validate {
        let inputs: Vec<&std::path::Path> = jobs.iter().map(|j| j.input.as_path()).collect();
        code = code.max(super::validate_many::after_batch(
            &inputs,
            &options.options,
            options.stage,
            &options.formats,
            &printer,
        ));
    }
    if let Some(watching) = watching {
        code = watch(
            &options,
            &compiler,
            &manifest,
            &printer,
            &mut result,
            watching,
        );
    }
    code
}

/// A watcher of the input folder, its events, and the folder canonical.
struct Watching {
    watcher: notify::RecommendedWatcher,
    events: mpsc::Receiver<notify::Result<notify::Event>>,
    root: PathBuf,
}

fn start_watching(options: &BatchOptions, printer: &Printer) -> Result<Watching, i32> {
    use notify::{RecursiveMode, Watcher};

    let root = match options.input_dir.canonicalize() {
        Ok(root) => root,
        Err(e) => {
            printer.plain_error(&e.to_string(), &options.input_dir.display().to_string());
            return Err(exit::FAILED);
        }
    };
    let (sender, events) = mpsc::channel();
    let mut watcher = match notify::recommended_watcher(sender) {
        Ok(w) => w,
        Err(e) => {
            printer.plain_error(&format!("cannot watch: {e}"), &root.display().to_string());
            return Err(exit::FAILED);
        }
    };
    if let Err(e) = watcher.watch(&root, RecursiveMode::Recursive) {
        printer.plain_error(&format!("cannot watch: {e}"), &root.display().to_string());
        return Err(exit::FAILED);
    }
    Ok(Watching {
        watcher,
        events,
        root,
    })
}

/// Runs jobs with a progress bar on a terminal, or a line per shader.
fn run_jobs(
    options: &BatchOptions,
    compiler: &Compiler,
    jobs: &[Job],
    printer: &Printer,
) -> (BatchResult, Duration) {
    let total = jobs.len();
    let bar =
        (std::io::stderr().is_terminal() && !printer.json && !verbosity::quiet()).then(|| {
            let bar = ProgressBar::new(total as u64);
            bar.set_style(
                ProgressStyle::with_template("{bar:40} {pos}/{len} {per_sec} {wide_msg}")
                    .unwrap_or_else(|_| ProgressStyle::default_bar()),
            );
            bar
        });
    let width = total.to_string().len();
    let report = |shader: &ShaderResult, done: usize| {
        let relative = shader.job.input.display();
        let status = match shader.status {
            Status::Compiled => "compiled",
            Status::Cached => "cached",
            Status::Failed => "FAILED",
        };
        // Under a bar only `-v` lists every shader; `-q` lists none.
        let listed = match verbosity::get() {
            Verbosity::Quiet => false,
            Verbosity::Normal => bar.is_none(),
            Verbosity::Verbose => !printer.json,
        };
        let print = || {
            if listed {
                eprintln!("[{done:>width$}/{total}] {status:<8} {relative}");
            }
            print_diagnostics(shader, printer);
        };
        match &bar {
            Some(bar) => {
                if listed || !shader.rendered.is_empty() {
                    bar.suspend(print);
                }
                bar.set_message(relative.to_string());
                bar.inc(1);
            }
            None => print(),
        }
    };
    let start = Instant::now();
    let result = batch::run(options, compiler, jobs, &report);
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    (result, start.elapsed())
}

fn print_diagnostics(shader: &ShaderResult, printer: &Printer) {
    let quiet = verbosity::quiet();
    let mut stderr = std::io::stderr().lock();
    if printer.json {
        if let Some(diagnostics) = shader.report["diagnostics"].as_array() {
            for d in diagnostics {
                if !quiet || d["severity"] == "error" {
                    let _ = writeln!(stderr, "{d}");
                }
            }
        }
    } else if quiet {
        let _ = stderr.write_all(shader.rendered_errors.as_bytes());
    } else {
        let _ = stderr.write_all(shader.rendered.as_bytes());
    }
}

/// Writes the manifest and prints the summary; the exit code of the run.
fn finish(
    options: &BatchOptions,
    (result, elapsed): &(BatchResult, Duration),
    manifest: &Path,
    printer: &Printer,
) -> i32 {
    let ran = result.shaders.len();
    let seconds = elapsed.as_secs_f64();
    let rate = if seconds > 0.0 {
        ran as f64 / seconds
    } else {
        0.0
    };
    if !verbosity::quiet() {
        eprintln!(
            "shaderxform batch: {ran} shaders in {seconds:.2} s ({rate:.1} per second): {} compiled, {} from the cache, {} failed",
            result.count(Status::Compiled),
            result.count(Status::Cached),
            result.failed(),
        );
    }
    write_manifest(options, result, manifest, printer)
}

fn write_manifest(
    options: &BatchOptions,
    result: &BatchResult,
    manifest: &Path,
    printer: &Printer,
) -> i32 {
    if let Err(message) = batch::write_manifest(manifest, result, options) {
        printer.plain_error(&message, &manifest.display().to_string());
        return exit::FAILED;
    }
    if !verbosity::quiet() {
        eprintln!("manifest: {}", manifest.display());
    }
    if result.failed() > 0 {
        exit::FAILED
    } else {
        exit::OK
    }
}

/// Compiles again whatever changes under the input folder, until the
/// process is interrupted or the watch fails. Each round runs only the
/// shaders whose files changed (and new ones), keeps the results of the
/// others, and rewrites the manifest.
fn watch(
    options: &BatchOptions,
    compiler: &Compiler,
    manifest: &Path,
    printer: &Printer,
    all: &mut (BatchResult, Duration),
    watching: Watching,
) -> i32 {
    use notify::{RecursiveMode, Watcher};

    let Watching {
        mut watcher,
        events,
        root,
    } = watching;
    // Folders outside IN_DIR that hold a file some shader read, or where
    // it looked for one.
    let mut watched_outside = BTreeSet::new();
    let mut watch_outside = |watcher: &mut notify::RecommendedWatcher, result: &BatchResult| {
        let read_or_looked_up = result
            .shaders
            .iter()
            .flat_map(|s| s.dependencies.iter().chain(&s.absent_includes));
        for dependency in read_or_looked_up {
            let Some(folder) = dependency.parent() else {
                continue;
            };
            if !folder.starts_with(&root) && watched_outside.insert(folder.to_path_buf()) {
                // Unwatchable folders only cost recompiles that do not happen.
                let _ = watcher.watch(folder, RecursiveMode::NonRecursive);
            }
        }
    };
    watch_outside(&mut watcher, &all.0);
    if !verbosity::quiet() {
        eprintln!(
            "watching {} (interrupt to stop)",
            options.input_dir.display()
        );
    }
    let mut code = exit::OK;
    loop {
        let Ok(first) = events.recv() else {
            return code;
        };
        // Editors save in bursts (temporary file, rename, attributes):
        // gather a burst into one round.
        let mut changed = BTreeSet::new();
        let mut changed_files = BTreeSet::new();
        let mut collect = |event: notify::Result<notify::Event>| {
            let Ok(event) = event else { return };
            // Reading a file is an event too: the reads of a round would
            // start the next one, for ever.
            if event.kind.is_access() {
                return;
            }
            for path in event.paths {
                if let Ok(relative) = path.strip_prefix(&root) {
                    changed.insert(relative.to_path_buf());
                }
                changed_files.insert(path);
            }
        };
        collect(first);
        let deadline = Instant::now() + Duration::from_millis(150);
        while let Some(left) = deadline.checked_duration_since(Instant::now()) {
            match events.recv_timeout(left) {
                Ok(event) => collect(event),
                Err(_) => break,
            }
        }
        if changed_files.is_empty() {
            continue;
        }
        let jobs = match batch::plan(options) {
            Ok(jobs) => jobs,
            Err(error) => {
                printer.plain_error(&error.to_string(), &options.input_dir.display().to_string());
                continue;
            }
        };
        let previous: BTreeMap<&PathBuf, &ShaderResult> =
            all.0.shaders.iter().map(|s| (&s.job.relative, s)).collect();
        let rerun: Vec<Job> = jobs
            .iter()
            .filter(|job| {
                changed.iter().any(|c| touches(c, &job.relative))
                    || previous.get(&job.relative).is_some_and(|before| {
                        // A shader that failed may have failed for want of a
                        // file it includes, which it never got to list.
                        before.failed()
                            || before
                                .dependencies
                                .iter()
                                .chain(&before.absent_includes)
                                .any(|d| changed_files.iter().any(|c| d.starts_with(c)))
                    })
            })
            .cloned()
            .collect();
        let removed = removed_outputs(&all.0, &jobs);
        if rerun.is_empty() && removed.is_empty() {
            continue;
        }
        for path in &removed {
            let _ = std::fs::remove_file(options.output_dir.join(path));
        }
        let round = run_jobs(options, compiler, &rerun, printer);
        let failed = round.0.failed();
        if !verbosity::quiet() {
            eprintln!(
                "shaderxform batch: {} changed shaders in {:.2} s: {} compiled, {} from the cache, {failed} failed",
                rerun.len(),
                round.1.as_secs_f64(),
                round.0.count(Status::Compiled),
                round.0.count(Status::Cached),
            );
        }
        all.0.merge(round.0, &jobs);
        watch_outside(&mut watcher, &all.0);
        code = write_manifest(options, &all.0, manifest, printer);
    }
}

/// Whether a changed path is the job's input or a folder that holds it
/// (a renamed or removed folder reports only itself).
fn touches(changed: &Path, relative: &Path) -> bool {
    relative.starts_with(changed)
}

/// The outputs of shaders whose inputs are gone.
fn removed_outputs(previous: &BatchResult, jobs: &[Job]) -> Vec<PathBuf> {
    let live: BTreeSet<&PathBuf> = jobs.iter().map(|j| &j.relative).collect();
    previous
        .shaders
        .iter()
        .filter(|s| !live.contains(&s.job.relative))
        .flat_map(|s| s.job.written().cloned())
        .collect()
}
