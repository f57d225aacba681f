//! The options of `float-atomics`, as the command line spells them and as
//! the pass reads them.

use shaderxform_host::FixedPoint;

use crate::pass::{OptionSpec, PassOptions};

/// The pass's name in `--passes`, `--pass-option` and reports.
pub const NAME: &str = "float-atomics";

/// `float-atomics.strategy`: how min and max are rewritten.
pub const STRATEGY_OPTION: &str = "strategy";

/// `float-atomics.nan`: what a NaN operand does.
pub const NAN_OPTION: &str = "nan";
/// `float-atomics.sum`: how the adds of an f32 sum without min or max are
/// rewritten.
pub const SUM_OPTION: &str = "sum";
/// `float-atomics.aggregate`: whether f32 sums are first reduced over the
/// subgroup, one lane doing the atomic.
pub const AGGREGATE_OPTION: &str = "aggregate";
/// `float-atomics.fixed-point`: the format of `sum=fixed`'s words.
pub const FIXED_POINT_OPTION: &str = "fixed-point";
/// `float-atomics.overflow`: what `sum=fixed` checks for overflow.
pub const OVERFLOW_OPTION: &str = "overflow";
/// `float-atomics.prefilter`: whether a min or max whose result is unused
/// loads the word first and skips the atomic when it would change nothing.
pub const PREFILTER_OPTION: &str = "prefilter";

/// The strategy the user asks for; the pass chooses the encoding of each
/// atomic from it.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RequestedStrategy {
    /// The signed bitcast where the sign of every value is proven, else the
    /// ordered encoding.
    #[default]
    Auto,
    /// The order-preserving encoding, whatever the sign.
    Ordered,
    /// The signed bitcast; an error where the sign is not proven.
    Signed,
    /// Compare-exchange loops on the float bits: the reference.
    Cas,
}

impl RequestedStrategy {
    /// Every value, in the order `--help` lists them.
    pub const ALL: [RequestedStrategy; 4] = [
        RequestedStrategy::Auto,
        RequestedStrategy::Ordered,
        RequestedStrategy::Signed,
        RequestedStrategy::Cas,
    ];

    /// The value as the command line spells it.
    pub const fn name(self) -> &'static str {
        match self {
            RequestedStrategy::Auto => "auto",
            RequestedStrategy::Ordered => "ordered",
            RequestedStrategy::Signed => "signed",
            RequestedStrategy::Cas => "cas",
        }
    }

    /// The value the command line spells `value`; `None` for a name this
    /// version does not know.
    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.name() == value)
    }
}

/// What a NaN operand of a float min or max does.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum NanMode {
    /// NaNs take part in the order of the encoding.
    #[default]
    Propagate,
    /// A NaN leaves the atomic unchanged.
    Ignore,
}

impl NanMode {
    /// Every value, in the order `--help` lists them.
    pub const ALL: [NanMode; 2] = [NanMode::Propagate, NanMode::Ignore];

    /// The value as the command line spells it.
    pub const fn name(self) -> &'static str {
        match self {
            NanMode::Propagate => "propagate",
            NanMode::Ignore => "ignore",
        }
    }

    /// The value the command line spells `value`; `None` for a name this
    /// version does not know.
    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.name() == value)
    }
}

/// How the adds of an f32 sum without min or max are rewritten.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SumLowering {
    /// A compare-exchange loop per add: the reference, and what an add
    /// whose result is read, or an atomic also loaded or exchanged, keeps.
    CompareExchange,
    /// An exchange relay per add, where nothing else reads the atomic: on
    /// the H100, 20 times faster than the loop on 4,096 bins, and 1,090
    /// times on one contended address after a subgroup sum
    /// (docs/BENCHMARKS.md).
    #[default]
    Relay,
    /// One integer `atomicAdd` per add of the addend in fixed point
    /// (`fixed-point`, 16.16 by default), every float sum, those the
    /// target adds natively included: as fast as native float adds, and
    /// the same bits in any order of the adds (`fixed.rs`).
    Fixed,
}

impl SumLowering {
    /// Every value, in the order `--help` lists them.
    pub const ALL: [SumLowering; 3] = [
        SumLowering::CompareExchange,
        SumLowering::Relay,
        SumLowering::Fixed,
    ];

