//! The cost model of `lane-transpose`: what rewriting a record access is
//! measured to gain, per adapter vendor.
//!
//! Under `--passes all` the pass rewrites an access only where every
//! adapter measured for that access and record size ran faster rewritten,
//! in a kernel of no [`Shape`] measured slower; an access nobody has
//! measured stays as it is. Named in `--passes`, the
//! pass rewrites every access it can prove safe, and the report says what
//! the measurements, if any, expect of it.
//!
//! Every entry names the kernel, the adapter and the document holding the
//! full measurement. Coalescing loads gains nothing on NVIDIA: the L1
//! cache already serves the other words of the lines a strided load
//! fetches, so the shuffles only add work. Stores have no such cache.

/// Which side of a record access.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    Store,
    Load,
}

/// One measurement: a kernel that moves records of `words` 32-bit words
/// by the global invocation index, original against rewritten.
#[derive(Clone, Copy, Debug)]
pub struct Measurement {
    pub vendor: &'static str,
    pub adapter: &'static str,
    pub access: Access,
    pub words: u32,
    /// The original's time over the rewritten one's.
    pub speedup: f64,
    pub kernel: &'static str,
    /// Where the measurement is written down.
    pub source: &'static str,
}

const H100: &str = "NVIDIA H100 80GB HBM3, Vulkan, subgroup size 32";
const H200: &str = "NVIDIA H200, Vulkan, subgroup size 32";
const H200_TABLE: &str = "docs/BENCHMARKS.md, lane-transpose and hoist-barriers on an NVIDIA H200";
const STORE_TABLE: &str =
    "docs/BENCHMARKS.md, every lane-transpose kernel: stores alone, loads alone, copies";
const LOAD_TABLE: &str = STORE_TABLE;
const KERNEL_TABLE: &str = "docs/BENCHMARKS.md, every lane-transpose kernel: kernels";

/// `ratio` is the rewritten kernel's time over the original's, as
/// `shaderxform bench` prints it.
const fn store(words: u32, ratio: f64) -> Measurement {
    Measurement {
        vendor: "NVIDIA",
        adapter: H100,
        access: Access::Store,
        words,
        speedup: 1.0 / ratio,
        kernel: "one float loaded, one record of k floats stored (corpus/bench/aos_store_k*.wgsl)",
        source: STORE_TABLE,
    }
}

/// [`store`] on the H200.
const fn store_h200(words: u32, ratio: f64) -> Measurement {
    Measurement {
        adapter: H200,
        source: H200_TABLE,
        ..store(words, ratio)
    }
}

const fn load(words: u32, ratio: f64) -> Measurement {
    Measurement {
        vendor: "NVIDIA",
        adapter: H100,
        access: Access::Load,
        words,
        speedup: 1.0 / ratio,
        kernel: "one record of k floats loaded, one float stored (corpus/bench/aos_load_k*.wgsl)",
        source: LOAD_TABLE,
    }
}

pub const MEASUREMENTS: &[Measurement] = &[
    store(2, 0.819),
    store(3, 0.731),
    store(4, 0.657),
    store(5, 0.473),
    store(6, 0.365),
    store(7, 0.227),
    store(8, 0.177),
    store_h200(2, 0.866),
    store_h200(3, 0.792),
    store_h200(4, 0.748),
    store_h200(5, 0.540),
    store_h200(6, 0.569),
    store_h200(7, 0.295),
    Measurement {
        vendor: "NVIDIA",
        adapter: H100,
        access: Access::Store,
        words: 12,
        speedup: 1.0 / 0.304,
        kernel: "a record of two vec3 and a vec2 stored behind a bounds guard (corpus/lane-transpose/vertex_vec3_padding.wgsl)",
        source: KERNEL_TABLE,
    },
    load(2, 1.036),
    load(3, 1.038),
    load(4, 1.064),
    load(5, 1.003),
    load(6, 1.049),
    load(7, 1.008),
    load(8, 1.053),
];

/// Kernels whose rewritten record stores ran slower on one adapter
/// measured, though stores of their record size alone ran faster on every
/// one: the model per record size cannot tell them from the kernels that
/// gain, so `--passes all` leaves them (docs/BENCHMARKS.md, the H200).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shape {
    /// A workgroup of more than one row (`@workgroup_size(64, 4)`).
    Rows,
    /// An entry point with a loop, whose work the store's gain is small
    /// beside, and whose registers the shuffles compete for.
    Loop,
}

impl Shape {
    /// What was measured of kernels of this shape.
    pub fn measured(self) -> &'static str {
        match self {
            Shape::Rows => "the workgroup has more than one row: row-major grids of 4-word cells in workgroups of 64 x 4 and 32 x 2 x 2 ran 1.20 and 1.16 times slower rewritten on an NVIDIA H200 (0.85 on an H100)",
            Shape::Loop => "the entry point has a loop: such kernels ran up to 1.13 times slower rewritten on an NVIDIA H200 (a flocking step whose store follows a loop over every particle, 1.13; vello's path-tag scans, 0.87 to 1.06)",
        }
    }

    /// The label at the access.
    pub fn label(self) -> &'static str {
        match self {
            Shape::Rows => "in a workgroup of several rows",
            Shape::Loop => "in an entry point with a loop",
        }
    }
}

/// The shape of `entry` that no measurement shows paying, if it has one.
pub fn unmeasured_shape(entry: &naga::EntryPoint) -> Option<Shape> {
    if entry.workgroup_size[1] > 1 || entry.workgroup_size[2] > 1 {
        return Some(Shape::Rows);
    }
    let mut has_loop = false;
    crate::ir::for_each_statement(&entry.function.body, &mut |s, _| {
        has_loop |= matches!(s, naga::Statement::Loop { .. });
    });
    has_loop.then_some(Shape::Loop)
}

/// What the measurements say about rewriting one access.
#[derive(Clone, Copy, Debug)]
pub struct Estimate {
    /// The least speed-up measured on any vendor.
    pub speedup: f64,
    pub vendor: &'static str,
    pub measured_on: &'static str,
    pub kernel: &'static str,
    pub source: &'static str,
    /// Every vendor measured ran faster rewritten.
    pub pays: bool,
}

/// The estimate for `access` of `words`-word records; `None` where no
/// measurement covers it.
pub fn estimate(access: Access, words: u32) -> Option<Estimate> {
    MEASUREMENTS
        .iter()
        .filter(|m| m.access == access && m.words == words)
        .min_by(|a, b| a.speedup.total_cmp(&b.speedup))
        .map(|m| Estimate {
            speedup: m.speedup,
            vendor: m.vendor,
            measured_on: m.adapter,
            kernel: m.kernel,
            source: m.source,
            pays: m.speedup > 1.0,
        })
}

/// Whether `--passes all` rewrites `access` of `words`-word records.
pub fn pays(access: Access, words: u32) -> bool {
    estimate(access, words).is_some_and(|e| e.pays)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_pay_and_loads_do_not_on_nvidia() {
        for k in 2..=8 {
            assert!(pays(Access::Store, k), "store k = {k}");
            assert!(!pays(Access::Load, k), "load k = {k}");
        }
        assert!(pays(Access::Store, 12));
    }

    #[test]
    fn unmeasured_sizes_are_not_rewritten_under_all() {
        assert!(estimate(Access::Store, 10).is_none());
        assert!(!pays(Access::Store, 16));
        assert!(estimate(Access::Load, 12).is_none());
    }
}
