//! Ray queries (GLSL `GL_EXT_ray_query`, SPIR-V `SPV_KHR_ray_query`),
//! which naga 30's SPIR-V reader does not read: read as naga's ray
//! queries and written as SPIR-V, HLSL and Metal; WGSL and GLSL, whose
//! naga writers have no ray queries, are refused at the first one; a
//! query naga's IR has no equivalent of is refused at its line.

mod common;

use std::collections::HashMap;

use common::{assert_exit, run_in as run, stderr};
use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Decoration, Op, StorageClass, Word};
use shaderxform::naga::{self, Expression, RayQueryFunction, Statement, TypeInner};
use shaderxform::{OutputFormat, Source, WgslTarget};

const READ: &str = "corpus/ray-queries/occlusion.comp";
const REFUSED: &str = "corpus/ray-queries/world_ray_origin.comp";

fn tools() -> bool {
    common::tool("glslangValidator").is_some() && common::tool("spirv-val").is_some()
}

/// The members of ray intersections `function` reads, as (committed,
/// member index), sorted.
fn intersection_members(function: &naga::Function) -> Vec<(bool, u32)> {
    let mut members: Vec<(bool, u32)> = function
        .expressions
        .iter()
        .filter_map(|(_, e)| match *e {
            Expression::AccessIndex { base, index } => match function.expressions[base] {
                Expression::RayQueryGetIntersection { committed, .. } => Some((committed, index)),
                _ => None,
            },
            _ => None,
        })
        .collect();
    members.sort();
    members
}

/// The SPIR-V module written, with lookups by id.
struct Written {
    module: rspirv::dr::Module,
    defs: HashMap<Word, Instruction>,
}

impl Written {
    fn new(bytes: &[u8]) -> Self {
        let module = rspirv::dr::load_bytes(bytes).unwrap();
        let defs = module
            .types_global_values
            .iter()
            .chain(module.functions.iter().flat_map(|f| {
                f.parameters
                    .iter()
                    .chain(f.blocks.iter().flat_map(|b| &b.instructions))
            }))
            .filter_map(|i| Some((i.result_id?, i.clone())))
            .collect();
        Written { module, defs }
    }

    fn instructions(&self, op: Op) -> Vec<&Instruction> {
        self.module
            .functions
            .iter()
            .flat_map(|f| f.blocks.iter().flat_map(|b| &b.instructions))
            .filter(|i| i.class.opcode == op)
            .collect()
    }

    fn id(operand: &Operand) -> Word {
        match *operand {
            Operand::IdRef(id) => id,
            ref other => panic!("not an id: {other:?}"),
        }
    }

    fn def(&self, id: Word) -> &Instruction {
        &self.defs[&id]
    }

    /// The value of a 32-bit scalar constant, as bits.
    fn constant(&self, id: Word) -> u32 {
        let c = self.def(id);
        assert_eq!(c.class.opcode, Op::Constant, "{c:?}");
        match c.operands[0] {
            Operand::LiteralBit32(v) => v,
            ref other => panic!("{other:?}"),
        }
    }

    fn pointee_opcode(&self, pointer_type: Word) -> (StorageClass, Op) {
        let p = self.def(pointer_type);
        let class = match p.operands[0] {
            Operand::StorageClass(c) => c,
            ref other => panic!("{other:?}"),
        };
        (class, self.def(Self::id(&p.operands[1])).class.opcode)
    }

    fn decoration(&self, target: Word, decoration: Decoration) -> Option<u32> {
        self.module.annotations.iter().find_map(|i| {
            match (i.operands.first(), i.operands.get(1), i.operands.get(2)) {
                (
                    Some(Operand::IdRef(t)),
                    Some(Operand::Decoration(d)),
                    Some(Operand::LiteralBit32(v)),
                ) if *t == target && *d == decoration => Some(*v),
                _ => None,
            }
        })
    }
}

