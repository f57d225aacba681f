use super::*;

#[test]
fn strategies_name_their_encoding() {
    for encoding in FloatEncoding::ALL {
        assert_eq!(
            FloatEncoding::from_strategy(encoding.strategy()),
            Some(encoding)
        );
    }
    assert_eq!(FloatEncoding::from_strategy("fast"), None);
}

/// The encodings that hold any float (the fixed-point ones hold a range,
/// in steps).
fn float_encodings() -> impl Iterator<Item = FloatEncoding> {
    FloatEncoding::ALL
        .into_iter()
        .filter(|e| e.fixed_point().is_none())
}

#[test]
fn every_encoding_round_trips() {
    let values = [
        0.0f32,
        -0.0,
        1.5,
        -1.5,
        f32::MIN_POSITIVE,
        f32::from_bits(1),
        f32::MAX,
        f32::MIN,
        f32::INFINITY,
        f32::NEG_INFINITY,
    ];
    for encoding in float_encodings() {
        for &x in &values {
            assert_eq!(
                encoding.decode_f32(encoding.encode_f32(x)).to_bits(),
                x.to_bits()
            );
            let wide = f64::from(x);
            assert_eq!(
                encoding.decode_f64(encoding.encode_f64(wide)).to_bits(),
                wide.to_bits()
            );
        }
        let bytes = encoding.encode_f32_words(&values);
        assert_eq!(bytes.len(), 4 * values.len());
        let back: Vec<u32> = encoding
            .decode_f32_words(&bytes)
            .iter()
            .map(|x| x.to_bits())
            .collect();
        let want: Vec<u32> = values.iter().map(|x| x.to_bits()).collect();
        assert_eq!(back, want, "{encoding:?}");
    }
}

/// The clear values that the shader's integer min and max treat as "no
/// value yet": every value the encoding may hold is at most (for a
/// minimum) or at least (for a maximum) the cleared word, in the word's
/// own integer order.
#[test]
fn clear_values_bound_every_value_of_their_encoding() {
    let all = [
        -3.5f32,
        -0.0,
        0.0,
        2.25,
        f32::MAX,
        f32::MIN,
        f32::INFINITY,
        f32::NEG_INFINITY,
    ];
    for encoding in float_encodings() {
        let held: Vec<f32> = all
            .iter()
            .copied()
            .filter(|x| match encoding {
                FloatEncoding::Signed => x.is_sign_positive(),
                FloatEncoding::SignedSwapped => x.is_sign_negative(),
                _ => true,
            })
            .collect();
        let word_order = |w: u32| -> i64 {
            if encoding.is_signed_word() {
                i64::from(w as i32)
            } else {
                i64::from(w)
            }
        };
        let min = word_order(encoding.clear_f32(Accumulation::Min));
        let max = word_order(encoding.clear_f32(Accumulation::Max));
        for &x in &held {
            let w = word_order(encoding.encode_f32(x));
            match encoding {
                // Negative floats' bits order in reverse: the swapped form
                // runs integer max for a float minimum, from the least word.
                FloatEncoding::SignedSwapped => assert!(w >= min && w <= max, "{x}"),
                // Compare-exchange loops compare floats, not words.
                FloatEncoding::Bits => {
                    let start_min = encoding.decode_f32(encoding.clear_f32(Accumulation::Min));
                    let start_max = encoding.decode_f32(encoding.clear_f32(Accumulation::Max));
                    assert!(x <= start_min && x >= start_max, "{x}");
                }
                _ => assert!(w <= min && w >= max, "{encoding:?} {x}"),
            }
        }
    }
}

#[test]
fn known_clear_words() {
    use Accumulation::*;
    assert_eq!(FloatEncoding::Ordered.clear_f32(Min), 0xff80_0000);
    assert_eq!(FloatEncoding::Ordered.clear_f32(Max), 0x007f_ffff);
    assert_eq!(FloatEncoding::Ordered.clear_f32(Sum), 0x8000_0000);
    assert_eq!(FloatEncoding::Signed.clear_f32(Max), 0);
    assert_eq!(FloatEncoding::SignedSwapped.clear_f32(Min), 0x8000_0000);
    assert_eq!(FloatEncoding::Bits.clear_f32(Min), 0x7f80_0000);
    assert_eq!(FloatEncoding::Ordered.clear_f64(Min), 0xfff0_0000_0000_0000);
    assert_eq!(
        FloatEncoding::Ordered.clear_f32_words(Min, 2),
        [0x00, 0x00, 0x80, 0xff, 0x00, 0x00, 0x80, 0xff]
    );
}

#[test]
fn every_f16_widens_exactly_and_narrows_back() {
    for bits in 0..=u16::MAX {
        let wide = widen_f16(bits);
        assert_eq!(narrow_to_f16(wide), Some(bits), "{bits:#06x} -> {wide:e}");
        for encoding in float_encodings() {
            assert_eq!(encoding.decode_f16(encoding.encode_f16(bits)), Some(bits));
        }
    }
    // Known values: 1.0, the largest f16, the smallest subnormal, -inf.
    assert_eq!(widen_f16(0x3c00), 1.0);
    assert_eq!(widen_f16(0x7bff), 65504.0);
    assert_eq!(widen_f16(0x0001), 2f32.powi(-24));
    assert_eq!(widen_f16(0xfc00), f32::NEG_INFINITY);
    // Floats that no f16 holds.
    for x in [0.1f32, 65520.0, 2f32.powi(-25), 1.0 + 2f32.powi(-11)] {
        assert_eq!(narrow_to_f16(x), None, "{x:e}");
    }
}

#[test]
fn fixed_point_words_hold_values_on_their_grid() {
    let sixteen = FloatEncoding::from_strategy("fixed-16.16").unwrap();
    assert_eq!(sixteen.fixed_point(), Some(FixedPoint::Q16_16));
    assert!(sixteen.is_signed_word());
    assert_eq!(sixteen.clear_f32(Accumulation::Sum), 0);
    assert_eq!(sixteen.encode_f32(-1.25), (-0x14000i32) as u32);
    assert_eq!(sixteen.decode_f32((-0x14000i32) as u32), -1.25);
    // Off the grid: the nearest step.
    assert_eq!(
        sixteen.decode_f32(sixteen.encode_f32(0.1)),
        6554.0 / 65536.0
    );
    // Beyond the range: the nearest word, never a wrapped one.
    assert_eq!(sixteen.encode_f32(1e9), i32::MAX as u32);
    assert_eq!(sixteen.encode_f32(-1e9), (-i32::MAX) as u32);
    let wide = FloatEncoding::from_strategy("fixed-32.32").unwrap();
    assert_eq!(wide.clear_f64(Accumulation::Sum), 0);
    assert_eq!(wide.decode_f64(wide.encode_f64(-3.75)), -3.75);
    assert_eq!(wide.encode_f64(1.0), 1u64 << 32);
    // Words of each format, as bytes, round trip.
    for encoding in FloatEncoding::ALL
        .into_iter()
        .filter(|e| e.fixed_point().is_some())
    {
        let format = encoding.fixed_point().unwrap();
        let values = [0.0f32, 1.5, -2.25, 100.0, -100.0];
        if format.word_bits() == 32 {
            let back = encoding.decode_f32_words(&encoding.encode_f32_words(&values));
            assert_eq!(back, values, "{encoding:?}");
        } else {
            let wide: Vec<f64> = values.iter().map(|&x| f64::from(x)).collect();
            let back = encoding.decode_f64_words(&encoding.encode_f64_words(&wide));
            assert_eq!(back, wide, "{encoding:?}");
        }
    }
}
