//! The rewrites of SPIR-V legalisation as a report.

use shaderxform_passes::{Change, PassReport};

use super::{spirv_legalize, storage_format, LEGALIZE_REPORT};

/// The rewrites of SPIR-V legalisation as a report, one change each, with
/// what a host needs in the details (the new bindings above all).
pub(super) fn legalize_report(legalized: &spirv_legalize::Legalized) -> Option<PassReport> {
    if !legalized.changed() {
        return None;
    }
    let span = naga::Span::default();
    let name = |n: &Option<String>| {
        n.as_deref()
            .map_or_else(|| "(unnamed)".to_string(), |n| format!("`{n}`"))
    };
    let mut changes = Vec::new();
    for s in &legalized.samplers {
        let mut c = Change::new(
            "split-combined-sampler",
            span,
            format!(
                "combined image sampler {} at set {} binding {} split: texture at set {} binding {}, sampler at set {} binding {}",
                name(&s.name), s.combined.0, s.combined.1, s.texture.0, s.texture.1, s.sampler.0, s.sampler.1
            ),
        );
        c.details.insert(
            "combined".into(),
            format!("{}:{}", s.combined.0, s.combined.1),
        );
        c.details
            .insert("texture".into(), format!("{}:{}", s.texture.0, s.texture.1));
        c.details
            .insert("sampler".into(), format!("{}:{}", s.sampler.0, s.sampler.1));
        if let Some(n) = &s.name {
            c.details.insert("name".into(), n.clone());
        }
        changes.push(c);
    }
    for f in &legalized.frozen {
        let id = f
            .spec_id
            .map_or_else(String::new, |id| format!(" (constant_id {id})"));
        let whence = if f.overridden {
            format!("at {}, the value given with --override", f.value)
        } else {
            format!("at its default value {}", f.value)
        };
        let mut c = Change::new(
            "fix-spec-constant",
            span,
            format!(
                "specialization constant {}{id} fixed {whence}: it is {}, which naga cannot keep overridable",
                name(&f.name),
                f.reason
            ),
        );
        c.strategy = Some(if f.overridden { "override" } else { "default" }.into());
        c.details.insert("value".into(), f.value.clone());
        if let Some(n) = &f.name {
            c.details.insert("name".into(), n.clone());
        }
        if let Some(id) = f.spec_id {
            c.details.insert("constant_id".into(), id.to_string());
        }
        changes.push(c);
    }
    for chosen in &legalized.chosen {
        changes.push(chosen_variant_change(chosen, span));
    }
    for (var, what) in &legalized.access {
        changes.push(Change::new(
            "block-access",
            span,
            format!(
                "buffer {} is {what}: every member of its block is",
                name(var)
            ),
        ));
    }
    for b in &legalized.builtins {
        let mut c = Change::new(
            "merge-builtin-inputs",
            span,
            format!(
                "built-in {} declared by {} input variables, now by one",
                b.built_in, b.variables
            ),
        );
        c.details.insert("built_in".into(), b.built_in.clone());
        c.details
            .insert("variables".into(), b.variables.to_string());
        changes.push(c);
    }
    for f in &legalized.storage_formats {
        let format = storage_format::wgsl_name(f.format);
        let at = f.binding.map_or_else(String::new, |(set, binding)| {
            format!(" at set {set} binding {binding}")
        });
        let mut c = Change::new(
            "storage-format",
            span,
            format!(
                "storage image `{}`{at} has format {format}, as given",
                f.name
            ),
        );
        c.details.insert("name".into(), f.name.clone());
        c.details.insert("format".into(), format.into());
        if let Some((set, binding)) = f.binding {
            c.details
                .insert("binding".into(), format!("{set}:{binding}"));
        }
        changes.push(c);
    }
    // Rewrites of one variable each, named in the details.
    let of_variable = |kind: &str, variable: &Option<String>, message: String| {
        let mut c = Change::new(kind, span, message);
        if let Some(n) = variable {
            c.details.insert("name".into(), n.clone());
        }
        c
    };
    for image in &legalized.coherent_images {
        changes.push(of_variable(
            "drop-image-coherence",
            image,
            format!(
                "storage image {} is only written: its coherence qualifier, which naga's IR has for storage buffers only, is dropped (no invocation of the dispatch reads what another wrote)",
                name(image)
            ),
        ));
    }
    for variable in &legalized.workgroup_vector_atomics {
        changes.push(of_variable(
            "split-workgroup-vectors",
            variable,
            format!(
                "workgroup variable {}: its vectors became arrays of their components, on which WGSL has atomics (it has none on vector components)",
                name(variable)
            ),
        ));
    }
    for structure in &legalized.storage_8bit {
        changes.push(of_variable(
            "8bit-storage-words",
            structure,
            format!(
                "structure {}: its 8-bit members, which WGSL has not, became 32-bit words at the same offsets, read with bit-field extracts",
                name(structure)
            ),
        ));
    }
    // What the steps that record their own changes recorded.
    changes.extend(legalized.changes.iter().cloned());
    for block in &legalized.push_constant_words {
        let words: Vec<String> = block
            .words
            .iter()
            .map(|(offset, members)| format!("{offset}:{}", members.join(",")))
            .collect();
        let mut c = of_variable(
            "push-constant-words",
            &block.variable,
            format!(
                "push-constant block {}: naga's IR has no 16-bit immediates, so its 16-bit members are read from the 32-bit words that hold them ({}); the host pushes the same bytes",
                name(&block.variable),
                block
                    .words
                    .iter()
                    .map(|(offset, members)| format!("`{}` at byte {offset}", members.join("`, `")))
                    .collect::<Vec<_>>()
                    .join("; ")
            ),
        );
        c.details.insert("words".into(), words.join(";"));
        changes.push(c);
    }
    // Rewrites that need no details: how many of each.
    for (kind, count, what) in [
        (
            "copy-logical",
            legalized.copy_logical,
            "OpCopyLogical written as member-wise copies",
        ),
        (
            "subgroup-lane-ops",
            legalized.subgroup_lane_ops,
            "subgroup operations or built-ins naga does not read (elect, ballot bit counts and queries, all-equal, lane masks) written with ones it does",
        ),
        (
            "cross-block-operands",
            legalized.cross_block_operands,
            "operands of subgroup or atomic operations, defined in another block, copied into the operation's block",
        ),
        (
            "hlsl-prefix-scan",
            legalized.hlsl_prefix_scans,
            "WavePrefixSum/WavePrefixProduct that glslang wrote as inclusive scans made exclusive, as HLSL defines them",
        ),
        (
            "shift-signedness",
            legalized.shift_signedness,
            "shifts of mixed signedness given the signedness they work in (bitcasts)",
        ),
        (
            "image-atomics",
            legalized.image_atomics.iter().map(|s| s.calls).sum(),
            "atomic operations on storage image texels read as image atomics (naga's reader reads none from SPIR-V)",
        ),
        (
            "ray-queries",
            legalized.ray_queries.instructions(),
            "ray query instructions read as naga's ray queries (naga's reader reads none from SPIR-V)",
        ),
        (
            "strip-source-text",
            legalized.source_continued,
            "OpSourceContinued removed with the embedded source text they continue (line positions stay)",
        ),
        (
            "strip-non-semantic",
            legalized.non_semantic,
            "non-semantic instructions (debug printf) removed: they change nothing the shader computes",
        ),
        (
            "fill-empty-struct",
            legalized.empty_structs,
            "structures without members given one unused uint member: naga and WGSL have no empty structures",
        ),
    ] {
        if count > 0 {
            changes.push(Change::new(kind, span, format!("{count} {what}")));
        }
    }
    Some(PassReport {
        name: LEGALIZE_REPORT,
        skipped: None,
        changes,
        diagnostics: Vec::new(),
    })
}

