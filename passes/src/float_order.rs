//! The order-preserving map from IEEE floats to unsigned integers that
//! `float-atomics` stores in its integer atomics. Its one definition is in
//! the `shaderxform-host` crate, which hosts use without the compiler;
//! see `shaderxform_host::FloatEncoding` for every encoding of the pass.

pub use shaderxform_host::{decode_f32, decode_f64, encode_f32, encode_f64};
