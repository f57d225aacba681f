//! What a compute entry point binds, read from the validated naga module:
//! its buffers, their layout down to every scalar, and where barriers are.
//! Of these only [`Space`], how a [`Buffer`](super::device::Buffer) of a
//! dispatch is bound, is public.

use naga::{AddressSpace, ArraySize, Handle, Module, Statement, StorageAccess, TypeInner};

use super::values::Scalar;

/// How a buffer is bound.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Space {
    /// `var<uniform>`.
    Uniform,
    /// `var<storage>`.
    Storage {
        /// `read_write` rather than `read`.
        writable: bool,
    },
}

impl Space {
    /// `uniform`, `storage, read` or `storage, read_write`, as WGSL spells
    /// the address space and access.
    pub fn name(self) -> &'static str {
        match self {
            Space::Uniform => "uniform",
            Space::Storage { writable: false } => "storage, read",
            Space::Storage { writable: true } => "storage, read_write",
        }
    }
}

/// One scalar of a buffer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Leaf {
    /// Byte offset in the buffer, or in the element for runtime arrays.
    pub offset: u64,
    pub scalar: Scalar,
    pub atomic: bool,
    /// Struct member names from the binding down (arrays skipped): what
    /// harness `fields` rules match.
    pub path: Vec<String>,
    /// `.lo`, `[3].pixel`, ... after the binding's name.
    pub suffix: String,
    /// The element of a top-level fixed-size array this leaf is in.
    pub element: Option<u64>,
}

/// The runtime-sized array at the end of a binding.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct RuntimeArray {
    pub offset: u64,
    pub stride: u64,
    /// `.data` when the array is a struct member, else empty.
    pub prefix: String,
    /// The member path of the array itself (empty at top level).
    pub path: Vec<String>,
    /// The leaves of one element, offsets within it.
    pub leaves: Vec<Leaf>,
}

#[derive(Clone, Debug)]
pub(crate) struct Binding {
    pub name: String,
    pub group: u32,
    pub binding: u32,
    pub space: Space,
    pub type_name: String,
    /// Bytes of everything but the runtime array.
    pub fixed_size: u64,
    /// The alignment of the whole type: buffer sizes round up to it.
    pub alignment: u64,
    pub fixed: Vec<Leaf>,
    pub runtime: Option<RuntimeArray>,
}

impl Binding {
    pub fn label(&self) -> String {
        format!(
            "`{}` (@group({}) @binding({}))",
            self.name, self.group, self.binding
        )
    }

    /// The buffer's size in bytes with `count` runtime elements.
    pub fn byte_size(&self, count: u64) -> u64 {
        let size = match &self.runtime {
            Some(r) => r.offset + count * r.stride,
            None => self.fixed_size,
        };
        size.div_ceil(self.alignment) * self.alignment
    }

    /// Whether the binding is an array, whose elements `compare = "sorted"`
    /// may reorder.
    pub fn is_array(&self) -> bool {
        self.runtime.as_ref().is_some_and(|r| r.path.is_empty())
            || self.fixed.first().is_some_and(|l| l.element.is_some())
    }
}

