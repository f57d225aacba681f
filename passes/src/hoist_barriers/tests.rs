use super::*;
use crate::pass::Target;
use crate::testing::run_pass;

/// Runs the pass; the rewritten WGSL, or the notes of its errors. A
/// rewrite comes with one warning per barrier it fixed, each naming a
/// rewrite.
fn hoist(source: &str) -> Result<(String, Vec<Change>), Vec<String>> {
    let run = run_pass(NAME, source, &[], &Target::default())
        .map_err(|errors| errors.into_iter().flat_map(|d| d.notes).collect::<Vec<_>>())?;
    let (changes, diagnostics) = (run.report.changes, run.report.diagnostics);
    // Beside the warnings, a note for each loop that now decides its trip
    // count together.
    let (notes, warnings): (Vec<_>, Vec<_>) = diagnostics
        .into_iter()
        .partition(|d| d.severity == Severity::Note);
    let costly = changes.iter().filter(|c| loop_cost(c).is_some()).count();
    assert_eq!(notes.len(), costly, "{notes:?}");
    for note in &notes {
        assert_eq!(
            note.code.as_deref(),
            Some(crate::codes::HOIST_BARRIERS_LOOP_COST)
        );
    }
    let diagnostics = warnings;
    assert_eq!(
        diagnostics.is_empty(),
        changes.is_empty(),
        "{diagnostics:?}"
    );
    for warning in &diagnostics {
        assert_eq!(warning.severity, Severity::Warning);
        assert!(
            warning
                .notes
                .iter()
                .any(|n| n.starts_with("fixed by hoist-barriers: ")),
            "{warning:?}"
        );
    }
    Ok((run.wgsl, changes))
}

fn main_with(body: &str) -> String {
    format!(
        "var<workgroup> w: array<u32, 64>;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {{
{body}
}}"
    )
}

fn refusal(body: &str) -> String {
    hoist(&main_with(body))
        .expect_err("the barrier stays divergent")
        .join("\n")
}

#[test]
fn uniform_modules_are_left_alone() {
    let source = main_with("w[lid] = lid;\nworkgroupBarrier();\nout[lid] = w[63u - lid];");
    let (_, changes) = hoist(&source).unwrap();
    assert!(changes.is_empty());
}

#[test]
fn a_split_runs_each_half_under_the_same_condition() {
    let source = main_with(
            "if lid < 7u {\n let v = lid * 3u;\n w[lid] = v;\n workgroupBarrier();\n out[lid] = w[lid + 1u] + v;\n}",
        );
    let (text, changes) = hoist(&source).unwrap();
    assert_eq!(changes.len(), 1);
    assert_eq!(changes[0].kind, "split-if");
    assert_eq!(changes[0].details["carried_values"], "1");
    // The barrier sits between two `if`s on one condition value.
    let barrier = text.find("workgroupBarrier()").unwrap();
    let before = &text[..barrier];
    let after = &text[barrier..];
    let condition = before
        .lines()
        .find_map(|l| {
            l.trim()
                .strip_prefix("if ")
                .map(|c| c.trim_end_matches(" {"))
        })
        .unwrap()
        .to_string();
    assert!(after.contains(&format!("if {condition} {{")), "{text}");
    assert!(text.contains("v_carried = v;"), "{text}");
}

#[test]
fn splits_that_would_change_meaning_are_refused() {
    // Different barrier sequences in the two branches.
    let notes = refusal("if lid < 7u { workgroupBarrier(); } else { storageBarrier(); }");
    assert!(notes.contains("not the same sequence"), "{notes}");
    // Fewer barriers in one branch than the other, but not none.
    let notes = refusal(
        "if lid < 7u { workgroupBarrier(); workgroupBarrier(); } else { workgroupBarrier(); }",
    );
    assert!(notes.contains("not as many"), "{notes}");
    // A loop whose continuing block reads what its body computed.
    let notes = refusal(
            "var k = 0u;\nloop {\n let v = w[k];\n if v > lid { break; }\n workgroupBarrier();\n continuing { k += v; }\n}",
        );
    assert!(notes.contains("continuing block reads"), "{notes}");
}

