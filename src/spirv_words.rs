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

/// Makes the embedded source text (`OpSource`'s text, `OpSourceContinued`)
/// UTF-8 where it is not, in place: each byte of an invalid sequence
/// becomes `?`. glslang writes the bytes of characters outside ASCII
/// wrongly (`•` as `E2 FF FF`), and rspirv cannot load a module with a
/// string that is not UTF-8. Every instruction keeps its length, so word
/// offsets and instruction indices stay; whether anything changed.
pub(crate) fn repair_source_text_utf8(words: &mut [u32]) -> bool {
    const SOURCE_CONTINUED: u32 = 2;
    const SOURCE: u32 = 3;
    let (instructions, _) = split_instructions(words);
    let mut changed = false;
    for range in instructions {
        // The text follows the opcode (`OpSourceContinued`), or the opcode,
        // language, version and file (`OpSource`).
        let text_start = match words[range.start] & 0xffff {
            SOURCE_CONTINUED => range.start + 1,
            SOURCE if range.len() > 4 => range.start + 4,
            _ => continue,
        };
        let text = &mut words[text_start..range.end];
        let mut bytes: Vec<u8> = text.iter().flat_map(|w| w.to_le_bytes()).collect();
        let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
        let mut at = 0;
        while let Err(e) = std::str::from_utf8(&bytes[at..end]) {
            let bad_start = at + e.valid_up_to();
            let bad_end = e.error_len().map_or(end, |len| bad_start + len);
            bytes[bad_start..bad_end].fill(b'?');
            at = bad_end;
            changed = true;
        }
        for (word, chunk) in text.iter_mut().zip(bytes.chunks_exact(4)) {
            *word = u32::from_le_bytes(chunk.try_into().expect("4 bytes"));
        }
    }
    changed
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words_of(bytes: &[u8]) -> Vec<u32> {
        bytes
            .chunks(4)
            .map(|c| {
                let mut word = [0u8; 4];
                word[..c.len()].copy_from_slice(c);
                u32::from_le_bytes(word)
            })
            .collect()
    }

    #[test]
    fn source_text_bytes_that_are_not_utf8_become_question_marks_in_place() {
        // "© • x": `©` as glslang writes it stays valid, `•` does not.
        let text = b"\xc2\xa9 \xe2\xff\xff x\0\0";
        let text_words = words_of(text);
        let mut module = vec![0x0723_0203, 0x0001_0300, 0, 100, 0];
        // OpSource GLSL 450 %1 "text"
        module.push(((4 + text_words.len() as u32) << 16) | 3);
        module.extend([2, 450, 1]);
        module.extend(&text_words);
        // OpSourceContinued "text", and an instruction after them.
        module.push(((1 + text_words.len() as u32) << 16) | 2);
        module.extend(&text_words);
        module.extend([(2 << 16) | 17, 1]);
        let length = module.len();

        assert!(repair_source_text_utf8(&mut module));
        assert_eq!(module.len(), length);
        let repaired = words_of(b"\xc2\xa9 ??? x\0\0");
        assert_eq!(module[9..9 + repaired.len()], repaired[..]);
        let continued = 9 + repaired.len() + 1;
        assert_eq!(module[continued..continued + repaired.len()], repaired[..]);
        assert_eq!(module[length - 2..], [(2 << 16) | 17, 1]);
        assert!(!repair_source_text_utf8(&mut module), "already UTF-8");
    }
}
