//! The command line's debug information (line tables of shaderxform's own
//! crates, for backtraces) is compressed where the linker can: it is
//! two thirds of the binary otherwise. Backtraces, debuggers and
//! `addr2line` read compressed sections.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let linux = std::env::var("CARGO_CFG_TARGET_OS").is_ok_and(|os| os == "linux");
    if linux {
        // GNU ld, gold, lld and mold all take it.
        println!("cargo:rustc-link-arg-bins=-Wl,--compress-debug-sections=zlib");
    }
}
