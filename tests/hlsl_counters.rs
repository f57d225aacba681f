//! The counter buffers of HLSL structured buffers (`IncrementCounter`,
//! `Append`): each on a binding of its own, the next free one, as DXC
//! gives them, where glslang alone put every counter, and every resource
//! without a register, at binding 0.

mod common;

use shaderxform::reflect::Rewritten;
use shaderxform::{Compiler, InputFormat, Options, Source};

/// Two buffers with counters, no registers: every counter slot is written
/// with one value, so the result does not depend on the order the
/// counters hand slots out in.
const COUNTERS_HLSL: &str = "struct Item { float v; };
RWStructuredBuffer<Item> Alive;
RWStructuredBuffer<Item> Dead;
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint a = Alive.IncrementCounter();
    if (id.x % 3 == 0) {
        uint d = Dead.IncrementCounter();
        Dead[d].v = 2.0;
    }
    Alive[a].v = 1.0;
}
";

/// What the host binds: each buffer, then its counter.
#[cfg(feature = "gpu")]
const COUNTERS_REFERENCE: &str = "struct Item { v: f32 }
struct Items { items: array<Item> }
struct Counter { count: atomic<u32> }
@group(0) @binding(0) var<storage, read_write> Alive: Items;
@group(0) @binding(1) var<storage, read_write> Alive_counter: Counter;
@group(0) @binding(2) var<storage, read_write> Dead: Items;
@group(0) @binding(3) var<storage, read_write> Dead_counter: Counter;

@compute @workgroup_size(64)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
    let a = atomicAdd(&Alive_counter.count, 1u);
    if id.x % 3u == 0u {
        let d = atomicAdd(&Dead_counter.count, 1u);
        Dead.items[d].v = 2.0;
    }
    Alive.items[a].v = 1.0;
}
";

#[test]
fn counters_take_bindings_of_their_own_and_are_named_for_their_buffers() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    let source = Source::from_text(
        "counters.hlsl",
        InputFormat::Hlsl(naga::ShaderStage::Compute),
        COUNTERS_HLSL,
    );
    let transformed = Compiler::new(Options::default())
        .unwrap()
        .transform(&source)
        .unwrap_or_else(|f| panic!("{:?}", f.diagnostics));
    let reflection = transformed.reflection();
    let named: Vec<(String, u32, Vec<Rewritten>)> = reflection
        .bindings
        .iter()
        .map(|b| (b.name.clone(), b.binding, b.rewritten.clone()))
        .collect();
    let counter = |buffer: &str| Rewritten::CounterBuffer {
        buffer: buffer.into(),
    };
    assert_eq!(
        named,
        [
            ("Alive".to_string(), 0, vec![]),
            ("Alive_counter".to_string(), 1, vec![counter("Alive")]),
            ("Dead".to_string(), 2, vec![]),
            ("Dead_counter".to_string(), 3, vec![counter("Dead")]),
        ],
        "{reflection:#?}"
    );
}

#[cfg(feature = "gpu")]
#[test]
fn counters_agree_with_the_buffers_a_host_binds_on_the_adapter() {
    if common::tool("glslangValidator").is_none() {
        return;
    }
    common::assert_agrees_in_wgsl_and_spirv(
        false,
        ("counters.hlsl", COUNTERS_HLSL),
        COUNTERS_REFERENCE,
        ("Alive", 1024),
        16,
    );
}
