//! What the passes and the front end changed that a host must follow,
//! read from their reports and placed on the bindings they concern.

use std::collections::BTreeMap;

use shaderxform_passes::PassReport;

use super::{Binding, FixedPointSum, FixedSpecializationConstant, Rewritten};

/// The fixed-point format of a `retype-atomic` change, where it has one.
fn fixed_point_sum(details: &BTreeMap<String, String>) -> Option<FixedPointSum> {
    let number = |key: &str| details.get(key)?.parse::<u32>().ok();
    let float = |key: &str| details.get(key)?.parse::<f64>().ok();
    Some(FixedPointSum {
        format: details.get("fixed_point")?.clone(),
        fraction_bits: number("fraction_bits")?,
        word_bits: number("word_bits")?,
        smallest: float("smallest")?,
        largest: float("largest")?,
        overflow_group: number("overflow_group")?,
        overflow_binding: number("overflow_binding")?,
        overflow_bit: number("overflow_bit")?,
    })
}

/// The changes of the passes and the front end that a host must follow,
/// placed on the bindings they concern.
pub(super) fn add_rewrites(bindings: &mut [Binding], passes: &[PassReport]) {
    let at =
        |group: u32, binding: u32| move |b: &&mut Binding| b.group == group && b.binding == binding;
    let number = |text: Option<&String>| text.and_then(|t| t.parse::<u32>().ok());
    let pair = binding_pair;
    for change in passes.iter().flat_map(|p| &p.changes) {
        match change.kind.as_str() {
            "retype-atomic" => {
                let (Some(group), Some(index)) = (
                    number(change.details.get("group")),
                    number(change.details.get("binding")),
                ) else {
                    continue; // workgroup memory: no binding
                };
                let clear_values = change
                    .details
                    .iter()
                    .filter_map(|(k, v)| {
                        Some((k.strip_prefix("clear_value_for_")?.to_string(), v.clone()))
                    })
                    .collect();
                let rewritten = Rewritten::FloatAtomics {
                    encoding: change.strategy.clone().unwrap_or_default(),
                    float: change.details.get("float").cloned().unwrap_or_default(),
                    memory_holds_float_bits: change
                        .details
                        .get("memory_holds_float_bits")
                        .is_some_and(|v| v == "true"),
                    byte_offsets: change
                        .details
                        .get("byte_offsets")
                        .cloned()
                        .unwrap_or_default(),
                    clear_values,
                    fixed_point: fixed_point_sum(&change.details),
                };
                if let Some(b) = bindings.iter_mut().find(at(group, index)) {
                    b.rewritten.push(rewritten);
                }
                if let Some(sum) = fixed_point_sum(&change.details) {
                    let variable = change.details.get("variable").cloned().unwrap_or_default();
                    let flag = bindings
                        .iter_mut()
                        .find(at(sum.overflow_group, sum.overflow_binding));
                    if let Some(flag) = flag {
                        match flag.rewritten.iter_mut().find_map(|r| match r {
                            Rewritten::FloatAtomicsOverflow { bits } => Some(bits),
                            _ => None,
                        }) {
                            Some(bits) => {
                                bits.insert(variable, sum.overflow_bit);
                            }
                            None => flag.rewritten.push(Rewritten::FloatAtomicsOverflow {
                                bits: BTreeMap::from([(variable, sum.overflow_bit)]),
                            }),
                        }
                    }
                }
            }
            "hlsl-register-shift" => {
                let shifts = change.details.get("shifts").map_or("", String::as_str);
                for (class, shift) in shifts.split(',').filter_map(|s| s.split_once('=')) {
                    let Ok(shift) = shift.parse::<u32>() else {
                        continue;
                    };
                    for b in bindings.iter_mut() {
                        if hlsl_register_class(b) == Some(class) && b.binding >= shift {
                            b.rewritten.push(Rewritten::HlslRegisterShift {
                                register: format!("{class}{}", b.binding - shift),
                                shift,
                            });
                        }
                    }
                }
            }
            "storage-format" => {
                let (Some([group, index]), Some(format)) = (
                    pair(change.details.get("binding")),
                    change.details.get("format"),
                ) else {
                    continue;
                };
                if let Some(b) = bindings.iter_mut().find(at(group, index)) {
                    b.rewritten.push(Rewritten::StorageFormat {
                        format: format.clone(),
                    });
                }
            }
            "texel-buffer" => {
                let (Some([group, index]), Some(format), Some(element), Some(stride)) = (
                    pair(change.details.get("binding")),
                    change.details.get("format"),
                    change.details.get("element"),
                    number(change.details.get("stride")),
                ) else {
                    continue;
                };
                if let Some(b) = bindings.iter_mut().find(at(group, index)) {
                    b.rewritten.push(Rewritten::TexelBuffer {
                        format: format.clone(),
                        format_from: change
                            .details
                            .get("format_from")
                            .cloned()
                            .unwrap_or_default(),
                        element: element.clone(),
                        stride,
                    });
                }
            }
            "counter-buffer" => {
                let (Some([group, index]), Some(buffer)) = (
                    pair(change.details.get("binding")),
                    change.details.get("buffer"),
                ) else {
                    continue;
                };
                if let Some(b) = bindings.iter_mut().find(at(group, index)) {
                    b.rewritten.push(Rewritten::CounterBuffer {
                        buffer: buffer.clone(),
                    });
                }
            }
            "input-attachment" => {
                let (Some([group, index]), Some(attachment)) = (
                    pair(change.details.get("binding")),
                    number(change.details.get("index")),
                ) else {
                    continue;
                };
                if let Some(b) = bindings.iter_mut().find(at(group, index)) {
                    b.rewritten
                        .push(Rewritten::InputAttachment { index: attachment });
                }
            }
            "split-combined-sampler" => {
                let (Some(combined), Some(texture), Some(sampler)) = (
                    pair(change.details.get("combined")),
                    pair(change.details.get("texture")),
                    pair(change.details.get("sampler")),
                ) else {
                    continue;
                };
                let rewritten = Rewritten::SplitCombinedSampler {
                    combined,
                    texture,
                    sampler,
                };
                for [group, index] in [texture, sampler] {
                    if let Some(b) = bindings.iter_mut().find(at(group, index)) {
                        b.rewritten.push(rewritten.clone());
                    }
                }
            }
            _ => {}
        }
    }
}

