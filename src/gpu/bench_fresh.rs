//! `bench --fresh-buffers`: the first dispatch alone. Every timed pass
//! holds one dispatch, and before each one everything the kernel can write
//! is put back as the first dispatch found it: every buffer and storage
//! texture is copied, on the device, from a pristine one made and filled
//! alongside (the generated or harness contents), in the same command
//! encoder ahead of the timestamped compute pass, so outside it. A kernel that stops working once
//! its result is reached (a minimum loaded first) is then timed doing all
//! its work, as on its first dispatch, rather than in steady state.
//!
//! After the timing, a check that the restore happened: the reference is
//! restored and dispatched once more, and what it wrote must be what one
//! dispatch of the reference on buffers of its own writes.

use std::time::Duration;

use serde::Serialize;

use super::bench_timer::Timer;
use super::device::{Built, RunOutcome};
use super::read_back::copy_for_read_back;
use super::setup::Setup;
use super::texture_device;
use super::{Error, Role};

/// Whether the restore before a timed dispatch gave the kernel what its
/// first dispatch found: what the reference writes after a restore and one
/// dispatch, byte for byte against one dispatch on buffers of its own.
#[derive(Clone, Debug, Serialize)]
pub struct RestoreCheck {
    /// Bytes compared: every storage buffer and storage texture the
    /// reference writes.
    pub bytes_compared: u64,
    /// Bytes that differ; 0 when the restore worked (a kernel whose
    /// result depends on the order of its invocations may differ too).
    pub bytes_differing: u64,
    /// The bindings that differ, as `@group(G) @binding(B)`.
    pub bindings_differing: Vec<String>,
}

impl RestoreCheck {
    /// Whether every byte agreed.
    pub fn passed(&self) -> bool {
        self.bytes_differing == 0
    }
}

/// Restores the reference's `timer`, dispatches it once, reads back what
/// it wrote and compares that with one dispatch of the reference.
pub(super) fn check_restore(
    s: &Setup,
    timer: &mut Timer,
    timeout: Duration,
) -> Result<RestoreCheck, Error> {
    let expected = match s.on_device(Role::Reference, true, timeout, "checking", |gpu, d| {
        gpu.run(d)
    })? {
        RunOutcome::Done { contents, .. } => contents,
        RunOutcome::Hang => {
            return Err(Error::Gpu(format!(
                "the reference did not finish within {:.1} s",
                timeout.as_secs_f64()
            )))
        }
    };
    timer.time(&s.gpu, 1, timeout)?;
    let got = read_written(s, &timer.built, timeout)?;
    let mut check = RestoreCheck {
        bytes_compared: 0,
        bytes_differing: 0,
        bindings_differing: Vec::new(),
    };
    let places = s
        .plans
        .iter()
        .map(|p| (p.group, p.binding))
        .chain(s.resources.textures.iter().map(|r| (r.group, r.binding)));
    for (((group, binding), expected), got) in places.zip(&expected).zip(&got) {
        let (Some(expected), Some(got)) = (expected, got) else {
            continue;
        };
        let len = expected.len().min(got.len());
        let differing = expected[..len]
            .iter()
            .zip(&got[..len])
            .filter(|(a, b)| a != b)
            .count()
            + expected.len().abs_diff(got.len());
        check.bytes_compared += expected.len().max(got.len()) as u64;
        check.bytes_differing += differing as u64;
        if differing > 0 {
            check
                .bindings_differing
                .push(format!("@group({group}) @binding({binding})"));
        }
    }
    Ok(check)
}

/// What `built`'s writable storage buffers and written storage textures
/// hold now, in the order of [`RunOutcome::Done`]'s contents.
fn read_written(
    s: &Setup,
    built: &Built,
    timeout: Duration,
) -> Result<Vec<Option<Vec<u8>>>, Error> {
    let device = s.gpu.device();
    let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
        label: Some("shaderxform bench check"),
    });
    let mut staging: Vec<Option<wgpu::Buffer>> = s
        .plans
        .iter()
        .zip(&built.buffers)
        .map(|(plan, buffer)| {
            plan.read_back().then(|| {
                copy_for_read_back(device, &mut encoder, buffer, "shaderxform bench check")
            })
        })
        .collect();
    let texels = texture_device::copy_back(
        device,
        &mut encoder,
        &s.resources.textures,
        &built.resources,
        "shaderxform bench check",
    );
    staging.extend(texels.iter().map(|t| t.as_ref().map(|t| t.buffer.clone())));
    let submission = s.gpu.queue().submit([encoder.finish()]);
    for buffer in staging.iter().flatten() {
        buffer.slice(..).map_async(wgpu::MapMode::Read, |_| {});
    }
    match device.poll(wgpu::PollType::Wait {
        submission_index: Some(submission),
        timeout: Some(timeout),
    }) {
        Ok(_) => {}
        Err(e) => return Err(Error::Gpu(format!("cannot read the buffers back: {e}"))),
    }
    let mut contents = Vec::with_capacity(staging.len());
    for buffer in &staging {
        contents.push(match buffer {
            Some(buffer) => {
                let bytes = buffer
                    .get_mapped_range(..)
                    .map_err(|e| Error::Gpu(format!("cannot read a buffer back: {e}")))?
                    .to_vec();
                buffer.unmap();
                Some(bytes)
            }
            None => None,
        });
    }
    let textures = contents.split_off(s.plans.len());
    for (texture, read_back) in textures.into_iter().zip(&texels) {
        contents.push(texture.zip(read_back.as_ref()).map(|(b, r)| r.unpad(&b)));
    }
    Ok(contents)
}
