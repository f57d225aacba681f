//! The interface of vertex and fragment entry points (their `@location`
//! inputs and outputs and the built-ins they use), how entry points pair
//! by that interface, and the small WGSL shaders a render validation adds:
//! a pass-through vertex stage for a fragment shader drawn alone, and the
//! capture fragment stages that write a vertex stage's outputs into float
//! targets.

use naga::{Binding, BuiltIn, Interpolation, Module, Sampling, ScalarKind, ShaderStage, TypeInner};

/// One `@location` input or output.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct IoVar {
    pub(super) location: u32,
    pub(super) name: String,
    pub(super) scalar: naga::Scalar,
    /// 1 for a scalar, else the vector's size.
    pub(super) size: u32,
    pub(super) interpolation: Option<Interpolation>,
    pub(super) sampling: Option<Sampling>,
}

impl IoVar {
    /// The WGSL type of the variable.
    pub(super) fn wgsl_type(&self) -> String {
        let scalar = scalar_name(self.scalar);
        match self.size {
            1 => scalar.to_string(),
            n => format!("vec{n}<{scalar}>"),
        }
    }

    /// `@interpolate(...)` as the variable declares it, or nothing.
    fn wgsl_interpolate(&self) -> String {
        let Some(interpolation) = self.interpolation else {
            return String::new();
        };
        let kind = match interpolation {
            Interpolation::Perspective => "perspective",
            Interpolation::Linear => "linear",
            Interpolation::Flat => "flat",
            Interpolation::PerVertex => "per_vertex",
        };
        let sampling = match self.sampling {
            Some(Sampling::Center) => Some("center"),
            Some(Sampling::Centroid) => Some("centroid"),
            Some(Sampling::Sample) => Some("sample"),
            Some(Sampling::First) => Some("first"),
            Some(Sampling::Either) => Some("either"),
            None => None,
        };
        match sampling {
            Some(s) => format!("@interpolate({kind}, {s}) "),
            None => format!("@interpolate({kind}) "),
        }
    }

    /// The component kind of the float, signed or unsigned target it is
    /// captured into.
    pub(super) fn kind(&self) -> ScalarKind {
        self.scalar.kind
    }
}

fn scalar_name(s: naga::Scalar) -> &'static str {
    match (s.kind, s.width) {
        (ScalarKind::Float, 2) => "f16",
        (ScalarKind::Float, _) => "f32",
        (ScalarKind::Sint, _) => "i32",
        (ScalarKind::Uint, _) => "u32",
        _ => "u32",
    }
}

/// What one vertex or fragment entry point reads and writes.
#[derive(Clone, Debug, Default)]
pub(super) struct StageIo {
    pub(super) inputs: Vec<IoVar>,
    pub(super) outputs: Vec<IoVar>,
    pub(super) builtin_inputs: Vec<BuiltIn>,
    pub(super) builtin_outputs: Vec<BuiltIn>,
}

impl StageIo {
    pub(super) fn writes_depth(&self) -> bool {
        self.builtin_outputs.contains(&BuiltIn::FragDepth)
    }
}

/// The interface of `ep`, or why validate cannot feed or read it.
pub(super) fn stage_io(module: &Module, ep: &naga::EntryPoint) -> Result<StageIo, String> {
    let mut io = StageIo::default();
    for arg in &ep.function.arguments {
        collect(
            module,
            arg.ty,
            arg.binding.as_ref(),
            arg.name.as_deref(),
            &mut io.inputs,
            &mut io.builtin_inputs,
        )?;
    }
    if let Some(result) = &ep.function.result {
        collect(
            module,
            result.ty,
            result.binding.as_ref(),
            None,
            &mut io.outputs,
            &mut io.builtin_outputs,
        )?;
    }
    io.inputs.sort_by_key(|v| v.location);
    io.outputs.sort_by_key(|v| v.location);
    Ok(io)
}

fn collect(
    module: &Module,
    ty: naga::Handle<naga::Type>,
    binding: Option<&Binding>,
    name: Option<&str>,
    vars: &mut Vec<IoVar>,
    builtins: &mut Vec<BuiltIn>,
) -> Result<(), String> {
    match binding {
        Some(Binding::BuiltIn(b)) => builtins.push(*b),
        Some(Binding::Location {
            location,
            interpolation,
            sampling,
            ..
        }) => {
            let name = name.unwrap_or("value").to_string();
            let (scalar, size) = match module.types[ty].inner {
                TypeInner::Scalar(s) => (s, 1),
                TypeInner::Vector { size, scalar } => (scalar, size as u32),
                _ => {
                    return Err(format!(
                        "`{name}` (@location({location})) is not a scalar or a vector"
                    ))
                }
            };
            if scalar.width != 4 && !(scalar.kind == ScalarKind::Float && scalar.width == 2) {
                return Err(format!(
                    "`{name}` (@location({location})) is a {}-byte {:?}; validate feeds and reads 32-bit values and f16",
                    scalar.width, scalar.kind
                ));
            }
            vars.push(IoVar {
                location: *location,
                name,
                scalar,
                size,
                interpolation: *interpolation,
                sampling: *sampling,
            });
        }
        None => match &module.types[ty].inner {
            TypeInner::Struct { members, .. } => {
                for m in members {
                    collect(
                        module,
                        m.ty,
                        m.binding.as_ref(),
                        m.name.as_deref(),
                        vars,
                        builtins,
                    )?;
                }
            }
            _ => return Err("an entry point argument has no binding".into()),
        },
    }
    Ok(())
}