/// How the pass made the loop of `body` uniform.
fn loop_strategy(body: &str) -> String {
    let (text, changes) = hoist(&main_with(body)).unwrap();
    changes
        .iter()
        .find(|c| c.kind == "uniform-loop")
        .unwrap_or_else(|| panic!("no uniform loop:\n{text}"))
        .details["strategy"]
        .clone()
}

fn kinds(changes: &[Change]) -> Vec<&str> {
    changes.iter().map(|c| c.kind.as_str()).collect()
}

#[test]
fn pointers_are_computed_again_after_the_barrier() {
    let (text, _) = hoist(&main_with(
            "if lid < 7u {\n let p = &w[lid + 1u];\n *p = 1u;\n workgroupBarrier();\n out[lid] = *p;\n}",
        ))
        .unwrap();
    // The index is carried; the address is formed again from it.
    assert!(text.contains("w[_e"), "{text}");
    assert_eq!(text.matches("(lid + 1u)").count(), 1, "{text}");
}

#[test]
fn returns_that_are_not_guards_clear_an_active_flag() {
    let (text, changes) = hoist(&main_with(
            "for (var k = 0u; k < 2u; k++) {\n if lid == k { return; }\n}\nw[lid] = lid;\nworkgroupBarrier();\nout[lid] = w[0];",
        ))
        .unwrap();
    assert_eq!(kinds(&changes), ["predicate-early-exit", "split-if"]);
    assert_eq!(changes[0].details["strategy"], "active-flag");
    // The return leaves the loop with the flag cleared; what followed
    // it runs only where the flag is set.
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let cleared = lines
        .iter()
        .position(|l| *l == "invocation_active = false;")
        .unwrap();
    assert_eq!(lines[cleared + 1], "break;", "{text}");
    assert_eq!(text.matches("workgroupBarrier()").count(), 1, "{text}");
}

#[test]
fn a_counted_loop_runs_to_the_workgroup_s_longest_count() {
    let (text, changes) = hoist(&main_with(
            "for (var k = 0u; k < lid % 4u; k++) {\n w[lid] = k;\n workgroupBarrier();\n out[lid] += w[0];\n workgroupBarrier();\n}",
        ))
        .unwrap();
    assert_eq!(kinds(&changes)[0], "uniform-loop");
    assert!(
        text.contains("atomicMax((&hoist_loop_votes_0_), (lid % 4u));"),
        "{text}"
    );
    assert!(
        !text.contains("loop_vote_tag"),
        "no vote per iteration:\n{text}"
    );
}

#[test]
fn other_loops_vote_every_iteration() {
    // The exit depends on memory the loop writes: no bound to compute
    // up front.
    let (text, changes) = hoist(&main_with(
            "loop {\n if w[lid] > 3u { break; }\n workgroupBarrier();\n w[lid] += 1u;\n workgroupBarrier();\n}",
        ))
        .unwrap();
    assert_eq!(kinds(&changes)[0], "uniform-loop");
    // A plain store of the iteration's tag votes; the loop ends when the
    // word read back is not this iteration's tag.
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let load = lines
        .iter()
        .position(|l| l.ends_with(" = loop_vote_tag;"))
        .expect(&text);
    let tag = lines[load]
        .trim_start_matches("let ")
        .split(' ')
        .next()
        .unwrap();
    assert!(
        text.contains(&format!("atomicStore((&hoist_loop_votes_0_), {tag});")),
        "{text}"
    );
    assert!(text.contains(&format!(" != {tag}) {{")), "{text}");
    assert!(
        text.contains(&format!("loop_vote_tag = (3u - {tag});")),
        "{text}"
    );
    assert!(!text.contains("atomicAdd"), "{text}");
    assert!(text.contains("loop_active = false;"), "{text}");
}

