//! A headless Bevy app whose compute shader (`assets/shaders/float_max.wgsl`)
//! takes the largest of 3,796 floats with a float `atomicMax`, which wgpu
//! does not offer, after an early return before its workgroup barriers,
//! which hangs or races on some GPUs. `ShaderxformPlugin` rewrites both as
//! Bevy loads the shader; the app clears the result buffer to the word the
//! rewrite's encoding asks for, reads it back, decodes it, and exits with
//! success where the GPU's answer is the CPU's, bit for bit.
//!
//! ```sh
//! cargo run --example float_max
//! ```

use std::time::{Duration, Instant};

use bevy::app::ScheduleRunnerPlugin;
use bevy::asset::RenderAssetUsages;
use bevy::prelude::*;
use bevy::render::extract_resource::{ExtractResource, ExtractResourcePlugin};
use bevy::render::gpu_readback::{Readback, ReadbackComplete};
use bevy::render::render_asset::RenderAssets;
use bevy::render::render_resource::binding_types::{storage_buffer, storage_buffer_read_only};
use bevy::render::render_resource::*;
use bevy::render::renderer::{
    FlushCommands, RenderContext, RenderDevice, RenderGraph, RenderGraphSystems,
};
use bevy::render::storage::{GpuShaderBuffer, ShaderBuffer};
use bevy::render::{Render, RenderApp, RenderPlugin, RenderStartup, RenderSystems};
use bevy::window::ExitCondition;
use shaderxform_bevy::{Accumulation, FloatEncoding, ShaderContracts, ShaderxformPlugin};

const SHADER: &str = "shaders/float_max.wgsl";
/// Not a multiple of the workgroup size: the last workgroup's invocations
/// past the end return early.
const COUNT: usize = 4096 - 300;
const WORKGROUP_SIZE: usize = 64;
/// How long the app waits for the GPU's answer.
const LIMIT: Duration = Duration::from_secs(60);

/// Floats below zero (so that an invocation past the end that left a
/// zero in the reduction would show), the largest in the last workgroup.
fn values() -> Vec<f32> {
    let mut state = 0x2545_f491_u32;
    let mut values: Vec<f32> = (0..COUNT)
        .map(|_| {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            -1.0 - (state % 1_000_000) as f32 / 1000.0
        })
        .collect();
    values[COUNT - 7] = -0.125;
    values
}

fn main() -> AppExit {
    App::new()
        .add_plugins(
            DefaultPlugins
                .set(RenderPlugin {
                    synchronous_pipeline_compilation: true,
                    ..default()
                })
                // Headless: no window, and the app runs until it exits.
                .set(WindowPlugin {
                    primary_window: None,
                    exit_condition: ExitCondition::DontExit,
                    ..default()
                }),
        )
        .add_plugins(ScheduleRunnerPlugin::run_loop(Duration::from_millis(1)))
        .add_plugins(ShaderxformPlugin::default())
        .add_plugins((ComputePlugin, ExtractResourcePlugin::<Buffers>::default()))
        .init_resource::<Answer>()
        .add_systems(Startup, load_shader)
        .add_systems(Update, (make_buffers, finish))
        .run()
}

