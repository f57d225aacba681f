use shaderxform::build::Build;
use shaderxform::OutputFormat;

fn main() {
    Build::new("shaders")
        .emit(OutputFormat::Wgsl)
        .emit(OutputFormat::SpirvBinary)
        .pass_option("float-atomics", "strategy", "ordered")
        .compile();
}
