use naga::{Barrier, Block, Module, ShaderStage, Statement};

use crate::diagnostics::{self, Diagnostic};

pub fn parse(text: &str, stage: ShaderStage) -> Result<Module, Vec<Diagnostic>> {
    let options = naga::front::glsl::Options::from(stage);
    // naga's reader unwraps the layout of each type it declares, and
    // panics on one of 4 GiB or more.
    let parsed =
        std::panic::catch_unwind(|| naga::front::glsl::Frontend::default().parse(&options, text))
            .map_err(|payload| {
            let message = payload
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            match super::sizes::glsl_layout_panic(&message, text) {
                Some(d) => vec![d],
                None => std::panic::resume_unwind(payload),
            }
        })?;
    let mut module = parsed
        .map_err(|errors| {
            let mut diagnostics: Vec<Diagnostic> = diagnostics::from_glsl_parse(&errors)
                .into_iter()
                .map(|d| match d.labels.is_empty() {
                    true => super::glsl_positions::placed(d, text),
                    false => d,
                })
                .collect();
            for d in diagnostics.iter_mut() {
                if d.message.contains("Unknown function 'atomic") {
                    d.notes.push(
                        "naga's GLSL reader has no atomic functions; compile the shader to SPIR-V \
                         (`glslangValidator -V`) and give shaderxform the .spv: float atomicMin and \
                         atomicMax (GL_EXT_shader_atomic_float2) are rewritten there"
                            .to_string(),
                    );
                }
            }
            diagnostics
        })?;
    narrow_barriers(&mut module);
    refuse_undeclared_workgroup_size(&module, text)?;
    Ok(module)
}

/// naga's reader makes `gl_WorkGroupSize`, read in a shader that
/// declares no `local_size` layout, an input built-in that no target has
/// (it is a constant in GLSL, and only a declared size gives it a value);
/// glslang refuses it, and so does this, where the text reads it.
fn refuse_undeclared_workgroup_size(module: &Module, text: &str) -> Result<(), Vec<Diagnostic>> {
    let reads_it = module.entry_points.iter().any(|ep| {
        ep.function
            .arguments
            .iter()
            .any(|a| a.binding == Some(naga::Binding::BuiltIn(naga::BuiltIn::WorkGroupSize)))
    });
    if !reads_it {
        return Ok(());
    }
    const NAME: &str = "gl_WorkGroupSize";
    let diagnostic = Diagnostic::error(
        "`gl_WorkGroupSize` is read, but the shader declares no workgroup size",
    )
    .with_code(shaderxform_passes::codes::INPUT_WORKGROUP_SIZE_UNDECLARED)
    .with_note("declare the size with `layout(local_size_x = X, local_size_y = Y, local_size_z = Z) in;` (or `local_size_x_id` for a specialization constant)");
    Err(vec![match text.find(NAME) {
        Some(at) => diagnostic.with_primary(
            naga::Span::new(at as u32, (at + NAME.len()) as u32),
            "it has a value only where `layout(local_size_x = ...) in;` gives one",
        ),
        None => super::glsl_positions::placed(diagnostic, text),
    }])
}

/// naga reads GLSL's `barrier()` as a barrier on every kind of memory,
/// subgroup and texture included, which WGSL cannot say and HLSL refuses.
/// In a compute shader `barrier()` synchronises the workgroup and orders
/// its shared memory (glslang emits `OpControlBarrier Workgroup Workgroup
/// AcquireRelease|WorkgroupMemory`), and buffer and image ordering is the
/// job of `memoryBarrierBuffer()` and `memoryBarrierImage()`: keep exactly
/// that.
fn narrow_barriers(module: &mut Module) {
    let narrow = |block: &mut Block| {
        for statement in block.iter_mut() {
            if let Statement::ControlBarrier(flags) = statement {
                if flags.contains(Barrier::SUB_GROUP | Barrier::TEXTURE) {
                    *flags = Barrier::WORK_GROUP;
                }
            }
        }
    };
    for (_, function) in module.functions.iter_mut() {
        shaderxform_passes::ir::for_each_block_mut(&mut function.body, &mut { narrow });
    }
    for ep in module.entry_points.iter_mut() {
        shaderxform_passes::ir::for_each_block_mut(&mut ep.function.body, &mut { narrow });
    }
}
