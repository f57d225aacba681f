//! One shader ready to time (`bench`): its pipeline and buffers, the
//! contents its buffers hold before each timed pass, the timestamp queries
//! around that pass, and, with `--fresh-buffers`, the pristine copies on
//! the device that everything it writes is restored from before each pass
//! (see [`super::bench_fresh`]).

use std::time::{Duration, Instant};

use super::device::{Built, Gpu};
use super::setup::Setup;
use super::texture_device;
use super::textures::Made;
use super::{Error, Role};

/// One shader ready to time.
pub(super) struct Timer {
    pub(super) built: Built,
    workgroups: [u32; 3],
    role: Role,
    /// What its buffers hold before each timed pass.
    contents: Vec<Vec<u8>>,
    /// With `--fresh-buffers`: what its buffers and storage textures are
    /// copied back from, on the device, before each timed pass.
    pristine: Option<Pristine>,
    /// The query set, the buffer it resolves into and the one read back.
    queries: Option<(wgpu::QuerySet, wgpu::Buffer, wgpu::Buffer)>,
}

impl Timer {
    pub(super) fn new(
        gpu: &Gpu,
        built: Built,
        timestamps: bool,
        workgroups: [u32; 3],
        role: Role,
        contents: &[Vec<u8>],
        pristine: Option<Pristine>,
    ) -> Self {
        let device = gpu.device();
        let queries = timestamps.then(|| {
            let set = device.create_query_set(&wgpu::QuerySetDescriptor {
                label: Some("shaderxform bench"),
                ty: wgpu::QueryType::Timestamp,
                count: 2,
            });
            let resolve = device.create_buffer(&wgpu::BufferDescriptor {
                label: Some("shaderxform bench resolve"),
                size: 16,
                usage: wgpu::BufferUsages::QUERY_RESOLVE | wgpu::BufferUsages::COPY_SRC,
                mapped_at_creation: false,
            });
            let read = super::read_back::read_back_buffer(device, "shaderxform bench read", 16);
            (set, resolve, read)
        });
        Timer {
            built,
            workgroups,
            role,
            contents: contents.to_vec(),
            pristine,
            queries,
        }
    }

    /// Seconds one compute pass of `k` dispatches takes.
    pub(super) fn time(&mut self, gpu: &Gpu, k: u32, timeout: Duration) -> Result<f64, Error> {
        let device = gpu.device();
        let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
            label: Some("shaderxform bench"),
        });
        // The shared buffers as this shader starts from them, written
        // before the timed pass and outside it: copied on the device with
        // `--fresh-buffers`, whose every pass is one dispatch, else
        // written from the host.
        match &self.pristine {
            Some(pristine) => pristine.restore(&mut encoder, &self.built),
            None => {
                for (buffer, bytes) in self.built.buffers.iter().zip(&self.contents) {
                    gpu.queue().write_buffer(buffer, 0, bytes);
                }
            }
        }
        {
            let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                label: Some("shaderxform bench"),
                timestamp_writes: self.queries.as_ref().map(|(set, _, _)| {
                    wgpu::ComputePassTimestampWrites {
                        query_set: set,
                        beginning_of_pass_write_index: Some(0),
                        end_of_pass_write_index: Some(1),
                    }
                }),
            });
            pass.set_pipeline(&self.built.pipeline);
            for (group, bind_group) in self.built.bind_groups.iter().enumerate() {
                if let Some(bind_group) = bind_group {
                    pass.set_bind_group(group as u32, bind_group, &[]);
                }
            }
            self.built.set_immediates(&mut pass);
            let [x, y, z] = self.workgroups;
            for _ in 0..k {
                pass.dispatch_workgroups(x, y, z);
            }
        }
        if let Some((set, resolve, read)) = &self.queries {
            encoder.resolve_query_set(set, 0..2, resolve, 0);
            encoder.copy_buffer_to_buffer(resolve, 0, read, 0, 16);
        }
        let started = Instant::now();
        let submission = gpu.queue().submit([encoder.finish()]);
        if let Some((_, _, read)) = &self.queries {
            read.slice(..).map_async(wgpu::MapMode::Read, |_| {});
        }
        let hang = || {
            Error::Gpu(format!(
                "the {} did not finish {k} dispatch{} within {:.1} s",
                self.role.name(),
                if k == 1 { "" } else { "es" },
                timeout.as_secs_f64()
            ))
        };
        match device.poll(wgpu::PollType::Wait {
            submission_index: Some(submission),
            timeout: Some(timeout),
        }) {
            Ok(_) => {}
            Err(wgpu::PollError::Timeout) => return Err(hang()),
            Err(e) => return Err(Error::Gpu(format!("the device failed: {e}"))),
        }
        let wall = started.elapsed().as_secs_f64();
        if let Some(error) = gpu.uncaptured_errors().first() {
            return Err(Error::Gpu(format!(
                "the device failed running the {}: {error}",
                self.role.name()
            )));
        }
        let Some((_, _, read)) = &self.queries else {
            return Ok(wall);
        };
        // The map callback ran during the wait, which covers the copy.
        let ticks = {
            let view = read
                .get_mapped_range(..)
                .map_err(|e| Error::Gpu(format!("cannot read the timestamps back: {e}")))?;
            let word = |i: usize| u64::from_le_bytes(view[i * 8..i * 8 + 8].try_into().unwrap());
            word(1).wrapping_sub(word(0))
        };
        read.unmap();
        Ok(ticks as f64 * gpu.queue().get_timestamp_period() as f64 * 1e-9)
    }
}

