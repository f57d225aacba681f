//! Ray queries (`SPV_KHR_ray_query`, GLSL `GL_EXT_ray_query`): naga's IR
//! has them (`TypeInner::RayQuery`, `Statement::RayQuery`,
//! `Expression::RayQueryGetIntersection`) but naga 30's reader knows
//! neither the extension nor its types and instructions.
//!
//! What naga reads instead:
//!
//! - the acceleration structure type becomes the sampler type, so that
//!   each acceleration structure variable keeps its name, set and binding
//!   (naga reads a sampler binding);
//! - the ray query type becomes `uint`; glslang declares ray queries as
//!   `Private` variables, which become `Function` variables of the one
//!   function that uses them (GLSL declares them in that function);
//! - each `OpRayQuery*` instruction becomes a call to a function that
//!   stands for it, taking the ray query variable and the instruction's
//!   other operands (the acceleration structure of an initialisation is
//!   the stand-in's: one per acceleration structure variable) and
//!   returning a zero of the instruction's result type.
//!
//! After naga has read the module, [`crate::front::spirv_ray_queries`]
//! restores the types and replaces each call by the ray query statement or
//! intersection query it stands for.
//!
//! Refused at their line: the queries naga's IR has no equivalent of (the
//! ray's flags, `tmin`, origin and direction, object-space rays,
//! candidate AABB opacity, triangle vertex positions), ray queries that
//! are not a variable of their own (passed to a function, in an array),
//! a ray query variable several functions use, and acceleration
//! structures that are not a variable (arrays of them, from an address).

use std::collections::{BTreeMap, HashMap, HashSet};

use rspirv::dr::{Instruction, Operand};
use rspirv::spirv::{Op, StorageClass, Word};

use super::{instruction_with_result, Legalizer, Refusal};
use crate::diagnostics::Diagnostic;

/// What legalisation made of a module's ray queries, for
/// [`crate::front::spirv_ray_queries`] to turn back.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RayQueries {
    /// The functions that stand for the ray query instructions.
    pub stand_ins: Vec<RayQueryStandIn>,
    /// The acceleration structure variables, now samplers, by
    /// `(set, binding)`.
    pub acceleration_structures: Vec<(u32, u32)>,
    /// Whether the ray query and acceleration structure types were
    /// replaced (a module can declare them and use none).
    pub rewritten: bool,
}

impl RayQueries {
    /// Whether the module had no ray query or acceleration structure type.
    pub fn is_empty(&self) -> bool {
        !self.rewritten
    }

    /// The ray query instructions that became calls of stand-ins.
    pub fn instructions(&self) -> usize {
        self.stand_ins.iter().map(|s| s.calls).sum()
    }
}

/// A function that stands for one kind of ray query instruction until
/// naga has read the module. Its first parameter is the ray query.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RayQueryStandIn {
    /// The function's name, unique in the module.
    pub function: String,
    /// What its calls stand for.
    pub kind: RayQueryStandInKind,
    /// The instructions that call it.
    pub calls: usize,
}

/// What the calls of a ray query stand-in stand for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RayQueryStandInKind {
    /// `OpRayQueryInitializeKHR` on the acceleration structure bound at
    /// `(set, binding)`; the arguments after the query are the
    /// instruction's: flags, cull mask, origin, tmin, direction, tmax.
    Initialize { acceleration_structure: (u32, u32) },
    /// `OpRayQueryProceedKHR`.
    Proceed,
    /// `OpRayQueryGenerateIntersectionKHR`; the argument after the query
    /// is the hit's `t`.
    GenerateIntersection,
    /// `OpRayQueryConfirmIntersectionKHR`.
    ConfirmIntersection,
    /// `OpRayQueryTerminateKHR`.
    Terminate,
    /// `OpRayQueryGetIntersection*KHR`: a member of the committed or the
    /// candidate intersection.
    Intersection {
        committed: bool,
        member: IntersectionMember,
    },
}

