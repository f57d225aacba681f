use std::collections::BTreeSet;

use shaderxform::build::Build;
use shaderxform::OutputFormat;

fn main() {
    let built = Build::new("shaders")
        .emit(OutputFormat::Wgsl)
        .emit(OutputFormat::SpirvBinary)
        .pass_option("float-atomics", "strategy", "ordered")
        // Constants and buffer types of every shader, for `main`.
        .rust_module("shaders.rs")
        .compile();
    // Which validators checked the shaders (naga's, and spirv-val where
    // one is installed), for `main` to print.
    let validators: BTreeSet<String> = built.iter().map(|b| b.validators.to_string()).collect();
    let validators: Vec<String> = validators.into_iter().collect();
    println!(
        "cargo:rustc-env=SHADERS_CHECKED_BY={}",
        validators.join("; ")
    );
}
