use naga::EntryPoint;

use super::*;
use crate::analysis::uniformity::{FunctionRef, Uniformity};

/// A compute shader of the given workgroup size that stores to
/// `out[INDEX]`, with the ids, a uniform buffer, a constant, an
/// override and a non-uniform value `v` in scope.
fn shader(workgroup_size: &str, index: &str) -> String {
    format!(
        "struct Params {{ offset: u32, width: u32 }}
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@group(0) @binding(1) var<uniform> params: Params;
@group(0) @binding(2) var<storage, read_write> data: array<u32>;
const W = 64u;
override O: u32 = 64u;
@compute @workgroup_size({workgroup_size})
fn main(
    @builtin(global_invocation_id) gid: vec3<u32>,
    @builtin(workgroup_id) wid: vec3<u32>,
    @builtin(local_invocation_id) lid: vec3<u32>,
    @builtin(local_invocation_index) lidx: u32,
    @builtin(num_workgroups) nwg: vec3<u32>,
) {{
    let v = data[lidx];
    let i = {index};
    out[i] = v;
}}"
    )
}

/// The form of the index of the store to `out` in `source`.
fn form_in(source: &str) -> Option<IndexForm> {
    let module = naga::front::wgsl::parse_str(source).expect("valid WGSL");
    let uniformity = Uniformity::analyze(&module);
    let entry = &module.entry_points[0];
    index_form(
        &module,
        entry,
        uniformity.function(FunctionRef::EntryPoint(0)),
        store_index(entry),
    )
}

/// The index of the store to `out`.
fn store_index(entry: &EntryPoint) -> Handle<Expression> {
    let e = &entry.function.expressions;
    entry
        .function
        .body
        .iter()
        .find_map(|s| match *s {
            Statement::Store { pointer, .. } => match e[pointer] {
                Expression::Access { index, .. } => Some(index),
                _ => None,
            },
            _ => None,
        })
        .expect("a store to `out`")
}

fn form(workgroup_size: &str, index: &str) -> Option<IndexForm> {
    form_in(&shader(workgroup_size, index))
}

const fn plain(shape: IndexShape) -> Option<IndexForm> {
    Some(IndexForm {
        shape,
        offset: false,
        seen: None,
    })
}

const fn offset(shape: IndexShape) -> Option<IndexForm> {
    Some(IndexForm {
        shape,
        offset: true,
        seen: None,
    })
}

#[test]
fn the_global_index_with_and_without_a_uniform_offset() {
    use IndexShape::GlobalX;
    assert_eq!(form("64", "gid.x"), plain(GlobalX));
    assert_eq!(form("64", "u32(gid.x)"), plain(GlobalX));
    assert_eq!(form("64", "gid.x + params.offset"), offset(GlobalX));
    assert_eq!(form("64", "params.offset + gid.x"), offset(GlobalX));
    assert_eq!(form("64", "gid.x - 3u"), offset(GlobalX));
    assert_eq!(form("64", "gid.x + nwg.x * 64u"), offset(GlobalX));
    assert_eq!(form("64", "(gid.x + W) + O"), offset(GlobalX));
    assert_eq!(form("64", "u32(gid.x + params.offset)"), offset(GlobalX));
}

#[test]
fn the_global_index_as_a_member_of_a_struct_of_builtins() {
    let source = "struct In { @builtin(global_invocation_id) gid: vec3<u32>, @builtin(local_invocation_index) l: u32 }
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(64)
fn main(input: In) {
    out[input.gid.x + 1u] = input.l;
}";
    assert_eq!(form_in(source), offset(IndexShape::GlobalX));
}

#[test]
fn workgroup_times_its_size_plus_local() {
    use IndexShape::{WorkgroupLinear, WorkgroupLocalX};
    assert_eq!(form("64", "wid.x * 64u + lid.x"), plain(WorkgroupLocalX));
    assert_eq!(form("64", "lid.x + W * wid.x"), plain(WorkgroupLocalX));
    assert_eq!(form("64, 4", "wid.x * 64u + lid.x"), plain(WorkgroupLocalX));
    assert_eq!(
        form("64", "wid.x * 64u + lid.x + params.offset"),
        offset(WorkgroupLocalX)
    );
    assert_eq!(form("64", "wid.x * 64u + lidx"), plain(WorkgroupLinear));
    assert_eq!(form("W", "lidx + wid.x * W"), plain(WorkgroupLinear));
    assert_eq!(
        form("64", "params.offset + (wid.x * 64u + lidx)"),
        offset(WorkgroupLinear)
    );
}