#[derive(Resource)]
struct ShaderHandle(#[allow(dead_code)] Handle<Shader>);

/// The GPU's answer, once read, and when the app started.
#[derive(Resource)]
struct Answer {
    encoding: Option<FloatEncoding>,
    read: Option<f32>,
    started: Instant,
}

impl Default for Answer {
    fn default() -> Self {
        Answer {
            encoding: None,
            read: None,
            started: Instant::now(),
        }
    }
}

#[derive(Resource, ExtractResource, Clone)]
struct Buffers {
    values: Handle<ShaderBuffer>,
    result: Handle<ShaderBuffer>,
}

fn load_shader(mut commands: Commands, asset_server: Res<AssetServer>) {
    commands.insert_resource(ShaderHandle(asset_server.load(SHADER)));
}

/// Once the shader has loaded, and so its contract is known: the input,
/// and the result cleared to the word the encoding starts a maximum at.
fn make_buffers(
    mut commands: Commands,
    contracts: Res<ShaderContracts>,
    mut buffers: ResMut<Assets<ShaderBuffer>>,
    mut answer: ResMut<Answer>,
    made: Option<Res<Buffers>>,
) {
    if made.is_some() {
        return;
    }
    let Some(encoding) = contracts.float_encoding(SHADER, "result") else {
        return;
    };
    info!(
        "float-atomics holds `result` as `{}` words",
        encoding.strategy()
    );
    answer.encoding = Some(encoding);
    let values = buffers.add(ShaderBuffer::from(values()));
    let mut result = ShaderBuffer::new(
        &encoding.clear_f32_words(Accumulation::Max, 1),
        RenderAssetUsages::default(),
    );
    result.buffer_description.usage |= BufferUsages::COPY_SRC;
    let result = buffers.add(result);
    commands.spawn(Readback::buffer(result.clone())).observe(
        |event: On<ReadbackComplete>, mut answer: ResMut<Answer>| {
            let Some(encoding) = answer.encoding else {
                return;
            };
            answer.read = encoding.decode_f32_words(&event.data).first().copied();
        },
    );
    commands.insert_resource(Buffers { values, result });
}

/// Exits once the GPU's maximum is the CPU's (success), or is past it, or
/// the time is up (failure).
fn finish(answer: Res<Answer>, mut exit: MessageWriter<AppExit>) {
    let expected = values().into_iter().fold(f32::NEG_INFINITY, f32::max);
    match answer.read {
        Some(read) if read.to_bits() == expected.to_bits() => {
            println!("GPU maximum {read} is the CPU's {expected}");
            exit.write(AppExit::Success);
        }
        Some(read) if read > expected || read.is_nan() => {
            println!("GPU maximum {read} is not the CPU's {expected}");
            exit.write(AppExit::error());
        }
        read if answer.started.elapsed() > LIMIT => {
            println!("no GPU maximum equal to the CPU's {expected} within {LIMIT:?} (last read: {read:?})");
            exit.write(AppExit::error());
        }
        _ => {}
    }
}

struct ComputePlugin;

impl Plugin for ComputePlugin {
    fn build(&self, app: &mut App) {
        let Some(render_app) = app.get_sub_app_mut(RenderApp) else {
            return;
        };
        render_app
            .add_systems(RenderStartup, queue_pipeline)
            .add_systems(
                Render,
                prepare_bind_group
                    .in_set(RenderSystems::PrepareBindGroups)
                    .run_if(resource_exists::<Buffers>)
                    .run_if(not(resource_exists::<ComputeBindGroup>)),
            )
            .add_systems(RenderGraph, dispatch.in_set(RenderGraphSystems::Render))
            // Without Bevy's core pipeline, nothing else submits what the
            // render graph's systems recorded.
            .add_systems(RenderGraph, submit.in_set(RenderGraphSystems::Submit));
    }
}

#[derive(Resource)]
struct ComputePipeline {
    layout: BindGroupLayoutDescriptor,
    pipeline: CachedComputePipelineId,
}

#[derive(Resource)]
struct ComputeBindGroup(BindGroup);

fn queue_pipeline(
    mut commands: Commands,
    asset_server: Res<AssetServer>,
    pipeline_cache: Res<PipelineCache>,
) {
    let layout = BindGroupLayoutDescriptor::new(
        "float max",
        &BindGroupLayoutEntries::sequential(
            ShaderStages::COMPUTE,
            (
                storage_buffer_read_only::<Vec<f32>>(false),
                storage_buffer::<u32>(false),
            ),
        ),
    );
    let pipeline = pipeline_cache.queue_compute_pipeline(ComputePipelineDescriptor {
        label: Some("float max".into()),
        layout: vec![layout.clone()],
        shader: asset_server.load(SHADER),
        ..default()
    });
    commands.insert_resource(ComputePipeline { layout, pipeline });
}

fn prepare_bind_group(
    mut commands: Commands,
    pipeline: Res<ComputePipeline>,
    render_device: Res<RenderDevice>,
    pipeline_cache: Res<PipelineCache>,
    buffers: Res<Buffers>,
    gpu_buffers: Res<RenderAssets<GpuShaderBuffer>>,
) {
    let (Some(values), Some(result)) = (
        gpu_buffers.get(&buffers.values),
        gpu_buffers.get(&buffers.result),
    ) else {
        return;
    };
    let bind_group = render_device.create_bind_group(
        None,
        &pipeline_cache.get_bind_group_layout(&pipeline.layout),
        &BindGroupEntries::sequential((
            values.buffer.as_entire_buffer_binding(),
            result.buffer.as_entire_buffer_binding(),
        )),
    );
    commands.insert_resource(ComputeBindGroup(bind_group));
}

fn dispatch(
    mut render_context: RenderContext,
    pipeline_cache: Res<PipelineCache>,
    pipeline: Res<ComputePipeline>,
    bind_group: Option<Res<ComputeBindGroup>>,
) {
    let (Some(compute), Some(bind_group)) = (
        pipeline_cache.get_compute_pipeline(pipeline.pipeline),
        bind_group,
    ) else {
        return;
    };
    let mut pass = render_context
        .command_encoder()
        .begin_compute_pass(&ComputePassDescriptor {
            label: Some("float max"),
            ..default()
        });
    pass.set_bind_group(0, &bind_group.0, &[]);
    pass.set_pipeline(compute);
    pass.dispatch_workgroups(COUNT.div_ceil(WORKGROUP_SIZE) as u32, 1, 1);
}

fn submit(mut commands: FlushCommands) {
    commands.flush();
}
