//! The adapter, the device, and one dispatch of a compute shader with its
//! buffers, under a watchdog.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde::Serialize;

use super::read_back::read_back_buffer;
use super::reflect::Space;
use super::texture_device::{self, Created};
use super::textures::ResourcePlan;

/// A wgpu back end to open the device on (`--backend`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BackendChoice {
    /// Vulkan (lavapipe included).
    Vulkan,
    /// Metal.
    Metal,
    /// Direct3D 12.
    Dx12,
    /// OpenGL ES through EGL.
    Gl,
}

impl BackendChoice {
    /// The back end `name` spells, in any case: `vulkan` (`vk`), `metal`
    /// (`mtl`), `dx12` (`d3d12`) or `gl` (`gles`, `opengl`); `None` for
    /// another name.
    pub fn parse(name: &str) -> Option<Self> {
        Some(match name.to_ascii_lowercase().as_str() {
            "vulkan" | "vk" => BackendChoice::Vulkan,
            "metal" | "mtl" => BackendChoice::Metal,
            "dx12" | "d3d12" => BackendChoice::Dx12,
            "gl" | "gles" | "opengl" => BackendChoice::Gl,
            _ => return None,
        })
    }

    fn backends(self) -> wgpu::Backends {
        match self {
            BackendChoice::Vulkan => wgpu::Backends::VULKAN,
            BackendChoice::Metal => wgpu::Backends::METAL,
            BackendChoice::Dx12 => wgpu::Backends::DX12,
            BackendChoice::Gl => wgpu::Backends::GL,
        }
    }
}

fn backend_names(backends: wgpu::Backends) -> String {
    [
        (wgpu::Backends::VULKAN, "vulkan"),
        (wgpu::Backends::METAL, "metal"),
        (wgpu::Backends::DX12, "dx12"),
        (wgpu::Backends::GL, "gl"),
    ]
    .iter()
    .filter(|(b, _)| backends.contains(*b))
    .map(|(_, n)| *n)
    .collect::<Vec<_>>()
    .join(", ")
}

/// The adapter a validation ran on, for people and reports.
#[derive(Clone, Debug, Serialize)]
pub struct AdapterJson {
    /// The adapter's name, as the driver gives it.
    pub name: String,
    /// The back end as wgpu names it: `Vulkan`, `Metal`, `Dx12` or `Gl`.
    pub backend: String,
    /// `DiscreteGpu`, `IntegratedGpu`, `VirtualGpu`, `Cpu` (lavapipe) or
    /// `Other`.
    pub device_type: String,
    /// The driver's name; empty where the back end does not tell.
    pub driver: String,
    /// The driver's version and details; empty where the back end does
    /// not tell.
    pub driver_info: String,
}

impl AdapterJson {
    fn new(info: &wgpu::AdapterInfo) -> Self {
        AdapterJson {
            name: info.name.clone(),
            backend: format!("{:?}", info.backend),
            device_type: format!("{:?}", info.device_type),
            driver: info.driver.clone(),
            driver_info: info.driver_info.clone(),
        }
    }
}

/// Features that shaders may use; the device gets those its adapter has.
fn wanted_features() -> wgpu::Features {
    use wgpu::Features as F;
    F::SHADER_F16
        | F::SHADER_F64
        | F::SHADER_I16
        | F::SHADER_INT64
        | F::SHADER_INT64_ATOMIC_MIN_MAX
        | F::SHADER_INT64_ATOMIC_ALL_OPS
        | F::SHADER_FLOAT32_ATOMIC
        | F::SUBGROUP
        | F::SUBGROUP_BARRIER
        | F::TIMESTAMP_QUERY
        | F::TIMESTAMP_QUERY_INSIDE_ENCODERS
        | F::TIMESTAMP_QUERY_INSIDE_PASSES
        | F::IMMEDIATES
        | F::TEXTURE_ATOMIC
        | F::TEXTURE_INT64_ATOMIC
        | F::BUFFER_BINDING_ARRAY
        | F::STORAGE_RESOURCE_BINDING_ARRAY
        | F::SAMPLED_TEXTURE_AND_STORAGE_BUFFER_ARRAY_NON_UNIFORM_INDEXING
        | F::TEXTURE_ADAPTER_SPECIFIC_FORMAT_FEATURES
        | F::FLOAT32_FILTERABLE
        | F::VERTEX_WRITABLE_STORAGE
        | F::PASSTHROUGH_SHADERS
        // What render stages of real shaders use: `gl_ClipDistance`,
        // barycentrics, an early depth test, binding arrays of textures.
        | F::CLIP_DISTANCES
        | F::SHADER_BARYCENTRICS
        | F::SHADER_EARLY_DEPTH_TEST
        | F::TEXTURE_BINDING_ARRAY
}

