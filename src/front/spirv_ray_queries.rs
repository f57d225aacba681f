//! Ray queries, after naga has read a module: SPIR-V legalisation wrote
//! each ray query instruction as a call to a function that stands for it,
//! the ray query variables as `uint` variables and the acceleration
//! structures as samplers (`spirv_legalize/ray_queries.rs`), since naga's
//! reader does not read `SPV_KHR_ray_query`. Here the acceleration
//! structures and ray queries get their types back, each call becomes the
//! `Statement::RayQuery` or the member of
//! `Expression::RayQueryGetIntersection` it stands for, and the functions
//! go.

use std::collections::{HashMap, HashSet};

use naga::{
    BinaryOperator, Expression, Handle, Literal, Module, RayQueryFunction, ScalarKind, Statement,
    TypeInner,
};
use shaderxform_passes::ir::{BlockBuilder, Rewrite};

use super::spirv_legalize::{IntersectionMember, RayQueries, RayQueryStandInKind};
use crate::diagnostics::Diagnostic;

/// What a call of a stand-in becomes, with the handles of the module.
#[derive(Clone, Copy)]
enum Replacement {
    Initialize {
        acceleration_structure: Handle<naga::GlobalVariable>,
        descriptor: Handle<naga::Type>,
    },
    Proceed,
    GenerateIntersection,
    ConfirmIntersection,
    Terminate,
    Intersection {
        committed: bool,
        member: IntersectionMember,
        /// The SPIR-V result is signed (the instance's custom index and id,
        /// the geometry and primitive indices), naga's member unsigned.
        signed: bool,
    },
}

/// Replaces the calls of the stand-in functions by ray queries, restores
/// the types of the acceleration structures and ray query variables, and
/// removes the functions.
pub fn ray_queries_from_stand_ins(
    module: &mut Module,
    ray_queries: &RayQueries,
) -> Result<(), Diagnostic> {
    if ray_queries.is_empty() {
        return Ok(());
    }
    let stand_ins = &ray_queries.stand_ins;
    let structure_at = |module: &Module, (group, binding): (u32, u32)| {
        let wanted = naga::ResourceBinding { group, binding };
        module
            .global_variables
            .iter()
            .find(|(_, g)| g.binding == Some(wanted))
            .map(|(h, _)| h)
            .ok_or_else(|| internal(&format!("no acceleration structure at {group}:{binding}")))
    };
    for &at in &ray_queries.acceleration_structures {
        let structure_type = shaderxform_passes::ir::ensure_type(
            &mut module.types,
            TypeInner::AccelerationStructure {
                vertex_return: false,
            },
        );
        let global = structure_at(module, at)?;
        let variable = module.global_variables.get_mut(global);
        if !matches!(module.types[variable.ty].inner, TypeInner::Sampler { .. }) {
            return Err(internal(
                "an acceleration structure was not read as a sampler",
            ));
        }
        variable.ty = structure_type;
    }
    let mut replacements: HashMap<Handle<naga::Function>, Replacement> = HashMap::new();
    for stand_in in stand_ins {
        let (handle, function) = super::stand_ins::stand_in_function(module, &stand_in.function)
            .ok_or_else(|| internal(&format!("no function `{}`", stand_in.function)))?;
        let signed = function
            .result
            .as_ref()
            .and_then(|r| module.types[r.ty].inner.scalar_kind())
            == Some(ScalarKind::Sint);
        let replacement = match stand_in.kind {
            RayQueryStandInKind::Initialize {
                acceleration_structure,
            } => Replacement::Initialize {
                acceleration_structure: structure_at(module, acceleration_structure)?,
                descriptor: module.generate_ray_desc_type(),
            },
            RayQueryStandInKind::Proceed => Replacement::Proceed,
            RayQueryStandInKind::GenerateIntersection => Replacement::GenerateIntersection,
            RayQueryStandInKind::ConfirmIntersection => Replacement::ConfirmIntersection,
            RayQueryStandInKind::Terminate => Replacement::Terminate,
            RayQueryStandInKind::Intersection { committed, member } => {
                // The type of `Expression::RayQueryGetIntersection`.
                module.generate_ray_intersection_type();
                Replacement::Intersection {
                    committed,
                    member,
                    signed,
                }
            }
        };
        replacements.insert(handle, replacement);
    }
    if stand_ins.is_empty() {
        // Nothing uses a ray query: the module needs no ray query type.
        return Ok(());
    }
    let query_type = shaderxform_passes::ir::ensure_type(
        &mut module.types,
        TypeInner::RayQuery {
            vertex_return: false,
        },
    );
    for function in shaderxform_passes::ir::functions_mut(module) {
        if !calls_any(&function.body, &replacements) {
            continue;
        }
        let mut rewrite = StandInCalls {
            replacements: &replacements,
            queries: HashSet::new(),
        };
        shaderxform_passes::ir::rebuild_function(function, &mut rewrite)
            .map_err(|e| internal(&format!("a function with ray queries holds {}", e.0)))?;
        for local in rewrite.queries {
            let variable = &mut function.local_variables[local];
            variable.ty = query_type;
            variable.init = None;
        }
    }
    super::stand_ins::remove_stand_in_functions(
        module,
        stand_ins.iter().map(|s| s.function.as_str()),
    )
    .map_err(|name| internal(&format!("`{name}` is still called")))
}