/// Pristine copies of what one pipeline's dispatch starts from.
pub(super) struct Pristine {
    /// One buffer for each of the pipeline's, holding its initial bytes.
    buffers: Vec<(wgpu::Buffer, u64)>,
    /// One texture for each storage texture, in the order of the
    /// pipeline's resources (`None` for the others).
    textures: Vec<Option<wgpu::Texture>>,
}

impl Pristine {
    /// Buffers holding `contents` (each buffer's initial bytes) and
    /// textures made and filled as the pipeline's own were, one for each
    /// storage texture among them.
    pub(super) fn new(gpu: &Gpu, s: &Setup, contents: &[Vec<u8>]) -> Self {
        let buffers = contents
            .iter()
            .map(|bytes| {
                let buffer = gpu.device().create_buffer(&wgpu::BufferDescriptor {
                    label: Some("shaderxform bench pristine"),
                    size: (bytes.len() as u64).max(wgpu::COPY_BUFFER_ALIGNMENT),
                    usage: wgpu::BufferUsages::COPY_SRC | wgpu::BufferUsages::COPY_DST,
                    mapped_at_creation: false,
                });
                gpu.queue().write_buffer(&buffer, 0, bytes);
                (buffer, bytes.len() as u64)
            })
            .collect();
        let made = texture_device::create(
            gpu.device(),
            gpu.queue(),
            &s.resources.textures,
            "shaderxform bench pristine",
        );
        let textures = s
            .resources
            .textures
            .iter()
            .zip(made)
            .map(|(plan, created)| {
                let storage = matches!(
                    &plan.made,
                    Made::Texture {
                        binding_type: wgpu::BindingType::StorageTexture { .. },
                        ..
                    }
                );
                created.texture.filter(|_| storage)
            })
            .collect();
        Pristine { buffers, textures }
    }

    /// Copies every pristine buffer and texture over the pipeline's own
    /// (every mip level of a texture), in `encoder` ahead of the timed
    /// pass.
    pub(super) fn restore(&self, encoder: &mut wgpu::CommandEncoder, built: &Built) {
        for ((pristine, len), live) in self.buffers.iter().zip(&built.buffers) {
            if *len > 0 {
                encoder.copy_buffer_to_buffer(pristine, 0, live, 0, *len);
            }
        }
        for (pristine, live) in self.textures.iter().zip(&built.resources) {
            let (Some(pristine), Some(live)) = (pristine, &live.texture) else {
                continue;
            };
            for level in 0..pristine.mip_level_count() {
                let at = |texture| wgpu::TexelCopyTextureInfo {
                    texture,
                    mip_level: level,
                    origin: wgpu::Origin3d::ZERO,
                    aspect: wgpu::TextureAspect::All,
                };
                let size = pristine.size().mip_level_size(level, pristine.dimension());
                encoder.copy_texture_to_texture(at(pristine), at(live), size);
            }
        }
    }
}
