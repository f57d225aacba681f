//! A Rust module of the written interface, for build scripts: constants
//! for every binding, entry point and rewrite, and `#[repr(C)]` structs with
//! the memory layout of every buffer type, checked at compile time.
//!
//! A host that includes the module and disagrees with the shader fails to
//! compile: each generated struct asserts its size and every member's
//! offset against the layout shaderxform wrote, so editing the shader
//! (or a pass changing it) without rebuilding the host is caught by
//! `rustc`, not by a corrupted buffer.
//!
//! The structs have explicit padding fields where WGSL's layout leaves
//! gaps (a `vec3<f32>` is 12 bytes aligned to 16), so their bytes are the
//! buffer's bytes; with `bytemuck` they are `Pod`.

use std::collections::BTreeMap;
use std::fmt::Write;

use naga::proc::Layouter;
use naga::{ArraySize, Handle, Module, Scalar, ScalarKind, Type, TypeInner};

use super::{Binding, Reflection, Rewritten};

/// What the generated module may rely on in the crate that includes it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RustModuleOptions {
    /// Implement `bytemuck::Zeroable` and `bytemuck::Pod` for every
    /// struct (the including crate depends on `bytemuck`).
    pub bytemuck: bool,
}

/// The items of one shader's module: the caller wraps them in a `mod`.
/// `outputs` are `(constant name, absolute path, binary)` of the written
/// files, included with `include_str!` or `include_bytes!`.
pub fn rust_items(
    module: &Module,
    reflection: &Reflection,
    outputs: &[(&str, String, bool)],
    options: RustModuleOptions,
) -> String {
    let mut layouter = Layouter::default();
    if layouter.update(module.to_ctx()).is_err() {
        // A validated module always lays out; say so rather than panic.
        return "compile_error!(\"shaderxform could not lay out this module's types\");\n".into();
    }
    let mut out = String::new();
    for (constant, path, binary) in outputs {
        let include = if *binary {
            "include_bytes"
        } else {
            "include_str"
        };
        let ty = if *binary { "&[u8]" } else { "&str" };
        let _ = writeln!(
            out,
            "/// The shader as written.\npub const {constant}: {ty} = {include}!({path:?});"
        );
    }
    let mut types = Types {
        module,
        layouter: &layouter,
        structs: BTreeMap::new(),
        strided: false,
        bytemuck: options.bytemuck,
    };
    out.push_str("\n/// Entry points, by name.\npub mod entry_points {\n");
    for ep in &reflection.entry_points {
        let _ = writeln!(out, "    /// `{}` ({}).", ep.name, ep.stage);
        let _ = writeln!(out, "    pub mod {} {{", ident(&snake(&ep.name)));
        let _ = writeln!(out, "        pub const NAME: &str = {:?};", ep.name);
        if let Some(size) = ep.workgroup_size {
            match size {
                [Some(x), Some(y), Some(z)] => {
                    let _ = writeln!(
                        out,
                        "        pub const WORKGROUP_SIZE: [u32; 3] = [{x}, {y}, {z}];"
                    );
                }
                _ => out.push_str("        // The workgroup size depends on overrides.\n"),
            }
        }
        out.push_str("    }\n");
    }
    out.push_str("}\n\n/// Bindings, by the variable's name.\npub mod bindings {\n");
    for binding in &reflection.bindings {
        write_binding(&mut out, binding, module, &mut types);
    }
    out.push_str("}\n");
    let structs = std::mem::take(&mut types.structs);
    if !structs.is_empty() || types.strided {
        out.push_str("\n/// Buffer types with the shader's layout.\npub mod types {\n    #[allow(unused_imports)]\n    use super::types;\n");
        if types.strided {
            out.push_str(STRIDED);
            if options.bytemuck {
                out.push_str("    unsafe impl<T: bytemuck::Pod, const PAD: usize> bytemuck::Zeroable for Strided<T, PAD> {}\n    unsafe impl<T: bytemuck::Pod, const PAD: usize> bytemuck::Pod for Strided<T, PAD> {}\n");
            }
        }
        for text in structs.values() {
            out.push_str(text);
        }
        out.push_str("}\n");
    }
    out
}