#[test]
fn exits_at_the_top_of_a_voting_loop_are_taken_before_the_vote() {
    // Local arithmetic only: every invocation computes the test, which
    // alone decides whether it is still in the loop.
    let (text, _) = hoist(&main_with(
            "var x = lid;\nloop {\n if x < 2u { break; }\n w[lid] = x;\n workgroupBarrier();\n x = x >> 1u;\n}",
        ))
        .unwrap();
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let position = |prefix: &str| lines.iter().position(|l| l.starts_with(prefix));
    let cleared = position("loop_active = !((_e").expect(&text);
    let vote = position("atomicStore((&hoist_loop_votes_0_), _e").expect(&text);
    assert!(cleared < vote, "{text}");
    // With another way out, the test only clears the flag.
    let (text, _) = hoist(&main_with(
            "var x = lid;\nloop {\n if x < 2u { break; }\n w[lid] = x;\n workgroupBarrier();\n if w[0] == 7u { break; }\n x = x >> 1u;\n}",
        ))
        .unwrap();
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let position = |prefix: &str| lines.iter().position(|l| l.starts_with(prefix));
    let cleared = lines
        .iter()
        .position(|l| l.starts_with("loop_active = (") && l.contains(" && !("))
        .expect(&text);
    let vote = position("atomicStore((&hoist_loop_votes_0_), _e").expect(&text);
    assert!(cleared < vote, "{text}");
    // A test that reads shared memory runs only where the invocation
    // is still active, still before the vote.
    let (text, _) = hoist(&main_with(
            "loop {\n if w[lid] > 3u { break; }\n workgroupBarrier();\n w[lid] += 1u;\n workgroupBarrier();\n}",
        ))
        .unwrap();
    let cleared = text.find("loop_active = false;").expect(&text);
    let vote = text
        .find("atomicStore((&hoist_loop_votes_0_), _e")
        .expect(&text);
    assert!(cleared < vote, "{text}");
}

#[test]
fn a_counter_that_differs_between_invocations_votes() {
    // Starting from `lid % 2u`, the counter would reach the workgroup's
    // largest bound after different numbers of iterations.
    assert_eq!(
        loop_strategy(
            "for (var k = lid % 2u; k < 4u; k++) {\n w[lid] = k;\n workgroupBarrier();\n}"
        ),
        "vote"
    );
    // Stepped by a value that differs, likewise.
    assert_eq!(
        loop_strategy(
            "for (var k = 0u; k < 8u; k += 1u + lid % 2u) {\n w[lid] = k;\n workgroupBarrier();\n}"
        ),
        "vote"
    );
}

#[test]
fn a_counter_read_after_the_loop_stops_at_its_own_bound() {
    // Run on to the workgroup's largest bound, `k` would no longer be
    // this invocation's own count after the loop: a second counter
    // runs the loop, and `k` steps only in the invocation's own
    // iterations.
    let (text, changes) = hoist(&main_with(
            "var k = 0u;\nfor (; k < lid % 4u; k++) {\n w[lid] = k;\n workgroupBarrier();\n}\nout[lid] = k;",
        ))
        .unwrap();
    assert_eq!(changes[0].details["strategy"], "largest-count", "{text}");
    let lines: Vec<&str> = text.lines().map(str::trim).collect();
    let at = |line: &str| lines.iter().position(|l| *l == line).expect(&text);
    assert!(at("loop_iteration = 0u;") < at("loop {"), "{text}");
    let mine = lines[at("let _e6 = (_e3 < (lid % 4u));")]
        .trim_start_matches("let ")
        .split(' ')
        .next()
        .unwrap();
    let continuing = at("continuing {");
    assert_eq!(lines[continuing + 1], format!("if {mine} {{"), "{text}");
    assert_eq!(lines[continuing + 3], "k = (_e11 + 1u);", "{text}");
    assert_eq!(
        lines[continuing + 6],
        "loop_iteration = (_e24 + 1u);",
        "{text}"
    );
}

/// A loop that now votes, or runs to the workgroup's largest bound, is
/// named in a note saying what it costs; one that runs as written is not.
#[test]
fn loops_that_decide_together_say_what_it_costs() {
    let notes = |body: &str| {
        let run = run_pass(NAME, &main_with(body), &[], &Target::default()).unwrap();
        run.report
            .diagnostics
            .into_iter()
            .filter(|d| d.code.as_deref() == Some(crate::codes::HOIST_BARRIERS_LOOP_COST))
            .map(|d| d.message)
            .collect::<Vec<_>>()
    };
    let voting = notes("for (var k = 0u; k < lid % 4u; k++) {\n w[lid] = k;\n workgroupBarrier();\n k += w[0] % 2u;\n}");
    assert_eq!(voting.len(), 1, "{voting:?}");
    assert!(voting[0].contains("votes at every iteration"), "{voting:?}");
    let largest = notes("if lid < 7u {\n for (var k = 0u; k < lid; k++) {\n  w[lid] = k;\n  workgroupBarrier();\n }\n}");
    assert!(largest[0].contains("largest bound"), "{largest:?}");
    assert!(notes("if lid < 7u {\n for (var k = 0u; k < 3u; k++) {\n  w[lid] = k;\n  workgroupBarrier();\n }\n}").is_empty());
}

