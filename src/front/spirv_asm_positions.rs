//! Positions in the source text for spans of a module read from SPIR-V:
//! the instructions of SPIR-V assembly ([`text_instructions`], which
//! `spirv_positions` pairs with the binary's), and the GLSL or HLSL lines
//! that glslang compiled with line information ([`SourceLines`]).
//!
//! naga's SPIR-V reader gives every expression and statement the byte
//! range of its instruction in the binary it read.
//!
//! naga's offsets are not quite the binary's: it counts the words it reads
//! one by one and skips counting those it takes in bulk (the interface of
//! `OpEntryPoint`, the operands of `OpExecutionMode`, the parameters of
//! `OpTypeFunction`), so its offset of an instruction is the binary's less
//! the words skipped before it.

use std::ops::Range;

use naga::Span;

use crate::spirv_words::split_instructions;

/// Where the source lines of `OpLine` instructions lie in the text of the
/// file that glslang compiled, for each instruction naga read.
#[derive(Clone, Debug)]
pub struct SourceLines {
    /// `(naga's offsets of the instruction, its line in the text)`, in
    /// order; instructions under no `OpLine` of the file are left out.
    instructions: Vec<(Range<usize>, Span)>,
}

impl SourceLines {
    /// The lines of `words` (the module naga read) in `text`, the contents
    /// of `file` as `OpString` names it. An `OpLine` applies to the
    /// instructions after it up to the next `OpLine`, an `OpNoLine` or the
    /// end of its block. Lines of other files (`#include`d) are not in
    /// `text`: they stand at the `#include` line that names the file, where
    /// there is one. Only lines inside functions count (naga reads none
    /// outside), besides the declarations of globals, found by name;
    /// legalisation keeps the order of a block's instructions, so that the
    /// line of each stays its own, and what it adds to a block takes the
    /// line of the instruction it stands for.
    pub fn of(words: &[u32], file: &str, text: &str) -> Option<Self> {
        const OP_STRING: u32 = 7;
        const OP_LINE: u32 = 8;
        const OP_FUNCTION: u32 = 54;
        const OP_FUNCTION_END: u32 = 56;
        const OP_NO_LINE: u32 = 317;
        const OP_NAME: u32 = 5;
        const OP_TYPE_POINTER: u32 = 32;
        const OP_TYPE_STRUCT: u32 = 30;
        const OP_VARIABLE: u32 = 59;
        let read = binary_instructions(words)?;
        let offsets = naga_offsets(words, &read);
        let mut file_ids = Vec::new();
        let mut in_function = false;
        let mut current: Option<Span> = None;
        let mut instructions = Vec::new();
        let starts = line_starts(text);
        let mut names = std::collections::HashMap::new();
        let mut other_files = std::collections::HashMap::new();
        let mut pointees = std::collections::HashMap::new();
        // The `#include` line each included file stands at.
        let mut include_lines: std::collections::HashMap<u32, Option<Span>> =
            std::collections::HashMap::new();
        // Globals whose name the shader's text does not hold (declared in
        // an included file, or named by a macro): each stands at the
        // first line that reads or writes it.
        let mut unplaced: std::collections::HashMap<u32, Range<usize>> =
            std::collections::HashMap::new();
        for (range, naga_range) in read.iter().zip(offsets) {
            let instruction = &words[range.clone()];
            let opcode = instruction[0] & 0xffff;
            match opcode {
                OP_STRING if instruction.len() > 2 => {
                    let name = string_operand(&instruction[2..]);
                    if name == file {
                        file_ids.push(instruction[1]);
                    } else {
                        other_files.insert(instruction[1], name);
                    }
                }
                OP_LINE if instruction.len() >= 4 => {
                    // A line of an `#include`d file stands at the
                    // `#include` that names it.
                    current = if !in_function {
                        None
                    } else if file_ids.contains(&instruction[1]) {
                        line_span(text, &starts, instruction[2], instruction[3])
                    } else {
                        *include_lines.entry(instruction[1]).or_insert_with(|| {
                            other_files.get(&instruction[1]).and_then(|name| {
                                super::glslang::include_line(text, name).or_else(|| {
                                    super::glslang::include_line_through(
                                        text,
                                        name,
                                        other_files.values(),
                                    )
                                })
                            })
                        })
                    };
                    continue;
                }
                OP_NO_LINE => {
                    current = None;
                    continue;
                }
                OP_FUNCTION => in_function = true,
                OP_NAME if instruction.len() > 2 => {
                    names.insert(instruction[1], string_operand(&instruction[2..]));
                }
                OP_TYPE_POINTER if instruction.len() > 3 => {
                    pointees.insert(instruction[1], instruction[3]);
                }
                // A structure stands at the first line that names it.
                OP_TYPE_STRUCT if !in_function && instruction.len() > 1 => {
                    let name = names.get(&instruction[1]).filter(|n| !n.is_empty());
                    if let Some(span) = name.and_then(|n| declaration_line(text, &starts, n)) {
                        instructions.push((naga_range, span));
                    }
                    continue;
                }
                // glslang writes no line for a global: its declaration is
                // found by its name, or its block's (`cbuffer B { ... };`).
                OP_VARIABLE if !in_function && instruction.len() > 2 => {
                    let name = names
                        .get(&instruction[2])
                        .filter(|n| !n.is_empty())
                        .or_else(|| names.get(pointees.get(&instruction[1])?));
                    match name.and_then(|n| declaration_line(text, &starts, n)) {
                        Some(span) => instructions.push((naga_range, span)),
                        None => {
                            unplaced.insert(instruction[2], naga_range);
                        }
                    }
                    continue;
                }
                _ => {}
            }
            if let Some(span) = current {
                if let Some(global) = accessed_variable(instruction) {
                    if let Some(declaration) = unplaced.remove(&global) {
                        instructions.push((declaration, span));
                    }
                }
                instructions.push((naga_range, span));
            }
            if opcode == OP_FUNCTION_END {
                in_function = false;
            }
            if opcode == OP_FUNCTION_END || ends_block(opcode) {
                current = None;
            }
        }
        // Globals placed at their first use join in their own order.
        instructions.sort_by_key(|(binary, _)| binary.start);
        Some(SourceLines { instructions })
    }