#[test]
fn ray_queries_are_read_and_written_as_valid_spirv() {
    if !tools() {
        return;
    }
    let compiled = common::compiler_for(WgslTarget::Wgpu)
        .compile(&common::source_at(READ), &[OutputFormat::SpirvBinary])
        .unwrap_or_else(|f| panic!("{f}"));
    let bytes = &compiled.outputs[0].bytes;
    for env in ["vulkan1.1", "vulkan1.2"] {
        common::spirv_val(bytes, env).unwrap_or_else(|e| panic!("{env}: {e}"));
    }
    let w = Written::new(bytes);
    let capability = w
        .module
        .capabilities
        .iter()
        .any(|i| i.operands[0] == Operand::Capability(rspirv::spirv::Capability::RayQueryKHR));
    assert!(capability, "OpCapability RayQueryKHR");

    // The initialisation (in a function of naga's that checks the ray):
    // the query is a function pointer to a ray query, the acceleration
    // structure the one bound at 0:0.
    let initialize = w.instructions(Op::RayQueryInitializeKHR);
    assert_eq!(initialize.len(), 1);
    let operands: Vec<Word> = initialize[0].operands.iter().map(Written::id).collect();
    let query = w.def(operands[0]);
    assert_eq!(
        w.pointee_opcode(query.result_type.unwrap()),
        (StorageClass::Function, Op::TypeRayQueryKHR)
    );
    let structure_type = w.def(operands[1]).result_type.unwrap();
    assert_eq!(
        w.def(structure_type).class.opcode,
        Op::TypeAccelerationStructureKHR
    );
    let (&scene, _) = w
        .defs
        .iter()
        .find(|(_, i)| {
            i.class.opcode == Op::Variable
                && w.pointee_opcode(i.result_type.unwrap()).1 == Op::TypeAccelerationStructureKHR
        })
        .expect("an acceleration structure variable");
    assert_eq!(w.decoration(scene, Decoration::DescriptorSet), Some(0));
    assert_eq!(w.decoration(scene, Decoration::Binding), Some(0));
    assert_eq!(
        w.pointee_opcode(w.def(scene).result_type.unwrap()),
        (
            StorageClass::UniformConstant,
            Op::TypeAccelerationStructureKHR
        )
    );
    assert_eq!(w.instructions(Op::RayQueryProceedKHR).len(), 1);
    assert_eq!(w.instructions(Op::RayQueryConfirmIntersectionKHR).len(), 1);
    // Each intersection query, on the committed (1) and candidate (0)
    // intersections the shader asks for (naga's writer reads every member
    // of an intersection it is asked for).
    let intersections = |op: Op| -> Vec<u32> {
        let mut selectors: Vec<u32> = w
            .instructions(op)
            .iter()
            .map(|i| w.constant(Written::id(&i.operands[1])))
            .collect();
        selectors.sort();
        selectors.dedup();
        selectors
    };
    assert_eq!(intersections(Op::RayQueryGetIntersectionTypeKHR), [0, 1]);
    assert_eq!(
        intersections(Op::RayQueryGetIntersectionBarycentricsKHR),
        [0, 1]
    );
    assert!(intersections(Op::RayQueryGetIntersectionInstanceIdKHR).contains(&1));
    assert!(intersections(Op::RayQueryGetIntersectionPrimitiveIndexKHR).contains(&1));
    assert!(intersections(Op::RayQueryGetIntersectionTKHR).contains(&1));
    // The functions that stood for the instructions are gone.
    assert!(!w
        .module
        .debug_names
        .iter()
        .any(|i| matches!(&i.operands[1], Operand::LiteralString(s) if s.starts_with("shaderxform_ray_query"))));
}

