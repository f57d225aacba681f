//! Positions of a SPIR-V input: every span of a module read from `.spv`
//! or `.spvasm`, and of every diagnostic about one, indexes what the user
//! gave. In a binary a span is the byte range of an instruction (its word
//! offset is the start over four); in assembly it is the text of the
//! instruction.
//!
//! naga reads not the input but the module after legalisation and the
//! lowering of float min/max, which may add, drop, change or move
//! instructions, and its offsets are not quite the binary's (see
//! `spirv_asm_positions`). Each instruction naga read is paired with the
//! input instruction it came from: the same words a little further on, or
//! else the instruction it replaced in place; one legalisation added
//! stands at the instruction before it.

use std::ops::Range;

use naga::Span;

use super::spirv_asm_positions::{naga_offsets, text_instructions};
use crate::diagnostics::Diagnostic;
use crate::spirv_words::{split_instructions, HEADER_WORDS};

/// How far ahead an instruction naga read is looked for among the input's:
/// legalisation inserts a few instructions at a time.
const PAIRING_WINDOW: usize = 64;

/// Where the instructions of a SPIR-V input lie in its source: bytes of a
/// binary, or the text of assembly.
pub struct InputPositions {
    /// The byte range of each in the source.
    in_source: Vec<Range<usize>>,
    /// The word where the input stops splitting into instructions.
    broken_at: Option<usize>,
    /// The span that stands for the whole module: the header of a binary,
    /// the first instruction of a text.
    header: Span,
    binary: bool,
}

impl InputPositions {
    /// The positions of a binary's instructions: their own bytes.
    pub fn binary(words: &[u32]) -> Self {
        let (instructions, broken_at) = split_instructions(words);
        let in_source = instructions
            .iter()
            .map(|r| r.start * 4..r.end * 4)
            .collect();
        InputPositions {
            in_source,
            broken_at,
            header: Span::new(0, (HEADER_WORDS.min(words.len()) * 4).max(4) as u32),
            binary: true,
        }
    }

    /// The positions of the instructions of assembly `text`, which
    /// assembled into `words`: the n-th instruction of the binary is the
    /// n-th of the text.
    pub fn assembly(words: &[u32], text: &str) -> Self {
        let (instructions, broken_at) = split_instructions(words);
        let mut in_text = text_instructions(text);
        if in_text.is_empty() {
            in_text.push(0..text.len());
        }
        // Should the text's instructions not be told apart one for one,
        // an instruction past the last one found stands at the last.
        let in_source = (0..instructions.len())
            .map(|n| in_text[n.min(in_text.len() - 1)].clone())
            .collect();
        let first = &in_text[0];
        InputPositions {
            in_source,
            broken_at,
            header: Span::new(first.start as u32, first.end.max(first.start + 1) as u32),
            binary: false,
        }
    }

    /// The span of the `n`-th instruction (from 0), or of the word where
    /// the input stopped splitting into instructions when there are fewer.
    pub fn instruction(&self, n: usize) -> Span {
        match self.in_source.get(n) {
            Some(range) => span(range),
            None => self.broken(),
        }
    }

    /// The span standing for the whole module.
    pub fn header(&self) -> Span {
        self.header
    }

    /// Where the input stops being a sequence of instructions: the word
    /// itself in a binary, the last instruction of a text.
    fn broken(&self) -> Span {
        match (self.binary, self.broken_at) {
            (true, Some(word)) => Span::new(word as u32 * 4, word as u32 * 4 + 4),
            _ => self.in_source.last().map_or(self.header, span),
        }
    }
}

fn span(range: &Range<usize>) -> Span {
    Span::new(range.start as u32, range.end.max(range.start + 1) as u32)
}

/// The input instruction each instruction naga read came from.
pub struct ReadPairing {
    /// naga's byte offsets of each instruction it read.
    naga: Vec<Range<usize>>,
    /// Word ranges of each instruction naga read, in the words it read.
    read: Vec<Range<usize>>,
    /// The input instruction each came from (an index into the input's).
    input: Vec<usize>,
}

