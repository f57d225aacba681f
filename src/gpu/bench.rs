//! Timing on a real adapter (`shaderxform bench`): the reference and the
//! transformed candidate, set up exactly as `validate` sets them up (same
//! reference rule, harness, inputs, seed, dispatch and barrier guard), are
//! timed with GPU timestamp queries around one compute pass, or with the
//! wall clock around submit and wait where the adapter has no
//! `TIMESTAMP_QUERY`.
//!
//! The method (after the Vulkan Tutorial's float-precision benchmark):
//! warm up, then repeat the dispatch `k` times inside the timed pass,
//! doubling `k` until one pass takes at least a target time, and report
//! time per dispatch; then take samples of the shaders in turn until the
//! measuring time has passed (at least [`MIN_SAMPLES`] each), and report
//! the median and the quartiles. With [`BenchOptions::fresh_buffers`]
//! (see [`super::bench_fresh`]) every timed pass holds one dispatch and
//! everything the kernel writes is restored before it: the first dispatch
//! alone.
//!
//! What sets two shaders apart must be the shaders: every pipeline is
//! bound to one set of buffers (where buffers sit changes the time of a
//! memory-bound kernel by a few percent), each sample starts from the
//! buffers' initial contents (within a pass, later dispatches see what the
//! earlier ones wrote), and the order of the shaders turns every round.
//! The reference is timed twice, as two pipelines: the ratio of those two
//! (A/A) measures the noise of the machine, and a difference between the
//! candidate and the reference is called one only when it is beyond that
//! floor and the 95% confidence interval of the ratio (by bootstrap over
//! the samples) excludes 1.

use std::path::Path;
use std::time::{Duration, Instant};

use serde::Serialize;

use super::bench_fresh::{check_restore, RestoreCheck};
use super::bench_timer::{Pristine, Timer};
use super::device::Gpu;
use super::{set_up, AdapterJson, Error, Role, ValidateOptions};

/// Samples of each shader, at least, whatever the measuring time.
pub const MIN_SAMPLES: usize = 10;
/// Dispatches per timed pass, at most.
pub const MAX_REPEATS: u32 = 1 << 16;
/// How long one timed pass should take on a GPU.
pub const TARGET_GPU: Duration = Duration::from_millis(1);
/// ... and on a CPU adapter (lavapipe), where one dispatch is slow anyway.
pub const TARGET_CPU: Duration = Duration::from_micros(250);

/// What `bench` is told: validate's options and how long to measure.
#[derive(Clone, Debug)]
pub struct BenchOptions {
    /// How the shaders are compiled, set up and dispatched, as for
    /// [`validate`](super::validate); its timeout bounds each timed pass.
    pub validate: ValidateOptions,
    /// Seconds of measuring (both shaders together).
    pub seconds: f64,
    /// Time the first dispatch alone (`--fresh-buffers`): one dispatch per
    /// timed pass, every buffer and storage texture restored to
    /// its initial contents before it, outside the timed pass.
    pub fresh_buffers: bool,
}

/// The timings of one shader, in microseconds per dispatch.
#[derive(Clone, Debug, Serialize)]
pub struct Stats {
    /// The shader's file.
    pub path: String,
    /// The median sample.
    pub median_us: f64,
    /// The first quartile.
    pub q1_us: f64,
    /// The third quartile.
    pub q3_us: f64,
    /// How many samples were taken, at least [`MIN_SAMPLES`].
    pub samples: usize,
    /// Dispatches per timed pass.
    pub dispatches_per_pass: u32,
    /// Every sample, in the order taken.
    pub samples_us: Vec<f64>,
}

