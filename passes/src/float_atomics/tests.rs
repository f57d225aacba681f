use super::config::{NAME, STRATEGY_OPTION, SUM_OPTION};
use crate::testing::run_pass;
use crate::Target;

/// Runs float-atomics on a WGSL shader; returns the strategy recorded
/// for each rewritten atomic and the WGSL written for the result.
fn run(source: &str, strategy: &str) -> Result<(Vec<String>, String), Vec<String>> {
    run_on(source, strategy, &Target::default())
}

fn run_on(
    source: &str,
    strategy: &str,
    target: &Target,
) -> Result<(Vec<String>, String), Vec<String>> {
    let run = run_pass(NAME, source, &[(STRATEGY_OPTION, strategy)], target)
        .map_err(|errors| errors.into_iter().map(|d| d.message).collect::<Vec<_>>())?;
    let strategies = run
        .report
        .changes
        .iter()
        .map(|c| c.strategy.clone().unwrap())
        .collect();
    Ok((strategies, run.wgsl))
}

/// A workgroup atomic that takes the minimum of `value`, an expression
/// over `x: f32`, `u: u32` and `v: vec3<f32>`.
fn min_of(value: &str) -> String {
    format!(
        "var<workgroup> m: atomic<f32>;
             @group(0) @binding(0) var<storage, read_write> out: array<f32>;
             @compute @workgroup_size(8)
             fn main(@builtin(local_invocation_index) i: u32) {{
                 let x = out[i];
                 let u = i * 3u;
                 let v = vec3<f32>(x, 1.0, -2.0);
                 atomicMin(&m, {value});
                 workgroupBarrier();
                 out[i] = atomicLoad(&m);
             }}"
    )
}

#[test]
fn proven_non_negative_values_take_the_signed_bitcast() {
    for value in [
        "abs(x)",
        "length(v)",
        "distance(v, vec3<f32>(1.0))",
        "sqrt(abs(x))",
        "f32(u)",
        "2.5",
        "abs(x) * 2.0",
        "select(abs(x), 1.0, x > 0.0)",
        "max(x, 1.0)",
        "exp(x)",
    ] {
        let (strategies, wgsl) = run(&min_of(value), "auto").unwrap();
        assert_eq!(strategies, ["signed"], "{value}");
        assert!(wgsl.contains("atomic<i32>"), "{value}: {wgsl}");
        assert!(
            !wgsl.contains("2147483648u"),
            "{value}: no encoding expected"
        );
    }
}

#[test]
fn unproven_signs_take_the_ordered_encoding() {
    // max(x, 0.0) may return -0.0; min(x, 0.0) may return +0.0.
    for value in [
        "x",
        "max(x, 0.0)",
        "min(x, 0.0)",
        "abs(x) - 1.0",
        "-abs(x)",
        "f32(i32(u))",
    ] {
        let (strategies, wgsl) = run(&min_of(value), "auto").unwrap();
        assert_eq!(strategies, ["ordered"], "{value}");
        assert!(wgsl.contains("atomic<u32>"), "{value}");
        assert!(wgsl.contains("atomicMin"), "{value}");
    }
}

#[test]
fn workgroup_memory_never_takes_the_swapped_form() {
    // Every value is negative, but the atomic starts as +0.0.
    let (strategies, _) = run(&min_of("-abs(x) - 1.0"), "auto").unwrap();
    assert_eq!(strategies, ["ordered"]);
}

#[test]
fn negative_storage_values_swap_min_and_max() {
    let source = "@group(0) @binding(0) var<storage, read_write> m: atomic<f32>;
            @group(0) @binding(1) var<storage, read> xs: array<f32>;
            @compute @workgroup_size(8)
            fn main(@builtin(global_invocation_id) g: vec3<u32>) {
                atomicMin(&m, -abs(xs[g.x]));
            }";
    let (strategies, wgsl) = run(source, "auto").unwrap();
    assert_eq!(strategies, ["signed-swapped"]);
    assert!(wgsl.contains("atomicMax"), "{wgsl}");
    assert!(!wgsl.contains("atomicMin"), "{wgsl}");
}

#[test]
fn signed_is_refused_where_the_sign_is_not_proven() {
    let errors = run(&min_of("x"), "signed").unwrap_err();
    assert!(errors[0].contains("not proven"), "{errors:?}");
}