#[test]
fn the_module_read_holds_naga_ray_queries() {
    if !tools() {
        return;
    }
    let module = common::compiler_for(WgslTarget::Wgpu)
        .read(&common::source_at(READ))
        .unwrap_or_else(|f| panic!("{f}"));
    assert!(
        !module.functions.iter().any(|(_, f)| f
            .name
            .as_deref()
            .unwrap_or("")
            .starts_with("shaderxform_ray_query")),
        "stand-ins removed"
    );
    let (_, scene) = module
        .global_variables
        .iter()
        .find(|(_, g)| g.name.as_deref() == Some("scene"))
        .unwrap();
    assert_eq!(
        scene.binding,
        Some(naga::ResourceBinding {
            group: 0,
            binding: 0
        })
    );
    assert!(matches!(
        module.types[scene.ty].inner,
        TypeInner::AccelerationStructure {
            vertex_return: false
        }
    ));
    // glslang's `main`, which naga's entry point calls.
    let (main, query) = shaderxform::passes::ir::functions(&module)
        .find_map(|f| {
            let (_, query) = f
                .local_variables
                .iter()
                .find(|(_, l)| l.name.as_deref() == Some("query"))?;
            Some((f, query))
        })
        .expect("a function declares `query`");
    assert!(matches!(
        module.types[query.ty].inner,
        TypeInner::RayQuery { .. }
    ));
    let mut functions = Vec::new();
    shaderxform::passes::ir::for_each_statement(&main.body, &mut |s, _| {
        if let Statement::RayQuery { query, fun } = s {
            assert!(matches!(
                main.expressions[*query],
                Expression::LocalVariable(_)
            ));
            functions.push(match fun {
                RayQueryFunction::Initialize {
                    acceleration_structure,
                    descriptor,
                } => {
                    assert!(matches!(
                        main.expressions[*acceleration_structure],
                        Expression::GlobalVariable(_)
                    ));
                    let Expression::Compose { ty, ref components } = main.expressions[*descriptor]
                    else {
                        panic!("{:?}", main.expressions[*descriptor]);
                    };
                    assert_eq!(Some(ty), module.special_types.ray_desc);
                    // flags, cull_mask, tmin, tmax: the shader's values.
                    let literal = |n: usize| match main.expressions[components[n]] {
                        Expression::Literal(l) => l,
                        Expression::Constant(c) => {
                            match module.global_expressions[module.constants[c].init] {
                                Expression::Literal(l) => l,
                                ref other => panic!("{other:?}"),
                            }
                        }
                        ref other => panic!("{other:?}"),
                    };
                    assert_eq!(literal(0), naga::Literal::U32(0));
                    assert_eq!(literal(1), naga::Literal::U32(0xff));
                    assert_eq!(literal(2), naga::Literal::F32(0.01));
                    assert_eq!(literal(3), naga::Literal::F32(100.0));
                    "initialize"
                }
                RayQueryFunction::Proceed { result } => {
                    assert!(matches!(
                        main.expressions[*result],
                        Expression::RayQueryProceedResult
                    ));
                    "proceed"
                }
                RayQueryFunction::ConfirmIntersection => "confirm",
                other => panic!("{other:?}"),
            });
        }
    });
    assert_eq!(functions, ["initialize", "proceed", "confirm"]);
    // Members read of each intersection: (committed, member index).
    let members = intersection_members(main);
    // Candidate: kind, barycentrics; committed: kind, t, instance index,
    // primitive index, barycentrics.
    assert_eq!(
        members,
        [
            (false, 0),
            (false, 7),
            (true, 0),
            (true, 1),
            (true, 3),
            (true, 6),
            (true, 7)
        ]
    );
    // The candidate kind is SPIR-V's: naga's `Aabb` (3) is 1, else 0.
    let aabb_compared = main.expressions.iter().any(|(_, e)| {
        matches!(*e, Expression::Binary { op: naga::BinaryOperator::Equal, left, right }
            if matches!(main.expressions[left], Expression::AccessIndex { index: 0, base }
                if matches!(main.expressions[base], Expression::RayQueryGetIntersection { committed: false, .. }))
            && main.expressions[right] == Expression::Literal(naga::Literal::U32(3)))
    });
    assert!(aabb_compared, "{:#?}", main.expressions);
}

