//! Embedded source text continued over several instructions: glslang's
//! `-g` embeds the shader's text in `OpSource`, and a text longer than one
//! instruction holds (65,535 words, about 262,000 characters) goes on in
//! `OpSourceContinued`, which naga's reader refuses. The text is dropped
//! from `OpSource` and every `OpSourceContinued` removed; `OpString` and
//! `OpLine`, which place instructions in the source, stay.

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
