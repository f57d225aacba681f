//! Read-only and write-only blocks: glslang decorates the members of a
//! block `NonWritable` (`NonReadable`), naga reads the variable's
//! decoration; a variable whose every member is so gets it too.

use std::collections::HashSet;

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Decoration, Op, StorageClass};

use super::Legalizer;

impl Legalizer {
    pub(super) fn block_access(&mut self) -> Vec<(Option<String>, &'static str)> {
        let mut added = Vec::new();
        let variables = self.global_variables();
        for &(var, ty) in &variables {
            let Some((class, pointee)) = self.pointee(ty) else {
                continue;
            };
            if !matches!(class, StorageClass::StorageBuffer | StorageClass::Uniform) {
                continue;
            }
            let Some(block) = self.global(pointee) else {
                continue;
            };
            if block.class.opcode != Op::TypeStruct || block.operands.is_empty() {
                continue;
            }
            // A struct that is no block (the universal environment allows
            // one) cannot give its members' access to the variable.
            let is_block = |d| self.has_decoration(pointee, d);
            if !is_block(Decoration::Block) && !is_block(Decoration::BufferBlock) {
                continue;
            }
            let members = block.operands.len() as u32;
            // Only read-only: WGSL and naga have no write-only storage
            // buffers, so a `writeonly` block stays read-write.
            let decoration = Decoration::NonWritable;
            {
                let decorated: HashSet<u32> = self
                    .module
                    .annotations
                    .iter()
                    .filter(|i| i.class.opcode == Op::MemberDecorate)
                    .filter(|i| i.operands.first() == Some(&Operand::IdRef(pointee)))
                    .filter(|i| i.operands.get(2) == Some(&Operand::Decoration(decoration)))
                    .filter_map(|i| match i.operands.get(1) {
                        Some(Operand::LiteralBit32(m)) => Some(*m),
                        _ => None,
                    })
                    .collect();
                if (0..members).all(|m| decorated.contains(&m))
                    && !self.has_decoration(var, decoration)
                {
                    let sharing = variables
                        .iter()
                        .filter(|(_, t)| self.pointee(*t).map(|(_, p)| p) == Some(pointee))
                        .count();
                    let member_decoration = self.module.annotations.iter().position(|i| {
                        i.class.opcode == Op::MemberDecorate
                            && i.operands.first() == Some(&Operand::IdRef(pointee))
                            && i.operands.get(2) == Some(&Operand::Decoration(decoration))
                    });
                    match member_decoration {
                        // naga reads no member's `NonWritable`: the variable's
                        // decoration takes the place of one, so that every
                        // other instruction keeps its position (diagnostics
                        // on SPIR-V assembly point at the text by it).
                        Some(at) if sharing == 1 => {
                            self.module.annotations[at] = Instruction::new(
                                Op::Decorate,
                                None,
                                None,
                                vec![Operand::IdRef(var), Operand::Decoration(decoration)],
                            );
                        }
                        _ => self.decorate(var, decoration, None),
                    }
                    added.push((self.names.get(&var).cloned(), "read-only"));
                }
            }
        }
        added
    }
}