/// The result of `bench`, also its `--json`.
#[derive(Clone, Debug, Serialize)]
pub struct BenchReport {
    /// `shaderxform`.
    pub tool: &'static str,
    /// `bench`.
    pub command: &'static str,
    /// The version of shaderxform that wrote it.
    pub version: &'static str,
    /// The input, the candidate's source, as given.
    pub input: String,
    /// Which reference: `file`, `harness`, `original` or `lowering`, as
    /// [`ReferenceJson::kind`](super::ReferenceJson::kind) of `validate`.
    pub reference_kind: &'static str,
    /// With `reference_kind` `lowering`: the passes and options that made
    /// the input its own reference.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reference_lowering: Option<String>,
    /// The harness file read; `None` without one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub harness: Option<String>,
    /// The adapter it ran on.
    pub adapter: AdapterJson,
    /// `timestamp-query` or `wall-clock`.
    pub timer: &'static str,
    /// Nanoseconds per timestamp tick, the timer's resolution; `None` on
    /// the wall clock.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub timestamp_period_ns: Option<f64>,
    /// `steady-state` (each pass repeats the dispatch, later dispatches
    /// finding what earlier ones wrote) or `fresh-buffers` (one dispatch
    /// per pass, everything it writes restored before it).
    pub mode: &'static str,
    /// With `fresh-buffers`: whether a restored dispatch of the reference
    /// wrote what one dispatch writes.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub restore_check: Option<RestoreCheck>,
    /// The compute entry point timed.
    pub entry_point: String,
    /// The entry point's workgroup size.
    pub workgroup_size: [u32; 3],
    /// Workgroups of one dispatch along x, y and z.
    pub dispatch: [u32; 3],
    /// The seed of the generated inputs.
    pub seed: u64,
    /// How long one timed pass was made to take, in microseconds
    /// ([`TARGET_GPU`], or [`TARGET_CPU`] on a CPU adapter).
    pub target_us: f64,
    /// The reference's timings.
    pub reference: Stats,
    /// The candidate's timings.
    pub candidate: Stats,
    /// The reference timed again as a pipeline of its own (A/A).
    pub reference_again: Stats,
    /// The warnings of the candidate's compilation, shown on stderr.
    #[serde(skip)]
    pub warnings: super::Warnings,
    /// Candidate median / reference median.
    pub ratio: f64,
    /// The 95% confidence interval of `ratio`.
    pub ratio_ci95: [f64; 2],
    /// The reference against itself: `reference_again` / `reference`.
    pub aa_ratio: f64,
    /// The least relative difference that this run can tell from noise:
    /// the A/A ratio's distance from 1 or the half-width of its interval,
    /// whichever is larger.
    pub noise_floor: f64,
    /// `faster`, `slower`, or `no difference` (within the noise floor, or
    /// an interval that holds 1).
    pub verdict: &'static str,
}

impl BenchReport {
    /// The report as pretty-printed JSON (`bench --json`), ending in a
    /// newline.
    pub fn to_json(&self) -> String {
        serde_json::to_string_pretty(self).expect("the report serializes") + "\n"
    }

    /// What was measured, for people: the setup, the timer, each shader's
    /// median and quartiles, the ratio with its interval, the noise floor
    /// and the verdict.
    pub fn describe(&self) -> String {
        let a = &self.adapter;
        let mut out = format!("adapter: {} ({}, {})\n", a.name, a.backend, a.device_type);
        if let Some(lowering) = &self.reference_lowering {
            out += &format!("reference: the input through its reference lowering: {lowering}\n");
        }
        out += &format!(
            "entry point `{}`, workgroup size {:?}, dispatch {:?}, seed {}\n",
            self.entry_point, self.workgroup_size, self.dispatch, self.seed
        );
        out += &match self.timer {
            "timestamp-query" => "timer: GPU timestamp queries around the compute pass\n".into(),
            _ => "timer: wall clock around submit and wait (the adapter has no TIMESTAMP_QUERY; includes submission overhead)\n".to_string(),
        };
        if let Some(check) = &self.restore_check {
            out += &format!(
                "mode: fresh buffers: the first dispatch alone, one dispatch per timed pass, every buffer and storage texture restored before it{}\n",
                match self.timestamp_period_ns {
                    Some(ns) => format!(" (timestamp resolution {ns} ns)"),
                    None => String::new(),
                }
            );
            out += &if check.passed() {
                format!(
                    "restore check: a restored dispatch of the reference wrote what one dispatch writes ({} bytes)\n",
                    check.bytes_compared
                )
            } else {
                format!(
                    "restore check: FAILED: a restored dispatch of the reference differs from one dispatch in {} of {} bytes ({}); the times may not be of a first dispatch, unless the kernel's result depends on the order of its invocations\n",
                    check.bytes_differing,
                    check.bytes_compared,
                    check.bindings_differing.join(", ")
                )
            };
        } else {
            out += "mode: steady state: each timed pass repeats the dispatch, later dispatches finding what earlier ones wrote\n";
        }
        for (role, s) in [
            ("reference", &self.reference),
            ("candidate", &self.candidate),
        ] {
            out += &format!(
                "{role:>9}: median {:.3} us/dispatch (Q1 {:.3}, Q3 {:.3}; {} samples of {} dispatch{}) {}\n",
                s.median_us,
                s.q1_us,
                s.q3_us,
                s.samples,
                s.dispatches_per_pass,
                if s.dispatches_per_pass == 1 { "" } else { "es" },
                s.path
            );
        }
        out += &format!(
            "ratio (candidate / reference): {:.3} (95% CI {:.3} to {:.3})\n",
            self.ratio, self.ratio_ci95[0], self.ratio_ci95[1]
        );
        out += &format!(
            "A/A (reference against itself): {:.3}; noise floor ±{:.1}%\n",
            self.aa_ratio,
            self.noise_floor * 100.0
        );
        out += &match self.verdict {
            "no difference" => format!(
                "verdict: no difference beyond the noise floor (±{:.1}%)\n",
                self.noise_floor * 100.0
            ),
            verdict => format!(
                "verdict: the candidate is {verdict}: {:.1}%\n",
                (self.ratio - 1.0).abs() * 100.0
            ),
        };
        out
    }
}