/// An array element whose stride is larger than its size (a `vec3<f32>`
/// in an array takes 16 bytes).
const STRIDED: &str = "    /// An array element followed by the padding its stride adds.
    #[repr(C)]
    #[derive(Clone, Copy, Debug, PartialEq)]
    pub struct Strided<T: Copy, const PAD: usize> {
        pub value: T,
        pub _pad: [u8; PAD],
    }
";

fn write_binding(out: &mut String, binding: &Binding, module: &Module, types: &mut Types<'_>) {
    let _ = writeln!(
        out,
        "    /// `{}`: @group({}) @binding({}), {}{}.",
        binding.name,
        binding.group,
        binding.binding,
        binding.kind,
        binding
            .access
            .map(|a| format!(" ({a})"))
            .unwrap_or_default()
    );
    // An imported item's path (`game::pbr::view::view`) as one name.
    let _ = writeln!(
        out,
        "    pub mod {} {{",
        ident(&snake(&binding.name.replace("::", "_")))
    );
    let _ = writeln!(out, "        pub const GROUP: u32 = {};", binding.group);
    let _ = writeln!(out, "        pub const BINDING: u32 = {};", binding.binding);
    if let Some(layout) = &binding.layout {
        let _ = writeln!(
            out,
            "        /// The smallest buffer the binding accepts, in bytes.\n        pub const MIN_BINDING_SIZE: u64 = {};",
            layout.min_binding_size
        );
        let global = module.global_variables.iter().find(|(_, g)| {
            g.binding
                .as_ref()
                .is_some_and(|b| b.group == binding.group && b.binding == binding.binding)
        });
        if let Some((_, global)) = global {
            let (fixed, element) = types.buffer_type(global.ty);
            let names_types = fixed
                .iter()
                .chain(element.as_ref().map(|e| &e.0))
                .any(|t| t.contains("types::"));
            if names_types {
                out.push_str("        use super::super::types;\n");
            }
            if let Some(fixed) = fixed {
                let _ = writeln!(
                    out,
                    "        /// The buffer's contents{}.\n        pub type Data = {fixed};",
                    if element.is_some() {
                        " before its runtime-sized array"
                    } else {
                        ""
                    }
                );
            }
            if let Some((element, offset, stride)) = element {
                let _ = writeln!(out, "        /// An element of the runtime-sized array, which starts at `ARRAY_OFFSET`\n        /// and steps by `ARRAY_STRIDE` bytes.\n        pub type Element = {element};");
                let _ = writeln!(out, "        pub const ARRAY_OFFSET: u64 = {offset};\n        pub const ARRAY_STRIDE: u64 = {stride};");
            }
        }
    }
    if let Some(format) = &binding.format {
        let _ = writeln!(out, "        /// The storage texture's texel format, as WGSL names it.\n        pub const FORMAT: &str = {format:?};");
    }
    for rewrite in &binding.rewritten {
        match rewrite {
            Rewritten::FloatAtomics {
                encoding,
                float,
                clear_values,
                fixed_point,
                ..
            } => {
                if let Some(sum) = fixed_point {
                    let _ = writeln!(
                        out,
                        "        /// The sum's fixed-point format: a word `w` holds `w * 2^-FRACTION_BITS`,\n        /// from {} to {}.\n        pub const FIXED_POINT: &str = {:?};\n        pub const FRACTION_BITS: u32 = {};\n        /// This sum's bit in the overflow word (`float_atomics_overflow`, group\n        /// {}, binding {}): set after a dispatch, the sum is wrong.\n        pub const OVERFLOW_BIT: u32 = {};",
                        sum.smallest,
                        sum.largest,
                        sum.format,
                        sum.fraction_bits,
                        sum.overflow_group,
                        sum.overflow_binding,
                        sum.overflow_bit
                    );
                }
                let _ = writeln!(
                    out,
                    "        /// `float-atomics` holds this buffer's {float} atomics as words in this\n        /// encoding: `shaderxform_host::FloatEncoding::from_strategy(FLOAT_ENCODING)`.\n        pub const FLOAT_ENCODING: &str = {encoding:?};"
                );
                for (what, word) in clear_values {
                    let ty = if word.len() > 10 { "u64" } else { "u32" };
                    let _ = writeln!(
                        out,
                        "        /// The word to clear the buffer to before each `{what}`.\n        pub const CLEAR_FOR_{}: {ty} = {word};",
                        what.to_ascii_uppercase()
                    );
                }
            }
            Rewritten::HlslRegisterShift { register, shift } => {
                let _ = writeln!(
                    out,
                    "        /// The HLSL register the source declares; the binding is it plus {shift}.\n        pub const HLSL_REGISTER: &str = {register:?};"
                );
            }
            // `FORMAT`, above, is the format given.
            Rewritten::StorageFormat { .. } => {}
            Rewritten::FloatAtomicsOverflow { .. } => {
                let _ = writeln!(
                    out,
                    "        /// `float-atomics` records fixed-point sums' overflows in this word:\n        /// clear it to this before the dispatch; a set bit after it names a\n        /// wrong sum (each sum's `OVERFLOW_BIT`).\n        pub const CLEAR: u32 = 0;"
                );
            }
            Rewritten::TexelBuffer { format, .. } => {
                let _ = writeln!(
                    out,
                    "        /// A texel buffer of the source, a storage buffer of its texels now: the\n        /// host binds a buffer of the bytes it gave the view, in this format.\n        pub const TEXEL_FORMAT: &str = {format:?};"
                );
            }
            Rewritten::CounterBuffer { buffer } => {
                let _ = writeln!(
                    out,
                    "        /// The counter of the HLSL structured buffer this names.\n        pub const COUNTER_OF: &str = {buffer:?};"
                );
            }
            Rewritten::InputAttachment { index } => {
                let _ = writeln!(
                    out,
                    "        /// An input attachment of the source, read as a texture at the\n        /// fragment's position: bind the attachment's view here.\n        pub const INPUT_ATTACHMENT_INDEX: u32 = {index};"
                );
            }
            Rewritten::SplitCombinedSampler {
                combined,
                texture,
                sampler,
            } => {
                let _ = writeln!(
                    out,
                    "        /// Split from the source's combined image sampler at {combined:?}:\n        /// the texture is at {texture:?}, the sampler at {sampler:?}.\n        pub const SPLIT_FROM: [u32; 2] = {combined:?};"
                );
            }
        }
    }
    out.push_str("    }\n");
}