/// A specialization constant fixed to choose between resources on one
/// binding, as a `fix-spec-constant` change: the value, why, which
/// resource the shader written keeps, and how to get the other variant.
fn chosen_variant_change(chosen: &spirv_legalize::ChosenSpecConstant, span: naga::Span) -> Change {
    let quoted = spirv_legalize::quoted_resource;
    let id = chosen
        .spec_id
        .map_or_else(String::new, |id| format!(" (constant_id {id})"));
    let name = chosen.name.as_deref().map_or_else(
        || "an unnamed specialization constant".to_string(),
        |n| format!("specialization constant `{n}`"),
    );
    let key = chosen
        .name
        .clone()
        .or_else(|| chosen.spec_id.map(|id| id.to_string()));
    let whence = if chosen.overridden {
        format!("at {}, the value given with --override", chosen.value)
    } else {
        format!("at its default value {}", chosen.value)
    };
    let choices: Vec<String> = chosen
        .bindings
        .iter()
        .map(|b| {
            let names: Vec<String> = b.resources.iter().map(quoted).collect();
            format!(
                "between {} on set {} binding {}",
                names.join(" and "),
                b.binding.0,
                b.binding.1
            )
        })
        .collect();
    let reason = format!("it chooses {}", choices.join(", and "));
    let kept: Vec<String> = chosen
        .bindings
        .iter()
        .map(|b| match &b.kept {
            Some(kept) => quoted(kept),
            None => format!(
                "none of the resources on set {} binding {}",
                b.binding.0, b.binding.1
            ),
        })
        .collect();
    let other = match (&key, chosen.boolean) {
        (Some(key), true) => {
            let other = if chosen.value == "true" {
                "false"
            } else {
                "true"
            };
            format!("; --override {key}={other} gives the other variant")
        }
        (Some(key), false) => format!("; another --override {key}=VALUE may give another"),
        (None, _) => String::new(),
    };
    let mut c = Change::new(
        "fix-spec-constant",
        span,
        format!(
            "{name}{id} fixed {whence}: {reason}, and one WGSL entry point cannot use two resources on one binding; the shader written holds the variant with {}{other}",
            kept.join(" and ")
        ),
    );
    c.strategy = Some(
        if chosen.overridden {
            "override"
        } else {
            "default"
        }
        .into(),
    );
    c.details.insert("value".into(), chosen.value.clone());
    c.details.insert("reason".into(), reason);
    if let Some(n) = &chosen.name {
        c.details.insert("name".into(), n.clone());
    }
    if let Some(id) = chosen.spec_id {
        c.details.insert("constant_id".into(), id.to_string());
    }
    let bindings: Vec<String> = chosen
        .bindings
        .iter()
        .map(|b| format!("{}:{}", b.binding.0, b.binding.1))
        .collect();
    c.details.insert("bindings".into(), bindings.join(","));
    let kept: Vec<String> = chosen
        .bindings
        .iter()
        .filter_map(|b| b.kept.clone().flatten())
        .collect();
    c.details.insert("kept".into(), kept.join(","));
    c
}