    /// The value as the command line spells it.
    pub const fn name(self) -> &'static str {
        match self {
            SumLowering::CompareExchange => "compare-exchange",
            SumLowering::Relay => "relay",
            SumLowering::Fixed => "fixed",
        }
    }

    /// The value the command line spells `value`; `None` for a name this
    /// version does not know.
    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.name() == value)
    }
}

/// What `sum=fixed` checks for overflow.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OverflowCheck {
    /// Each addend, and each sum from the old value `atomicAdd` returns:
    /// nothing wraps unnoticed. Reading the old value makes every add a
    /// returning atomic, which costs scattered sums (1.33 times the native
    /// float add on the H200, against 1.00 without).
    #[default]
    Sum,
    /// Each addend only: the adds return nothing, as fast as native float
    /// adds; a sum carried past the format's range wraps unrecorded, so
    /// keeping it in range is the caller's contract (and `validate`
    /// catches it).
    Addends,
}

impl OverflowCheck {
    /// Every value, in the order `--help` lists them.
    pub const ALL: [OverflowCheck; 2] = [OverflowCheck::Sum, OverflowCheck::Addends];

    /// The value as the command line spells it.
    pub const fn name(self) -> &'static str {
        match self {
            OverflowCheck::Sum => "sum",
            OverflowCheck::Addends => "addends",
        }
    }

    /// The value the command line spells `value`; `None` for a name this
    /// version does not know.
    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.name() == value)
    }
}

/// Whether the adds of an f32 sum are reduced over the subgroup first.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Aggregation {
    /// Where the target has subgroups: `subgroupAdd` over the lanes that
    /// add to one address, and one atomic per subgroup.
    #[default]
    Auto,
    /// As `auto`, and an error where the target has no subgroups.
    Subgroup,
    /// One atomic per workgroup where every invocation of the workgroup
    /// adds to one proven address in uniform control flow: `subgroupAdd`,
    /// one partial sum per subgroup in workgroup memory, a barrier, and
    /// one invocation adds the partials. Elsewhere as `subgroup`, with a
    /// note saying why; an error where the target has no subgroups.
    Workgroup,
    /// One atomic per invocation, as written.
    None,
}

impl Aggregation {
    /// Every value, in the order `--help` lists them.
    pub const ALL: [Aggregation; 4] = [
        Aggregation::Auto,
        Aggregation::Subgroup,
        Aggregation::Workgroup,
        Aggregation::None,
    ];

    /// The value as the command line spells it.
    pub const fn name(self) -> &'static str {
        match self {
            Aggregation::Auto => "auto",
            Aggregation::Subgroup => "subgroup",
            Aggregation::Workgroup => "workgroup",
            Aggregation::None => "none",
        }
    }

    /// The value the command line spells `value`; `None` for a name this
    /// version does not know.
    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.name() == value)
    }
}

/// Whether a min or max whose result is unused loads first.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Prefilter {
    /// Load first in storage memory, where it measured faster (on the
    /// H100, 4.2 times on one contended address); not in workgroup
    /// memory, where it gained nothing (docs/BENCHMARKS.md).
    #[default]
    Auto,
    /// The atomic min or max, always.
    None,
    /// Load the word; do the atomic only where the value would lower (for
    /// a max: raise) it.
    Load,
}

impl Prefilter {
    /// Every value, in the order `--help` lists them.
    pub const ALL: [Prefilter; 3] = [Prefilter::Auto, Prefilter::None, Prefilter::Load];

    /// The value as the command line spells it.
    pub const fn name(self) -> &'static str {
        match self {
            Prefilter::Auto => "auto",
            Prefilter::None => "none",
            Prefilter::Load => "load",
        }
    }

    /// Whether a min or max on a global in `space` loads first.
    pub fn loads_first_in(self, space: naga::AddressSpace) -> bool {
        match self {
            Prefilter::Auto => matches!(space, naga::AddressSpace::Storage { .. }),
            Prefilter::None => false,
            Prefilter::Load => true,
        }
    }

    /// The value the command line spells `value`; `None` for a name this
    /// version does not know.
    pub fn parse(value: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|m| m.name() == value)
    }
}

/// The values of [`PREFILTER_OPTION`], in the order `--help` lists them.
pub const PREFILTER_VALUES: &[&str] = &[
    Prefilter::Auto.name(),
    Prefilter::None.name(),
    Prefilter::Load.name(),
];