/// Whether a vertex stage with outputs `vertex` can feed a fragment stage
/// with inputs `fragment`: every fragment input has a vertex output at its
/// location of the same type.
pub(super) fn feeds(vertex: &StageIo, fragment: &StageIo) -> bool {
    fragment.inputs.iter().all(|f| {
        vertex
            .outputs
            .iter()
            .any(|v| v.location == f.location && v.scalar == f.scalar && v.size == f.size)
    })
}

/// A vertex and a fragment entry point drawn together; `None` where
/// validate generates the stage.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RenderPair {
    /// The vertex entry point; `None` draws the fragment stage with a
    /// generated vertex stage.
    pub vertex: Option<String>,
    /// The fragment entry point; `None` captures the vertex stage's
    /// outputs with generated stages.
    pub fragment: Option<String>,
    /// The file of the fragment entry point, where it is not the
    /// module's own (the `.frag` of a GLSL `.vert`).
    pub fragment_file: Option<std::path::PathBuf>,
}

/// The render pairs of a module: each fragment entry point with the first
/// vertex entry point whose outputs feed its inputs (else a generated
/// vertex stage), then each vertex entry point no fragment took, alone.
pub(super) fn render_pairs(module: &Module) -> Result<Vec<RenderPair>, String> {
    let mut ios = Vec::new();
    for ep in &module.entry_points {
        if matches!(ep.stage, ShaderStage::Vertex | ShaderStage::Fragment) {
            let io =
                stage_io(module, ep).map_err(|e| format!("the entry point `{}`: {e}", ep.name))?;
            ios.push((ep, io));
        }
    }
    let mut pairs = Vec::new();
    let mut taken: Vec<&str> = Vec::new();
    for (fragment, fio) in ios.iter().filter(|(e, _)| e.stage == ShaderStage::Fragment) {
        let vertex = ios
            .iter()
            .filter(|(e, _)| e.stage == ShaderStage::Vertex)
            .find(|(_, vio)| feeds(vio, fio))
            .map(|(e, _)| e.name.clone());
        if let Some(v) = &vertex {
            taken.push(
                ios.iter()
                    .find(|(e, _)| &e.name == v)
                    .unwrap()
                    .0
                    .name
                    .as_str(),
            );
        }
        pairs.push(RenderPair {
            vertex,
            fragment: Some(fragment.name.clone()),
            fragment_file: None,
        });
    }
    for (vertex, _) in ios.iter().filter(|(e, _)| e.stage == ShaderStage::Vertex) {
        if !taken.contains(&vertex.name.as_str()) {
            pairs.push(RenderPair {
                vertex: Some(vertex.name.clone()),
                fragment: None,
                fragment_file: None,
            });
        }
    }
    Ok(pairs)
}

/// The entry point of every generated stage.
pub(super) const GENERATED_VERTEX: &str = "shaderxform_vertex";
pub(super) const CAPTURE_FRAGMENT: &str = "shaderxform_capture";

/// A vertex stage that feeds `fragment`: it takes a `vec4<f32>` position
/// at location 0 and each of the fragment's inputs at the locations after
/// it (in the order of `fragment.inputs`), and passes them on unchanged.
pub(super) fn pass_through_vertex(fragment: &StageIo) -> String {
    let mut out =
        String::from("struct ShaderxformVarying {\n    @builtin(position) position: vec4<f32>,\n");
    let f16 = fragment.inputs.iter().any(|v| v.scalar.width == 2);
    for v in &fragment.inputs {
        out += &format!(
            "    @location({}) {}v{}: {},\n",
            v.location,
            v.wgsl_interpolate(),
            v.location,
            v.wgsl_type()
        );
    }
    out += "}\n\n";
    out += &format!("@vertex\nfn {GENERATED_VERTEX}(@location(0) position: vec4<f32>");
    // Vertex buffers hold no f16: such inputs arrive as f32 and narrow.
    for (i, v) in fragment.inputs.iter().enumerate() {
        let fed = IoVar {
            scalar: naga::Scalar {
                width: 4,
                ..v.scalar
            },
            ..v.clone()
        };
        out += &format!(", @location({}) a{}: {}", i + 1, i + 1, fed.wgsl_type());
    }
    out += ") -> ShaderxformVarying {\n    var out: ShaderxformVarying;\n    out.position = position;\n";
    for (i, v) in fragment.inputs.iter().enumerate() {
        out += &format!("    out.v{} = {}(a{});\n", v.location, v.wgsl_type(), i + 1);
    }
    out += "    return out;\n}\n";
    if f16 {
        out = format!("enable f16;\n\n{out}");
    }
    out
}