/// A member of naga's `RayIntersection` structure
/// (`Module::generate_ray_intersection_type`), by the SPIR-V query that
/// reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum IntersectionMember {
    /// `OpRayQueryGetIntersectionTypeKHR`, whose values differ from
    /// naga's `RayQueryIntersection` for candidates.
    Kind,
    T,
    InstanceCustomIndex,
    InstanceId,
    ShaderBindingTableRecordOffset,
    GeometryIndex,
    PrimitiveIndex,
    Barycentrics,
    FrontFace,
    ObjectToWorld,
    WorldToObject,
}

impl IntersectionMember {
    /// The member's index in naga's `RayIntersection`.
    pub fn index(self) -> u32 {
        match self {
            IntersectionMember::Kind => 0,
            IntersectionMember::T => 1,
            IntersectionMember::InstanceCustomIndex => 2,
            IntersectionMember::InstanceId => 3,
            IntersectionMember::ShaderBindingTableRecordOffset => 4,
            IntersectionMember::GeometryIndex => 5,
            IntersectionMember::PrimitiveIndex => 6,
            IntersectionMember::Barycentrics => 7,
            IntersectionMember::FrontFace => 8,
            IntersectionMember::ObjectToWorld => 9,
            IntersectionMember::WorldToObject => 10,
        }
    }

    fn of(op: Op) -> Option<Self> {
        Some(match op {
            Op::RayQueryGetIntersectionTypeKHR => IntersectionMember::Kind,
            Op::RayQueryGetIntersectionTKHR => IntersectionMember::T,
            Op::RayQueryGetIntersectionInstanceCustomIndexKHR => {
                IntersectionMember::InstanceCustomIndex
            }
            Op::RayQueryGetIntersectionInstanceIdKHR => IntersectionMember::InstanceId,
            Op::RayQueryGetIntersectionInstanceShaderBindingTableRecordOffsetKHR => {
                IntersectionMember::ShaderBindingTableRecordOffset
            }
            Op::RayQueryGetIntersectionGeometryIndexKHR => IntersectionMember::GeometryIndex,
            Op::RayQueryGetIntersectionPrimitiveIndexKHR => IntersectionMember::PrimitiveIndex,
            Op::RayQueryGetIntersectionBarycentricsKHR => IntersectionMember::Barycentrics,
            Op::RayQueryGetIntersectionFrontFaceKHR => IntersectionMember::FrontFace,
            Op::RayQueryGetIntersectionObjectToWorldKHR => IntersectionMember::ObjectToWorld,
            Op::RayQueryGetIntersectionWorldToObjectKHR => IntersectionMember::WorldToObject,
            _ => return None,
        })
    }
}

/// The GLSL names of the ray query instructions naga's IR has no
/// equivalent of.
fn without_equivalent(op: Op) -> Option<&'static str> {
    Some(match op {
        Op::RayQueryGetRayTMinKHR => "rayQueryGetRayTMinEXT",
        Op::RayQueryGetRayFlagsKHR => "rayQueryGetRayFlagsEXT",
        Op::RayQueryGetWorldRayOriginKHR => "rayQueryGetWorldRayOriginEXT",
        Op::RayQueryGetWorldRayDirectionKHR => "rayQueryGetWorldRayDirectionEXT",
        Op::RayQueryGetIntersectionObjectRayOriginKHR => {
            "rayQueryGetIntersectionObjectRayOriginEXT"
        }
        Op::RayQueryGetIntersectionObjectRayDirectionKHR => {
            "rayQueryGetIntersectionObjectRayDirectionEXT"
        }
        Op::RayQueryGetIntersectionCandidateAABBOpaqueKHR => {
            "rayQueryGetIntersectionCandidateAABBOpaqueEXT"
        }
        Op::RayQueryGetIntersectionTriangleVertexPositionsKHR => {
            "rayQueryGetIntersectionTriangleVertexPositionsEXT"
        }
        _ => return None,
    })
}