    /// The source line of the instruction where `span` starts, or else of
    /// the first instruction within it that has one (a span of a whole
    /// function starts at `OpFunction`, before any line).
    pub fn text_span(&self, span: Span) -> Option<Span> {
        let range = span.to_range()?;
        let at = self
            .instructions
            .partition_point(|(binary, _)| binary.end <= range.start);
        self.instructions
            .get(at)
            .filter(|(binary, _)| binary.start < range.end.max(range.start + 1))
            .map(|&(_, line)| line)
    }
}

/// The source line of the last `OpLine` of `file` before instruction `n`
/// (from 0) of `words` in its function, or for a global variable the line
/// that declares it: where SPIR-V that glslang wrote for `text` stands in
/// the text, for a diagnostic about instruction `n`.
pub(super) fn line_before_instruction(
    words: &[u32],
    n: usize,
    file: &str,
    text: &str,
) -> Option<Span> {
    const OP_STRING: u32 = 7;
    const OP_LINE: u32 = 8;
    const OP_FUNCTION_END: u32 = 56;
    const OP_NAME: u32 = 5;
    const OP_FUNCTION: u32 = 54;
    const OP_VARIABLE: u32 = 59;
    let (instructions, _) = split_instructions(words);
    let starts = line_starts(text);
    let mut file_ids = Vec::new();
    let mut line = None;
    let mut names = std::collections::HashMap::new();
    let mut in_function = false;
    for (at, range) in instructions.iter().enumerate().take(n + 1) {
        let instruction = &words[range.clone()];
        match instruction[0] & 0xffff {
            OP_STRING if instruction.len() > 2 && string_operand(&instruction[2..]) == file => {
                file_ids.push(instruction[1]);
            }
            OP_NAME if instruction.len() > 2 => {
                names.insert(instruction[1], string_operand(&instruction[2..]));
            }
            OP_FUNCTION => in_function = true,
            // glslang writes no line for a global: it is declared where
            // its name first stands.
            OP_VARIABLE if at == n && !in_function && instruction.len() > 2 => {
                return names
                    .get(&instruction[2])
                    .filter(|name| !name.is_empty())
                    .and_then(|name| declaration_line(text, &starts, name));
            }
            OP_LINE if instruction.len() >= 4 && file_ids.contains(&instruction[1]) => {
                line = line_span(text, &starts, instruction[2], instruction[3]).or(line);
            }
            OP_FUNCTION_END => line = None,
            _ => {}
        }
    }
    line
}