impl ReadPairing {
    /// Pairs the instructions of `read` (the words naga read) with those
    /// of `input` (the words the user gave); `None` when `read` does not
    /// split into instructions.
    pub fn new(input: &[u32], read: &[u32]) -> Option<Self> {
        let (input_instructions, _) = split_instructions(input);
        let (read_instructions, broken) = split_instructions(read);
        if broken.is_some() {
            return None;
        }
        let mut paired = Vec::with_capacity(read_instructions.len());
        let mut next = 0;
        for r in &read_instructions {
            let words = &read[r.clone()];
            let ahead = input_instructions
                .iter()
                .enumerate()
                .skip(next)
                .take(PAIRING_WINDOW)
                .find(|(_, i)| &input[(*i).clone()] == words)
                .map(|(n, _)| n);
            // Rewritten in place: the same opcode, or the same operands
            // under another opcode (float min/max lowered).
            let in_place = input_instructions.get(next).is_some_and(|i| {
                input[i.start] & 0xffff == words[0] & 0xffff
                    || input[i.start + 1..i.end] == words[1..]
            });
            let n = match ahead {
                Some(n) => {
                    next = n + 1;
                    n
                }
                None if in_place => {
                    next += 1;
                    next - 1
                }
                // Added by legalisation: it stands where it was added.
                None => next.saturating_sub(1),
            };
            paired.push(n.min(input_instructions.len().saturating_sub(1)));
        }
        Some(ReadPairing {
            naga: naga_offsets(read, &read_instructions),
            read: read_instructions,
            input: paired,
        })
    }

    /// The input instruction where naga's byte offset `offset` lies.
    fn of_naga_offset(&self, offset: usize) -> Option<usize> {
        let at = self.naga.partition_point(|r| r.end <= offset);
        self.naga
            .get(at)
            .filter(|r| r.contains(&offset))
            .map(|_| self.input[at])
    }

    /// The input instruction of word `word` of the words naga read.
    pub fn of_read_word(&self, word: usize) -> Option<usize> {
        let at = self.read.partition_point(|r| r.end <= word);
        self.input
            .get(at.min(self.input.len().checked_sub(1)?))
            .copied()
    }

    /// A span of naga's as a span of the source: from the instruction
    /// where it starts to the one where it ends.
    pub fn span(&self, span: Span, positions: &InputPositions) -> Span {
        let Some(range) = span.to_range() else {
            return span;
        };
        let Some(first) = self.of_naga_offset(range.start) else {
            return Span::default();
        };
        let last = self
            .of_naga_offset(range.end.saturating_sub(1).max(range.start))
            .unwrap_or(first)
            .max(first);
        let (first, last) = (positions.instruction(first), positions.instruction(last));
        let (first, last) = (first.to_range().unwrap(), last.to_range().unwrap());
        Span::new(first.start as u32, first.end.max(last.end) as u32)
    }
}

/// Gives every span of `module` by `map`: naga's offsets of the words it
/// read become positions in the source.
pub fn remap_module_spans(module: &mut naga::Module, map: &dyn Fn(Span) -> Span) {
    let types = std::mem::take(&mut module.types);
    for (handle, ty) in types.iter() {
        module.types.insert(ty.clone(), map(types.get_span(handle)));
    }
    remap_arena(&mut module.constants, map);
    remap_arena(&mut module.overrides, map);
    remap_arena(&mut module.global_variables, map);
    remap_arena(&mut module.global_expressions, map);
    remap_arena(&mut module.functions, map);
    for (_, function) in module.functions.iter_mut() {
        remap_function(function, map);
    }
    for entry_point in &mut module.entry_points {
        remap_function(&mut entry_point.function, map);
    }
}

fn remap_arena<T>(arena: &mut naga::Arena<T>, map: &dyn Fn(Span) -> Span) {
    let items: Vec<(T, Span)> = arena.drain().map(|(_, item, span)| (item, span)).collect();
    for (item, span) in items {
        arena.append(item, map(span));
    }
}

fn remap_function(function: &mut naga::Function, map: &dyn Fn(Span) -> Span) {
    remap_arena(&mut function.expressions, map);
    remap_arena(&mut function.local_variables, map);
    remap_block(&mut function.body, map);
}

fn remap_block(block: &mut naga::Block, map: &dyn Fn(Span) -> Span) {
    use naga::Statement;
    for (statement, span) in block.span_iter_mut() {
        if let Some(span) = span {
            *span = map(*span);
        }
        match statement {
            Statement::Block(inner) => remap_block(inner, map),
            Statement::If { accept, reject, .. } => {
                remap_block(accept, map);
                remap_block(reject, map);
            }
            Statement::Switch { cases, .. } => {
                for case in cases {
                    remap_block(&mut case.body, map);
                }
            }
            Statement::Loop {
                body, continuing, ..
            } => {
                remap_block(body, map);
                remap_block(continuing, map);
            }
            _ => {}
        }
    }
}