/// Discrete GPUs first, then integrated, virtual, CPU; Vulkan before the
/// other backends.
fn rank(a: &wgpu::Adapter) -> (u8, u8) {
    let info = a.get_info();
    let device = match info.device_type {
        wgpu::DeviceType::DiscreteGpu => 0,
        wgpu::DeviceType::IntegratedGpu => 1,
        wgpu::DeviceType::VirtualGpu => 2,
        wgpu::DeviceType::Cpu => 3,
        wgpu::DeviceType::Other => 4,
    };
    let backend = match info.backend {
        wgpu::Backend::Vulkan => 0,
        wgpu::Backend::Metal => 1,
        wgpu::Backend::Dx12 => 2,
        _ => 3,
    };
    (device, backend)
}

/// An open device.
pub struct Gpu {
    /// The adapter it was opened on.
    pub adapter: AdapterJson,
    /// The features the device was opened with: each feature that shaders
    /// may use (f16, f64, 64-bit and float atomics, subgroups, timestamp
    /// queries, immediates, texture atomics, ...) that the adapter has.
    pub features: wgpu::Features,
    device: wgpu::Device,
    queue: wgpu::Queue,
    errors: Arc<Mutex<Vec<String>>>,
    /// Set once a dispatch outlived its timeout: the device may still be
    /// busy with it, so nothing else is given to it.
    abandoned: AtomicBool,
}

type DeviceKey = (Option<BackendChoice>, Option<String>);

/// The devices this process opened, by what was asked for. Every
/// validation and benchmark of a process reuses one device: drivers hand
/// out a limited number, and opening one costs more than most dispatches.
/// Never dropped: a device is torn down with the process.
static OPENED: Mutex<Vec<(DeviceKey, Arc<Gpu>)>> = Mutex::new(Vec::new());

/// Why there is no device.
#[derive(Debug)]
pub enum OpenError {
    /// No adapter on the back ends tried, or none whose name matches; the
    /// message names the back ends tried and the adapters found.
    NoAdapter(String),
    /// The adapter would not open a device.
    Device(String),
}

impl Gpu {
    /// A device on the best adapter (discrete GPUs first, then integrated,
    /// virtual, CPU; Vulkan before the other backends) of the backends
    /// asked for (by default `WGPU_BACKEND`, else Vulkan, Metal and DX12,
    /// else GL) whose name contains `name`, with every feature of the
    /// adapter that shaders may use. It is opened once per process and
    /// reused while it is healthy: a device that reported an error, was
    /// lost or was left running a hung dispatch is replaced.
    pub fn shared(
        backend: Option<BackendChoice>,
        name: Option<&str>,
    ) -> Result<Arc<Gpu>, OpenError> {
        let key: DeviceKey = (backend, name.map(str::to_string));
        // Held while opening, so that threads asking at once share one.
        let mut opened = OPENED
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some((_, gpu)) = opened.iter().find(|(k, gpu)| *k == key && gpu.is_healthy()) {
            return Ok(gpu.clone());
        }
        let gpu = Arc::new(Gpu::open(backend, name)?);
        let (replaced, kept): (Vec<_>, Vec<_>) = opened.drain(..).partition(|(k, _)| *k == key);
        for (_, old) in replaced {
            if old.abandoned.load(Ordering::SeqCst) {
                // Dropping the device would wait for the hung dispatch.
                std::mem::forget(old);
            }
        }
        *opened = kept;
        opened.push((key, gpu.clone()));
        Ok(gpu)
    }