struct Types<'m> {
    module: &'m Module,
    layouter: &'m Layouter,
    /// Generated structs by type handle, in handle order.
    structs: BTreeMap<usize, String>,
    strided: bool,
    bytemuck: bool,
}

impl Types<'_> {
    /// The Rust type of a buffer: its fixed part (all of it, without a
    /// runtime-sized array), and the runtime-sized array's element with its
    /// offset and stride.
    fn buffer_type(&mut self, ty: Handle<Type>) -> (Option<String>, Option<(String, u32, u32)>) {
        match self.module.types[ty].inner {
            TypeInner::Array {
                base,
                size: ArraySize::Dynamic,
                stride,
            } => (None, Some((self.element(base, stride), 0, stride))),
            TypeInner::Struct { ref members, .. } => {
                let runtime = members
                    .last()
                    .and_then(|m| match self.module.types[m.ty].inner {
                        TypeInner::Array {
                            base,
                            size: ArraySize::Dynamic,
                            stride,
                        } => Some((base, m.offset, stride)),
                        _ => None,
                    });
                // A block that is nothing but its runtime-sized array has no
                // fixed part worth a type.
                let fixed = match runtime {
                    Some((_, 0, _)) => None,
                    _ => Some(self.rust_type(ty)),
                };
                let element = runtime
                    .map(|(base, offset, stride)| (self.element(base, stride), offset, stride));
                (fixed, element)
            }
            _ => (Some(self.rust_type(ty)), None),
        }
    }

    /// An array element, wrapped in `Strided` where the stride pads it.
    fn element(&mut self, base: Handle<Type>, stride: u32) -> String {
        let element = self.rust_type(base);
        let size = self.rust_size(base);
        if stride > size {
            self.strided = true;
            format!("types::Strided<{element}, {}>", stride - size)
        } else {
            element
        }
    }

    /// The bytes the Rust type of `ty` takes: WGSL's size of it, which
    /// the generated types match (a `vec3<f32>` is `[f32; 3]`, 12 bytes in
    /// both; a matrix column of three takes four).
    fn rust_size(&self, ty: Handle<Type>) -> u32 {
        self.layouter[ty].size
    }

    /// The Rust type of a host-shareable type, paths from the shader's
    /// module.
    fn rust_type(&mut self, ty: Handle<Type>) -> String {
        match self.module.types[ty].inner {
            TypeInner::Scalar(s) | TypeInner::Atomic(s) => scalar(s).to_string(),
            TypeInner::Vector { size, scalar: s } => format!("[{}; {}]", scalar(s), size as u8),
            TypeInner::Matrix {
                columns,
                rows,
                scalar: s,
            } => {
                // Each column takes the stride of its vector: a column of
                // three takes four.
                let padded = if rows as u8 == 3 { 4 } else { rows as u8 };
                format!("[[{}; {padded}]; {}]", scalar(s), columns as u8)
            }
            TypeInner::Array {
                base,
                size: ArraySize::Constant(n),
                stride,
            } => format!("[{}; {n}]", self.element(base, stride)),
            TypeInner::Struct { .. } => {
                self.add_struct(ty);
                format!("types::{}", struct_name(self.module, ty))
            }
            // Runtime-sized arrays are described by `Element`; override-sized
            // ones have no size before the pipeline is made.
            _ => "()".to_string(),
        }
    }

    fn add_struct(&mut self, ty: Handle<Type>) {
        if self.structs.contains_key(&ty.index()) {
            return;
        }
        self.structs.insert(ty.index(), String::new()); // recursion guard
        let TypeInner::Struct { ref members, span } = self.module.types[ty].inner else {
            return;
        };
        let name = struct_name(self.module, ty);
        let mut fields = String::new();
        let mut asserts = String::new();
        let mut at = 0u32;
        let mut pads = 0;
        for (i, member) in members.iter().enumerate() {
            if matches!(
                self.module.types[member.ty].inner,
                TypeInner::Array {
                    size: ArraySize::Dynamic,
                    ..
                }
            ) {
                // The runtime-sized array is the binding's `Element`.
                break;
            }
            if member.offset > at {
                let _ = writeln!(
                    fields,
                    "        pub _pad{pads}: [u8; {}],",
                    member.offset - at
                );
                pads += 1;
            }
            let field = ident(&snake(
                &member.name.clone().unwrap_or_else(|| format!("member{i}")),
            ));
            let rust = self.rust_type(member.ty);
            let size = self.rust_size(member.ty);
            let _ = writeln!(fields, "        pub {field}: {rust},");
            let _ = writeln!(
                asserts,
                "        assert!(core::mem::offset_of!({name}, {field}) == {});",
                member.offset
            );
            at = member.offset + size;
        }
        let runtime = members.last().is_some_and(|m| {
            matches!(
                self.module.types[m.ty].inner,
                TypeInner::Array {
                    size: ArraySize::Dynamic,
                    ..
                }
            )
        });
        let size = if runtime {
            members.last().map_or(0, |m| m.offset)
        } else {
            span
        };
        if size > at {
            let _ = writeln!(fields, "        pub _pad{pads}: [u8; {}],", size - at);
        }
        let mut text = String::new();
        let _ = writeln!(
            text,
            "    /// `{}` as the shader lays it out: {size} bytes{}.",
            self.module.types[ty]
                .name
                .as_deref()
                .map_or("struct".into(), crate::front::wgsl_modules::demangle),
            if runtime {
                ", before its runtime-sized array"
            } else {
                ""
            }
        );
        let _ = writeln!(text, "    #[repr(C)]\n    #[derive(Clone, Copy, Debug, PartialEq)]\n    pub struct {name} {{\n{fields}    }}");
        let _ = writeln!(text, "    const _: () = {{\n        assert!(core::mem::size_of::<{name}>() == {size});\n{asserts}    }};");
        if self.bytemuck {
            let _ = writeln!(text, "    unsafe impl bytemuck::Zeroable for {name} {{}}\n    unsafe impl bytemuck::Pod for {name} {{}}");
        }
        self.structs.insert(ty.index(), text);
    }
}