/// Whether a block calls any of the stand-ins.
fn calls_any(
    body: &naga::Block,
    replacements: &HashMap<Handle<naga::Function>, Replacement>,
) -> bool {
    let mut found = false;
    shaderxform_passes::ir::for_each_statement(body, &mut |s, _| {
        if let Statement::Call { function, .. } = *s {
            found |= replacements.contains_key(&function);
        }
    });
    found
}

struct StandInCalls<'a> {
    replacements: &'a HashMap<Handle<naga::Function>, Replacement>,
    /// The local variables the calls name as their ray query.
    queries: HashSet<Handle<naga::LocalVariable>>,
}

impl Rewrite for StandInCalls<'_> {
    fn statement(
        &mut self,
        b: &mut BlockBuilder<'_>,
        statement: &Statement,
    ) -> Option<Option<Handle<Expression>>> {
        let Statement::Call {
            function,
            ref arguments,
            result,
        } = *statement
        else {
            return None;
        };
        let replacement = *self.replacements.get(&function)?;
        let query = arguments[0];
        if let Expression::LocalVariable(local) = b.expressions()[query] {
            self.queries.insert(local);
        }
        let ray_query = |fun| Statement::RayQuery { query, fun };
        match replacement {
            Replacement::Initialize {
                acceleration_structure,
                descriptor,
            } => {
                let acceleration_structure =
                    b.expr(Expression::GlobalVariable(acceleration_structure));
                // The stand-in takes SPIR-V's operands: flags, cull mask,
                // origin, tmin, direction, tmax; naga's `RayDesc` orders
                // them flags, cull mask, tmin, tmax, origin, direction.
                let descriptor = b.expr(Expression::Compose {
                    ty: descriptor,
                    components: [1, 2, 4, 6, 3, 5].map(|n| arguments[n]).to_vec(),
                });
                b.statement(ray_query(RayQueryFunction::Initialize {
                    acceleration_structure,
                    descriptor,
                }));
                Some(None)
            }
            Replacement::Proceed => {
                let result = result?;
                *b.expressions_mut().get_mut(result) = Expression::RayQueryProceedResult;
                b.statement(ray_query(RayQueryFunction::Proceed { result }));
                Some(Some(result))
            }
            Replacement::GenerateIntersection => {
                b.statement(ray_query(RayQueryFunction::GenerateIntersection {
                    hit_t: arguments[1],
                }));
                Some(None)
            }
            Replacement::ConfirmIntersection => {
                b.statement(ray_query(RayQueryFunction::ConfirmIntersection));
                Some(None)
            }
            Replacement::Terminate => {
                b.statement(ray_query(RayQueryFunction::Terminate));
                Some(None)
            }
            Replacement::Intersection {
                committed,
                member,
                signed,
            } => {
                // The call's result, created just before the rewrite saw
                // the call, becomes the intersection.
                let intersection = result?;
                *b.expressions_mut().get_mut(intersection) =
                    Expression::RayQueryGetIntersection { query, committed };
                b.statement(Statement::Emit(naga::Range::new_from_bounds(
                    intersection,
                    intersection,
                )));
                let mut value = b.expr(Expression::AccessIndex {
                    base: intersection,
                    index: member.index(),
                });
                if member == IntersectionMember::Kind && !committed {
                    value = candidate_kind(b, value);
                }
                if signed {
                    value = b.expr(Expression::As {
                        expr: value,
                        kind: ScalarKind::Sint,
                        convert: None,
                    });
                }
                Some(Some(value))
            }
        }
    }
}

/// SPIR-V's candidate intersection type from naga's kind: naga counts
/// candidates as `Triangle` (1) and `Aabb` (3), SPIR-V as
/// `RayQueryCandidateIntersectionTriangleKHR` (0) and
/// `RayQueryCandidateIntersectionAABBKHR` (1). (Committed intersections
/// count alike: none 0, triangle 1, generated 2.)
fn candidate_kind(b: &mut BlockBuilder<'_>, kind: Handle<Expression>) -> Handle<Expression> {
    let aabb = b.expr(Expression::Literal(Literal::U32(
        naga::RayQueryIntersection::Aabb as u32,
    )));
    let is_aabb = b.expr(Expression::Binary {
        op: BinaryOperator::Equal,
        left: kind,
        right: aabb,
    });
    let spirv_aabb = b.expr(Expression::Literal(Literal::U32(1)));
    let spirv_triangle = b.expr(Expression::Literal(Literal::U32(0)));
    b.expr(Expression::Select {
        condition: is_aabb,
        accept: spirv_aabb,
        reject: spirv_triangle,
    })
}

fn internal(why: &str) -> Diagnostic {
    Diagnostic::error(format!(
        "internal error: the ray queries written for naga's reader were misread: {why}"
    ))
    .with_code(shaderxform_passes::codes::INTERNAL)
    .with_note("this is a bug in shaderxform, not in the shader")
}