/// Whether an instruction takes a ray query as its first operand.
fn is_ray_query_op(op: Op) -> bool {
    matches!(
        op,
        Op::RayQueryInitializeKHR
            | Op::RayQueryProceedKHR
            | Op::RayQueryGenerateIntersectionKHR
            | Op::RayQueryConfirmIntersectionKHR
            | Op::RayQueryTerminateKHR
    ) || IntersectionMember::of(op).is_some()
        || without_equivalent(op).is_some()
}

/// A ray query instruction and what its call stands for.
struct Site {
    kind: RayQueryStandInKind,
    /// The acceleration structure variable of an initialisation.
    acceleration_structure: Option<Word>,
}

impl Legalizer {
    /// The ray queries naga's IR cannot hold, as refusals at their
    /// instruction of `words` (the input, which this module still is).
    pub(super) fn refuse_ray_queries(&self, words: &[u32]) -> Vec<Refusal> {
        if self.ray_query_type().is_none() && self.acceleration_structure_type().is_none() {
            return Vec::new();
        }
        let mut refused = Vec::new();
        let queries = self.ray_query_variables();
        // A ray query declared `Private` (as glslang does) is moved into
        // the one function using it.
        for (&variable, users) in &queries {
            if users.len() > 1 {
                refused.push(Refusal {
                    diagnostic: refusal(format!(
                        "the ray query {} is used by {} functions: naga's IR has ray queries only as variables of one function",
                        self.described(variable, "variable"),
                        users.len()
                    ))
                    .with_note("declare a ray query in the function that uses it"),
                    instruction: super::variable_declaration(words, variable),
                    label: "declared here",
                });
            }
        }
        let ray_query_pointers = self.ray_query_pointer_types();
        let value_types = self.value_types();
        for inst in self.function_instructions() {
            let op = inst.class.opcode;
            if op == Op::FunctionCall {
                let passes_query = inst.operands.iter().skip(1).any(|o| {
                    super::id_operand(o)
                        .and_then(|id| value_types.get(&id))
                        .is_some_and(|t| ray_query_pointers.contains(t))
                });
                if passes_query {
                    refused.push(located(
                        words,
                        inst,
                        refusal(
                            "a ray query passed to a function: shaderxform reads ray queries only as variables of the function that uses them"
                                .to_string(),
                        )
                        .with_note("use the ray query in the function that declares it"),
                    ));
                }
                continue;
            }
            if op == Op::ConvertUToAccelerationStructureKHR {
                refused.push(located(
                    words,
                    inst,
                    refusal("an acceleration structure made from an address: naga's IR has acceleration structures only as bound resources".to_string()),
                ));
                continue;
            }
            if !is_ray_query_op(op) {
                continue;
            }
            if let Some(glsl) = without_equivalent(op) {
                refused.push(located(
                    words,
                    inst,
                    refusal(format!(
                        "Op{op:?} (`{glsl}`) has no equivalent in naga's IR, which shaderxform translates through"
                    ))
                    .with_note("naga's ray queries give the intersection's kind, t, instance, geometry and primitive indices, barycentrics, front face and transforms; keep the ray's own values in variables"),
                ));
                continue;
            }
            if let Err(why) = self.ray_query_site(inst, &queries) {
                refused.push(located(words, inst, refusal(why)));
            }
        }
        refused
    }

