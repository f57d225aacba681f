//! The counter buffers glslang declares for HLSL's `IncrementCounter`,
//! `DecrementCounter`, `Append` and `Consume` (a `uint` block named
//! `NAME@count` beside the buffer `NAME`), which the host binds like any
//! buffer: named `NAME_counter` (its block type `NAMECounter`), since `@` is no character of an
//! identifier in WGSL, HLSL or Metal (naga would write `NAME_u0040_count`),
//! and listed with their bindings, which glslang's automatic mapping gives
//! them as DXC does: the next free ones.

use rspirv::dr::Operand;
use rspirv::spirv::{Decoration, Op, StorageClass, Word};

use shaderxform_passes::Change;

use super::Legalizer;

/// A counter buffer of an HLSL structured buffer.
struct CounterBuffer {
    /// The structured buffer it counts for.
    pub buffer: String,
    /// Its name now: `buffer` and `_counter`.
    pub name: String,
    /// `(set, binding)`, where it has them.
    pub binding: Option<(u32, u32)>,
}

const SUFFIX: &str = "@count";

impl Legalizer {
    /// Renames the counter buffers (and their block types); a change for
    /// each, with its binding.
    pub(super) fn name_counter_buffers(&mut self) -> Vec<Change> {
        let variables: Vec<Word> = self
            .module
            .types_global_values
            .iter()
            .filter(|i| {
                i.class.opcode == Op::Variable
                    && matches!(
                        i.operands.first(),
                        Some(Operand::StorageClass(
                            StorageClass::StorageBuffer | StorageClass::Uniform
                        ))
                    )
            })
            .filter_map(|i| i.result_id)
            .filter(|v| self.names.get(v).is_some_and(|n| n.ends_with(SUFFIX)))
            .collect();
        let mut counters = Vec::new();
        for &variable in &variables {
            let old = self.names[&variable].clone();
            let buffer = old.trim_end_matches(SUFFIX).to_string();
            counters.push(CounterBuffer {
                name: format!("{buffer}_counter"),
                binding: self
                    .decoration_value(variable, Decoration::DescriptorSet)
                    .zip(self.decoration_value(variable, Decoration::Binding)),
                buffer,
            });
        }
        if counters.is_empty() {
            return Vec::new();
        }
        // The variables' names, and their block types' (`NAMECounter`, so
        // that the two do not take one name).
        let variables: std::collections::HashSet<Word> = variables.into_iter().collect();
        for inst in &mut self.module.debug_names {
            if inst.class.opcode != Op::Name {
                continue;
            }
            let target = match inst.operands.first() {
                Some(Operand::IdRef(id)) => *id,
                _ => continue,
            };
            if let Some(Operand::LiteralString(name)) = inst.operands.get_mut(1) {
                if let Some(buffer) = name.strip_suffix(SUFFIX) {
                    *name = if variables.contains(&target) {
                        format!("{buffer}_counter")
                    } else {
                        format!("{buffer}Counter")
                    };
                    self.names.insert(target, name.clone());
                }
            }
        }
        counters.iter().map(CounterBuffer::change).collect()
    }
}

impl CounterBuffer {
    fn change(&self) -> Change {
        let at = self.binding.map_or_else(String::new, |(set, binding)| {
            format!(" at set {set} binding {binding}")
        });
        let mut c = Change::new(
            "counter-buffer",
            naga::Span::default(),
            format!(
                "the counter of `{}` (`IncrementCounter`, `Append`, `Consume`) is the buffer `{}`{at}, a `u32` the host binds and clears, on a binding of its own as DXC gives it",
                self.buffer, self.name
            ),
        );
        c.details.insert("name".into(), self.name.clone());
        c.details.insert("buffer".into(), self.buffer.clone());
        if let Some((set, binding)) = self.binding {
            c.details
                .insert("binding".into(), format!("{set}:{binding}"));
        }
        c
    }
}