/// A loop shaped as naga's SPIR-V reader gives a loop that tests at its
/// top (`if c { BODY; continue; } else { break; }`) is read as the test
/// first, then the body: its barrier is the body's, not the `if`'s, so
/// no split runs it once more on the way out, and the loop keeps its
/// control as the WGSL `for` does.
#[test]
fn a_loop_testing_in_an_if_around_its_body_is_hoisted_as_a_for() {
    let (text, changes) = hoist(&main_with(
        "if lid >= arrayLength(&out) { return; }\nw[lid] = out[lid];\nworkgroupBarrier();\nvar s = 32u;\nloop {\n let c = s > 0u;\n if c {\n  if lid < s { w[lid] += w[lid + s]; }\n  workgroupBarrier();\n  continue;\n } else {\n  break;\n }\n continuing { s = s >> 1u; }\n}\nif lid == 0u { out[0] = w[0]; }",
    ))
    .unwrap();
    let splits = changes.iter().filter(|c| c.kind == "split-if").count();
    assert_eq!(splits, 1, "only the early exit's `if` is split:\n{text}");
    assert!(!text.contains("hoist_loop_votes"), "{text}");
    assert_eq!(text.matches("workgroupBarrier()").count(), 2, "{text}");
}

#[test]
fn a_counter_the_body_changes_votes() {
    assert_eq!(
            loop_strategy(
                "for (var k = 0u; k < lid % 4u; k++) {\n w[lid] = k;\n workgroupBarrier();\n k += w[0] % 2u;\n}"
            ),
            "vote"
        );
}

#[test]
fn nested_loops_with_divergent_trip_counts_both_count() {
    let (text, changes) = hoist(&main_with(
            "for (var i = 0u; i < lid % 3u; i++) {\n for (var j = 0u; j < lid % 5u; j++) {\n  w[lid] = i + j;\n  workgroupBarrier();\n  out[lid] += w[(lid + 1u) % 64u];\n  workgroupBarrier();\n }\n}",
        ))
        .unwrap();
    assert_eq!(kinds(&changes)[..2], ["uniform-loop", "split-if"], "{text}");
    assert_eq!(changes[0].details["strategy"], "largest-count");
    assert_eq!(changes[1].details["uniform_loops"], "largest-count");
    // The inner counter is reset for every invocation, outside the
    // outer loop's guarded body, then the inner bound is voted on.
    let reset = text.find("j = 0u;").expect(&text);
    let inner_max = text.find("atomicMax((&hoist_loop_votes_1_)").expect(&text);
    assert!(reset < inner_max, "{text}");
    assert!(!text.contains("loop_vote_tag"), "{text}");
}

#[test]
fn a_loop_in_a_branch_is_moved_out_of_it() {
    let (text, changes) = hoist(&main_with(
            "if lid < 7u {\n for (var k = 0u; k < 3u; k++) {\n  w[lid] = k;\n  workgroupBarrier();\n }\n}",
        ))
        .unwrap();
    assert_eq!(kinds(&changes)[0], "split-if");
    assert_eq!(
        changes[0].details["uniform_loops"], "uniform-count",
        "{text}"
    );
    // Three iterations in every invocation: the loop runs as written,
    // with no vote on its bound, its body under the branch's condition.
    assert!(!text.contains("hoist_loop_votes"), "{text}");
    assert!(!text.contains("workgroupUniformLoad"), "{text}");
    assert_eq!(text.matches("workgroupBarrier()").count(), 1, "{text}");
}