    /// Rewrites the ray query types, variables and instructions into what
    /// naga reads (see the module documentation);
    /// [`Legalizer::refuse_ray_queries`] has found nothing it cannot
    /// rewrite.
    pub(super) fn call_ray_query_stand_ins(&mut self) -> RayQueries {
        let query_type = self.ray_query_type();
        let structure_type = self.acceleration_structure_type();
        if query_type.is_none() && structure_type.is_none() {
            return RayQueries::default();
        }
        let queries = self.ray_query_variables();
        let uint = self.ensure_type(
            Op::TypeInt,
            vec![Operand::LiteralBit32(32), Operand::LiteralBit32(0)],
        );
        let query_pointer = self.pointer_type(StorageClass::Function, uint);
        // Before the sites are found: it adds instructions to blocks.
        self.move_private_queries_into_functions(&queries, query_pointer);
        let mut sites: HashMap<(usize, usize, usize), Site> = HashMap::new();
        for (f, function) in self.module.functions.iter().enumerate() {
            for (b, block) in function.blocks.iter().enumerate() {
                for (i, inst) in block.instructions.iter().enumerate() {
                    if is_ray_query_op(inst.class.opcode) {
                        if let Ok(site) = self.ray_query_site(inst, &queries) {
                            sites.insert((f, b, i), site);
                        }
                    }
                }
            }
        }
        let bindings: HashMap<Word, (u32, u32)> = self
            .global_variables()
            .into_iter()
            .filter(|&(_, pointer)| {
                structure_type.is_some() && self.pointee(pointer).map(|(_, t)| t) == structure_type
            })
            .filter_map(|(v, _)| {
                let set = self.decoration_value(v, rspirv::spirv::Decoration::DescriptorSet)?;
                let binding = self.decoration_value(v, rspirv::spirv::Decoration::Binding)?;
                Some((v, (set, binding)))
            })
            .collect();
        // Before the blocks are taken apart below.
        let value_types = self.value_types();
        let mut stand_ins: Vec<RayQueryStandIn> = Vec::new();
        let mut functions: HashMap<String, (Word, usize)> = HashMap::new();
        for f in 0..self.module.functions.len() {
            for b in 0..self.module.functions[f].blocks.len() {
                let old = std::mem::take(&mut self.module.functions[f].blocks[b].instructions);
                let mut new = Vec::with_capacity(old.len());
                for (i, inst) in old.into_iter().enumerate() {
                    let Some(site) = sites.get(&(f, b, i)) else {
                        new.push(inst);
                        continue;
                    };
                    let kind = match site.kind {
                        RayQueryStandInKind::Initialize { .. } => RayQueryStandInKind::Initialize {
                            acceleration_structure: site
                                .acceleration_structure
                                .and_then(|v| bindings.get(&v).copied())
                                .unwrap_or_default(),
                        },
                        other => other,
                    };
                    // The operands the call passes: the query, then the
                    // instruction's values (without the acceleration
                    // structure and the intersection selector).
                    let passed: Vec<Word> = match kind {
                        RayQueryStandInKind::Initialize { .. } => {
                            let mut ids: Vec<Word> =
                                inst.operands.iter().filter_map(super::id_operand).collect();
                            ids.remove(1);
                            ids
                        }
                        RayQueryStandInKind::Intersection { .. } => inst
                            .operands
                            .first()
                            .and_then(super::id_operand)
                            .into_iter()
                            .collect(),
                        _ => inst.operands.iter().filter_map(super::id_operand).collect(),
                    };
                    let void = self.ensure_type(Op::TypeVoid, vec![]);
                    let result_type = inst.result_type.unwrap_or(void);
                    let key = format!("{kind:?}/{result_type}");
                    let (function, index) = match functions.get(&key) {
                        Some(&found) => found,
                        None => {
                            let mut parameters = vec![query_pointer];
                            parameters.extend(passed[1..].iter().map(|id| value_types[id]));
                            let name = self.unused_name(&format!(
                                "shaderxform_ray_query_{}",
                                stand_in_name(kind)
                            ));
                            let function = self.add_stand_in_function(
                                &name,
                                inst.result_type,
                                &parameters,
                                |_, _| Vec::new(),
                            );
                            stand_ins.push(RayQueryStandIn {
                                function: name,
                                kind,
                                calls: 0,
                            });
                            functions.insert(key, (function, stand_ins.len() - 1));
                            (function, stand_ins.len() - 1)
                        }
                    };
                    stand_ins[index].calls += 1;
                    let mut operands = vec![Operand::IdRef(function)];
                    operands.extend(passed.into_iter().map(Operand::IdRef));
                    let result = inst.result_id.unwrap_or_else(|| self.fresh_id());
                    new.push(Instruction::new(
                        Op::FunctionCall,
                        Some(result_type),
                        Some(result),
                        operands,
                    ));
                }
                self.module.functions[f].blocks[b].instructions = new;
            }
        }
        self.retype_ray_query_and_acceleration_structure(query_type, structure_type, uint);
        let mut acceleration_structures: Vec<(u32, u32)> = bindings.into_values().collect();
        acceleration_structures.sort();
        RayQueries {
            stand_ins,
            acceleration_structures,
            rewritten: true,
        }
    }