    fn is_healthy(&self) -> bool {
        !self.abandoned.load(Ordering::SeqCst) && self.errors.lock().is_ok_and(|e| e.is_empty())
    }

    /// The features of `target` that this device adds.
    pub(crate) fn extend_target(&self, target: &mut shaderxform_passes::Target) {
        use wgpu::Features as F;
        target.subgroups |= self.features.contains(F::SUBGROUP);
        target.float64 |= self.features.contains(F::SHADER_F64);
        target.int64_atomic_min_max |= self
            .features
            .intersects(F::SHADER_INT64_ATOMIC_MIN_MAX | F::SHADER_INT64_ATOMIC_ALL_OPS);
        target.int64_atomic_all_ops |= self.features.contains(F::SHADER_INT64_ATOMIC_ALL_OPS);
    }

    /// The best adapter (discrete GPUs first, then integrated, virtual,
    /// CPU; Vulkan before the other backends) of the backends asked for (by
    /// default `WGPU_BACKEND`, else Vulkan, Metal and DX12, else GL) whose
    /// name contains `name`.
    pub(crate) fn open(
        backend: Option<BackendChoice>,
        name: Option<&str>,
    ) -> Result<Gpu, OpenError> {
        // GL last and only when nothing else is there: its EGL set-up is
        // slow and noisy on machines without a display.
        let attempts = match (backend, wgpu::Backends::from_env()) {
            (Some(b), _) => vec![b.backends()],
            (None, Some(env)) => vec![env],
            (None, None) => vec![wgpu::Backends::PRIMARY, wgpu::Backends::GL],
        };
        let mut tried = wgpu::Backends::empty();
        let mut found: Vec<String> = Vec::new();
        let mut chosen = None;
        for backends in attempts {
            tried |= backends;
            let instance = wgpu::Instance::new(wgpu::InstanceDescriptor {
                backends,
                flags: wgpu::InstanceFlags::empty().with_env(),
                ..wgpu::InstanceDescriptor::new_without_display_handle()
            });
            let mut adapters = pollster::block_on(instance.enumerate_adapters(backends));
            found.extend(adapters.iter().map(|a| {
                let info = a.get_info();
                format!("{} ({:?})", info.name, info.backend)
            }));
            if let Some(name) = name {
                let needle = name.to_lowercase();
                adapters.retain(|a| a.get_info().name.to_lowercase().contains(&needle));
            }
            adapters.sort_by_key(rank);
            if let Some(adapter) = adapters.into_iter().next() {
                chosen = Some(adapter);
                break;
            }
        }
        let Some(adapter) = chosen else {
            let tried = format!("tried backends: {}", backend_names(tried));
            return Err(OpenError::NoAdapter(match (name, found.is_empty()) {
                (Some(name), false) => format!(
                    "no adapter's name contains `{name}` ({tried}; found: {})",
                    found.join(", ")
                ),
                _ => format!(
                    "no GPU adapter found ({tried}); a Vulkan loader (libvulkan.so.1) and a driver are needed: without a GPU, lavapipe (`apt-get install mesa-vulkan-drivers`) is a CPU Vulkan driver that works"
                ),
            }));
        };
        let info = adapter.get_info();
        let features = adapter.features() & wanted_features();
        let (device, queue) = pollster::block_on(adapter.request_device(&wgpu::DeviceDescriptor {
            label: Some("shaderxform validate"),
            required_features: features,
            required_limits: adapter.limits(),
            experimental_features: wgpu::ExperimentalFeatures::disabled(),
            memory_hints: wgpu::MemoryHints::Performance,
            trace: wgpu::Trace::Off,
        }))
        .map_err(|e| OpenError::Device(format!("cannot open a device on {}: {e}", info.name)))?;
        let errors = Arc::new(Mutex::new(Vec::new()));
        let sink = errors.clone();
        device.on_uncaptured_error(Arc::new(move |e: wgpu::Error| {
            if let Ok(mut errors) = sink.lock() {
                errors.push(rejection_text(e));
            }
        }));
        let lost = errors.clone();
        device.set_device_lost_callback(move |reason, message| {
            if let Ok(mut errors) = lost.lock() {
                errors.push(format!("device lost ({reason:?}): {message}"));
            }
        });
        Ok(Gpu {
            adapter: AdapterJson::new(&info),
            features,
            device,
            queue,
            errors,
            abandoned: AtomicBool::new(false),
        })
    }