#[test]
fn a_row_major_two_dimensional_index() {
    use IndexShape::Rows;
    assert_eq!(form("16, 16", "gid.y * params.width + gid.x"), plain(Rows));
    assert_eq!(form("16, 16", "gid.x + params.width * gid.y"), plain(Rows));
    assert_eq!(
        form("64, 4", "gid.y * params.width + gid.x + params.offset"),
        offset(Rows)
    );
    assert_eq!(form("32, 8", "gid.y * (nwg.x * 32u) + gid.x"), plain(Rows));
}

#[test]
fn near_misses_are_refused() {
    for (workgroup_size, index) in [
        ("64", "gid.x * 2u"),
        ("64", "gid.x + v"),
        ("64", "3u - gid.x"),
        ("64", "gid.y"),
        ("64", "lid.x"),
        ("64", "lid.x + params.offset"),
        // The product is the size of another workgroup.
        ("64", "wid.x * 32u + lid.x"),
        // An override may be given another value at pipeline creation.
        ("64", "wid.x * O + lid.x"),
        ("64", "wid.y * 64u + lid.x"),
        ("64", "wid.x * 64u + lid.y"),
        // Not a one-dimensional workgroup.
        ("64, 2", "wid.x * 128u + lidx"),
        ("16, 16", "gid.y * v + gid.x"),
        ("16, 16", "gid.x * params.width + gid.y"),
    ] {
        assert_eq!(
            form(workgroup_size, index),
            None,
            "{index} in @workgroup_size({workgroup_size})"
        );
    }
}

#[test]
fn a_near_miss_says_what_keeps_it_from_a_form() {
    let why = |workgroup_size: &str, index: &str| {
        let module = naga::front::wgsl::parse_str(&shader(workgroup_size, index)).expect("valid");
        let uniformity = Uniformity::analyze(&module);
        let entry = &module.entry_points[0];
        why_not_a_form(
            &module,
            entry,
            uniformity.function(FunctionRef::EntryPoint(0)),
            store_index(entry),
        )
    };
    assert_eq!(
        why("64", "wid.x * 32u + lid.x").as_deref(),
        Some("`workgroup_id.x` is multiplied by 32, not by the workgroup's x size, 64")
    );
    assert_eq!(
        why("64", "wid.x * O + lid.x").as_deref(),
        Some("`workgroup_id.x` is multiplied by a value that is not a compile-time constant")
    );
    assert_eq!(
        why("O", "wid.x * 64u + lid.x").as_deref(),
        Some("the workgroup's x size is an override, not a compile-time constant")
    );
    assert_eq!(
        why("64, 2", "wid.x * 128u + lidx").as_deref(),
        Some("`local_invocation_index` counts the invocations of a workgroup of more than one row")
    );
    assert_eq!(
        why("16, 16", "gid.y * v + gid.x").as_deref(),
        Some("the row width may differ between invocations")
    );
    assert_eq!(why("64", "gid.x * 2u"), None);
    assert_eq!(why("64", "wid.x * 64u + lid.x"), None);
}

#[test]
fn subgroups_stay_within_rows_of_one_row_or_of_multiples_of_32() {
    let within = |workgroup_size: &str| {
        let module = naga::front::wgsl::parse_str(&shader(workgroup_size, "gid.x")).expect("valid");
        subgroups_within_rows(&module.entry_points[0])
    };
    assert!(within("64"));
    assert!(within("20"));
    assert!(within("O"));
    assert!(within("64, 4"));
    assert!(within("32, 8"));
    assert!(!within("16, 16"));
    assert!(!within("8, 8, 4"));
    assert!(!within("O, 2"));
    assert!(within("32, O"));
}

fn grid(seen: &str, offset: bool) -> Option<IndexForm> {
    Some(IndexForm {
        shape: IndexShape::Grid,
        offset,
        seen: Some(seen.to_string()),
    })
}