    /// What the call of a ray query instruction stands for, or why naga's
    /// IR cannot hold it.
    fn ray_query_site(
        &self,
        inst: &Instruction,
        queries: &BTreeMap<Word, Vec<usize>>,
    ) -> Result<Site, String> {
        let op = inst.class.opcode;
        let query = inst.operands.first().and_then(super::id_operand);
        if !query.is_some_and(|q| queries.contains_key(&q)) {
            return Err(format!(
                "Op{op:?} on a ray query that is not a variable of its own (an array element or a function parameter): naga's IR has ray queries only as variables"
            ));
        }
        let kind = match op {
            Op::RayQueryInitializeKHR => RayQueryStandInKind::Initialize {
                acceleration_structure: (0, 0),
            },
            Op::RayQueryProceedKHR => RayQueryStandInKind::Proceed,
            Op::RayQueryGenerateIntersectionKHR => RayQueryStandInKind::GenerateIntersection,
            Op::RayQueryConfirmIntersectionKHR => RayQueryStandInKind::ConfirmIntersection,
            Op::RayQueryTerminateKHR => RayQueryStandInKind::Terminate,
            _ => {
                let member = IntersectionMember::of(op)
                    .ok_or_else(|| format!("Op{op:?} has no equivalent in naga's IR"))?;
                let committed = inst
                    .operands
                    .get(1)
                    .and_then(super::id_operand)
                    .and_then(|id| self.global(id))
                    .filter(|c| c.class.opcode == Op::Constant)
                    .and_then(|c| match c.operands.first() {
                        Some(Operand::LiteralBit32(v)) => Some(*v == 1),
                        _ => None,
                    })
                    .ok_or_else(|| {
                        format!("Op{op:?} whose intersection (committed or candidate) is not a constant: naga's IR needs to know which")
                    })?;
                RayQueryStandInKind::Intersection { committed, member }
            }
        };
        let acceleration_structure = match kind {
            RayQueryStandInKind::Initialize { .. } => {
                Some(self.loaded_acceleration_structure(inst).ok_or_else(|| {
                    "a ray query initialised with an acceleration structure that is not a bound variable of its own (an element of an array of them?): naga's IR reads it from a global variable".to_string()
                })?)
            }
            _ => None,
        };
        Ok(Site {
            kind,
            acceleration_structure,
        })
    }

    /// The acceleration structure variable an initialisation loads its
    /// acceleration structure from.
    fn loaded_acceleration_structure(&self, initialize: &Instruction) -> Option<Word> {
        let structure = initialize.operands.get(1).and_then(super::id_operand)?;
        let load = self
            .function_instructions()
            .find(|i| i.result_id == Some(structure) && i.class.opcode == Op::Load)?;
        let variable = load.operands.first().and_then(super::id_operand)?;
        let structure_type = self.acceleration_structure_type()?;
        let pointer = self
            .global(variable)
            .filter(|v| v.class.opcode == Op::Variable)?
            .result_type?;
        (self.pointee(pointer)?.1 == structure_type).then_some(variable)
    }

    /// Every ray query variable (`Private` or `Function`), with the
    /// indices of the functions that use it; by id, so that what is
    /// refused and rewritten comes in the same order each time.
    fn ray_query_variables(&self) -> BTreeMap<Word, Vec<usize>> {
        let pointers = self.ray_query_pointer_types();
        let mut variables: BTreeMap<Word, Vec<usize>> = self
            .defining_instructions()
            .filter(|i| i.class.opcode == Op::Variable)
            .filter(|i| i.result_type.is_some_and(|t| pointers.contains(&t)))
            .filter_map(|i| Some((i.result_id?, Vec::new())))
            .collect();
        for (f, function) in self.module.functions.iter().enumerate() {
            let used = function
                .blocks
                .iter()
                .flat_map(|b| &b.instructions)
                .flat_map(|i| i.operands.iter().filter_map(super::id_operand));
            let used: HashSet<Word> = used.collect();
            for (variable, users) in &mut variables {
                if used.contains(variable) {
                    users.push(f);
                }
            }
        }
        variables
    }

