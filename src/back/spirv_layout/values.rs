//! Whole values that cross between a laid-out type and its undecorated
//! copy.
//!
//! A workgroup variable whose type a buffer also uses points at the
//! undecorated copy, so a load of a whole struct or array from it gives a
//! value of the copy, and a store into it needs one. Every other user of
//! the value (a local variable, a function parameter or result, a buffer,
//! a composite) has the original type, which SPIR-V treats as a different
//! type. Values are converted where they leave or enter workgroup memory:
//! with `OpCopyLogical` from SPIR-V 1.4 on, member by member before it.

use std::collections::HashMap;

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Op, Word};

/// What a conversion needs to know about the module.
pub struct Converter<'m> {
    /// Every type instruction, originals and copies, by id.
    pub types: &'m HashMap<Word, Instruction>,
    /// The value of each 32-bit integer constant, for array lengths.
    pub constants: &'m HashMap<Word, u32>,
    /// Whether the module's version has `OpCopyLogical` (1.4 and later).
    pub copy_logical: bool,
}

impl Converter<'_> {
    /// Appends to `out` the instructions that make `result`, of type `to`,
    /// from `value`, of type `from`; both types have the same members and
    /// differ only in layout decorations.
    pub fn convert(
        &self,
        value: Word,
        from: Word,
        to: Word,
        result: Word,
        fresh_id: &mut dyn FnMut() -> Word,
        out: &mut Vec<Instruction>,
    ) -> Result<(), String> {
        if self.copy_logical {
            out.push(Instruction::new(
                Op::CopyLogical,
                Some(to),
                Some(result),
                vec![Operand::IdRef(value)],
            ));
            return Ok(());
        }
        let from_members = self.members(from)?;
        let to_members = self.members(to)?;
        if from_members.len() != to_members.len() {
            return Err(format!(
                "the workgroup copy %{to} of %{from} has a different number of members"
            ));
        }
        let mut parts = Vec::with_capacity(to_members.len());
        for (index, (&member_from, &member_to)) in from_members.iter().zip(&to_members).enumerate()
        {
            let extracted = fresh_id();
            out.push(Instruction::new(
                Op::CompositeExtract,
                Some(member_from),
                Some(extracted),
                vec![Operand::IdRef(value), Operand::LiteralBit32(index as u32)],
            ));
            if member_from == member_to {
                parts.push(extracted);
            } else {
                let converted = fresh_id();
                self.convert(extracted, member_from, member_to, converted, fresh_id, out)?;
                parts.push(converted);
            }
        }
        out.push(Instruction::new(
            Op::CompositeConstruct,
            Some(to),
            Some(result),
            parts.into_iter().map(Operand::IdRef).collect(),
        ));
        Ok(())
    }

    /// The type of each member of a struct, or each element of an array,
    /// in order.
    fn members(&self, ty: Word) -> Result<Vec<Word>, String> {
        let inst = self
            .types
            .get(&ty)
            .ok_or_else(|| format!("the type %{ty} is not declared"))?;
        match (inst.class.opcode, inst.operands.as_slice()) {
            (Op::TypeStruct, operands) => operands
                .iter()
                .map(|o| match *o {
                    Operand::IdRef(id) => Ok(id),
                    _ => Err(format!("the struct %{ty} has a member that is not a type")),
                })
                .collect(),
            (Op::TypeArray, [Operand::IdRef(element), Operand::IdRef(length)]) => {
                let length = self.constants.get(length).ok_or_else(|| {
                    format!("the length of the workgroup array %{ty} is not a constant")
                })?;
                Ok(vec![*element; *length as usize])
            }
            _ => Err(format!(
                "a whole value of %{ty} crosses into workgroup memory, but it is neither a struct nor a sized array"
            )),
        }
    }
}
