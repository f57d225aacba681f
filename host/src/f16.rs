//! Exact conversions between f16 bits and f32, for f16 atomics, which
//! shaderxform widens to 32-bit words holding the f32 of the same value.

/// The f32 of the same value as the f16 `bits`: exact for every f16,
/// signed zeros, subnormals, infinities and NaN payloads included.
pub fn widen_f16(bits: u16) -> f32 {
    let sign = u32::from(bits >> 15) << 31;
    let exponent = u32::from((bits >> 10) & 0x1f);
    let mantissa = u32::from(bits & 0x3ff);
    let magnitude = match exponent {
        // Zero and subnormals: mantissa × 2^-24, exact in f32.
        0 => (mantissa as f32 * f32::from_bits(0x3380_0000)).to_bits(),
        // Infinities and NaNs keep their payload in the top mantissa bits.
        0x1f => 0x7f80_0000 | (mantissa << 13),
        _ => ((exponent + 127 - 15) << 23) | (mantissa << 13),
    };
    f32::from_bits(sign | magnitude)
}

/// The f16 bits of `x`, when an f16 holds exactly its value (NaN payloads
/// included); `None` otherwise.
pub fn narrow_to_f16(x: f32) -> Option<u16> {
    let bits = x.to_bits();
    let sign = ((bits >> 31) as u16) << 15;
    let exponent = ((bits >> 23) & 0xff) as i32;
    let mantissa = bits & 0x7f_ffff;
    let magnitude = match exponent {
        0xff => 0x7c00 | (mantissa >> 13) as u16,
        _ if x == 0.0 => 0,
        // The normal f16 exponents: -14 to 15.
        113..=142 => (((exponent - 127 + 15) as u16) << 10) | (mantissa >> 13) as u16,
        // f16 subnormals: multiples of 2^-24 below 2^-14.
        _ => {
            let steps = x.abs() * f32::from_bits(0x4b80_0000); // × 2^24
            if steps >= 1024.0 || steps.fract() != 0.0 {
                return None;
            }
            steps as u16
        }
    };
    let candidate = sign | magnitude;
    (widen_f16(candidate).to_bits() == bits).then_some(candidate)
}