#[test]
fn hlsl_and_metal_hold_ray_queries_and_wgsl_and_glsl_are_refused_at_the_first() {
    if !tools() {
        return;
    }
    let compiled = common::compiler_for(WgslTarget::Wgpu)
        .compile(
            &common::source_at(READ),
            &[OutputFormat::Hlsl, OutputFormat::Msl],
        )
        .unwrap_or_else(|f| panic!("{f}"));
    let hlsl = compiled.outputs[0].text().unwrap();
    assert!(
        hlsl.contains("RaytracingAccelerationStructure scene : register(t0);"),
        "{hlsl}"
    );
    assert!(hlsl.contains("query.TraceRayInline(scene,"), "{hlsl}");
    // As DXR (and Vulkan) define them, the committed intersection is read
    // whether or not traversal has finished: without naga's tracking,
    // which reads it only once `Proceed` has returned false.
    assert!(hlsl.contains("ret.kind = rq.CommittedStatus();"), "{hlsl}");
    assert!(!hlsl.contains("(rq_tracker & 4) == 4"), "{hlsl}");
    let msl = compiled.outputs[1].text().unwrap();
    assert!(
        msl.contains("metal::raytracing::instance_acceleration_structure scene"),
        "{msl}"
    );
    assert!(msl.contains("query.next()"), "{msl}");

    let dir = tempfile::tempdir().unwrap();
    let input = common::root().join(READ);
    // `rayQueryInitializeEXT` is on line 17.
    for (out, reader, target) in [
        ("out.wgsl", "wgpu", "WGSL"),
        ("out.wgsl", "tint", "WGSL"),
        ("out.glsl", "wgpu", "GLSL"),
    ] {
        let output = run(
            dir.path(),
            &[input.to_str().unwrap(), "-o", out, "--wgsl-for", reader],
        );
        assert_exit(&output, 1);
        let err = stderr(&output);
        assert!(
            err.contains(&format!(
                "error[emit::unsupported]: {target} output cannot hold ray queries"
            )),
            "{err}"
        );
        assert!(err.contains("occlusion.comp:17:"), "{err}");
        assert!(!dir.path().join(out).exists());
    }
}

#[test]
fn a_query_naga_has_no_equivalent_of_is_refused_at_its_line() {
    if !tools() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let input = common::root().join(REFUSED);
    let output = run(dir.path(), &[input.to_str().unwrap(), "-o", "out.spv"]);
    assert_exit(&output, 1);
    let err = stderr(&output);
    assert!(
        err.contains("error[spirv::ray-query]: OpRayQueryGetWorldRayOriginKHR (`rayQueryGetWorldRayOriginEXT`) has no equivalent in naga's IR"),
        "{err}"
    );
    assert!(err.contains("world_ray_origin.comp:14:"), "{err}");
    assert!(!dir.path().join("out.spv").exists());
}

/// Writes `text` as `name` in a fresh folder and runs the command line
/// on it with `args` after the input.
fn run_on(name: &str, text: &str, args: &[&str]) -> (std::process::Output, tempfile::TempDir) {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(name), text).unwrap();
    let mut all = vec![name];
    all.extend_from_slice(args);
    (run(dir.path(), &all), dir)
}

#[test]
fn ray_queries_passed_to_functions_and_arrays_of_acceleration_structures_are_refused_at_their_line()
{
    if !tools() {
        return;
    }
    let passed = "#version 460
#extension GL_EXT_ray_query : require
layout(local_size_x = 1) in;
layout(binding = 0) uniform accelerationStructureEXT scene;
layout(binding = 1) buffer B { float t[]; };
float hit(rayQueryEXT q) {
    return rayQueryGetIntersectionTEXT(q, true);
}
void main() {
    rayQueryEXT q;
    rayQueryInitializeEXT(q, scene, 0, 0xff, vec3(0), 0.0, vec3(0, 0, 1), 1.0);
    rayQueryProceedEXT(q);
    t[0] = hit(q);
}
";
    let (output, dir) = run_on("passed.comp", passed, &["-o", "out.spv"]);
    assert_exit(&output, 1);
    let err = stderr(&output);
    assert!(
        err.contains("error[spirv::ray-query]: a ray query passed to a function"),
        "{err}"
    );
    assert!(err.contains("passed.comp:13:"), "{err}");
    assert!(!dir.path().join("out.spv").exists());

    let array = "#version 460
#extension GL_EXT_ray_query : require
layout(local_size_x = 1) in;
layout(binding = 0) uniform accelerationStructureEXT scenes[2];
layout(binding = 1) buffer B { float t[]; };
void main() {
    rayQueryEXT q;
    rayQueryInitializeEXT(q, scenes[1], 0, 0xff, vec3(0), 0.0, vec3(0, 0, 1), 1.0);
    rayQueryProceedEXT(q);
    t[0] = rayQueryGetIntersectionTEXT(q, true);
}
";
    let (output, _dir) = run_on("array.comp", array, &["-o", "out.spv"]);
    assert_exit(&output, 1);
    let err = stderr(&output);
    assert!(
        err.contains("error[spirv::ray-query]: a ray query initialised with an acceleration structure that is not a bound variable of its own"),
        "{err}"
    );
    assert!(err.contains("array.comp:8:"), "{err}");
}