/// Times the shader at `input` and its reference.
pub fn bench(input: &Path, opts: &BenchOptions) -> Result<BenchReport, Error> {
    // A benchmark times the loops as written.
    let v = &ValidateOptions {
        loop_bound: None,
        ..opts.validate.clone()
    };
    let s = set_up(input, v, false)?;
    let warnings = s.warnings();

    let entry_point = s.candidate.entry_point().name.clone();
    let timestamps = s.gpu.features.contains(wgpu::Features::TIMESTAMP_QUERY);
    let target = if s.gpu.adapter.device_type == "Cpu" {
        TARGET_CPU
    } else {
        TARGET_GPU
    };
    // The reference's buffers, shared by every pipeline.
    let reference = s.on_device(Role::Reference, false, v.timeout, "setting up", |gpu, d| {
        gpu.build(d)
    })?;
    let shared = reference.buffers.clone();
    let on_shared = |role| {
        s.on_device(role, false, v.timeout, "setting up", |gpu, d| {
            gpu.build_on(d, Some(&shared))
        })
    };
    let candidate = on_shared(Role::Candidate)?;
    let again = on_shared(Role::Reference)?;
    let pristine = |contents: &[Vec<u8>]| {
        opts.fresh_buffers
            .then(|| Pristine::new(&s.gpu, &s, contents))
    };
    let mut timers = vec![
        Timer::new(
            &s.gpu,
            reference,
            timestamps,
            s.dispatch,
            Role::Reference,
            &s.reference_bytes,
            pristine(&s.reference_bytes),
        ),
        Timer::new(
            &s.gpu,
            candidate,
            timestamps,
            s.dispatch,
            Role::Candidate,
            &s.candidate_bytes,
            pristine(&s.candidate_bytes),
        ),
        Timer::new(
            &s.gpu,
            again,
            timestamps,
            s.dispatch,
            Role::Reference,
            &s.reference_bytes,
            pristine(&s.reference_bytes),
        ),
    ];

    let result = measure(
        &s.gpu,
        &mut timers,
        target,
        opts.seconds,
        v.timeout,
        opts.fresh_buffers,
    )
    .and_then(|m| {
        let check = opts
            .fresh_buffers
            .then(|| check_restore(&s, &mut timers[0], v.timeout))
            .transpose()?;
        Ok((m, check))
    });
    let (
        Measured {
            samples: [reference_samples, candidate_samples, again_samples],
            repeats,
        },
        restore_check,
    ) = match result {
        Ok(m) => m,
        Err(e) => {
            // A hung dispatch: dropping anything on the device would wait.
            std::mem::forget(timers);
            std::mem::forget(s.gpu);
            return Err(e);
        }
    };
    let stats = |path: &Path, samples: &[f64], k: u32| {
        let (median, q1, q3) = quartiles(samples.to_vec());
        Stats {
            path: path.display().to_string(),
            median_us: median,
            q1_us: q1,
            q3_us: q3,
            samples: samples.len(),
            dispatches_per_pass: k,
            samples_us: samples.to_vec(),
        }
    };
    let reference = stats(&s.reference_path, &reference_samples, repeats[0]);
    let candidate = stats(input, &candidate_samples, repeats[1]);
    let reference_again = stats(&s.reference_path, &again_samples, repeats[2]);
    let ratio = candidate.median_us / reference.median_us;
    let ratio_ci95 = ratio_interval(&reference_samples, &candidate_samples);
    let aa_ratio = reference_again.median_us / reference.median_us;
    let aa_ci95 = ratio_interval(&reference_samples, &again_samples);
    let noise_floor = (aa_ratio - 1.0).abs().max((aa_ci95[1] - aa_ci95[0]) / 2.0);
    let verdict = verdict(ratio, ratio_ci95, noise_floor);
    Ok(BenchReport {
        warnings,
        tool: "shaderxform",
        command: "bench",
        version: env!("CARGO_PKG_VERSION"),
        input: input.display().to_string(),
        reference_kind: s.reference_kind,
        reference_lowering: s.reference_lowering.clone(),
        harness: s.harness_path.as_ref().map(|p| p.display().to_string()),
        adapter: s.gpu.adapter.clone(),
        timer: if timestamps {
            "timestamp-query"
        } else {
            "wall-clock"
        },
        timestamp_period_ns: timestamps.then(|| s.gpu.queue().get_timestamp_period() as f64),
        mode: if opts.fresh_buffers {
            "fresh-buffers"
        } else {
            "steady-state"
        },
        restore_check,
        entry_point,
        workgroup_size: s.workgroup_size,
        dispatch: s.dispatch,
        seed: s.seed,
        target_us: target.as_secs_f64() * 1e6,
        reference,
        candidate,
        reference_again,
        ratio,
        ratio_ci95,
        aa_ratio,
        noise_floor,
        verdict,
    })
}