/// A fragment stage that writes the vertex output `v`, as the vertex
/// stage declares it, into a four-component target of its kind (the
/// components it lacks are 0).
pub(super) fn capture_fragment(v: &IoVar) -> String {
    let target = match v.kind() {
        ScalarKind::Sint => "i32",
        ScalarKind::Uint => "u32",
        _ => "f32",
    };
    let value = if v.scalar.width == 2 {
        match v.size {
            1 => "f32(v)".to_string(),
            n => format!("vec{n}<f32>(v)"),
        }
    } else {
        "v".to_string()
    };
    let widened = match v.size {
        1 => format!("vec4<{target}>({value}, 0, 0, 0)"),
        2 => format!("vec4<{target}>({value}, 0, 0)"),
        3 => format!("vec4<{target}>({value}, 0)"),
        _ => format!("vec4<{target}>({value})"),
    };
    let enable = if v.scalar.width == 2 {
        "enable f16;\n\n"
    } else {
        ""
    };
    format!(
        "{enable}@fragment\nfn {CAPTURE_FRAGMENT}(@location({}) {}v: {}) -> @location(0) vec4<{target}> {{\n    return {widened};\n}}\n",
        v.location,
        v.wgsl_interpolate(),
        v.wgsl_type()
    )
}

/// A fragment stage that writes what rasterization made of the vertex
/// stage's position: depth, `1/w` and whether the triangle faces front
/// (1) or back (0), with alpha 1 where a triangle covers the pixel.
pub(super) fn capture_position() -> String {
    format!(
        "@fragment\nfn {CAPTURE_FRAGMENT}(@builtin(position) p: vec4<f32>, @builtin(front_facing) front: bool) -> @location(0) vec4<f32> {{\n    return vec4<f32>(p.z, p.w, select(0.0, 1.0, front), 1.0);\n}}\n"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn module(src: &str) -> Module {
        naga::front::wgsl::parse_str(src).unwrap()
    }

    #[test]
    fn fragments_pair_with_the_vertex_stage_that_feeds_them() {
        let m = module(
            "struct V { @builtin(position) p: vec4<f32>, @location(0) c: vec3<f32> }
             @vertex fn other(@location(0) p: vec4<f32>) -> @builtin(position) vec4<f32> { return p; }
             @vertex fn vs(@location(0) p: vec4<f32>) -> V { return V(p, p.xyz); }
             @fragment fn fs(v: V) -> @location(0) vec4<f32> { return vec4<f32>(v.c, 1.0); }
             @fragment fn lone(@location(3) x: f32) -> @location(0) vec4<f32> { return vec4<f32>(x); }",
        );
        let pairs = render_pairs(&m).unwrap();
        let pair = |v: Option<&str>, f: Option<&str>| RenderPair {
            vertex: v.map(str::to_string),
            fragment: f.map(str::to_string),
            fragment_file: None,
        };
        assert_eq!(
            pairs,
            vec![
                pair(Some("vs"), Some("fs")),
                pair(None, Some("lone")),
                pair(Some("other"), None),
            ]
        );
    }

    #[test]
    fn generated_stages_are_valid_wgsl() {
        let m = module(
            "@fragment fn fs(@location(1) @interpolate(flat) i: vec2<i32>, @location(4) @interpolate(linear, centroid) x: f32) -> @location(0) vec4<f32> { return vec4<f32>(f32(i.x), x, 0.0, 1.0); }",
        );
        let io = stage_io(&m, &m.entry_points[0]).unwrap();
        let mut sources = vec![pass_through_vertex(&io), capture_position()];
        sources.extend(io.inputs.iter().map(capture_fragment));
        for src in sources {
            let parsed = naga::front::wgsl::parse_str(&src)
                .unwrap_or_else(|e| panic!("{src}\n{}", e.emit_to_string(&src)));
            naga::valid::Validator::new(
                naga::valid::ValidationFlags::all(),
                naga::valid::Capabilities::all(),
            )
            .validate(&parsed)
            .unwrap_or_else(|e| panic!("{src}\n{e:?}"));
        }
    }
}