#[test]
fn add_and_compare_exchange_work_on_the_encoded_word() {
    let source = "var<workgroup> m: atomic<f32>;
            @group(0) @binding(0) var<storage, read_write> out: array<f32>;
            @compute @workgroup_size(8)
            fn main(@builtin(local_invocation_index) i: u32) {
                atomicMin(&m, out[i]);
                let before = atomicAdd(&m, 2.0);
                let r = atomicCompareExchangeWeak(&m, before, 1.0);
                out[i] = select(0.0, r.old_value, r.exchanged);
            }";
    let (strategies, wgsl) = run(source, "auto").unwrap();
    assert_eq!(strategies, ["ordered"]);
    assert!(
        wgsl.contains("loop {"),
        "an add is a compare-exchange loop: {wgsl}"
    );
    assert_eq!(
        wgsl.matches("atomicCompareExchangeWeak").count(),
        2,
        "{wgsl}"
    );
    assert!(!wgsl.contains("atomic<f32>"), "{wgsl}");
}

#[test]
fn the_cas_strategy_loops_on_the_float_bits() {
    let (strategies, wgsl) = run(&min_of("x"), "cas").unwrap();
    assert_eq!(strategies, ["cas"]);
    assert!(wgsl.contains("atomicCompareExchangeWeak"), "{wgsl}");
    assert!(!wgsl.contains("atomicMin"), "{wgsl}");
    assert!(wgsl.contains("min(bitcast<f32>("), "{wgsl}");
}

const F64_BOUNDS: &str = "@group(0) @binding(0) var<storage, read_write> lo: atomic<f64>;
        @group(0) @binding(1) var<storage, read> xs: array<f64>;
        @compute @workgroup_size(8)
        fn main(@builtin(global_invocation_id) g: vec3<u32>) {
            atomicMin(&lo, xs[g.x]);
        }";

fn min_max_only() -> Target {
    Target {
        int64_atomic_min_max: true,
        ..Target::default()
    }
}

#[test]
fn f64_min_becomes_a_u64_min_with_the_64_bit_encoding() {
    let (strategies, wgsl) = run_on(F64_BOUNDS, "auto", &min_max_only()).unwrap();
    assert_eq!(strategies, ["ordered"]);
    assert!(wgsl.contains("atomic<u64>"), "{wgsl}");
    assert!(wgsl.contains("9223372036854775808lu"), "{wgsl}");
    assert!(wgsl.contains(">> 63u"), "{wgsl}");
    assert!(!wgsl.contains("f32"), "{wgsl}");
}

#[test]
fn f64_needs_64_bit_atomics_on_the_target() {
    let errors = run(F64_BOUNDS, "auto").unwrap_err();
    assert!(errors[0].contains("int64-atomic-min-max"), "{errors:?}");
    // A load needs more than min and max.
    let with_load = F64_BOUNDS.replace(
        "atomicMin(&lo, xs[g.x]);",
        "atomicMin(&lo, xs[g.x]); let seen = atomicLoad(&lo);",
    );
    let errors = run_on(&with_load, "auto", &min_max_only()).unwrap_err();
    assert!(errors[0].contains("int64-atomics`"), "{errors:?}");
    // And so does the compare-exchange reference.
    let errors = run_on(F64_BOUNDS, "cas", &min_max_only()).unwrap_err();
    assert!(errors[0].contains("int64-atomics`"), "{errors:?}");
    let all_ops = Target {
        int64_atomic_all_ops: true,
        ..Target::default()
    };
    let (strategies, wgsl) = run_on(&with_load, "cas", &all_ops).unwrap();
    assert_eq!(strategies, ["cas"]);
    assert!(wgsl.contains("atomicCompareExchangeWeak"), "{wgsl}");
}

#[test]
fn proven_non_negative_f64_takes_the_signed_bitcast() {
    let source = F64_BOUNDS.replace("xs[g.x])", "abs(xs[g.x]))");
    let (strategies, wgsl) = run_on(&source, "auto", &min_max_only()).unwrap();
    assert_eq!(strategies, ["signed"]);
    assert!(wgsl.contains("atomic<i64>"), "{wgsl}");
    assert!(wgsl.contains("bitcast<i64>"), "{wgsl}");
}

#[test]
fn f16_in_workgroup_memory_is_widened_to_a_32_bit_word() {
    let source = "enable f16;
            var<workgroup> lo: array<atomic<f16>, 4>;
            @group(0) @binding(0) var<storage, read_write> xs: array<f16>;
            @compute @workgroup_size(8)
            fn main(@builtin(local_invocation_index) i: u32) {
                atomicMin(&lo[i % 4u], xs[i]);
                workgroupBarrier();
                xs[i] = atomicLoad(&lo[i % 4u]);
            }";
    let (strategies, wgsl) = run(source, "auto").unwrap();
    assert_eq!(strategies, ["ordered"]);
    assert!(wgsl.contains("array<atomic<u32>, 4>"), "{wgsl}");
    assert!(wgsl.contains("bitcast<u32>(f32("), "{wgsl}");
    assert!(wgsl.contains("f16(bitcast<f32>("), "{wgsl}");
}