/// The line of the first use of `name` as a whole identifier in `text`
/// outside comments: in GLSL and HLSL a global is declared before it is used.
/// The pointer a load, store, access chain or image texel pointer reads
/// through.
fn accessed_variable(instruction: &[u32]) -> Option<u32> {
    const OP_IMAGE_TEXEL_POINTER: u32 = 60;
    const OP_LOAD: u32 = 61;
    const OP_STORE: u32 = 62;
    const OP_ACCESS_CHAIN: u32 = 65;
    const OP_IN_BOUNDS_ACCESS_CHAIN: u32 = 66;
    match instruction[0] & 0xffff {
        OP_STORE => instruction.get(1).copied(),
        OP_LOAD | OP_ACCESS_CHAIN | OP_IN_BOUNDS_ACCESS_CHAIN | OP_IMAGE_TEXEL_POINTER => {
            instruction.get(3).copied()
        }
        _ => None,
    }
}

fn declaration_line(text: &str, starts: &[usize], name: &str) -> Option<Span> {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_';
    let mut in_block_comment = false;
    for (n, &start) in starts.iter().enumerate() {
        let end = text[start..].find('\n').map_or(text.len(), |i| start + i);
        let mut line = &text[start..end];
        if in_block_comment {
            match line.find("*/") {
                Some(i) => {
                    in_block_comment = false;
                    line = &line[i + 2..];
                }
                None => continue,
            }
        }
        let code = line.split("//").next().unwrap_or("");
        let code = match code.find("/*") {
            Some(i) => {
                in_block_comment = !code[i..].contains("*/");
                &code[..i]
            }
            None => code,
        };
        let found = code.match_indices(name).any(|(at, _)| {
            let before = code[..at].chars().next_back();
            let after = code[at + name.len()..].chars().next();
            !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
        });
        if found {
            return line_span(text, starts, n as u32 + 1, 0);
        }
    }
    None
}

/// Whether an instruction ends its block, and with it the reach of an
/// `OpLine`.
pub(super) fn ends_block(opcode: u32) -> bool {
    matches!(
        opcode,
        // OpBranch ..= OpUnreachable, OpTerminateInvocation,
        // OpIgnoreIntersectionKHR, OpTerminateRayKHR, OpEmitMeshTasksEXT
        249..=255 | 4416 | 4448 | 4449 | 5294
    )
}

/// A literal string operand: UTF-8 bytes up to the first zero byte.
fn string_operand(words: &[u32]) -> String {
    let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    let end = bytes.iter().position(|&b| b == 0).unwrap_or(bytes.len());
    String::from_utf8_lossy(&bytes[..end]).into_owned()
}

/// Line `line` of `text` (1-based) from `column` (1-based; 0 when glslang
/// knows none: the first character that is not blank) to its end, trailing
/// blanks left out.
/// `starts` are the offsets where the lines of `text` start
/// ([`line_starts`]).
fn line_span(text: &str, starts: &[usize], line: u32, column: u32) -> Option<Span> {
    let start = *starts.get(line.checked_sub(1)? as usize)?;
    if start >= text.len() && line > 1 {
        return None;
    }
    let end = text[start..].find('\n').map_or(text.len(), |n| start + n);
    let line_text = text[start..end].trim_end();
    let from = if column == 0 {
        line_text.len() - line_text.trim_start().len()
    } else {
        line_text
            .char_indices()
            .nth(column as usize - 1)
            .map_or(line_text.len(), |(i, _)| i)
    };
    let (from, to) = (start + from, start + line_text.len());
    (from < to).then(|| Span::new(from as u32, to as u32))
}

/// Where each line of `text` starts: 0, then after every newline.
fn line_starts(text: &str) -> Vec<usize> {
    std::iter::once(0)
        .chain(text.match_indices('\n').map(|(i, _)| i + 1))
        .collect()
}

/// naga's byte offsets of each instruction of `instructions` (word ranges
/// of `words`).
pub(super) fn naga_offsets(words: &[u32], instructions: &[Range<usize>]) -> Vec<Range<usize>> {
    let mut uncounted = 0;
    instructions
        .iter()
        .map(|range| {
            let skipped = words_naga_does_not_count(&words[range.clone()]);
            let start = (range.start - uncounted) * 4;
            let end = (range.end - uncounted - skipped) * 4;
            uncounted += skipped;
            start..end.max(start + 4)
        })
        .collect()
}

/// The words of one instruction that naga's reader takes without counting
/// them in its offsets.
fn words_naga_does_not_count(instruction: &[u32]) -> usize {
    const OP_ENTRY_POINT: u32 = 15;
    const OP_EXECUTION_MODE: u32 = 16;
    const OP_TYPE_FUNCTION: u32 = 33;
    let count = instruction.len();
    match instruction[0] & 0xffff {
        OP_EXECUTION_MODE | OP_TYPE_FUNCTION => count.saturating_sub(3),
        OP_ENTRY_POINT => {
            // The name starts at word 3 and ends with the word that holds
            // its terminating zero byte.
            let name_words = instruction
                .iter()
                .skip(3)
                .position(|w| w.to_le_bytes().contains(&0))
                .map_or(count.saturating_sub(3), |i| i + 1);
            count.saturating_sub(3 + name_words)
        }
        _ => 0,
    }
}

