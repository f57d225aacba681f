"""The shaders of a corpus folder that have a GPU harness beside them."""

import pathlib

# The extensions a harnessed shader may have, in the order they are looked
# for: WGSL, GLSL (through glslang), SPIR-V assembly.
SHADER_EXTENSIONS = (".wgsl", ".comp", ".glsl", ".spvasm")


def shader_of(harness: pathlib.Path) -> pathlib.Path:
    """The shader a `NAME.harness.toml` belongs to."""
    name = harness.name.removesuffix(".harness.toml")
    for ext in SHADER_EXTENSIONS:
        shader = harness.with_name(name + ext)
        if shader.exists():
            return shader
    raise SystemExit(f"{harness}: no shader named {name} with one of {', '.join(SHADER_EXTENSIONS)}")
