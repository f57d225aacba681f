//! The word stream of a SPIR-V module: where its instructions start, and
//! how a diagnostic names the instruction at a word. Shared by the front
//! end (pairing what naga read with the input) and the diagnostics of a
//! binary input (which name the instruction each label is on), so that
//! neither reaches into the other.

use std::ops::Range;

use rspirv::grammar::{CoreInstructionTable, OperandKind};

/// The words of the SPIR-V header, before the first instruction.
pub(crate) const HEADER_WORDS: usize = 5;

/// The instructions after the header, as far as their word counts split
/// the words, and the word where splitting stopped (a word count of zero
/// or one that runs past the end), if it did.
pub(crate) fn split_instructions(words: &[u32]) -> (Vec<Range<usize>>, Option<usize>) {
    let mut out = Vec::new();
    let mut at = HEADER_WORDS;
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        if count == 0 || at + count > words.len() {
            return (out, Some(at));
        }
        out.push(at..at + count);
        at += count;
    }
    (out, None)
}

/// An instruction as diagnostics name it: `%12 = OpFAdd`, `OpStore`, or
/// the header of the module.
pub(crate) fn describe_instruction(words: &[u32], word: usize) -> String {
    if word < HEADER_WORDS {
        return "the module header".to_string();
    }
    let (instructions, _) = split_instructions(words);
    let at = instructions.partition_point(|r| r.end <= word);
    let Some(range) = instructions.get(at).filter(|r| r.contains(&word)) else {
        return match words.get(word) {
            Some(w) => format!(
                "a word that starts no instruction ({w:#010x}: opcode {}, word count {})",
                w & 0xffff,
                w >> 16
            ),
            None => "the end of the module".to_string(),
        };
    };
    let instruction = &words[range.clone()];
    let opcode = instruction[0] & 0xffff;
    let Some(grammar) = CoreInstructionTable::lookup_opcode(opcode as u16) else {
        return format!("an instruction of unknown opcode {opcode}");
    };
    let result = grammar
        .operands
        .iter()
        .take(2)
        .position(|o| o.kind == OperandKind::IdResult)
        .and_then(|i| instruction.get(1 + i));
    match result {
        Some(id) => format!("%{id} = Op{}", grammar.opname),
        None => format!("Op{}", grammar.opname),
    }
}