/// Word ranges of the instructions after the header, if they split the
/// words to the end.
fn binary_instructions(words: &[u32]) -> Option<Vec<Range<usize>>> {
    match split_instructions(words) {
        (instructions, None) => Some(instructions),
        (_, Some(_)) => None,
    }
}

/// Byte ranges of the instructions of assembly text: each starts at
/// `%result =` or at an `Op` name that no `=` precedes, and runs to the end
/// of its last operand. Comments and the text of strings are skipped.
pub(super) fn text_instructions(text: &str) -> Vec<Range<usize>> {
    let tokens = tokens(text);
    let mut starts = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let word = &text[token.clone()];
        let next_is_equals = tokens.get(i + 1).is_some_and(|t| &text[t.clone()] == "=");
        let after_equals = i > 0 && &text[tokens[i - 1].clone()] == "=";
        let op_name =
            word.starts_with("Op") && word[2..].starts_with(|c: char| c.is_ascii_uppercase());
        if (word.starts_with('%') && next_is_equals) || (op_name && !after_equals) {
            starts.push(i);
        }
    }
    starts
        .iter()
        .enumerate()
        .map(|(n, &first)| {
            let last = starts.get(n + 1).map_or(tokens.len(), |&next| next) - 1;
            tokens[first].start..tokens[last].end
        })
        .collect()
}