    fn ray_query_pointer_types(&self) -> HashSet<Word> {
        let Some(query_type) = self.ray_query_type() else {
            return HashSet::new();
        };
        self.module
            .types_global_values
            .iter()
            .filter(|i| i.class.opcode == Op::TypePointer)
            .filter(|i| i.operands.get(1) == Some(&Operand::IdRef(query_type)))
            .filter_map(|i| i.result_id)
            .collect()
    }

    fn ray_query_type(&self) -> Option<Word> {
        self.type_with_opcode(Op::TypeRayQueryKHR)
    }

    fn acceleration_structure_type(&self) -> Option<Word> {
        self.type_with_opcode(Op::TypeAccelerationStructureKHR)
    }

    fn type_with_opcode(&self, op: Op) -> Option<Word> {
        self.module
            .types_global_values
            .iter()
            .find(|i| i.class.opcode == op)
            .and_then(|i| i.result_id)
    }

    fn function_instructions(&self) -> impl Iterator<Item = &Instruction> {
        self.module
            .functions
            .iter()
            .flat_map(|f| f.blocks.iter().flat_map(|b| &b.instructions))
    }

    /// Makes every ray query variable a `Function` variable of the
    /// placeholder type (`query_pointer`), in the function that uses it.
    fn move_private_queries_into_functions(
        &mut self,
        queries: &BTreeMap<Word, Vec<usize>>,
        query_pointer: Word,
    ) {
        let mut moved: HashMap<usize, usize> = HashMap::new();
        for (&variable, users) in queries {
            let global = self
                .module
                .types_global_values
                .iter()
                .position(|i| i.result_id == Some(variable));
            match global {
                Some(position) => {
                    self.module.types_global_values.remove(position);
                    for entry in &mut self.module.entry_points {
                        entry.operands.retain(|o| *o != Operand::IdRef(variable));
                    }
                    if let Some(&f) = users.first() {
                        let local = Instruction::new(
                            Op::Variable,
                            Some(query_pointer),
                            Some(variable),
                            vec![Operand::StorageClass(StorageClass::Function)],
                        );
                        // After those moved before it: in the order
                        // they were declared.
                        let at = moved.entry(f).or_insert(0);
                        if let Some(first) = self.module.functions[f].blocks.first_mut() {
                            first.instructions.insert(*at, local);
                            *at += 1;
                        }
                    } else {
                        self.module
                            .debug_names
                            .retain(|i| i.operands.first() != Some(&Operand::IdRef(variable)));
                    }
                }
                None => {
                    for inst in self
                        .module
                        .functions
                        .iter_mut()
                        .flat_map(|f| f.blocks.iter_mut().flat_map(|b| &mut b.instructions))
                    {
                        if inst.result_id == Some(variable) {
                            inst.result_type = Some(query_pointer);
                        }
                    }
                }
            }
        }
    }

    /// Replaces the ray query type by `uint` and the acceleration
    /// structure type by the sampler type, and drops what declared them.
    fn retype_ray_query_and_acceleration_structure(
        &mut self,
        query_type: Option<Word>,
        structure_type: Option<Word>,
        uint: Word,
    ) {
        if let Some(query_type) = query_type {
            self.replace_type_in_place(query_type, uint);
        }
        if let Some(structure_type) = structure_type {
            let sampler = self.ensure_type(Op::TypeSampler, vec![]);
            self.replace_type_in_place(structure_type, sampler);
        }
        // Pointers to the ray query type, now pointers to `uint`, some
        // into `Private`, which nothing uses any more.
        let used: HashSet<Word> = self
            .defining_instructions()
            .filter_map(|i| i.result_type)
            .chain(
                self.module
                    .types_global_values
                    .iter()
                    .flat_map(|i| i.operands.iter().filter_map(super::id_operand)),
            )
            .collect();
        self.module.types_global_values.retain(|i| {
            !(i.class.opcode == Op::TypePointer
                && i.operands.get(1) == Some(&Operand::IdRef(uint))
                && i.result_id.is_some_and(|id| !used.contains(&id)))
        });
        self.merge_duplicate_types();
        self.module.capabilities.retain(|i| {
            i.operands.first() != Some(&Operand::Capability(rspirv::spirv::Capability::RayQueryKHR))
        });
        self.module.extensions.retain(|i| {
            i.operands.first() != Some(&Operand::LiteralString("SPV_KHR_ray_query".to_string()))
        });
    }