#[test]
fn f16_that_the_host_or_a_struct_lays_out_is_refused() {
    let storage = "enable f16;
            @group(0) @binding(0) var<storage, read_write> lo: atomic<f16>;
            @group(0) @binding(1) var<storage, read> xs: array<f16>;
            @compute @workgroup_size(8)
            fn main(@builtin(global_invocation_id) g: vec3<u32>) {
                atomicMin(&lo, xs[g.x]);
            }";
    let errors = run(storage, "auto").unwrap_err();
    assert!(errors[0].contains("buffer layout"), "{errors:?}");
    let in_struct = "enable f16;
            struct Pair { a: atomic<f16>, b: atomic<f16> }
            var<workgroup> p: Pair;
            @group(0) @binding(0) var<storage, read> xs: array<f16>;
            @compute @workgroup_size(8)
            fn main(@builtin(local_invocation_index) i: u32) {
                atomicMin(&p.a, xs[i]);
            }";
    let errors = run(in_struct, "auto").unwrap_err();
    assert!(errors[0].contains("not structs"), "{errors:?}");
}

/// A float atomic only stored (or loaded, or named by nothing) holds the
/// float's bits in a `u32` word where the target has no float atomics:
/// WGSL (Tint) has no `atomic<f32>` at all. Where the target adds floats
/// natively, it is left as written.
#[test]
fn atomics_without_min_or_max_are_retyped_only_without_float_atomics() {
    let source = "@group(0) @binding(0) var<storage, read_write> s: atomic<f32>;
            @group(0) @binding(1) var<storage, read_write> unused: array<atomic<f32>>;
            @compute @workgroup_size(8)
            fn main() {
                atomicStore(&s, 1.0);
            }";
    let before = format!(
        "{:?}",
        naga::front::wgsl::parse_str(source)
            .unwrap()
            .global_variables
    );
    let run = run_pass(NAME, source, &[], &Target::default()).unwrap();
    let retyped: Vec<&str> = run
        .report
        .changes
        .iter()
        .filter(|c| c.kind == "retype-atomic")
        .map(|c| c.message.as_str())
        .collect();
    assert_eq!(retyped.len(), 2, "{retyped:?}");
    assert!(
        retyped.iter().all(|m| m.contains("atomic<u32>")),
        "{retyped:?}"
    );
    let native = Target {
        float32_atomic_add: true,
        ..Target::default()
    };
    let run = run_pass(NAME, source, &[], &native).unwrap();
    assert!(run.report.changes.is_empty());
    assert_eq!(format!("{:?}", run.module.global_variables), before);
}

/// A storage f32 sum: `body` runs with `v: f32` and `total: atomic<f32>`.
fn sum_of(body: &str) -> String {
    format!(
        "@group(0) @binding(0) var<storage, read_write> total: atomic<f32>;
         @group(0) @binding(1) var<storage, read_write> out: array<f32>;
         @compute @workgroup_size(8)
         fn main(@builtin(global_invocation_id) gid: vec3<u32>) {{
             let v = out[gid.x];
             {body}
         }}"
    )
}

/// The sum-lowering detail of the one rewritten atomic.
fn sum_lowering(source: &str, options: &[(&str, &str)], target: &Target) -> Option<String> {
    let run = run_pass(NAME, source, options, target).expect("rewritten");
    assert!(!run.wgsl.contains("atomic<f32>"), "{}", run.wgsl);
    run.report
        .changes
        .first()
        .and_then(|c| c.details.get("sum_lowering"))
        .map(|d| d.to_string().trim_matches('"').to_string())
}