/// A diagnostic of the SPIR-V front end placed at `span` when it has no
/// place yet.
pub fn placed(diagnostic: Diagnostic, span: Span, label: &str) -> Diagnostic {
    if diagnostic.labels.is_empty() {
        diagnostic.with_primary(span, label)
    } else {
        diagnostic
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::spirv_words::describe_instruction;

    const TEXT: &str = "; SPIR-V\n; Version: 1.0\n               OpCapability Shader\n               OpMemoryModel Logical GLSL450\n               OpEntryPoint GLCompute %main \"main ; not a comment\"\n               OpExecutionMode %main LocalSize 1 1 1\n       %void = OpTypeVoid\n          %3 = OpTypeFunction %void\n       %main = OpFunction %void None %3\n          %5 = OpLabel\n               OpReturn\n               OpFunctionEnd\n";

    #[test]
    fn each_instruction_of_the_binary_is_found_in_the_text() {
        let words = super::super::spirv::assemble(TEXT).unwrap();
        let positions = InputPositions::assembly(&words, TEXT);
        let text_of = |span: Span| &TEXT[span.to_range().unwrap()];
        assert_eq!(text_of(positions.instruction(0)), "OpCapability Shader");
        assert_eq!(text_of(positions.instruction(4)), "%void = OpTypeVoid");
        assert_eq!(
            text_of(positions.instruction(2)),
            "OpEntryPoint GLCompute %main \"main ; not a comment\""
        );
        assert_eq!(text_of(positions.header()), "OpCapability Shader");
    }

    #[test]
    fn binary_instructions_are_described_by_opcode_and_result() {
        let words = super::super::spirv::assemble(TEXT).unwrap();
        let positions = InputPositions::binary(&words);
        assert_eq!(positions.instruction(0), Span::new(20, 28));
        assert_eq!(describe_instruction(&words, 5), "OpCapability");
        let void = positions.instruction(4).to_range().unwrap().start / 4;
        // The assembler numbers `%void` 2: `%main` came first, and `%3`
        // keeps its number.
        assert_eq!(describe_instruction(&words, void), "%2 = OpTypeVoid");
        assert_eq!(
            describe_instruction(&words, void + 2),
            "%3 = OpTypeFunction"
        );
        assert_eq!(describe_instruction(&words, 0), "the module header");
        // A word count of zero stops the instructions there.
        let mut broken = words.clone();
        broken[void] &= 0xffff;
        let positions = InputPositions::binary(&broken);
        assert_eq!(
            positions.instruction(7),
            Span::new(void as u32 * 4, void as u32 * 4 + 4)
        );
        assert!(
            describe_instruction(&broken, void).starts_with("a word that starts no instruction")
        );
    }

    /// naga's own spans of a module with an entry point interface,
    /// execution modes, function types, float min/max (whose lowering
    /// drops a capability and an extension) and a member-wise `readonly`
    /// (which legalisation makes the variable's) land on their
    /// instructions in the text.
    #[test]
    fn naga_spans_land_on_their_instructions() {
        let text = std::fs::read_to_string(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/corpus/float-atomics/spv_float_minmax.spvasm"
        ))
        .unwrap();
        assert!(text.contains("OpMemberDecorate %Input 0 NonWritable\n"));
        let read = super::super::spirv::parse_assembly(&text, Default::default()).unwrap();
        assert!(read.legalized.changed());
        let module = read.module;
        let in_text = |span: Span| &text[span.to_range().unwrap()];
        let (handle, function) = module.functions.iter().next().unwrap();
        let whole = in_text(module.functions.get_span(handle));
        assert!(whole.starts_with("%main = OpFunction"), "{whole}");
        assert!(whole.ends_with("OpFunctionEnd"), "{whole}");
        let global = module.global_variables.iter().next().unwrap().0;
        assert!(in_text(module.global_variables.get_span(global)).contains("= OpVariable"));
        let mut checked = 0;
        for (h, e) in function.expressions.iter() {
            let span = function.expressions.get_span(h);
            let expected = match e {
                naga::Expression::LocalVariable(_) => "OpVariable",
                naga::Expression::Load { .. } => "OpLoad",
                naga::Expression::AtomicResult { .. } => "OpAtomicF",
                _ => continue,
            };
            let found = in_text(span);
            assert!(found.contains(expected), "{e:?}: {found}");
            assert!(!found.contains('\n'), "one instruction: {found}");
            checked += 1;
        }
        assert!(checked >= 8, "{checked}");
    }
}