#[test]
fn three_dimensional_grids_linearised_row_by_row() {
    assert_eq!(
        form("64", "gid.z * 64u * 16u + gid.y * 64u + gid.x"),
        grid(
            "global_invocation_id.z * 64u * 16u + global_invocation_id.y * 64u + global_invocation_id.x",
            false
        )
    );
    assert_eq!(
        form("8, 8, 4", "(gid.z * 16u + gid.y) * params.width + gid.x"),
        grid(
            "(global_invocation_id.z * 16u + global_invocation_id.y) * params.width + global_invocation_id.x",
            false
        )
    );
    assert_eq!(
        form("64", "gid.x + params.width * (gid.y + 16u * gid.z)"),
        grid(
            "global_invocation_id.x + params.width * (global_invocation_id.y + 16u * global_invocation_id.z)",
            false
        )
    );
    // The x term anywhere in the sum, beside an offset.
    assert_eq!(
        form("64", "gid.x + gid.y * W + gid.z * W * 16u + params.offset"),
        grid(
            "global_invocation_id.x + global_invocation_id.y * W + global_invocation_id.z * W * 16u + params.offset",
            true
        )
    );
    // `workgroup_id` is uniform in a workgroup: an offset.
    assert_eq!(
        form("64", "wid.x * 64u + lid.x + wid.y * params.width"),
        offset(IndexShape::WorkgroupLocalX)
    );
    assert_eq!(
        form("16, 4", "(wid.y * 4u + lid.y) * params.width + gid.x"),
        grid(
            "(workgroup_id.y * 4u + local_invocation_id.y) * params.width + global_invocation_id.x",
            false
        )
    );
}

#[test]
fn signed_indices_are_read_through_their_conversions() {
    use IndexShape::{GlobalX, Rows, WorkgroupLocalX};
    assert_eq!(form("64", "i32(gid.x)"), plain(GlobalX));
    assert_eq!(form("64", "u32(i32(gid.x))"), plain(GlobalX));
    assert_eq!(form("64", "i32(gid.x) + 1i"), offset(GlobalX));
    assert_eq!(
        form("16, 16", "i32(gid.y) * i32(params.width) + i32(gid.x)"),
        plain(Rows)
    );
    assert_eq!(
        form("64", "i32(wid.x) * 64i + i32(lid.x)"),
        plain(WorkgroupLocalX)
    );
    // The conversion of the whole vector, then its component.
    assert_eq!(form("64", "bitcast<vec3i>(gid)[0]"), plain(GlobalX));
    assert_eq!(form("64", "vec3i(gid).x + 1i"), offset(GlobalX));
    // A conversion from a float is no integer conversion.
    assert_eq!(form("64", "u32(f32(gid.x))"), None);
    assert_eq!(form("64", "vec3u(vec3f(gid)).x"), None);
}

#[test]
fn terms_that_change_along_a_row_are_refused_by_name() {
    let why = |workgroup_size: &str, index: &str| {
        let module = naga::front::wgsl::parse_str(&shader(workgroup_size, index)).expect("valid");
        let uniformity = Uniformity::analyze(&module);
        let entry = &module.entry_points[0];
        why_not_a_form(
            &module,
            entry,
            uniformity.function(FunctionRef::EntryPoint(0)),
            store_index(entry),
        )
    };
    for index in [
        "gid.z * v + gid.y * 64u + gid.x",
        "gid.x + v",
        "gid.x + gid.x",
        "gid.y * 64u + gid.x * 2u",
        "gid.y * 64u - gid.x",
        "wid.x * 64u + lid.x + lidx",
    ] {
        assert_eq!(form("64", index), None, "{index}");
    }
    assert_eq!(
        why("64", "gid.z * v + gid.y * 64u + gid.x").as_deref(),
        Some("the row width may differ between invocations")
    );
    assert_eq!(
        why("64", "gid.x + v").as_deref(),
        Some("`v` may differ between the invocations of a row of the workgroup")
    );
    assert_eq!(why("64", "gid.y * 64u + gid.x * 2u"), None);
}

#[test]
fn the_index_seen_is_written_with_the_builtins_names() {
    let module =
        naga::front::wgsl::parse_str(&shader("64", "gid.x * 2u + (params.offset - lid.y)"))
            .expect("valid");
    let entry = &module.entry_points[0];
    assert_eq!(
        seen_index(&module, &entry.function, store_index(entry)),
        "global_invocation_id.x * 2u + (params.offset - local_invocation_id.y)"
    );
}