    pub(crate) fn limits(&self) -> wgpu::Limits {
        self.device.limits()
    }
}

/// What a shader is made from.
pub enum Code<'a> {
    /// WGSL source.
    Wgsl(&'a str),
    /// A SPIR-V module's words, read by wgpu's SPIR-V reader (naga's) or
    /// handed to the Vulkan driver as they are ([`SpirvReader`]).
    SpirV(Vec<u32>),
}

/// Who reads the SPIR-V a validation hands the device.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SpirvReader {
    /// The Vulkan driver, as a Vulkan engine hands it SPIR-V (wgpu's
    /// passthrough), after `spirv-val` accepted it.
    Driver,
    /// naga's SPIR-V reader, which wgpu translates it with for every other
    /// back end.
    #[default]
    Naga,
}

impl SpirvReader {
    /// `driver` or `naga`, as the report says it.
    pub fn name(self) -> &'static str {
        match self {
            SpirvReader::Driver => "driver",
            SpirvReader::Naga => "naga",
        }
    }

    /// `driver` or `naga`.
    pub fn parse(name: &str) -> Option<Self> {
        match name {
            "driver" => Some(SpirvReader::Driver),
            "naga" => Some(SpirvReader::Naga),
            _ => None,
        }
    }
}

/// One buffer of a dispatch.
pub struct Buffer<'a> {
    /// Its `@group`.
    pub group: u32,
    /// Its `@binding`.
    pub binding: u32,
    /// How the shader binds it: a uniform buffer, or a storage buffer
    /// read-only or read-write.
    pub space: Space,
    /// Its initial contents, which also give its size in bytes.
    pub bytes: &'a [u8],
    /// Whether to read it back after the dispatch.
    pub read_back: bool,
}

/// One dispatch of a compute entry point: the shader, the buffers it
/// binds, and how many workgroups.
pub struct Dispatch<'a> {
    /// The label of every wgpu object made for it, which wgpu's errors
    /// name.
    pub label: &'a str,
    /// The shader.
    pub code: Code<'a>,
    /// The compute entry point to run.
    pub entry_point: &'a str,
    /// Who reads SPIR-V code (where the device can pass it through).
    pub spirv_reader: SpirvReader,
    /// Values of pipeline-overridable constants, by name or by `@id` as
    /// text.
    pub constants: &'a [(&'a str, f64)],
    /// The buffers the entry point binds; wgpu refuses a pipeline that
    /// uses a binding missing here ([`RunError::Rejected`]).
    pub buffers: &'a [Buffer<'a>],
    /// Textures and samplers, made afresh for each pipeline. Only a
    /// validation plans them; a dispatch of buffers alone gives `&[]`.
    pub resources: &'a [ResourcePlan],
    /// The immediates' bytes (push constants), set before each dispatch.
    pub immediates: &'a [u8],
    /// Workgroups along x, y and z.
    pub workgroups: [u32; 3],
    /// How long the dispatch and the read-back may take, from submission;
    /// past it, [`RunOutcome::Hang`].
    pub timeout: Duration,
}

/// How a dispatch ended.
pub enum RunOutcome {
    /// The contents of the buffers read back, in order (`None` for the
    /// others), then those of the resources (the first mip level of each
    /// storage texture the shaders write, rows unpadded), and how long
    /// the dispatch and the read-back took.
    Done {
        /// The bytes read back, one entry per buffer then per resource.
        contents: Vec<Option<Vec<u8>>>,
        /// From submission until every buffer read back was mapped.
        elapsed: Duration,
    },
    /// The dispatch did not finish in time. The device and everything on
    /// it are leaked: dropping them would wait for the GPU.
    Hang,
}

