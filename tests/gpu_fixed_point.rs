//! `float-atomics.sum=fixed` on a real adapter (lavapipe where there is no
//! GPU): every fixed-point kernel of corpus/float-atomics/fixed agrees with
//! one native float add per contribution within the bound of its format,
//! gives the same bytes on every run and whether or not the lanes sum
//! first, and an overflow is reported, never wrapped silently.

#![cfg(all(feature = "gpu", feature = "cli"))]

mod common;

use common::gpu::adapter_or_skip;

use shaderxform::gpu::{self, ValidateOptions, Validation, Verdict};
use shaderxform::host::FixedPoint;
use shaderxform::passes::float_atomics::{
    self, Aggregation, OverflowCheck, SumLowering, AGGREGATE_OPTION, FIXED_POINT_OPTION,
    OVERFLOW_OPTION, SUM_OPTION,
};
use shaderxform::Options;

const KERNELS: [&str; 3] = ["splat_image", "histogram_bins", "hot_address"];

/// `shader` validated with `sum=fixed` and the other options given.
fn validate_fixed(shader: &str, options: &[(&str, &str)]) -> Option<Validation> {
    let mut compile = Options::default();
    let mut own: std::collections::BTreeMap<String, String> = options
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    own.insert(SUM_OPTION.into(), SumLowering::Fixed.name().into());
    compile
        .pass_options
        .insert(float_atomics::NAME.to_string(), own);
    let path = common::root().join(shader);
    let what = format!("{shader} {options:?}");
    adapter_or_skip(gpu::validate(&path, &ValidateOptions::new(compile)), &what)
}

#[test]
fn fixed_point_kernels_agree_and_repeat_bit_for_bit_however_the_lanes_sum() {
    for kernel in KERNELS {
        let shader = format!("corpus/float-atomics/fixed/{kernel}.wgsl");
        let mut digests = Vec::new();
        for (aggregate, overflow) in [
            (Aggregation::Auto, OverflowCheck::Sum),
            (Aggregation::None, OverflowCheck::Sum),
            (Aggregation::Auto, OverflowCheck::Addends),
            (Aggregation::None, OverflowCheck::Addends),
        ] {
            let options = [
                (AGGREGATE_OPTION, aggregate.name()),
                (OVERFLOW_OPTION, overflow.name()),
            ];
            let Some(v) = validate_fixed(&shader, &options) else {
                return;
            };
            assert_eq!(v.verdict, Verdict::Agree, "{shader}:\n{}", v.describe());
            assert_eq!(
                v.report.candidate_reruns_identical,
                Some(2),
                "{shader}: the candidate ran three times"
            );
            let bound = v
                .report
                .bindings
                .iter()
                .find_map(|b| b.tolerance.clone())
                .expect("the fixed-point binding names its bound");
            assert!(bound.contains("fixed point 16.16"), "{bound}");
            digests.push(v.report.fixed_point_digest.clone().expect("a digest"));
        }
        // Integer sums: the same bits whether lanes sum first or not.
        assert!(
            digests.iter().all(|d| *d == digests[0]),
            "{shader}: {digests:?}"
        );
    }
}

/// The histogram's bins reach about 140: every 32-bit format but 8.24
/// (up to 128) holds them, and 8.24 reports its overflow.
#[test]
fn every_thirty_two_bit_format_agrees_within_its_own_bound_or_overflows() {
    for format in FixedPoint::ALL.into_iter().filter(|f| f.word_bits() == 32) {
        let shader = "corpus/float-atomics/fixed/histogram_bins.wgsl";
        let Some(v) = validate_fixed(shader, &[(FIXED_POINT_OPTION, format.name())]) else {
            return;
        };
        let holds = format.largest() > 256.0;
        let verdict = if holds {
            Verdict::Agree
        } else {
            Verdict::Mismatch
        };
        assert_eq!(v.verdict, verdict, "{}:\n{}", format.name(), v.describe());
        let overflowed = v
            .report
            .error
            .as_deref()
            .unwrap_or_default()
            .contains("overflowed");
        assert_eq!(overflowed, !holds, "{}", v.describe());
        let bins = v.report.bindings.iter().find(|b| b.name == "bins").unwrap();
        assert_eq!(bins.encoding, format!("fixed-{}", format.name()));
    }
}

#[test]
fn an_overflowing_sum_sets_its_bit_and_fails_validation() {
    let shader = "corpus/float-atomics/fixed-overflow/overflowing_histogram.wgsl";
    let Some(v) = validate_fixed(shader, &[]) else {
        return;
    };
    assert_eq!(v.verdict, Verdict::Mismatch, "{}", v.describe());
    assert_eq!(v.exit_code(), 3);
    let flag = v
        .report
        .bindings
        .iter()
        .find(|b| b.name == float_atomics::OVERFLOW_FLAG_NAME)
        .expect("the overflow word is read back");
    assert_eq!(flag.mismatches, 1, "{}", v.describe());
    assert_eq!(flag.first_mismatches[0].got, "1", "bit 0: the only sum");
    assert!(
        v.report
            .error
            .as_deref()
            .unwrap_or_default()
            .contains("overflowed"),
        "{}",
        v.describe()
    );
    // Checking addends alone, the wrapped bins go unrecorded: the
    // comparison with the reference is what catches them.
    let Some(v) = validate_fixed(shader, &[(OVERFLOW_OPTION, "addends")]) else {
        return;
    };
    assert_eq!(v.verdict, Verdict::Mismatch, "{}", v.describe());
    let flag = v
        .report
        .bindings
        .iter()
        .find(|b| b.name == float_atomics::OVERFLOW_FLAG_NAME)
        .unwrap();
    assert_eq!(flag.mismatches, 0, "each addend fits");
    // Eight more integer bits hold it.
    let Some(v) = validate_fixed(shader, &[(FIXED_POINT_OPTION, "24.8")]) else {
        return;
    };
    assert_eq!(v.verdict, Verdict::Agree, "{}", v.describe());
}

/// An f64 sum in 32.32 fixed point, on 64-bit integer atomics where the
/// adapter has them (lavapipe does), against a sequential f64 sum.
#[test]
fn an_f64_sum_in_thirty_two_thirty_two_agrees() {
    let shader = "corpus/float-atomics/f64-sums/sum_f64_storage.wgsl";
    let mut compile = Options::default();
    compile.pass_options.insert(
        float_atomics::NAME.to_string(),
        [
            (SUM_OPTION.to_string(), "fixed".to_string()),
            (FIXED_POINT_OPTION.to_string(), "32.32".to_string()),
        ]
        .into(),
    );
    let result = gpu::validate(&common::root().join(shader), &ValidateOptions::new(compile));
    if let Err(e) = &result {
        if e.to_string().contains("64-bit integer atomic") {
            eprintln!("skipped: the adapter has no 64-bit atomic add: {e}");
            return;
        }
    }
    let Some(v) = adapter_or_skip(result, shader) else {
        return;
    };
    assert_eq!(v.verdict, Verdict::Agree, "{}", v.describe());
    let total = v
        .report
        .bindings
        .iter()
        .find(|b| b.name == "total")
        .unwrap();
    assert_eq!(total.encoding, "fixed-32.32");
}