/// The divergent-barrier rule's own example: an early exit before a tree
/// reduction whose loop halves its stride down to zero. The loop's control
/// is the same in every invocation: it costs no vote, and no barrier is
/// added to the two the shader has.
#[test]
fn a_reduction_after_an_early_exit_keeps_its_loop_as_written() {
    // One rewrite fixes the barriers after the return: their warnings
    // say so in other words than `hoist` expects.
    let run = run_pass(
        NAME,
        &main_with(
        "if lid >= arrayLength(&out) { return; }\nw[lid] = out[lid];\nworkgroupBarrier();\nfor (var s = 32u; s > 0u; s >>= 1u) {\n if lid < s { w[lid] += w[lid + s]; }\n workgroupBarrier();\n}\nif lid == 0u { out[0] = w[0]; }",
        ),
        &[],
        &Target::default(),
    )
    .unwrap_or_else(|e| panic!("{e:?}"));
    let (text, changes) = (run.wgsl, run.report.changes);
    let strategies: Vec<_> = changes
        .iter()
        .filter_map(|c| c.details.get("uniform_loops").or(c.details.get("strategy")))
        .collect();
    assert!(!strategies.is_empty(), "{text}");
    assert!(
        strategies.iter().any(|s| s.contains("uniform-count")),
        "{strategies:?}\n{text}"
    );
    assert!(!text.contains("hoist_loop_votes"), "{text}");
    assert!(!text.contains("workgroupUniformLoad"), "{text}");
    assert_eq!(text.matches("workgroupBarrier()").count(), 2, "{text}");
}

/// A counter that counts down to a bound read from a uniform buffer runs
/// as written too; one whose bound differs between invocations still
/// runs to the workgroup's largest count.
#[test]
fn loops_count_uniformly_only_to_uniform_bounds() {
    let strategy = |body: &str| {
        let (text, changes) = hoist(&main_with(body)).unwrap();
        changes
            .iter()
            .find_map(|c| c.details.get("uniform_loops").or(c.details.get("strategy")))
            .unwrap_or_else(|| panic!("no uniform loop:\n{text}"))
            .clone()
    };
    assert_eq!(
        strategy("if lid < 7u {\n for (var k = 9u; k >= 2u; k--) {\n  w[lid] = k;\n  workgroupBarrier();\n }\n}"),
        "uniform-count"
    );
    assert_eq!(
        strategy("if lid < 7u {\n for (var k = 0u; k < lid; k++) {\n  w[lid] = k;\n  workgroupBarrier();\n }\n}"),
        "largest-count"
    );
    // Counting down, with the counter read after the loop: the counter of
    // an invocation that takes no part must keep its value, and a vote on
    // the largest bound keeps only `k < n`: the loop votes.
    assert_eq!(
        strategy("var k = 9u;\nif lid < 7u {\n for (; k >= 2u; k--) {\n  w[lid] = k;\n  workgroupBarrier();\n }\n}\nout[lid] = k;"),
        "vote"
    );
}

/// A bound loaded in the loop's header from what no invocation writes (a
/// uniform buffer, read-only storage) is the same on every iteration and
/// in every invocation: the loop after an early exit keeps its control,
/// as a hand fix does. A bound loaded from writable storage may change
/// between iterations: the loop votes.
#[test]
fn bounds_loaded_from_read_only_memory_keep_the_loop_as_written() {
    let shader = |declaration: &str| {
        format!(
            "var<workgroup> w: array<u32, 64>;
{declaration}
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {{
if lid >= arrayLength(&out) {{ return; }}
for (var k = 0u; k < p.n / 4u; k++) {{
 w[lid] = k;
 workgroupBarrier();
 out[lid] += w[63u - lid];
 workgroupBarrier();
}}
}}"
        )
    };
    for declaration in [
        "struct P { n: u32 }\n@group(0) @binding(1) var<uniform> p: P;",
        "struct P { n: u32 }\n@group(0) @binding(1) var<storage, read> p: P;",
    ] {
        let (text, changes) = hoist(&shader(declaration)).unwrap();
        let loops: Vec<_> = changes
            .iter()
            .filter_map(|c| c.details.get("uniform_loops"))
            .collect();
        assert_eq!(loops, ["uniform-count"], "{declaration}\n{text}");
        assert!(!text.contains("hoist_loop_votes"), "{text}");
        assert_eq!(text.matches("workgroupBarrier()").count(), 2, "{text}");
    }
    let writable = "struct P { n: u32 }\n@group(0) @binding(1) var<storage, read_write> p: P;";
    let (text, _) = hoist(&shader(writable)).unwrap();
    assert!(text.contains("hoist_loop_votes"), "{text}");
}