/// Whether `ratio` (candidate over reference) says the candidate is faster
/// or slower: only beyond the noise floor, with an interval that excludes 1.
fn verdict(ratio: f64, ci95: [f64; 2], noise_floor: f64) -> &'static str {
    let beyond_noise = (ratio - 1.0).abs() > noise_floor;
    if beyond_noise && ci95[1] < 1.0 {
        "faster"
    } else if beyond_noise && ci95[0] > 1.0 {
        "slower"
    } else {
        "no difference"
    }
}

/// The 95% confidence interval of the ratio of the medians of `over` and
/// `under`, by bootstrap: 2,000 resamples of each, drawn by a fixed
/// generator so that the same samples give the same interval.
fn ratio_interval(under: &[f64], over: &[f64]) -> [f64; 2] {
    const RESAMPLES: usize = 2000;
    if under.is_empty() || over.is_empty() {
        return [f64::NAN, f64::NAN];
    }
    let mut state = 0x9E37_79B9_7F4A_7C15u64;
    let mut next = move |n: usize| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    };
    let mut median_of_resample = |samples: &[f64], scratch: &mut Vec<f64>| {
        scratch.clear();
        scratch.extend((0..samples.len()).map(|_| samples[next(samples.len())]));
        scratch.sort_by(f64::total_cmp);
        scratch[scratch.len() / 2]
    };
    let mut scratch = Vec::new();
    let mut ratios: Vec<f64> = (0..RESAMPLES)
        .map(|_| {
            let under = median_of_resample(under, &mut scratch);
            median_of_resample(over, &mut scratch) / under
        })
        .collect();
    ratios.sort_by(f64::total_cmp);
    [
        ratios[RESAMPLES / 40],
        ratios[RESAMPLES - 1 - RESAMPLES / 40],
    ]
}