/// f32 sums the target cannot add itself become integer atomics holding
/// the float's bits: by default (and `sum=relay`), adds whose results
/// nothing reads, on an atomic nothing else reads, are exchange relays
/// (two exchanges, no retry on contention), and a read result, a load or
/// the reference strategy keep them compare-exchange loops;
/// `sum=compare-exchange` asks for loops everywhere.
#[test]
fn f32_sums_become_relays_or_compare_exchange_loops_where_asked_for() {
    let target = Target::default();
    let relay = sum_of("atomicAdd(&total, v); atomicSub(&total, 2.0 * v);");
    assert_eq!(
        sum_lowering(&relay, &[], &target).as_deref(),
        Some("exchange-relay")
    );
    assert_eq!(
        sum_lowering(&relay, &[(SUM_OPTION, "compare-exchange")], &target).as_deref(),
        Some("compare-exchange-loop")
    );
    let relays = [(SUM_OPTION, "relay")];
    assert_eq!(
        sum_lowering(&relay, &relays, &target).as_deref(),
        Some("exchange-relay")
    );
    let run = run_pass(NAME, &relay, &relays, &target).unwrap();
    assert_eq!(
        run.wgsl.matches("atomicExchange").count(),
        4,
        "{}",
        run.wgsl
    );
    assert!(
        !run.wgsl.contains("atomicCompareExchangeWeak"),
        "{}",
        run.wgsl
    );

    for body in [
        "out[gid.x] = atomicAdd(&total, v);",
        "atomicAdd(&total, v); out[gid.x] = atomicLoad(&total);",
    ] {
        assert_eq!(
            sum_lowering(&sum_of(body), &relays, &target).as_deref(),
            Some("compare-exchange-loop"),
            "{body}"
        );
    }
    assert_eq!(
        sum_lowering(
            &relay,
            &[(STRATEGY_OPTION, "cas"), (SUM_OPTION, "relay")],
            &target
        )
        .as_deref(),
        Some("compare-exchange-loop")
    );
}

/// A target that adds f32 atomically keeps the sum as it is.
#[test]
fn a_target_with_float_atomic_add_keeps_f32_sums() {
    let target = Target {
        float32_atomic_add: true,
        ..Target::default()
    };
    let run = run_pass(NAME, &sum_of("atomicAdd(&total, v);"), &[], &target).unwrap();
    assert!(run.report.changes.is_empty());
    assert!(run.wgsl.contains("atomic<f32>"), "{}", run.wgsl);
}

/// Float atomic add is a storage-memory feature (wgpu's
/// `SHADER_FLOAT32_ATOMIC`, naga's validator): a workgroup sum becomes
/// integer atomics even on a target with it.
#[test]
fn a_workgroup_sum_is_lowered_even_with_float_atomic_add() {
    let target = Target {
        float32_atomic_add: true,
        ..Target::default()
    };
    let source = "var<workgroup> partial: atomic<f32>;
         @group(0) @binding(0) var<storage, read_write> out: array<f32>;
         @compute @workgroup_size(8)
         fn main(@builtin(local_invocation_index) i: u32) {
             atomicAdd(&partial, out[i]);
             workgroupBarrier();
             if (i == 0u) { out[0] = atomicLoad(&partial); }
         }";
    assert_eq!(
        sum_lowering(source, &[], &target).as_deref(),
        Some("compare-exchange-loop")
    );
}

/// An f64 sum becomes a compare-exchange loop on a u64 word where the
/// target has every 64-bit atomic operation (even with `sum=relay`: the
/// relay is f32's), and an error that names the add where it has not.
#[test]
fn f64_sums_loop_on_u64_words_with_64_bit_atomics() {
    let source = "@group(0) @binding(0) var<storage, read_write> total: atomic<f64>;
         @group(0) @binding(1) var<storage, read_write> out: array<f64>;
         @compute @workgroup_size(8)
         fn main(@builtin(global_invocation_id) gid: vec3<u32>) {
             atomicAdd(&total, out[gid.x]);
             atomicSub(&total, 0.5lf);
         }";
    let target = Target {
        int64_atomic_min_max: true,
        int64_atomic_all_ops: true,
        float64: true,
        ..Target::default()
    };
    for options in [&[][..], &[(SUM_OPTION, "relay")][..]] {
        assert_eq!(
            sum_lowering(source, options, &target).as_deref(),
            Some("compare-exchange-loop")
        );
        let run = run_pass(NAME, source, options, &target).unwrap();
        assert!(run.wgsl.contains("atomic<u64>"), "{}", run.wgsl);
        assert_eq!(run.wgsl.matches("atomicCompareExchangeWeak").count(), 2);
        assert_eq!(
            run.report.changes[0].details["clear_value_for_sum"],
            "0x0000000000000000"
        );
    }
    let min_max_only = Target {
        int64_atomic_min_max: true,
        ..Target::default()
    };
    let Err(errors) = run_pass(NAME, source, &[], &min_max_only) else {
        panic!("an f64 sum without 64-bit compare-exchange ran");
    };
    assert_eq!(
        errors[0].code.as_deref(),
        Some(crate::codes::FLOAT_ATOMICS_INT64_ATOMICS_MISSING)
    );
}