    /// Makes every use of type `old` a use of `new`, a type without
    /// operands, which moves up to where `old` was declared if it is
    /// declared later (what used `old` must see it declared before).
    fn replace_type_in_place(&mut self, old: Word, new: Word) {
        let types = &mut self.module.types_global_values;
        let (Some(old_at), Some(new_at)) = (
            types.iter().position(|i| i.result_id == Some(old)),
            types.iter().position(|i| i.result_id == Some(new)),
        ) else {
            return;
        };
        if new_at > old_at {
            let declaration = types.remove(new_at);
            types[old_at] = declaration;
        } else {
            types.remove(old_at);
        }
        self.replace_id(old, new);
    }

    /// The `OpConstantNull` of `ty`, declared where it is missing.
    pub(super) fn constant_null(&mut self, ty: Word) -> Word {
        if let Some(existing) = self
            .module
            .types_global_values
            .iter()
            .find(|i| i.class.opcode == Op::ConstantNull && i.result_type == Some(ty))
            .and_then(|i| i.result_id)
        {
            return existing;
        }
        let id = self.fresh_id();
        let inst = Instruction::new(Op::ConstantNull, Some(ty), Some(id), vec![]);
        let position = self
            .module
            .types_global_values
            .iter()
            .position(|i| i.result_id == Some(ty))
            .map_or(self.module.types_global_values.len(), |p| p + 1);
        self.module.types_global_values.insert(position, inst);
        id
    }

    /// "`name`" of a value, or "a `what`".
    fn described(&self, id: Word, what: &str) -> String {
        self.names
            .get(&id)
            .map_or_else(|| format!("(an unnamed {what})"), |n| format!("`{n}`"))
    }
}

/// A refusal at `inst`, an instruction of the module as it was read
/// (`words`).
fn located(words: &[u32], inst: &Instruction, diagnostic: Diagnostic) -> Refusal {
    let instruction = match inst.result_id {
        Some(id) => instruction_with_result(words, inst.class.opcode, id),
        None => instruction_with_operands(words, inst),
    };
    Refusal {
        diagnostic,
        instruction,
        label: "here",
    }
}

/// The index of the first instruction of `words` with the opcode and
/// (id) operands of `inst`, which has no result.
fn instruction_with_operands(words: &[u32], inst: &Instruction) -> Option<usize> {
    let operands: Option<Vec<u32>> = inst.operands.iter().map(super::id_operand).collect();
    let operands = operands?;
    let (instructions, _) = crate::spirv_words::split_instructions(words);
    instructions.iter().position(|range| {
        let instruction = &words[range.clone()];
        instruction[0] & 0xffff == inst.class.opcode as u32 && instruction[1..] == operands[..]
    })
}

fn stand_in_name(kind: RayQueryStandInKind) -> &'static str {
    match kind {
        RayQueryStandInKind::Initialize { .. } => "initialize",
        RayQueryStandInKind::Proceed => "proceed",
        RayQueryStandInKind::GenerateIntersection => "generate_intersection",
        RayQueryStandInKind::ConfirmIntersection => "confirm_intersection",
        RayQueryStandInKind::Terminate => "terminate",
        RayQueryStandInKind::Intersection { .. } => "intersection",
    }
}

fn refusal(message: String) -> Diagnostic {
    Diagnostic::error(message).with_code(shaderxform_passes::codes::SPIRV_RAY_QUERY)
}