/// Every buffer the entry point uses, sorted by group and binding.
pub(crate) fn bindings(
    module: &Module,
    info: &naga::valid::ModuleInfo,
    ep_index: usize,
) -> Result<Vec<Binding>, String> {
    let ep_info = info.get_entry_point(ep_index);
    let mut layouter = naga::proc::Layouter::default();
    layouter
        .update(module.to_ctx())
        .map_err(|e| format!("cannot lay out the types: {e}"))?;
    let mut out = Vec::new();
    for (handle, var) in module.global_variables.iter() {
        if ep_info[handle].is_empty() {
            continue;
        }
        let name = var
            .name
            .clone()
            .unwrap_or_else(|| format!("global{}", handle.index()));
        let space = match var.space {
            AddressSpace::Uniform => Space::Uniform,
            AddressSpace::Storage { access } => Space::Storage {
                writable: access.contains(StorageAccess::STORE),
            },
            // Not buffers: textures and samplers (`textures::reflect`),
            // immediates (`immediates::reflect`), private and workgroup
            // memory.
            _ => continue,
        };
        let Some(resource) = &var.binding else {
            return Err(format!("`{name}` has no @group/@binding"));
        };
        let ty = &module.types[var.ty];
        let type_name = ty.name.clone().unwrap_or_else(|| type_name(module, var.ty));
        let mut binding = Binding {
            name: name.clone(),
            group: resource.group,
            binding: resource.binding,
            space,
            type_name,
            fixed_size: 0,
            alignment: 4,
            fixed: Vec::new(),
            runtime: None,
        };
        binding.alignment = (layouter[var.ty].alignment * 1u32) as u64;
        match &ty.inner {
            TypeInner::Array {
                base,
                size: ArraySize::Dynamic,
                stride,
            } => {
                let mut leaves = Vec::new();
                walk(
                    module,
                    *base,
                    0,
                    &mut Vec::new(),
                    String::new(),
                    None,
                    &mut leaves,
                )
                .map_err(|e| format!("`{name}`: {e}"))?;
                binding.runtime = Some(RuntimeArray {
                    offset: 0,
                    stride: *stride as u64,
                    prefix: String::new(),
                    path: Vec::new(),
                    leaves,
                });
            }
            TypeInner::Array {
                base,
                size: ArraySize::Constant(n),
                stride,
            } => {
                binding.fixed_size = n.get() as u64 * *stride as u64;
                for i in 0..n.get() as u64 {
                    walk(
                        module,
                        *base,
                        i * *stride as u64,
                        &mut Vec::new(),
                        format!("[{i}]"),
                        Some(i),
                        &mut binding.fixed,
                    )
                    .map_err(|e| format!("`{name}`: {e}"))?;
                }
            }
            TypeInner::Struct { members, span } => {
                binding.fixed_size = *span as u64;
                for member in members {
                    let member_name = member.name.clone().unwrap_or_default();
                    if let TypeInner::Array {
                        base,
                        size: ArraySize::Dynamic,
                        stride,
                    } = module.types[member.ty].inner
                    {
                        let mut leaves = Vec::new();
                        walk(
                            module,
                            base,
                            0,
                            &mut Vec::new(),
                            String::new(),
                            None,
                            &mut leaves,
                        )
                        .map_err(|e| format!("`{name}.{member_name}`: {e}"))?;
                        binding.fixed_size = member.offset as u64;
                        binding.runtime = Some(RuntimeArray {
                            offset: member.offset as u64,
                            stride: stride as u64,
                            prefix: format!(".{member_name}"),
                            path: vec![member_name],
                            leaves,
                        });
                    } else {
                        let mut path = vec![member_name.clone()];
                        walk(
                            module,
                            member.ty,
                            member.offset as u64,
                            &mut path,
                            format!(".{member_name}"),
                            None,
                            &mut binding.fixed,
                        )
                        .map_err(|e| format!("`{name}`: {e}"))?;
                    }
                }
            }
            _ => {
                binding.fixed_size = ty.inner.size(module.to_ctx()) as u64;
                walk(
                    module,
                    var.ty,
                    0,
                    &mut Vec::new(),
                    String::new(),
                    None,
                    &mut binding.fixed,
                )
                .map_err(|e| format!("`{name}`: {e}"))?;
            }
        }
        out.push(binding);
    }
    out.sort_by_key(|b| (b.group, b.binding));
    Ok(out)
}

pub(super) fn walk(
    module: &Module,
    ty: Handle<naga::Type>,
    offset: u64,
    path: &mut Vec<String>,
    suffix: String,
    element: Option<u64>,
    out: &mut Vec<Leaf>,
) -> Result<(), String> {
    let scalar = |s: naga::Scalar| {
        Scalar::from_naga(s).ok_or_else(|| format!("{s:?} cannot be in a buffer the host writes"))
    };
    match module.types[ty].inner {
        TypeInner::Scalar(s) | TypeInner::Atomic(s) => out.push(Leaf {
            offset,
            scalar: scalar(s)?,
            atomic: matches!(module.types[ty].inner, TypeInner::Atomic(_)),
            path: path.clone(),
            suffix,
            element,
        }),
        TypeInner::Vector { size, scalar: s } => {
            let s = scalar(s)?;
            for (i, c) in ["x", "y", "z", "w"].iter().take(size as usize).enumerate() {
                out.push(Leaf {
                    offset: offset + i as u64 * s.width as u64,
                    scalar: s,
                    atomic: false,
                    path: path.clone(),
                    suffix: format!("{suffix}.{c}"),
                    element,
                });
            }
        }
        TypeInner::Matrix {
            columns,
            rows,
            scalar: s,
        } => {
            let s = scalar(s)?;
            // Columns are aligned like vectors: vec3 columns take four.
            let column_stride = match rows {
                naga::VectorSize::Bi => 2,
                _ => 4,
            } * s.width as u64;
            for c in 0..columns as u64 {
                for r in 0..rows as u64 {
                    out.push(Leaf {
                        offset: offset + c * column_stride + r * s.width as u64,
                        scalar: s,
                        atomic: false,
                        path: path.clone(),
                        suffix: format!("{suffix}[{c}][{r}]"),
                        element,
                    });
                }
            }
        }
        TypeInner::Array {
            base,
            size: ArraySize::Constant(n),
            stride,
        } => {
            for i in 0..n.get() as u64 {
                walk(
                    module,
                    base,
                    offset + i * stride as u64,
                    path,
                    format!("{suffix}[{i}]"),
                    element,
                    out,
                )?;
            }
        }
        TypeInner::Array {
            size: ArraySize::Pending(_),
            ..
        } => return Err("arrays sized by an override are not supported".into()),
        TypeInner::Array {
            size: ArraySize::Dynamic,
            ..
        } => return Err("a runtime-sized array must be last".into()),
        TypeInner::Struct { ref members, .. } => {
            for member in members {
                let name = member.name.clone().unwrap_or_default();
                path.push(name.clone());
                let result = walk(
                    module,
                    member.ty,
                    offset + member.offset as u64,
                    path,
                    format!("{suffix}.{name}"),
                    element,
                    out,
                );
                path.pop();
                result?;
            }
        }
        ref other => return Err(format!("{other:?} cannot be in a buffer")),
    }
    Ok(())
}

