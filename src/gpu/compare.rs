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

/// A value that differs, for people and reports.
#[derive(Clone, Debug, Serialize)]
pub struct Mismatch {
    pub binding: String,
    /// `bounds.lo`, `depth[17]`, `out[sorted 3]`, ...
    pub location: String,
    pub expected: String,
    pub got: String,
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
    fn integers_are_bit_exact() {
        let u = Scalar::parse("u32").unwrap();
        assert_eq!(agree(u, 5, 7, 7), Agreement::Agree);
        assert_eq!(agree(u, 5, 7, 8), Agreement::Differ { ulps: None });
    }
}
