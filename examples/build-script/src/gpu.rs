//! The little of wgpu the example needs: a device, a compute pipeline from
//! WGSL, storage buffers, one dispatch and a read back.

use wgpu::util::DeviceExt;

pub struct Gpu {
    pub device: wgpu::Device,
    pub queue: wgpu::Queue,
    /// The adapter's name and back end, for the log.
    pub adapter: String,
}

impl Gpu {
    /// A device on the first adapter wgpu offers (`WGPU_BACKEND` and
    /// `WGPU_ADAPTER_NAME` choose another), or `None` without one.
    pub fn open() -> Result<Option<Gpu>, String> {
        let instance =
            wgpu::Instance::new(wgpu::InstanceDescriptor::new_without_display_handle_from_env());
        let adapter = wgpu::util::initialize_adapter_from_env_or_default(&instance, None);
        let Ok(adapter) = pollster::block_on(adapter) else {
            return Ok(None);
        };
        let info = adapter.get_info();
        let (device, queue) =
            pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor::default()))
                .map_err(|e| format!("cannot open a device on {}: {e}", info.name))?;
        Ok(Some(Gpu {
            device,
            queue,
            adapter: format!("{} ({:?})", info.name, info.backend),
        }))
    }

    /// The compute pipeline of `entry_point` in `wgsl`, with the bind group
    /// layouts wgpu derives from the shader.
    pub fn pipeline(&self, wgsl: &str, entry_point: &str) -> wgpu::ComputePipeline {
        let module = self
            .device
            .create_shader_module(wgpu::ShaderModuleDescriptor {
                label: Some(entry_point),
                source: wgpu::ShaderSource::Wgsl(wgsl.into()),
            });
        self.device
            .create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
                label: Some(entry_point),
                layout: None,
                module: &module,
                entry_point: Some(entry_point),
                compilation_options: Default::default(),
                cache: None,
            })
    }

    /// A storage buffer holding `bytes`, which can be read back.
    pub fn storage_buffer(&self, bytes: &[u8]) -> wgpu::Buffer {
        self.device
            .create_buffer_init(&wgpu::util::BufferInitDescriptor {
                label: None,
                contents: bytes,
                usage: wgpu::BufferUsages::STORAGE | wgpu::BufferUsages::COPY_SRC,
            })
    }

    /// Runs `pipeline` over `workgroups` with `bind_group` at group 0, then
    /// returns the contents of `result`.
    pub fn dispatch_and_read(
        &self,
        pipeline: &wgpu::ComputePipeline,
        bind_group: &wgpu::BindGroup,
        workgroups: [u32; 3],
        result: &wgpu::Buffer,
    ) -> Vec<u8> {
        let staging = self.device.create_buffer(&wgpu::BufferDescriptor {
            label: None,
            size: result.size(),
            usage: wgpu::BufferUsages::MAP_READ | wgpu::BufferUsages::COPY_DST,
            mapped_at_creation: false,
        });
        let mut encoder = self.device.create_command_encoder(&Default::default());
        {
            let mut pass = encoder.begin_compute_pass(&Default::default());
            pass.set_pipeline(pipeline);
            pass.set_bind_group(0, bind_group, &[]);
            let [x, y, z] = workgroups;
            pass.dispatch_workgroups(x, y, z);
        }
        encoder.copy_buffer_to_buffer(result, 0, &staging, 0, result.size());
        self.queue.submit([encoder.finish()]);
        staging.slice(..).map_async(wgpu::MapMode::Read, |_| {});
        self.device
            .poll(wgpu::PollType::wait_indefinitely())
            .expect("the dispatch finishes");
        let mapped = staging.slice(..).get_mapped_range();
        mapped.expect("the dispatch wrote the buffer").to_vec()
    }
}