fn type_name(module: &Module, ty: Handle<naga::Type>) -> String {
    let inner = &module.types[ty].inner;
    match *inner {
        TypeInner::Array { base, size, .. } => {
            let base = module.types[base]
                .name
                .clone()
                .unwrap_or_else(|| type_name(module, base));
            match size {
                ArraySize::Constant(n) => format!("array<{base}, {n}>"),
                _ => format!("array<{base}>"),
            }
        }
        TypeInner::Atomic(s) => format!("atomic<{}>", scalar_name(s)),
        TypeInner::Scalar(s) => scalar_name(s),
        TypeInner::Vector { size, scalar } => format!("vec{}<{}>", size as u8, scalar_name(scalar)),
        TypeInner::Matrix {
            columns,
            rows,
            scalar,
        } => format!(
            "mat{}x{}<{}>",
            columns as u8,
            rows as u8,
            scalar_name(scalar)
        ),
        _ => "struct".into(),
    }
}

fn scalar_name(s: naga::Scalar) -> String {
    Scalar::from_naga(s).map_or_else(|| format!("{s:?}"), |s| s.to_string())
}

/// The index of the compute entry point to run: the one named, or the
/// only one.
pub(crate) fn entry_point(
    module: &Module,
    name: Option<&str>,
    what: &str,
) -> Result<usize, String> {
    let computes: Vec<(usize, &naga::EntryPoint)> = module
        .entry_points
        .iter()
        .enumerate()
        .filter(|(_, ep)| ep.stage == naga::ShaderStage::Compute)
        .collect();
    let names = || {
        computes
            .iter()
            .map(|(_, ep)| format!("`{}`", ep.name))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match name {
        Some(name) => {
            if let Some((i, ep)) = module
                .entry_points
                .iter()
                .enumerate()
                .find(|(_, ep)| ep.name == name)
            {
                if ep.stage != naga::ShaderStage::Compute {
                    return Err(format!(
                        "the entry point `{name}` of the {what} is a {:?} shader; validate runs compute shaders only",
                        ep.stage
                    ));
                }
                return Ok(i);
            }
            // A reference may name its one entry point differently.
            match computes.as_slice() {
                [(i, _)] if what == "reference" => Ok(*i),
                _ => Err(format!(
                    "the {what} has no entry point `{name}` (compute entry points: {})",
                    names()
                )),
            }
        }
        None => match computes.as_slice() {
            [(i, _)] => Ok(*i),
            [] => Err(format!(
                "the {what} has no compute entry point; validate runs compute shaders only"
            )),
            _ => Err(format!(
                "the {what} has several compute entry points ({}); choose one with --entry-point",
                names()
            )),
        },
    }
}

/// A barrier that the uniformity analysis cannot prove every invocation of
/// a workgroup reaches together, in the entry point or in a function it
/// calls; `None` when every barrier is uniform. Dispatching one would hang
/// the GPU or race. `analysis` is the uniformity of `module`.
pub(crate) fn divergent_barrier(
    module: &Module,
    analysis: &shaderxform_passes::analysis::uniformity::Uniformity,
    ep: &naga::EntryPoint,
) -> Option<(String, naga::Span)> {
    use shaderxform_passes::analysis::uniformity::{FunctionRef, RequirementKind};

    let index = module
        .entry_points
        .iter()
        .position(|e| e.name == ep.name && e.stage == ep.stage)?;
    let reachable = reachable_functions(module, &ep.function);
    let (function, requirement) = analysis.violations().into_iter().find(|(f, _)| match f {
        FunctionRef::EntryPoint(i) => *i == index,
        FunctionRef::Function(h) => reachable.contains(h),
    })?;
    let name = match function {
        FunctionRef::EntryPoint(_) => ep.name.clone(),
        FunctionRef::Function(h) => module.functions[h].name.clone().unwrap_or_default(),
    };
    let barrier = requirement.barrier().name();
    Some(match requirement.what {
        RequirementKind::Barrier(_) => (
            format!("`{barrier}` in `{name}` is reached in non-uniform control flow"),
            requirement.span,
        ),
        RequirementKind::Call { callee, .. } | RequirementKind::Argument { callee, .. } => (
            format!(
                "`{name}` calls `{}`, which reaches `{barrier}`, in non-uniform control flow",
                module.functions[callee]
                    .name
                    .as_deref()
                    .unwrap_or("a function")
            ),
            requirement.span,
        ),
        // A kind of requirement the analysis may add later.
        _ => (
            format!("`{name}` reaches `{barrier}` in non-uniform control flow"),
            requirement.span,
        ),
    })
}

/// The functions a function calls, directly or not.
fn reachable_functions(module: &Module, function: &naga::Function) -> Vec<Handle<naga::Function>> {
    let mut found = Vec::new();
    let mut pending = vec![function];
    while let Some(f) = pending.pop() {
        shaderxform_passes::ir::for_each_statement(&f.body, &mut |s, _| {
            if let Statement::Call {
                function: callee, ..
            } = *s
            {
                if !found.contains(&callee) {
                    found.push(callee);
                    pending.push(&module.functions[callee]);
                }
            }
        });
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use shaderxform_passes::analysis::uniformity::Uniformity;

    fn module(text: &str) -> (Module, naga::valid::ModuleInfo) {
        let module = naga::front::wgsl::parse_str(text).unwrap();
        let info = naga::valid::Validator::new(
            naga::valid::ValidationFlags::all(),
            naga::valid::Capabilities::all(),
        )
        .validate(&module)
        .unwrap();
        (module, info)
    }

    #[test]
    fn layouts_of_structs_and_runtime_arrays() {
        let (m, info) = module(
            "struct P { a: u32, v: vec3<f32>, }
             struct S { n: u32, data: array<P>, }
             @group(0) @binding(0) var<storage, read> s: S;
             @group(0) @binding(3) var<uniform> u: mat3x3<f32>;
             @group(1) @binding(0) var<storage, read_write> o: array<atomic<u32>, 4>;
             @compute @workgroup_size(1) fn main() { _ = s.n; _ = u; atomicAdd(&o[0], 1u); }",
        );
        let b = bindings(&m, &info, 0).unwrap();
        assert_eq!(b.len(), 3);
        let s = &b[0];
        assert_eq!(s.fixed_size, 16);
        let r = s.runtime.as_ref().unwrap();
        assert_eq!((r.offset, r.stride, r.prefix.as_str()), (16, 32, ".data"));
        assert_eq!(r.leaves.len(), 4);
        assert_eq!(r.leaves[1].offset, 16);
        assert_eq!(r.leaves[1].path, vec!["v".to_string()]);
        assert_eq!(s.byte_size(2), 80);
        let u = &b[1];
        assert_eq!(u.fixed.len(), 9);
        assert_eq!(u.fixed[3].offset, 16);
        assert_eq!(u.fixed_size, 48);
        let o = &b[2];
        assert!(o.is_array() && o.fixed[3].atomic);
        assert_eq!(o.space, Space::Storage { writable: true });
    }

    #[test]
    fn only_barriers_not_proven_uniform_are_found() {
        for uniform in [
            "var<workgroup> w: u32;
            @compute @workgroup_size(64) fn main(@builtin(local_invocation_index) i: u32) {
                if (i == 0u) { w = 1u; }
                workgroupBarrier();
            }",
            "@compute @workgroup_size(64) fn main(@builtin(workgroup_id) g: vec3<u32>) {
                if (g.x == 0u) { workgroupBarrier(); }
                for (var k = 0u; k < 4u; k++) { storageBarrier(); }
            }",
        ] {
            let (m, _) = module(uniform);
            assert!(
                divergent_barrier(&m, &Uniformity::analyze(&m), &m.entry_points[0]).is_none(),
                "{uniform}"
            );
        }
        for divergent in [
            "@compute @workgroup_size(64) fn main(@builtin(local_invocation_index) i: u32) {
                if (i == 0u) { workgroupBarrier(); }
            }",
            "@compute @workgroup_size(64) fn main(@builtin(local_invocation_index) i: u32) {
                if (i == 0u) { return; }
                storageBarrier();
            }",
            "fn sync() { workgroupBarrier(); }
            @compute @workgroup_size(64) fn main(@builtin(local_invocation_index) i: u32) {
                for (var k = 0u; k < i; k++) { sync(); }
            }",
        ] {
            let (m, _) = module(divergent);
            assert!(
                divergent_barrier(&m, &Uniformity::analyze(&m), &m.entry_points[0]).is_some(),
                "{divergent}"
            );
        }
    }
}
