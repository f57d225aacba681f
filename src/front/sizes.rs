//! Types too large for naga: an array or struct of 4 GiB or more.
//!
//! naga lays out every type of a module in 32-bit sizes, and its GLSL and
//! SPIR-V readers unwrap the result, so a declaration such as `shared
//! float big[1 << 30];` (valid GLSL, which glslang compiles) made them
//! panic. Such a type is refused before naga reads the module, naming the
//! variable or member that holds it and, where the source is text, its
//! declaration.

use std::collections::HashMap;

use crate::diagnostics::Diagnostic;

/// The largest size naga's layout holds.
const LIMIT: u128 = u32::MAX as u128;

/// A declaration whose type is too large.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Oversized {
    /// The variable's or member's name, where the module has one.
    pub name: Option<String>,
    pub bytes: u128,
}

impl Oversized {
    /// The refusal, its label on `name`'s declaration in `text` when both
    /// are known.
    pub fn diagnostic(&self, text: Option<&str>) -> Diagnostic {
        let what = self
            .name
            .as_deref()
            .map_or_else(|| "a type".to_string(), |n| format!("`{n}`"));
        let mut d = Diagnostic::error(format!(
            "{what} takes {} bytes, more than the 4 GiB (2^32 - 1 bytes) a type may take",
            self.bytes
        ))
        .with_code(shaderxform_passes::codes::INPUT_SIZE_OVERFLOW)
        .with_note(
            "naga, and every target shaderxform writes, sizes types in 32 bits; no device has \
             that much workgroup or buffer memory for one variable",
        );
        if let (Some(name), Some(text)) = (self.name.as_deref(), text) {
            if let Some(span) = array_declaration(text, name) {
                d = d.with_primary(span, "declared here");
            }
        }
        d
    }
}

/// The first oversized array or struct of a SPIR-V module, with the name
/// of a variable or struct member of that type.
pub fn oversized_spirv_type(words: &[u32]) -> Option<Oversized> {
    const OP_NAME: u32 = 5;
    const OP_MEMBER_NAME: u32 = 6;
    const OP_TYPE_BOOL: u32 = 20;
    const OP_TYPE_INT: u32 = 21;
    const OP_TYPE_FLOAT: u32 = 22;
    const OP_TYPE_VECTOR: u32 = 23;
    const OP_TYPE_MATRIX: u32 = 24;
    const OP_TYPE_ARRAY: u32 = 28;
    const OP_TYPE_STRUCT: u32 = 30;
    const OP_TYPE_POINTER: u32 = 32;
    const OP_CONSTANT: u32 = 43;
    const OP_VARIABLE: u32 = 59;
    let mut sizes: HashMap<u32, u128> = HashMap::new();
    let mut constants: HashMap<u32, u128> = HashMap::new();
    let mut names: HashMap<u32, String> = HashMap::new();
    let mut member_names: HashMap<(u32, u32), String> = HashMap::new();
    let mut pointees: HashMap<u32, u32> = HashMap::new();
    let mut oversized: Option<(u32, u128)> = None;
    let mut holder: Option<String> = None;
    let mut at = 5;
    while at < words.len() {
        let count = (words[at] >> 16) as usize;
        if count == 0 || at + count > words.len() {
            return None;
        }
        let opcode = words[at] & 0xffff;
        let operands = &words[at + 1..at + count];
        at += count;
        let size = match (opcode, operands) {
            (OP_NAME, [target, name @ ..]) => {
                names.insert(*target, string(name));
                continue;
            }
            (OP_MEMBER_NAME, [target, member, name @ ..]) => {
                member_names.insert((*target, *member), string(name));
                continue;
            }
            (OP_CONSTANT, [_, id, low, rest @ ..]) => {
                let high = rest.first().copied().unwrap_or(0) as u128;
                constants.insert(*id, high << 32 | *low as u128);
                continue;
            }
            (OP_TYPE_POINTER, [id, _, pointee]) => {
                pointees.insert(*id, *pointee);
                continue;
            }
            (OP_VARIABLE, [ty, _, ..]) => {
                if let (Some((big, _)), None) = (oversized, &holder) {
                    if pointees.get(ty) == Some(&big) {
                        holder = names.get(&operands[1]).cloned();
                    }
                }
                continue;
            }
            (OP_TYPE_BOOL, [id]) => (*id, 4),
            (OP_TYPE_INT | OP_TYPE_FLOAT, [id, width, ..]) => (*id, (*width as u128).div_ceil(8)),
            // A vector of three takes the room of four, as naga aligns it.
            (OP_TYPE_VECTOR, [id, component, n]) => (
                *id,
                sizes.get(component).copied().unwrap_or(4)
                    * (*n).max(2).next_power_of_two() as u128,
            ),
            (OP_TYPE_MATRIX, [id, column, n]) => {
                (*id, sizes.get(column).copied().unwrap_or(16) * *n as u128)
            }
            (OP_TYPE_ARRAY, [id, element, length]) => (
                *id,
                sizes
                    .get(element)
                    .copied()
                    .unwrap_or(0)
                    .saturating_mul(constants.get(length).copied().unwrap_or(0)),
            ),
            (OP_TYPE_STRUCT, [id, members @ ..]) => {
                let mut total: u128 = 0;
                for (index, member) in members.iter().enumerate() {
                    let size = sizes.get(member).copied().unwrap_or(0);
                    if size > LIMIT && oversized.is_some_and(|(big, _)| big == *member) {
                        holder = holder.or_else(|| member_names.get(&(*id, index as u32)).cloned());
                    }
                    total = total.saturating_add(size);
                }
                (*id, total)
            }
            _ => continue,
        };
        let (id, bytes) = size;
        sizes.insert(id, bytes);
        if bytes > LIMIT && oversized.is_none() {
            oversized = Some((id, bytes));
        }
    }
    let (_, bytes) = oversized?;
    Some(Oversized {
        name: holder,
        bytes,
    })
}