/// The values of [`AGGREGATE_OPTION`], in the order `--help` lists them.
pub const AGGREGATE_VALUES: &[&str] = &[
    Aggregation::Auto.name(),
    Aggregation::Subgroup.name(),
    Aggregation::Workgroup.name(),
    Aggregation::None.name(),
];

/// The values of [`SUM_OPTION`], in the order `--help` lists them.
pub const SUM_VALUES: &[&str] = &[
    SumLowering::CompareExchange.name(),
    SumLowering::Relay.name(),
    SumLowering::Fixed.name(),
];

/// The values of [`OVERFLOW_OPTION`], in the order `--help` lists them.
pub const OVERFLOW_VALUES: &[&str] = &[OverflowCheck::Sum.name(), OverflowCheck::Addends.name()];

/// The values of [`FIXED_POINT_OPTION`], in the order `--help` lists them.
pub const FIXED_POINT_VALUES: &[&str] = &[
    FixedPoint::ALL[0].name(),
    FixedPoint::ALL[1].name(),
    FixedPoint::ALL[2].name(),
    FixedPoint::ALL[3].name(),
    FixedPoint::ALL[4].name(),
    FixedPoint::ALL[5].name(),
    FixedPoint::ALL[6].name(),
    FixedPoint::ALL[7].name(),
];

/// The values of [`STRATEGY_OPTION`], in the order `--help` lists them.
pub const STRATEGY_VALUES: &[&str] = &[
    RequestedStrategy::Auto.name(),
    RequestedStrategy::Ordered.name(),
    RequestedStrategy::Signed.name(),
    RequestedStrategy::Cas.name(),
];

/// The values of [`NAN_OPTION`], in the order `--help` lists them.
pub const NAN_VALUES: &[&str] = &[NanMode::Propagate.name(), NanMode::Ignore.name()];

pub(super) const STRATEGY: OptionSpec = OptionSpec {
    name: STRATEGY_OPTION,
    values: STRATEGY_VALUES,
    default: RequestedStrategy::Auto.name(),
    help: "auto: the signed bitcast where the sign of every value is proven, else the ordered encoding; cas: compare-exchange loops on the float bits",
};

pub(super) const NAN: OptionSpec = OptionSpec {
    name: NAN_OPTION,
    values: NAN_VALUES,
    default: NanMode::Propagate.name(),
    help: "propagate: NaNs take part in the order of the encoding; ignore: a NaN leaves the atomic unchanged",
};

pub(super) const SUM: OptionSpec = OptionSpec {
    name: SUM_OPTION,
    values: SUM_VALUES,
    default: SumLowering::Relay.name(),
    help: "how the adds of a float sum without min or max become integer atomics: relay: an exchange relay each where nothing else reads the atomic (else a compare-exchange loop); compare-exchange: a compare-exchange loop each; fixed: one integer atomicAdd each of the addend in fixed point (see fixed-point), for every float sum, those the target adds natively included: as fast as native float adds, and the same bits whatever the order of the adds; an overflow is recorded in `float_atomics_overflow`",
};

pub(super) const OVERFLOW: OptionSpec = OptionSpec {
    name: OVERFLOW_OPTION,
    values: OVERFLOW_VALUES,
    default: OverflowCheck::Sum.name(),
    help: "what sum=fixed records in `float_atomics_overflow`: sum: every addend that does not fit and every add that carries the sum past the range (read from the old value atomicAdd returns, which slows scattered adds); addends: addends only, each add returning nothing, as fast as native float adds, a sum carried past the range wrapping unrecorded",
};

pub(super) const FIXED_POINT: OptionSpec = OptionSpec {
    name: FIXED_POINT_OPTION,
    values: FIXED_POINT_VALUES,
    default: FixedPoint::Q16_16.name(),
    help: "the format of sum=fixed, I.F: a signed word of I+F bits (32, or 64 with `--features int64-atomics`) with F fraction bits, holding -2^(I-1) ..< 2^(I-1) in steps of 2^-F",
};

pub(super) const AGGREGATE: OptionSpec = OptionSpec {
    name: AGGREGATE_OPTION,
    values: AGGREGATE_VALUES,
    default: Aggregation::Auto.name(),
    help: "whether the adds of an f32 sum whose result is unused are reduced with subgroupAdd first, one lane per subgroup doing the atomic, where the lanes share the address (proven, or checked at run time): auto: where the target has subgroups; subgroup: an error where it has none; workgroup: as subgroup, and where every invocation of a workgroup adds to one proven address in uniform control flow, the subgroups' sums meet in workgroup memory and one atomic per workgroup adds them (elsewhere a note says why not); none: never",
};