/// What wgpu says of a call it rejected, on one line: the causes in its
/// description, where the error's own text is only "Validation Error",
/// without the source excerpt drawn around naga's messages.
pub(super) fn rejection_text(error: wgpu::Error) -> String {
    let text = match error {
        wgpu::Error::Validation { description, .. } | wgpu::Error::Internal { description, .. } => {
            description
        }
        other => return other.to_string(),
    };
    let mut causes: Vec<&str> = Vec::new();
    for line in text.lines() {
        let line = line.trim().trim_start_matches("= ");
        let drawn = line.contains(['│', '┌', '└', '·']);
        if line.is_empty() || drawn || matches!(line, "Validation Error" | "Caused by:") {
            continue;
        }
        if !causes.contains(&line) {
            causes.push(line);
        }
    }
    causes.join("; ")
}

/// Why a dispatch did not run to the end.
#[derive(Debug)]
pub enum RunError {
    /// wgpu or the driver refused the shader or the pipeline.
    Rejected(String),
    /// The device failed: it reported an error or was lost, or a buffer
    /// could not be read back.
    Device(String),
}

/// A compute pipeline with its buffers (holding the dispatch's bytes)
/// bound, ready to dispatch.
pub(crate) struct Built {
    pub module: wgpu::ShaderModule,
    pub layouts: Vec<Option<wgpu::BindGroupLayout>>,
    pub pipeline_layout: wgpu::PipelineLayout,
    pub pipeline: wgpu::ComputePipeline,
    pub buffers: Vec<wgpu::Buffer>,
    pub bind_groups: Vec<Option<wgpu::BindGroup>>,
    pub resources: Vec<Created>,
    pub immediates: Vec<u8>,
}

impl Built {
    /// Sets the immediates, if the shader has any, on a pass.
    pub(crate) fn set_immediates(&self, pass: &mut wgpu::ComputePass<'_>) {
        if !self.immediates.is_empty() {
            pass.set_immediates(0, &self.immediates);
        }
    }
}

impl Gpu {
    /// Who reads the SPIR-V handed to this device when `asked` is: the
    /// Vulkan driver where wgpu can pass it through, else naga's reader.
    pub fn spirv_reader(&self, asked: SpirvReader) -> SpirvReader {
        let can_pass = self.adapter.backend == "Vulkan"
            && self.features.contains(wgpu::Features::PASSTHROUGH_SHADERS);
        match asked {
            SpirvReader::Driver if can_pass => SpirvReader::Driver,
            _ => SpirvReader::Naga,
        }
    }

    /// The shader module of `code`: WGSL through wgpu's compiler, SPIR-V
    /// to `reader` (the driver only where [`Gpu::spirv_reader`] says it
    /// can). `entry_points` are those that pipelines will take from it.
    pub(crate) fn shader_module(
        &self,
        code: &Code<'_>,
        label: &str,
        entry_points: &[&str],
        reader: SpirvReader,
    ) -> wgpu::ShaderModule {
        match code {
            Code::Wgsl(text) => self
                .device
                .create_shader_module(wgpu::ShaderModuleDescriptor {
                    label: Some(label),
                    source: wgpu::ShaderSource::Wgsl((*text).into()),
                }),
            Code::SpirV(words) if self.spirv_reader(reader) == SpirvReader::Driver => {
                let entry_points: Vec<wgpu::PassthroughShaderEntryPoint<'_>> = entry_points
                    .iter()
                    .map(|&name| wgpu::PassthroughShaderEntryPoint {
                        name: name.into(),
                        // Read by Metal alone.
                        workgroup_size: (0, 0, 0),
                    })
                    .collect();
                // SAFETY: the words are a module that shaderxform wrote
                // and that spirv-val accepted before it was returned, and
                // the pipeline that uses it gets an explicit layout of
                // the bindings reflected from the same module.
                unsafe {
                    self.device.create_shader_module_passthrough(
                        wgpu::ShaderModuleDescriptorPassthrough {
                            label: Some(label),
                            entry_points: entry_points.as_slice().into(),
                            spirv: Some(words.as_slice().into()),
                            ..Default::default()
                        },
                    )
                }
            }
            Code::SpirV(words) => self
                .device
                .create_shader_module(wgpu::ShaderModuleDescriptor {
                    label: Some(label),
                    source: wgpu::ShaderSource::SpirV(words.as_slice().into()),
                }),
        }
    }