fn scalar(s: Scalar) -> &'static str {
    match (s.kind, s.width) {
        (ScalarKind::Float, 8) => "f64",
        (ScalarKind::Float, 2) => "u16", // f16 bits
        (ScalarKind::Float, _) => "f32",
        (ScalarKind::Sint, 8) => "i64",
        (ScalarKind::Sint, _) => "i32",
        (ScalarKind::Uint, 8) => "u64",
        (ScalarKind::Uint, _) => "u32",
        _ => "u32",
    }
}

fn struct_name(module: &Module, ty: Handle<Type>) -> String {
    // An imported struct by its path (`game::pbr::view::View` becomes
    // `GamePbrViewView`), never by the name naga_oil's renaming gave it.
    let name = module.types[ty]
        .name
        .as_deref()
        .map(|n| crate::front::wgsl_modules::demangle(n).replace("::", "_"))
        .unwrap_or_else(|| format!("Struct{}", ty.index()));
    let mut camel = String::new();
    let mut upper = true;
    for c in name.chars() {
        if c == '_' {
            upper = true;
        } else if upper {
            camel.extend(c.to_uppercase());
            upper = false;
        } else {
            camel.push(c);
        }
    }
    ident(&camel)
}

/// `camelCase` and `PascalCase` to `snake_case`.
pub fn snake(name: &str) -> String {
    let mut out = String::new();
    let mut previous_lower = false;
    for c in name.chars() {
        if c.is_uppercase() {
            if previous_lower {
                out.push('_');
            }
            out.extend(c.to_lowercase());
            previous_lower = false;
        } else {
            out.push(c);
            previous_lower = c.is_lowercase() || c.is_ascii_digit();
        }
    }
    out
}