/// Byte ranges of whitespace-separated tokens, strings as one token,
/// comments left out.
fn tokens(text: &str) -> Vec<Range<usize>> {
    let bytes = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b if b.is_ascii_whitespace() => i += 1,
            b';' => {
                while i < bytes.len() && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'"' => {
                let start = i;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                i = (i + 1).min(bytes.len());
                out.push(start..i);
            }
            _ => {
                let start = i;
                while i < bytes.len() && !bytes[i].is_ascii_whitespace() && bytes[i] != b';' {
                    i += 1;
                }
                out.push(start..i);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The text each instruction with `opcode` stands at in `text`, the
    /// source of `path` that `words` were compiled from, in order.
    fn texts_at<'t>(words: &[u32], path: &str, text: &'t str, opcode: u32) -> Vec<Option<&'t str>> {
        let lines = SourceLines::of(words, path, text).unwrap();
        let read = binary_instructions(words).unwrap();
        let offsets = naga_offsets(words, &read);
        read.iter()
            .zip(&offsets)
            .filter(|(range, _)| words[range.start] & 0xffff == opcode)
            .map(|(_, naga)| {
                let span = Span::new(naga.start as u32, naga.end as u32);
                lines.text_span(span).map(|s| &text[s.to_range().unwrap()])
            })
            .collect()
    }

    /// The text the first instruction with `opcode` stands at.
    fn text_at<'t>(words: &[u32], path: &str, text: &'t str, opcode: u32) -> Option<&'t str> {
        texts_at(words, path, text, opcode)[0]
    }

    /// Each `OpLine` of the shader's own file places the instructions after
    /// it, up to an `OpNoLine`, a line of another file or the end of the
    /// block.
    #[test]
    fn source_lines_follow_line_instructions_of_the_shader_only() {
        let glsl = "first\n   second line  \nthird\n";
        let words = super::super::spirv::assemble(
            "OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\"
OpExecutionMode %main LocalSize 1 1 1
%shader = OpString \"/tmp/x/shader.comp\"
%header = OpString \"inc.h\"
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%ptr = OpTypePointer Function %uint
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
%v = OpVariable %ptr Function
OpLine %shader 2 0
%a = OpLoad %uint %v
OpLine %header 1 0
%b = OpLoad %uint %v
OpNoLine
%c = OpLoad %uint %v
OpLine %shader 3 4
%d = OpLoad %uint %v
OpBranch %next
%next = OpLabel
%e = OpLoad %uint %v
OpReturn
OpFunctionEnd
",
        )
        .unwrap();
        let loads = texts_at(&words, "/tmp/x/shader.comp", glsl, 61);
        assert_eq!(
            loads,
            [Some("second line"), None, None, Some("rd"), None],
            "line 2 from its first non-blank character; another file; \
             after OpNoLine; line 3 from column 4; a new block"
        );
        assert_eq!(
            line_span(glsl, &line_starts(glsl), 9, 0),
            None,
            "past the end"
        );
    }

    /// glslang writes no line for a global, and the lines of an included
    /// file are not the shader's: each stands at the line that names it.
    #[test]
    fn globals_and_included_lines_stand_where_the_shader_names_them() {
        let glsl = "#version 450\n// data: not here\n#include \"inc.h\"\nlayout(binding = 0) buffer B { float v[]; } data;\nvoid main() {}\n";
        let words = super::super::spirv::assemble(
            "OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\"
OpExecutionMode %main LocalSize 1 1 1
%shader = OpString \"/tmp/x/shader.comp\"
%header = OpString \"/usr/include/inc.h\"
OpName %data \"data\"
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%ptr = OpTypePointer Function %uint
%sptr = OpTypePointer StorageBuffer %uint
%data = OpVariable %sptr StorageBuffer
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
%v = OpVariable %ptr Function
OpLine %header 7 0
%a = OpLoad %uint %v
OpReturn
OpFunctionEnd
",
        )
        .unwrap();
        let line_of = |opcode: u32| text_at(&words, "/tmp/x/shader.comp", glsl, opcode);
        assert_eq!(
            line_of(59),
            Some("layout(binding = 0) buffer B { float v[]; } data;"),
            "the global, past the comment that names it"
        );
        assert_eq!(line_of(61), Some("#include \"inc.h\""), "the included line");
    }

    /// A line of a header that another header includes stands at the
    /// shader's `#include` that leads to it.
    #[test]
    fn lines_of_headers_included_by_headers_stand_at_the_shaders_include() {
        let dir = tempfile::tempdir().unwrap();
        let outer = dir.path().join("lib/outer.h");
        let inner = dir.path().join("lib/deep/inner.h");
        std::fs::create_dir_all(inner.parent().unwrap()).unwrap();
        std::fs::write(&outer, "#include \"deep/inner.h\"\n").unwrap();
        std::fs::write(&inner, "uint f() { return 1u; }\n").unwrap();
        let glsl = "#version 450\n#include \"other.h\"\n#include \"lib/outer.h\"\nvoid main() {}\n";
        let words = super::super::spirv::assemble(&format!(
            "OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\"
OpExecutionMode %main LocalSize 1 1 1
%shader = OpString \"/tmp/x/shader.comp\"
%outer = OpString \"{}\"
%inner = OpString \"{}\"
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%ptr = OpTypePointer Function %uint
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
%v = OpVariable %ptr Function
OpLine %inner 1 0
%a = OpLoad %uint %v
OpReturn
OpFunctionEnd
",
            outer.display(),
            inner.display()
        ))
        .unwrap();
        let at = text_at(&words, "/tmp/x/shader.comp", glsl, 61);
        assert_eq!(at, Some("#include \"lib/outer.h\""));
    }

    /// A structure type stands at the first line that names it.
    #[test]
    fn structures_stand_at_the_line_that_names_them() {
        let hlsl = "// Thing\nclass Thing {\n};\nvoid main() {}\n";
        let words = super::super::spirv::assemble(
            "OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\"
OpExecutionMode %main LocalSize 1 1 1
OpName %thing \"Thing\"
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%thing = OpTypeStruct %uint
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
OpReturn
OpFunctionEnd
",
        )
        .unwrap();
        let at = text_at(&words, "/tmp/x/shader.hlsl", hlsl, 30);
        assert_eq!(at, Some("class Thing {"));
    }

    /// A global whose name the shader does not hold (a header declares it,
    /// or a macro makes its name) stands at the first line that reads it.
    #[test]
    fn globals_the_shader_does_not_name_stand_at_their_first_use() {
        let glsl = "#version 450\n#include \"decl.h\"\nvoid main() {\n    uint x = HIDDEN;\n}\n";
        let words = super::super::spirv::assemble(
            "OpCapability Shader
OpMemoryModel Logical GLSL450
OpEntryPoint GLCompute %main \"main\"
OpExecutionMode %main LocalSize 1 1 1
%shader = OpString \"/tmp/x/shader.comp\"
OpName %hidden \"made_by_a_macro\"
%void = OpTypeVoid
%uint = OpTypeInt 32 0
%pptr = OpTypePointer Private %uint
%hidden = OpVariable %pptr Private
%fn = OpTypeFunction %void
%main = OpFunction %void None %fn
%entry = OpLabel
OpLine %shader 4 0
%a = OpLoad %uint %hidden
OpReturn
OpFunctionEnd
",
        )
        .unwrap();
        let at = text_at(&words, "/tmp/x/shader.comp", glsl, 59);
        assert_eq!(at, Some("uint x = HIDDEN;"));
    }
}