/// A SPIR-V literal string.
fn string(words: &[u32]) -> String {
    let bytes: Vec<u8> = words
        .iter()
        .flat_map(|w| w.to_le_bytes())
        .take_while(|&b| b != 0)
        .collect();
    String::from_utf8_lossy(&bytes).into_owned()
}

/// Where `name` is declared as an array in GLSL or HLSL `text`: its first
/// occurrence followed by `[`, since a declaration comes before every use.
pub(crate) fn array_declaration(text: &str, name: &str) -> Option<naga::Span> {
    let bytes = text.as_bytes();
    let is_word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    let mut from = 0;
    while let Some(found) = text[from..].find(name) {
        let start = from + found;
        let end = start + name.len();
        from = end;
        if start > 0 && is_word(bytes[start - 1]) {
            continue;
        }
        if bytes.get(end).is_some_and(|&b| is_word(b)) {
            continue;
        }
        if text[end..].trim_start().starts_with('[') {
            return Some(naga::Span::new(start as u32, end as u32));
        }
    }
    None
}

/// naga's GLSL reader panics on such a type too (on its layout, or on the
/// overflow of a member's offset); its message, caught, is this refusal,
/// located at the largest array length written in the text.
pub fn glsl_layout_panic(message: &str, text: &str) -> Option<Diagnostic> {
    // Debug builds of naga also stop on the overflow of an offset.
    let layout = message.contains("LayoutError") && message.contains("TooLarge");
    if !layout && !message.contains("with overflow") {
        return None;
    }
    let mut d = Diagnostic::error(
        "an array or struct takes more than the 4 GiB (2^32 - 1 bytes) a type may take",
    )
    .with_code(shaderxform_passes::codes::INPUT_SIZE_OVERFLOW)
    .with_note(
        "naga, and every target shaderxform writes, sizes types in 32 bits; no device has that \
         much workgroup or buffer memory for one variable",
    );
    if let Some(span) = largest_array_length(text) {
        d = d.with_primary(span, "this array is too large");
    }
    Some(d)
}

/// The `[...]` of the largest array length spelled as an integer literal
/// or a shift of two (`1 << 30`).
fn largest_array_length(text: &str) -> Option<naga::Span> {
    let mut best: Option<(u128, naga::Span)> = None;
    let mut from = 0;
    while let Some(open) = text[from..].find('[') {
        let start = from + open;
        let Some(close) = text[start..].find(']') else {
            break;
        };
        let end = start + close + 1;
        from = start + 1;
        let Some(value) = integer_expression(&text[start + 1..end - 1]) else {
            continue;
        };
        if best.is_none_or(|(v, _)| value > v) {
            best = Some((value, naga::Span::new(start as u32, end as u32)));
        }
    }
    best.map(|(_, span)| span)
}

fn integer_expression(text: &str) -> Option<u128> {
    let literal = |t: &str| -> Option<u128> {
        let t = t.trim().trim_end_matches(['u', 'U']);
        match t.strip_prefix("0x").or_else(|| t.strip_prefix("0X")) {
            Some(hex) => u128::from_str_radix(hex, 16).ok(),
            None => t.parse().ok(),
        }
    };
    match text.split_once("<<") {
        Some((base, shift)) => {
            let shift = literal(shift)?;
            (shift < 64).then(|| literal(base).map(|b| b << shift))?
        }
        None => literal(text),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn array_declarations_are_found_by_name() {
        let text = "float bigger[4];\nshared float big[1 << 30];\nvoid main() { big[0] = 1.0; }";
        let span = array_declaration(text, "big").unwrap();
        assert_eq!(&text[span.to_range().unwrap()], "big");
        assert_eq!(span.to_range().unwrap().start, text.find("big[").unwrap());
    }

    #[test]
    fn the_largest_length_is_the_one_located() {
        let text = "float a[16];\nshared float big[1<<30];\nfloat c[0x100];";
        let span = largest_array_length(text).unwrap();
        assert_eq!(&text[span.to_range().unwrap()], "[1<<30]");
    }
}