#[test]
fn hlsl_is_written_for_shader_model_6_5_and_a_lower_one_given_is_refused() {
    if !tools() {
        return;
    }
    let input = common::root().join(READ);
    let dir = tempfile::tempdir().unwrap();
    let output = run(dir.path(), &[input.to_str().unwrap(), "-o", "out.hlsl"]);
    assert_exit(&output, 0);
    let report = run(
        dir.path(),
        &[
            input.to_str().unwrap(),
            "-o",
            "low.hlsl",
            "--hlsl-shader-model",
            "6.4",
        ],
    );
    assert_exit(&report, 1);
    let err = stderr(&report);
    assert!(
        err.contains("error[emit::unsupported]: HLSL shader model 6.4 cannot hold ray queries"),
        "{err}"
    );
    assert!(err.contains("occlusion.comp:17:"), "{err}");
    assert!(!dir.path().join("low.hlsl").exists());
}

#[test]
fn an_acceleration_structure_no_ray_query_uses_keeps_its_type_and_binding() {
    if !tools() {
        return;
    }
    let text = "#version 460
#extension GL_EXT_ray_query : require
layout(local_size_x = 1) in;
layout(set = 1, binding = 3) uniform accelerationStructureEXT unusedScene;
layout(binding = 1) buffer B { float t[]; };
void main() {
    rayQueryEXT unusedQuery;
    t[0] = 1.0;
}
";
    let format =
        shaderxform::InputFormat::from_path(std::path::Path::new("unused.comp"), None).unwrap();
    let source = Source::from_text("unused.comp", format, text);
    let module = common::compiler_for(WgslTarget::Wgpu)
        .read(&source)
        .unwrap_or_else(|f| panic!("{f}"));
    let (_, scene) = module
        .global_variables
        .iter()
        .find(|(_, g)| g.name.as_deref() == Some("unusedScene"))
        .unwrap();
    assert_eq!(
        scene.binding,
        Some(naga::ResourceBinding {
            group: 1,
            binding: 3
        })
    );
    assert!(matches!(
        module.types[scene.ty].inner,
        TypeInner::AccelerationStructure { .. }
    ));
    let compiled = common::compiler_for(WgslTarget::Wgpu)
        .compile(&source, &[OutputFormat::SpirvBinary])
        .unwrap_or_else(|f| panic!("{f}"));
    common::spirv_val(&compiled.outputs[0].bytes, "vulkan1.1").unwrap();
}

