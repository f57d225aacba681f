//! Analyses over naga IR, shared by passes and by the driver.

pub mod cache;
pub mod controlling_inputs;
pub mod divergent_barriers;
pub mod divergent_rule_ops;
pub mod features;
pub mod shared_writes;
pub mod uniformity;
pub mod value_sign;
