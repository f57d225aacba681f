//! Embedded source text continued over several instructions: glslang's
//! `-g` embeds the shader's text in `OpSource`, and a text longer than one
//! instruction holds (65,535 words, about 262,000 characters) goes on in
//! `OpSourceContinued`, which naga's reader refuses. The text is dropped
//! from `OpSource` and every `OpSourceContinued` removed; `OpString` and
//! `OpLine`, which place instructions in the source, stay.
//!
//! glslang also writes the bytes of characters outside ASCII into the
//! embedded text wrongly (`•` becomes `E2 FF FF`), which is not UTF-8:
//! rspirv cannot load such a module, so it is loaded again without the
//! text ([`without_source_text`]).

use rspirv::dr::Operand;
use rspirv::spirv::Op;

use super::Legalizer;

impl Legalizer {
    /// Drops the embedded source text where it is continued; returns the
    /// number of `OpSourceContinued` removed.
    pub(super) fn strip_continued_source_text(&mut self) -> usize {
        let debug = &mut self.module.debug_string_source;
        let continued = debug
            .iter()
            .filter(|i| i.class.opcode == Op::SourceContinued)
            .count();
        if continued == 0 {
            // A text that fits in `OpSource` is read as it is.
            return 0;
        }
        debug.retain(|i| i.class.opcode != Op::SourceContinued);
        for source in debug.iter_mut().filter(|i| i.class.opcode == Op::Source) {
            // Language, version, then the file's `OpString`; the text last.
            source
                .operands
                .retain(|o| !matches!(o, Operand::LiteralString(_)));
        }
        continued
    }
}

/// `words` without the embedded source text: `OpSource` keeps its
/// language, version and file, `OpSourceContinued` goes. The other
/// instructions stay as they are, with their results.
pub(super) fn without_source_text(words: &[u32]) -> Vec<u32> {
    let (instructions, stopped) = crate::spirv_words::split_instructions(words);
    let mut out = words[..crate::spirv_words::HEADER_WORDS.min(words.len())].to_vec();
    for range in instructions {
        let instruction = &words[range];
        match instruction[0] & 0xffff {
            op if op == Op::SourceContinued as u32 => {}
            // Opcode, language, version, file: the text follows.
            op if op == Op::Source as u32 && instruction.len() > 4 => {
                out.push((4 << 16) | op);
                out.extend_from_slice(&instruction[1..4]);
            }
            _ => out.extend_from_slice(instruction),
        }
    }
    if let Some(at) = stopped {
        out.extend_from_slice(&words[at..]);
    }
    out
}