    /// The wgpu device, for work of the caller's own (every dispatch of
    /// this library makes its objects afresh).
    pub fn device(&self) -> &wgpu::Device {
        &self.device
    }

    pub(crate) fn queue(&self) -> &wgpu::Queue {
        &self.queue
    }

    /// The pipeline of `d` and its buffers, filled with `d`'s bytes.
    pub(crate) fn build(&self, d: &Dispatch<'_>) -> Result<Built, RunError> {
        self.build_on(d, None)
    }

    /// The pipeline of `d` bound to `shared` buffers, one per buffer of `d`
    /// and at least as large, instead of buffers of its own; they are left
    /// as they are (the caller fills them). `bench` times every shader on
    /// the same memory this way, so that where the buffers sit cannot
    /// tell two shaders apart.
    pub(crate) fn build_on(
        &self,
        d: &Dispatch<'_>,
        shared: Option<&[wgpu::Buffer]>,
    ) -> Result<Built, RunError> {
        let device = &self.device;
        let internal = device.push_error_scope(wgpu::ErrorFilter::Internal);
        let validation = device.push_error_scope(wgpu::ErrorFilter::Validation);
        let module = self.shader_module(&d.code, d.label, &[d.entry_point], d.spirv_reader);
        let groups = d
            .buffers
            .iter()
            .map(|b| b.group + 1)
            .chain(d.resources.iter().map(|r| r.group + 1))
            .max()
            .unwrap_or(0);
        let layouts: Vec<Option<wgpu::BindGroupLayout>> = (0..groups)
            .map(|group| {
                let entries: Vec<wgpu::BindGroupLayoutEntry> = d
                    .buffers
                    .iter()
                    .filter(|b| b.group == group)
                    .map(|b| wgpu::BindGroupLayoutEntry {
                        binding: b.binding,
                        visibility: wgpu::ShaderStages::COMPUTE,
                        ty: wgpu::BindingType::Buffer {
                            ty: match b.space {
                                Space::Uniform => wgpu::BufferBindingType::Uniform,
                                Space::Storage { writable } => wgpu::BufferBindingType::Storage {
                                    read_only: !writable,
                                },
                            },
                            has_dynamic_offset: false,
                            min_binding_size: None,
                        },
                        count: None,
                    })
                    .chain(texture_device::layout_entries(d.resources, group, |_| {
                        wgpu::ShaderStages::COMPUTE
                    }))
                    .collect();
                (!entries.is_empty()).then(|| {
                    device.create_bind_group_layout(&wgpu::BindGroupLayoutDescriptor {
                        label: Some(d.label),
                        entries: &entries,
                    })
                })
            })
            .collect();
        let layout_refs: Vec<Option<&wgpu::BindGroupLayout>> =
            layouts.iter().map(|l| l.as_ref()).collect();
        let pipeline_layout = device.create_pipeline_layout(&wgpu::PipelineLayoutDescriptor {
            label: Some(d.label),
            bind_group_layouts: &layout_refs,
            immediate_size: d.immediates.len() as u32,
        });
        let pipeline = device.create_compute_pipeline(&wgpu::ComputePipelineDescriptor {
            label: Some(d.label),
            layout: Some(&pipeline_layout),
            module: &module,
            entry_point: Some(d.entry_point),
            compilation_options: wgpu::PipelineCompilationOptions {
                constants: d.constants,
                zero_initialize_workgroup_memory: true,
            },
            cache: None,
        });
        let resources = texture_device::create(device, &self.queue, d.resources, d.label);
        let rejected = [validation.pop(), internal.pop()]
            .into_iter()
            .filter_map(pollster::block_on)
            .map(rejection_text)
            .collect::<Vec<_>>();
        if !rejected.is_empty() {
            return Err(RunError::Rejected(rejected.join("\n")));
        }

        let buffers: Vec<wgpu::Buffer> = match shared {
            Some(shared) => shared.to_vec(),
            None => self.buffers_of(d),
        };
        if buffers.len() != d.buffers.len()
            || d.buffers
                .iter()
                .zip(&buffers)
                .any(|(b, buffer)| buffer.size() < b.bytes.len() as u64)
        {
            return Err(RunError::Device(
                "the shared buffers do not fit the dispatch's".into(),
            ));
        }
        let bind_groups = self.bind_groups(d, &layouts, &buffers, &resources);
        Ok(Built {
            module,
            layouts,
            pipeline_layout,
            pipeline,
            buffers,
            bind_groups,
            resources,
            immediates: d.immediates.to_vec(),
        })
    }

