//! The entry point of an HLSL file that names none: HLSL files hold
//! several functions and compile one, and DXC users name their compute
//! entry points (`CSMain`) rather than `main`.

/// The entry point of an HLSL file when none is named: `main` where the
/// file defines it, else its only `[numthreads]` function (`CSMain`, as
/// DXC users name them), else `main`, which glslang then reports missing.
pub(super) fn default_hlsl_entry_point(text: &str) -> String {
    let compute = numthreads_functions(text);
    let defines_main = function_names(text).iter().any(|n| n == "main");
    match compute.as_slice() {
        [only] if !defines_main => only.clone(),
        _ => "main".to_string(),
    }
}

/// The functions of an HLSL text that carry `[numthreads(...)]`, in order.
pub(super) fn numthreads_functions(text: &str) -> Vec<String> {
    let code = without_comments(text);
    let lower = code.to_ascii_lowercase();
    let mut names = Vec::new();
    let mut from = 0;
    while let Some(at) = lower[from..].find("numthreads") {
        let start = from + at;
        from = start + "numthreads".len();
        // Inside `[...]`: the attribute.
        if !code[..start].trim_end().ends_with('[') {
            continue;
        }
        let Some(close) = code[from..].find(']') else {
            break;
        };
        if let Some(name) = next_function_name(&code[from + close + 1..]) {
            names.push(name);
        }
    }
    names
}

/// The name of the function declared at the start of `rest`, other
/// attributes (`[shader("compute")]`) and the return type skipped.
fn next_function_name(rest: &str) -> Option<String> {
    let mut rest = rest.trim_start();
    while rest.starts_with('[') {
        rest = rest[rest.find(']')? + 1..].trim_start();
    }
    let open = rest.find('(')?;
    let head = &rest[..open];
    let name = head.split_whitespace().last()?;
    let is_identifier = name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        && !name.starts_with(|c: char| c.is_ascii_digit());
    is_identifier.then(|| name.to_string())
}

/// Every name followed by `(` at the start of a declaration: enough to
/// see whether a text defines `main`.
fn function_names(text: &str) -> Vec<String> {
    let code = without_comments(text);
    code.lines()
        .filter(|l| !l.trim_start().starts_with('#'))
        .filter_map(|l| {
            let open = l.find('(')?;
            let mut words = l[..open].split_whitespace();
            let name = words.next_back()?;
            // A type before it: a declaration, not a call.
            words.next_back()?;
            Some(name.to_string())
        })
        .collect()
}

/// `text` with its `//` and `/* */` comments blanked (byte offsets and
/// line breaks kept): HLSL comments are GLSL's.
fn without_comments(text: &str) -> String {
    let mut out: Vec<u8> = text
        .bytes()
        .map(|b| if b == b'\n' { b'\n' } else { b' ' })
        .collect();
    for range in super::glsl_positions::outside_comments(text) {
        out[range.clone()].copy_from_slice(&text.as_bytes()[range]);
    }
    // Comments start and end on ASCII characters, and what is blanked is
    // ASCII: the bytes stay UTF-8.
    String::from_utf8(out).expect("comments are blanked whole")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_only_numthreads_function_is_the_entry_point_unless_main_is_defined() {
        let one = "// [numthreads(1,1,1)] void Old() {}\nRWBuffer<uint> b : register(u0);\n[numthreads(64, 1, 1)]\nvoid CSMain(uint3 id : SV_DispatchThreadID) { b[id.x] = 1; }\n";
        assert_eq!(numthreads_functions(one), ["CSMain"]);
        assert_eq!(default_hlsl_entry_point(one), "CSMain");
        let with_main = format!("{one}[numthreads(1, 1, 1)] void main() {{}}\n");
        assert_eq!(default_hlsl_entry_point(&with_main), "main");
        let two = "[numthreads(8,8,1)] void A() {}\n[shader(\"compute\")]\n[NumThreads(8,8,1)] void B(uint3 id : SV_DispatchThreadID) {}\n";
        assert_eq!(numthreads_functions(two), ["A", "B"]);
        assert_eq!(default_hlsl_entry_point(two), "main");
        let pixel = "float4 PSMain(float4 p : SV_Position) : SV_Target { return p; }\n";
        assert_eq!(default_hlsl_entry_point(pixel), "main");
    }
}