#[test]
fn calls_from_divergent_control_flow_are_inlined() {
    let source = "var<workgroup> w: array<u32, 64>;
@group(0) @binding(0) var<storage, read_write> out: array<u32>;
fn exchange(i: u32) -> u32 {
    var r = i;
    if i == 0u { return 7u; }
    w[i] = r;
    workgroupBarrier();
    return w[63u - i];
}
@compute @workgroup_size(64)
fn main(@builtin(local_invocation_index) lid: u32) {
    if lid < 7u { out[lid] = exchange(lid); }
}";
    let (text, changes) = hoist(source).unwrap();
    assert_eq!(kinds(&changes)[0], "inline-call");
    assert_eq!(changes[0].details["callee"], "exchange");
    // The callee's early return went through a flag and its value
    // through a local.
    assert!(text.contains("exchange_result = 7u;"), "{text}");
    assert!(text.contains("exchange_active = false;"), "{text}");
}

fn kinds_of(changes: &[Change]) -> Vec<&str> {
    changes.iter().map(|c| c.kind.as_str()).collect()
}

#[test]
fn a_workgroup_value_read_at_a_uniform_address_in_uniform_control_flow_is_read_uniformly() {
    let source = main_with(
        "if lid == 0u { w[5] = out[0]; }\nworkgroupBarrier();\nlet t = w[5];\nif t != 0u {\n w[lid] = t;\n workgroupBarrier();\n out[lid] = w[63u - lid];\n}",
    );
    let (text, changes) = hoist(&source).unwrap();
    assert_eq!(kinds_of(&changes), ["workgroup-uniform-load"], "{text}");
    assert!(text.contains("workgroupUniformLoad((&w[5]))"), "{text}");
}

#[test]
fn a_workgroup_value_read_at_an_address_that_differs_is_not_read_uniformly() {
    // `w[lid % 2u]` differs between invocations: the `if` is split instead.
    let source = main_with(
        "workgroupBarrier();\nlet t = w[lid % 2u];\nif t != 0u {\n w[lid] = t;\n workgroupBarrier();\n out[lid] = w[63u - lid];\n}",
    );
    let (text, changes) = hoist(&source).unwrap();
    assert!(!text.contains("workgroupUniformLoad"), "{text}");
    assert_eq!(kinds_of(&changes), ["split-if"], "{text}");
}

#[test]
fn a_workgroup_value_read_in_divergent_control_flow_is_not_read_uniformly() {
    // Only some invocations reach the load: made a barrier, it would be a
    // divergent one.
    let source = main_with(
        "if lid < 4u {\n let t = w[5];\n if t != 0u {\n  w[lid] = t;\n  workgroupBarrier();\n  out[lid] = w[63u - lid];\n }\n}",
    );
    let (text, changes) = hoist(&source).unwrap();
    assert!(!text.contains("workgroupUniformLoad"), "{text}");
    assert!(
        kinds_of(&changes).iter().all(|k| *k == "split-if"),
        "{text}"
    );
}

#[test]
fn a_switch_with_only_a_default_case_at_the_end_is_unwrapped_into_returns() {
    // What glslang makes of an HLSL entry point's early `return`.
    let source = main_with(
        "switch 0i {\n default: {\n  if lid >= 40u { break; }\n  w[lid] = lid;\n  workgroupBarrier();\n  out[lid] = w[(lid + 1u) % 40u];\n  break;\n }\n}",
    );
    let (text, changes) = hoist(&source).unwrap();
    assert_eq!(
        kinds_of(&changes)[..2],
        ["unwrap-switch", "predicate-early-exit"],
        "{text}"
    );
    assert!(!text.contains("switch"), "{text}");
}

#[test]
fn a_switch_followed_by_more_code_is_not_unwrapped() {
    // A `break` leaves the `switch`, not the function: the store after it
    // runs for every invocation.
    let text = refusal(
        "switch 0i {\n default: {\n  if lid >= 40u { break; }\n  w[lid] = lid;\n  workgroupBarrier();\n  out[lid] = w[(lid + 1u) % 40u];\n }\n}\nout[lid + 64u] = 1u;",
    );
    assert!(text.contains("no fix applied"), "{text}");
}