/// The specialization constants the front end fixed at their defaults,
/// from its `fix-spec-constant` changes.
pub(super) fn fixed_specialization_constants(
    passes: &[PassReport],
) -> Vec<FixedSpecializationConstant> {
    passes
        .iter()
        .flat_map(|p| &p.changes)
        .filter(|c| c.kind == "fix-spec-constant")
        .filter_map(|c| {
            Some(FixedSpecializationConstant {
                name: c.details.get("name").cloned(),
                constant_id: c.details.get("constant_id").and_then(|t| t.parse().ok()),
                value: c.details.get("value")?.clone(),
            })
        })
        .collect()
}

/// The HLSL register class of a binding: `b` constant buffers, `s`
/// samplers, `t` textures and read-only buffers, `u` what shaders write.
pub(super) fn hlsl_register_class(binding: &Binding) -> Option<&'static str> {
    Some(match (binding.kind, binding.access) {
        ("uniform-buffer", _) => "b",
        ("sampler" | "comparison-sampler", _) => "s",
        ("sampled-texture" | "depth-texture", _) | ("storage-buffer", Some("read")) => "t",
        ("storage-buffer" | "storage-texture", _) => "u",
        _ => return None,
    })
}

/// `[group, binding]` of a change's detail written `group:binding`.
pub(crate) fn binding_pair(text: Option<&String>) -> Option<[u32; 2]> {
    let (group, binding) = text?.split_once(':')?;
    Some([group.parse().ok()?, binding.parse().ok()?])
}