    /// A buffer for each of `d`'s, holding its bytes.
    pub(crate) fn buffers_of(&self, d: &Dispatch<'_>) -> Vec<wgpu::Buffer> {
        let device = &self.device;
        let usage = |space: Space| match space {
            Space::Uniform => wgpu::BufferUsages::UNIFORM | wgpu::BufferUsages::COPY_DST,
            Space::Storage { .. } => {
                wgpu::BufferUsages::STORAGE
                    | wgpu::BufferUsages::COPY_DST
                    | wgpu::BufferUsages::COPY_SRC
            }
        };
        d.buffers
            .iter()
            .map(|b| {
                let buffer = device.create_buffer(&wgpu::BufferDescriptor {
                    label: Some(d.label),
                    size: (b.bytes.len() as u64).max(4),
                    usage: usage(b.space),
                    mapped_at_creation: false,
                });
                self.queue.write_buffer(&buffer, 0, b.bytes);
                buffer
            })
            .collect()
    }

    fn bind_groups(
        &self,
        d: &Dispatch<'_>,
        layouts: &[Option<wgpu::BindGroupLayout>],
        buffers: &[wgpu::Buffer],
        resources: &[Created],
    ) -> Vec<Option<wgpu::BindGroup>> {
        let device = &self.device;
        layouts
            .iter()
            .enumerate()
            .map(|(group, layout)| {
                let layout = layout.as_ref()?;
                let bound = texture_device::bound(d.resources, resources, group as u32);
                let entries: Vec<wgpu::BindGroupEntry> = d
                    .buffers
                    .iter()
                    .zip(buffers)
                    .filter(|(b, _)| b.group == group as u32)
                    .map(|(b, buffer)| wgpu::BindGroupEntry {
                        binding: b.binding,
                        resource: buffer.as_entire_binding(),
                    })
                    .chain(bound.iter().map(|(binding, b)| wgpu::BindGroupEntry {
                        binding: *binding,
                        resource: b.resource(),
                    }))
                    .collect();
                Some(device.create_bind_group(&wgpu::BindGroupDescriptor {
                    label: Some(d.label),
                    layout,
                    entries: &entries,
                }))
            })
            .collect()
    }

