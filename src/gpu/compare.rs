//! When a result agrees with the reference's.

use serde::Serialize;

use super::values::{self, Kind, Scalar};

/// The verdict on one value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Agreement {
    Agree,
    /// They differ; by how many ULPs when both are non-NaN floats.
    Differ {
        ulps: Option<u64>,
    },
}

/// Integers agree bit for bit. Floats agree when both are NaN, when they
/// are within `tolerance` ULPs (with -0 == +0), or when one is a
/// subnormal and the other a zero of either sign (a flush to zero).
pub fn agree(s: Scalar, tolerance: u32, expected: u64, got: u64) -> Agreement {
    let (expected, got) = (expected & s.mask(), got & s.mask());
    if s.kind != Kind::Float {
        return if expected == got {
            Agreement::Agree
        } else {
            Agreement::Differ { ulps: None }
        };
    }
    let (e_nan, g_nan) = (values::is_nan(s, expected), values::is_nan(s, got));
    if e_nan || g_nan {
        return if e_nan && g_nan {
            Agreement::Agree
        } else {
            Agreement::Differ { ulps: None }
        };
    }
    let flushed = |a: u64, b: u64| values::is_subnormal(s, a) && values::is_zero(s, b);
    if flushed(expected, got) || flushed(got, expected) {
        return Agreement::Agree;
    }
    let ulps = values::ulp_distance(s, expected, got);
    if ulps <= tolerance as u64 {
        Agreement::Agree
    } else {
        Agreement::Differ { ulps: Some(ulps) }
    }
}

/// What a float sum may differ by when its terms are added in another
/// order: the harness's `sum_terms` and `sum_magnitude`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SumBound {
    /// The most terms added into one value (`n`).
    pub terms: u64,
    /// A bound on the sum of the terms' magnitudes; `None` takes the
    /// larger magnitude of the two results, which bounds every partial
    /// sum where the terms have one sign.
    pub magnitude: Option<f64>,
}

impl SumBound {
    /// The largest difference between two sums of the same `n` terms
    /// added in two orders, after the inherited accuracy of the WebGPU CTS
    /// floating-point primer: each of the `n - 1` additions is correctly
    /// rounded (either neighbour of the exact sum, so off by less than one
    /// ULP of its result), every partial sum is at most `M` in magnitude,
    /// so each sum lies within `(n - 1) * ULP(M)` of the exact one and two
    /// of them within twice that.
    pub fn allowed(self, s: Scalar, expected: f64, got: f64) -> f64 {
        let magnitude = self
            .magnitude
            .unwrap_or(0.0)
            .max(expected.abs())
            .max(got.abs());
        2.0 * self.terms.saturating_sub(1) as f64 * ulp_at(s, magnitude)
    }
}

/// The ULP of floats of `s` whose magnitude is up to `magnitude`: the gap
/// between neighbours in the binade holding it (the subnormal gap below
/// the normal range).
pub fn ulp_at(s: Scalar, magnitude: f64) -> f64 {
    let (mantissa_bits, min_exponent) = match s.width {
        2 => (10, -14),
        8 => (52, -1022),
        _ => (23, -126),
    };
    // A partial sum may round up past `magnitude` into the next binade.
    let magnitude = magnitude * (1.0 + f64::EPSILON * 4.0);
    let exponent = if magnitude > 0.0 && magnitude.is_finite() {
        ((magnitude.to_bits() >> 52) & 0x7ff) as i32 - 1023
    } else {
        min_exponent
    };
    2f64.powi(exponent.max(min_exponent) - mantissa_bits)
}

/// [`agree`], and floats that differ by no more than `sum` allows for sums
/// added in another order.
pub fn agree_as_sum(
    s: Scalar,
    tolerance: u32,
    sum: Option<SumBound>,
    expected: u64,
    got: u64,
) -> Agreement {
    let verdict = agree(s, tolerance, expected, got);
    let (Agreement::Differ { ulps: Some(_) }, Some(sum)) = (verdict, sum) else {
        return verdict;
    };
    let (e, g) = (
        values::to_f64(s, expected & s.mask()),
        values::to_f64(s, got & s.mask()),
    );
    if e.is_finite() && g.is_finite() && (e - g).abs() <= sum.allowed(s, e, g) {
        Agreement::Agree
    } else {
        verdict
    }
}