pub(super) const PREFILTER: OptionSpec = OptionSpec {
    name: PREFILTER_OPTION,
    values: PREFILTER_VALUES,
    default: Prefilter::Auto.name(),
    help: "for a float min or max on a 32-bit word whose result is unused (ordered and signed strategies): auto: load first in storage memory, where it measured faster; none: the atomic always; load: load the word first and do the atomic only where the value would lower (raise) it",
};

/// The pass's options, typed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// `float-atomics.strategy`: how min and max are rewritten.
    pub strategy: RequestedStrategy,
    /// `float-atomics.nan`: what a NaN operand of min or max does.
    pub nan: NanMode,
    /// `float-atomics.sum`: how the adds of an f32 sum are rewritten.
    pub sum: SumLowering,
    /// `float-atomics.aggregate`: whether an f32 sum's adds are reduced
    /// over the subgroup first.
    pub aggregate: Aggregation,
    /// `float-atomics.prefilter`: whether a min or max whose result is
    /// unused loads the word first.
    pub prefilter: Prefilter,
    /// `float-atomics.fixed-point`: the format of `sum=fixed`'s words.
    pub fixed_point: FixedPoint,
    /// `float-atomics.overflow`: what `sum=fixed` checks for overflow.
    pub overflow: OverflowCheck,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            strategy: RequestedStrategy::default(),
            nan: NanMode::default(),
            sum: SumLowering::default(),
            aggregate: Aggregation::default(),
            prefilter: Prefilter::default(),
            fixed_point: FixedPoint::Q16_16,
            overflow: OverflowCheck::Sum,
        }
    }
}

impl Config {
    /// Reads options the manager has checked against the pass's specs
    /// ([`STRATEGY_VALUES`], [`NAN_VALUES`], [`SUM_VALUES`];
    /// [`PassManager::check_options`](crate::PassManager::check_options)
    /// reports a value they do not list); an option not given takes its
    /// default.
    pub fn from_options(options: &PassOptions) -> Config {
        Config {
            strategy: RequestedStrategy::parse(options.get(&STRATEGY)).unwrap_or_default(),
            nan: NanMode::parse(options.get(&NAN)).unwrap_or_default(),
            sum: SumLowering::parse(options.get(&SUM)).unwrap_or_default(),
            aggregate: Aggregation::parse(options.get(&AGGREGATE)).unwrap_or_default(),
            prefilter: Prefilter::parse(options.get(&PREFILTER)).unwrap_or_default(),
            fixed_point: FixedPoint::parse(options.get(&FIXED_POINT)).unwrap_or(FixedPoint::Q16_16),
            overflow: OverflowCheck::parse(options.get(&OVERFLOW)).unwrap_or_default(),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;

    #[test]
    fn options_are_read_with_their_defaults() {
        assert_eq!(
            Config::from_options(&PassOptions::default()),
            Config {
                strategy: RequestedStrategy::Auto,
                nan: NanMode::Propagate,
                sum: SumLowering::Relay,
                aggregate: Aggregation::Auto,
                prefilter: Prefilter::Auto,
                fixed_point: FixedPoint::Q16_16,
                overflow: OverflowCheck::Sum,
            }
        );
        let given = BTreeMap::from([
            (STRATEGY_OPTION.to_string(), "cas".to_string()),
            (NAN_OPTION.to_string(), "ignore".to_string()),
            (SUM_OPTION.to_string(), "compare-exchange".to_string()),
            (AGGREGATE_OPTION.to_string(), "none".to_string()),
            (PREFILTER_OPTION.to_string(), "load".to_string()),
            (FIXED_POINT_OPTION.to_string(), "32.32".to_string()),
            (OVERFLOW_OPTION.to_string(), "addends".to_string()),
        ]);
        assert_eq!(
            Config::from_options(&PassOptions::new(given)),
            Config {
                strategy: RequestedStrategy::Cas,
                nan: NanMode::Ignore,
                sum: SumLowering::CompareExchange,
                aggregate: Aggregation::None,
                prefilter: Prefilter::Load,
                fixed_point: FixedPoint::Q32_32,
                overflow: OverflowCheck::Addends,
            }
        );
    }
}