    /// Builds the pipeline of `d` with buffers holding its bytes,
    /// dispatches it once and reads back the buffers marked
    /// [`Buffer::read_back`] and the storage textures written, waiting no
    /// longer than [`Dispatch::timeout`].
    pub fn run(&self, d: &Dispatch<'_>) -> Result<RunOutcome, RunError> {
        let device = &self.device;
        let Built {
            module,
            layouts,
            pipeline_layout,
            pipeline,
            buffers,
            bind_groups,
            resources,
            immediates: _,
        } = self.build(d)?;
        let mut staging: Vec<Option<wgpu::Buffer>> = d
            .buffers
            .iter()
            .zip(&buffers)
            .map(|(b, buffer)| {
                b.read_back
                    .then(|| read_back_buffer(device, d.label, buffer.size()))
            })
            .collect();
        let mut encoder = device.create_command_encoder(&wgpu::CommandEncoderDescriptor {
            label: Some(d.label),
        });
        {
            let mut pass = encoder.begin_compute_pass(&wgpu::ComputePassDescriptor {
                label: Some(d.label),
                timestamp_writes: None,
            });
            pass.set_pipeline(&pipeline);
            for (group, bind_group) in bind_groups.iter().enumerate() {
                if let Some(bind_group) = bind_group {
                    pass.set_bind_group(group as u32, bind_group, &[]);
                }
            }
            if !d.immediates.is_empty() {
                pass.set_immediates(0, d.immediates);
            }
            let [x, y, z] = d.workgroups;
            pass.dispatch_workgroups(x, y, z);
        }
        for (buffer, staging) in buffers.iter().zip(&staging) {
            if let Some(staging) = staging {
                encoder.copy_buffer_to_buffer(buffer, 0, staging, 0, buffer.size());
            }
        }
        let texels =
            texture_device::copy_back(device, &mut encoder, d.resources, &resources, d.label);
        staging.extend(texels.iter().map(|t| t.as_ref().map(|t| t.buffer.clone())));
        let started = Instant::now();
        let submission = self.queue.submit([encoder.finish()]);
        let mapped = Arc::new(AtomicUsize::new(0));
        let map_errors = Arc::new(Mutex::new(Vec::new()));
        let to_map = staging.iter().flatten().count();
        for staging in staging.iter().flatten() {
            let mapped = mapped.clone();
            let map_errors = map_errors.clone();
            staging
                .slice(..)
                .map_async(wgpu::MapMode::Read, move |result| {
                    if let Err(e) = result {
                        if let Ok(mut errors) = map_errors.lock() {
                            errors.push(e.to_string());
                        }
                    }
                    mapped.fetch_add(1, Ordering::SeqCst);
                });
        }

        // The watchdog: wait in short slices, never past the deadline.
        let deadline = started + d.timeout;
        let slice = Duration::from_millis(20);
        let mut waiting = true;
        while mapped.load(Ordering::SeqCst) < to_map || waiting {
            let now = Instant::now();
            if now >= deadline {
                self.abandoned.store(true, Ordering::SeqCst);
                // Dropping anything on the device would wait for it.
                std::mem::forget((
                    module,
                    layouts,
                    pipeline_layout,
                    pipeline,
                    buffers,
                    bind_groups,
                    staging,
                    resources,
                    texels,
                ));
                return Ok(RunOutcome::Hang);
            }
            let poll = if waiting {
                wgpu::PollType::Wait {
                    submission_index: Some(submission.clone()),
                    timeout: Some(slice.min(deadline - now)),
                }
            } else {
                std::thread::sleep(Duration::from_millis(1));
                wgpu::PollType::Poll
            };
            match self.device.poll(poll) {
                Ok(_) => waiting = false,
                Err(wgpu::PollError::Timeout) => {}
                // A submission that failed did so for an error wgpu
                // reported outside any scope: that one says why.
                Err(e) => {
                    return Err(RunError::Device(
                        self.first_error().unwrap_or_else(|| e.to_string()),
                    ))
                }
            }
            if let Some(error) = self.errors.lock().ok().and_then(|e| e.first().cloned()) {
                return Err(RunError::Device(error));
            }
        }
        let elapsed = started.elapsed();
        if let Some(error) = map_errors.lock().ok().and_then(|e| e.first().cloned()) {
            return Err(RunError::Device(format!(
                "cannot read a buffer back: {error}"
            )));
        }
        let mut contents = Vec::with_capacity(staging.len());
        for staging in &staging {
            contents.push(match staging {
                Some(s) => {
                    let bytes = s
                        .get_mapped_range(..)
                        .map_err(|e| RunError::Device(format!("cannot read a buffer back: {e}")))?
                        .to_vec();
                    s.unmap();
                    Some(bytes)
                }
                None => None,
            });
        }
        let textures = contents.split_off(d.buffers.len());
        for (texture, read_back) in textures.into_iter().zip(&texels) {
            contents.push(texture.zip(read_back.as_ref()).map(|(b, r)| r.unpad(&b)));
        }
        Ok(RunOutcome::Done { contents, elapsed })
    }

    /// Marks the device as left running a hung submission: nothing else
    /// is given to it, and the next validation opens another.
    pub(super) fn abandon(&self) {
        self.abandoned.store(true, Ordering::SeqCst);
    }

    /// The first error the device reported outside any error scope.
    pub(super) fn first_error(&self) -> Option<String> {
        self.errors.lock().ok().and_then(|e| e.first().cloned())
    }

    /// Errors wgpu reported outside the scopes of a dispatch.
    pub(crate) fn uncaptured_errors(&self) -> Vec<String> {
        self.errors.lock().map(|e| e.clone()).unwrap_or_default()
    }
}