/// A Rust identifier for `name`: keywords become raw identifiers, those
/// that cannot be raw get a trailing underscore.
pub fn ident(name: &str) -> String {
    const CANNOT_BE_RAW: [&str; 5] = ["self", "Self", "super", "crate", "_"];
    const KEYWORDS: [&str; 51] = [
        "as",
        "async",
        "await",
        "break",
        "const",
        "continue",
        "dyn",
        "else",
        "enum",
        "extern",
        "false",
        "fn",
        "for",
        "gen",
        "if",
        "impl",
        "in",
        "let",
        "loop",
        "match",
        "mod",
        "move",
        "mut",
        "pub",
        "ref",
        "return",
        "static",
        "struct",
        "trait",
        "true",
        "type",
        "unsafe",
        "use",
        "where",
        "while",
        "abstract",
        "become",
        "box",
        "do",
        "final",
        "macro",
        "override",
        "priv",
        "try",
        "typeof",
        "unsized",
        "virtual",
        "yield",
        "union",
        "macro_rules",
        "raw",
    ];
    let cleaned: String = name
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || c == '_' {
                c
            } else {
                '_'
            }
        })
        .collect();
    let cleaned = if cleaned.starts_with(|c: char| c.is_ascii_digit()) || cleaned.is_empty() {
        format!("_{cleaned}")
    } else {
        cleaned
    };
    if CANNOT_BE_RAW.contains(&cleaned.as_str()) {
        format!("{cleaned}_")
    } else if KEYWORDS.contains(&cleaned.as_str()) {
        format!("r#{cleaned}")
    } else {
        cleaned
    }
}