/// A fixed-point sum of `sum.terms` adds against a float sum of the same
/// terms: each addend was rounded to the format's grid (off by at most
/// half a step), the exact sum of those decoded with one more rounding,
/// and the float reference is off the exact sum by its own bound (half of
/// [`SumBound::allowed`], which bounds two float sums). Without a bound,
/// the values must agree exactly.
pub fn agree_as_fixed_sum(
    s: Scalar,
    format: shaderxform_host::FixedPoint,
    sum: Option<SumBound>,
    expected: u64,
    got: u64,
) -> Agreement {
    let verdict = agree(s, 0, expected, got);
    let (Agreement::Differ { ulps: Some(_) }, Some(sum)) = (verdict, sum) else {
        return verdict;
    };
    let (e, g) = (
        values::to_f64(s, expected & s.mask()),
        values::to_f64(s, got & s.mask()),
    );
    let magnitude = sum.magnitude.unwrap_or(0.0).max(e.abs()).max(g.abs());
    let allowed = sum.terms as f64 * format.rounding_error()
        + sum.allowed(s, e, g) / 2.0
        + ulp_at(s, magnitude);
    if e.is_finite() && g.is_finite() && (e - g).abs() <= allowed {
        Agreement::Agree
    } else {
        verdict
    }
}

/// A value that differs, for people and reports.
#[derive(Clone, Debug, Serialize)]
pub struct Mismatch {
    /// The name of the binding (or render target) it is in.
    pub binding: String,
    /// `bounds.lo`, `depth[17]`, `out[sorted 3]`, ...
    pub location: String,
    /// The reference's value, as text: an integer, or a float and its bits
    /// (`1.5 (0x3fc00000)`).
    pub expected: String,
    /// The candidate's value, as text.
    pub got: String,
    /// How many ULPs apart, where both are floats and neither is NaN.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub ulps: Option<u64>,
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{}: expected {}, got {}",
            self.location, self.expected, self.got
        )?;
        match self.ulps {
            Some(u) => write!(f, " ({u} ULP{})", if u == 1 { "" } else { "s" }),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn f(x: f32) -> u64 {
        x.to_bits() as u64
    }

    #[test]
    fn float_rules() {
        let s = Scalar::F32;
        assert_eq!(agree(s, 0, f(0.0), f(-0.0)), Agreement::Agree);
        assert_eq!(agree(s, 0, f(f32::NAN), f(-f32::NAN)), Agreement::Agree);
        assert_eq!(
            agree(s, 0, f(f32::NAN), f(1.0)),
            Agreement::Differ { ulps: None }
        );
        let sub = f32::from_bits(5);
        assert_eq!(agree(s, 0, f(sub), f(-0.0)), Agreement::Agree);
        assert_eq!(agree(s, 0, f(0.0), f(-sub)), Agreement::Agree);
        let next = f32::from_bits(1.0f32.to_bits() + 1);
        assert_eq!(
            agree(s, 0, f(1.0), f(next)),
            Agreement::Differ { ulps: Some(1) }
        );
        assert_eq!(agree(s, 1, f(1.0), f(next)), Agreement::Agree);
        assert_eq!(
            agree(s, 0, f(1.0), f(-1.0)),
            Agreement::Differ {
                ulps: Some(2 * 0x3F80_0000)
            }
        );
    }

    #[test]
    fn sums_agree_within_the_bound_for_their_terms() {
        let s = Scalar::F32;
        // 100 terms of one sign summing to about 1000: ULP(1000) = 2^-14,
        // so two orders may differ by 2 * 99 * 2^-14 = 0.0121.
        let sum = Some(SumBound {
            terms: 100,
            magnitude: None,
        });
        let near = 1000.0f32 + 0.012;
        let far = 1000.0f32 + 0.013;
        assert_eq!(
            agree_as_sum(s, 0, sum, f(1000.0), f(near)),
            Agreement::Agree
        );
        assert!(matches!(
            agree_as_sum(s, 0, sum, f(1000.0), f(far)),
            Agreement::Differ { ulps: Some(_) }
        ));
        // Two terms: one addition each way, one ULP each.
        let two = Some(SumBound {
            terms: 2,
            magnitude: None,
        });
        let up = |x: f32, n: u32| f32::from_bits(x.to_bits() + n);
        assert_eq!(
            agree_as_sum(s, 0, two, f(1.0), f(up(1.0, 2))),
            Agreement::Agree
        );
        assert!(matches!(
            agree_as_sum(s, 0, two, f(1.0), f(up(1.0, 3))),
            Agreement::Differ { .. }
        ));
        // Terms of both signs cancel: the bound is on their magnitudes.
        let cancelling = Some(SumBound {
            terms: 100,
            magnitude: Some(1000.0),
        });
        assert_eq!(
            agree_as_sum(s, 0, cancelling, f(0.5), f(0.51)),
            Agreement::Agree
        );
        assert!(matches!(
            agree_as_sum(s, 0, sum, f(0.5), f(0.51)),
            Agreement::Differ { .. }
        ));
        assert!(matches!(
            agree_as_sum(s, 0, sum, f(f32::NAN), f(1.0)),
            Agreement::Differ { ulps: None }
        ));
    }

    #[test]
    fn integers_are_bit_exact() {
        let u = Scalar::parse("u32").unwrap();
        assert_eq!(agree(u, 5, 7, 7), Agreement::Agree);
        assert_eq!(agree(u, 5, 7, 8), Agreement::Differ { ulps: None });
    }
}