#[test]
fn several_ray_queries_of_one_function_are_written_the_same_each_time() {
    if !tools() {
        return;
    }
    let text = "#version 460
#extension GL_EXT_ray_query : require
layout(local_size_x = 1) in;
layout(binding = 0) uniform accelerationStructureEXT scene;
layout(binding = 1) buffer B { float t[]; };
void main() {
    rayQueryEXT near;
    rayQueryEXT far;
    rayQueryEXT side;
    rayQueryInitializeEXT(near, scene, 0, 0xff, vec3(0), 0.0, vec3(0, 0, 1), 1.0);
    rayQueryInitializeEXT(far, scene, 0, 0xff, vec3(0), 1.0, vec3(0, 0, 1), 100.0);
    rayQueryInitializeEXT(side, scene, 0, 0xff, vec3(0), 0.0, vec3(1, 0, 0), 10.0);
    while (rayQueryProceedEXT(near)) {}
    while (rayQueryProceedEXT(far)) {}
    while (rayQueryProceedEXT(side)) {}
    t[0] = rayQueryGetIntersectionTEXT(near, true);
    t[1] = rayQueryGetIntersectionTEXT(far, true);
    t[2] = rayQueryGetIntersectionTEXT(side, true);
}
";
    let format =
        shaderxform::InputFormat::from_path(std::path::Path::new("several.comp"), None).unwrap();
    let source = Source::from_text("several.comp", format, text);
    let write = || {
        common::compiler_for(WgslTarget::Wgpu)
            .compile(&source, &[OutputFormat::Hlsl])
            .unwrap_or_else(|f| panic!("{f}"))
            .outputs[0]
            .text()
            .unwrap()
            .to_string()
    };
    let first = write();
    for _ in 0..8 {
        assert_eq!(write(), first);
    }
    // The queries keep their names, in the order the shader declares them.
    let declared: Vec<usize> = ["near", "far", "side"]
        .iter()
        .map(|n| {
            first
                .find(&format!("RayQuery<RAY_FLAG_NONE> {n};"))
                .unwrap_or_else(|| panic!("{n} in\n{first}"))
        })
        .collect();
    assert!(declared.is_sorted(), "{first}");
}

#[test]
fn generated_intersections_termination_and_every_member_are_read_in_a_fragment_shader() {
    if !tools() {
        return;
    }
    let source = common::source_at("corpus/ray-queries/procedural_hits.frag");
    let compiler = common::compiler_for(WgslTarget::Wgpu);
    let module = compiler.read(&source).unwrap_or_else(|f| panic!("{f}"));
    let (main, _) = shaderxform::passes::ir::functions(&module)
        .find_map(|f| {
            f.local_variables
                .iter()
                .find(|(_, l)| l.name.as_deref() == Some("query"))
                .map(|q| (f, q))
        })
        .expect("a function declares `query`");
    let mut functions = Vec::new();
    shaderxform::passes::ir::for_each_statement(&main.body, &mut |s, _| {
        if let Statement::RayQuery { fun, .. } = s {
            functions.push(match *fun {
                RayQueryFunction::Initialize { .. } => "initialize",
                RayQueryFunction::Proceed { .. } => "proceed",
                RayQueryFunction::GenerateIntersection { hit_t } => {
                    assert!(matches!(
                        main.expressions[hit_t],
                        Expression::Constant(_) | Expression::Literal(_)
                    ));
                    "generate"
                }
                RayQueryFunction::Terminate => "terminate",
                RayQueryFunction::ConfirmIntersection => "confirm",
            });
        }
    });
    assert_eq!(
        functions,
        ["initialize", "proceed", "generate", "terminate"]
    );
    let members = intersection_members(main);
    // Candidate: kind (0), world-to-object (10); committed: instance
    // custom index (2), binding table offset (4), geometry index (5),
    // front face (8), object-to-world (9).
    assert_eq!(
        members,
        [
            (false, 0),
            (false, 10),
            (true, 2),
            (true, 4),
            (true, 5),
            (true, 8),
            (true, 9)
        ]
    );
    // The signed indices are bitcast from naga's unsigned members.
    let bitcasts = main
        .expressions
        .iter()
        .filter(|(_, e)| {
            matches!(**e, Expression::As { expr, kind: naga::ScalarKind::Sint, convert: None }
                if matches!(main.expressions[expr], Expression::AccessIndex { index: 2 | 5, .. }))
        })
        .count();
    assert_eq!(bitcasts, 2);
    let compiled = compiler
        .compile(&source, &[OutputFormat::SpirvBinary])
        .unwrap_or_else(|f| panic!("{f}"));
    common::spirv_val(&compiled.outputs[0].bytes, "vulkan1.1").unwrap();
    let w = Written::new(&compiled.outputs[0].bytes);
    assert_eq!(w.instructions(Op::RayQueryGenerateIntersectionKHR).len(), 1);
    assert_eq!(w.instructions(Op::RayQueryTerminateKHR).len(), 1);
}