/// Median, Q1 and Q3 as the seed method takes them: the sorted samples
/// at n/2, n/4 and 3n/4.
pub(crate) fn quartiles(mut samples: Vec<f64>) -> (f64, f64, f64) {
    if samples.is_empty() {
        return (f64::NAN, f64::NAN, f64::NAN);
    }
    samples.sort_by(f64::total_cmp);
    let n = samples.len();
    (samples[n / 2], samples[n / 4], samples[(n * 3) / 4])
}

/// Microseconds per dispatch of each sample, and dispatches per timed
/// pass, of the reference, the candidate and the reference again.
struct Measured {
    samples: [Vec<f64>; 3],
    repeats: [u32; 3],
}

/// Warm-up, calibration of the repeats (none with `fresh`: one dispatch
/// per pass), then samples in turn. Returns the microseconds per dispatch
/// of each sample of the reference and the candidate, and the repeats of
/// each.
fn measure(
    gpu: &Gpu,
    timers: &mut [Timer],
    target: Duration,
    seconds: f64,
    timeout: Duration,
    fresh: bool,
) -> Result<Measured, Error> {
    let target = target.as_secs_f64();
    let mut repeats = [1u32; 3];
    for (i, timer) in timers.iter_mut().enumerate() {
        // Warm-up: pipeline creation, first touches of the buffers.
        for _ in 0..2 {
            timer.time(gpu, 1, timeout)?;
        }
        if fresh {
            // The first dispatch alone: one a pass, nothing to calibrate.
            continue;
        }
        let mut k = 1;
        loop {
            let t = timer.time(gpu, k, timeout)?;
            if t >= target || k >= MAX_REPEATS {
                break;
            }
            // Jump close to the target when far from it, then double.
            let factor = if t > 0.0 {
                (target / t).clamp(2.0, 64.0)
            } else {
                64.0
            };
            k = ((k as f64 * factor).ceil() as u32)
                .next_power_of_two()
                .min(MAX_REPEATS);
        }
        repeats[i] = k;
    }
    // One count for all: a pass's fixed cost, shared by its dispatches,
    // must weigh the same in every shader's time per dispatch.
    let most = repeats.iter().copied().max().unwrap_or(1);
    repeats = [most; 3];
    let mut samples = [Vec::new(), Vec::new(), Vec::new()];
    let started = Instant::now();
    let mut round = 0;
    while started.elapsed().as_secs_f64() < seconds || samples.iter().any(|s| s.len() < MIN_SAMPLES)
    {
        // Each shader goes first, second and third in turn.
        for turn in 0..timers.len() {
            let i = (round + turn) % timers.len();
            let t = timers[i].time(gpu, repeats[i], timeout)?;
            samples[i].push(t * 1e6 / repeats[i] as f64);
        }
        round += 1;
    }
    Ok(Measured { samples, repeats })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Samples around `center` with a spread of ±`spread`, fixed.
    fn samples(center: f64, spread: f64) -> Vec<f64> {
        (0..200)
            .map(|i| center * (1.0 + spread * (((i * 37) % 101) as f64 / 50.0 - 1.0)))
            .collect()
    }

    #[test]
    fn the_interval_of_identical_samples_holds_one() {
        let a = samples(100.0, 0.02);
        let [low, high] = ratio_interval(&a, &a);
        assert!(low <= 1.0 && 1.0 <= high, "{low} {high}");
        assert!(high - low < 0.02, "{low} {high}");
        assert_eq!(verdict(1.0, [low, high], 0.003), "no difference");
    }

    #[test]
    fn a_difference_beyond_the_noise_is_called_and_one_within_it_is_not() {
        let reference = samples(100.0, 0.01);
        let slower = samples(103.0, 0.01);
        let ci = ratio_interval(&reference, &slower);
        assert!(ci[0] > 1.0, "{ci:?}");
        assert_eq!(verdict(1.03, ci, 0.005), "slower");
        // The same three percent under a noise floor of five is no verdict.
        assert_eq!(verdict(1.03, ci, 0.05), "no difference");
        let faster = samples(90.0, 0.01);
        let ci = ratio_interval(&reference, &faster);
        assert_eq!(verdict(0.9, ci, 0.005), "faster");
    }
}
