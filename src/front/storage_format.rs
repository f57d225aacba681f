//! Formats of storage images that the shader leaves to the host
//! (`--storage-format NAME=FORMAT`): WGSL's spelling, naga's format and
//! SPIR-V's.

use naga::StorageFormat;
use rspirv::spirv::ImageFormat;

/// What the texels of a format read as in the shader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum TexelKind {
    Float,
    Sint,
    Uint,
}

impl TexelKind {
    pub fn name(self) -> &'static str {
        match self {
            TexelKind::Float => "floats",
            TexelKind::Sint => "signed integers",
            TexelKind::Uint => "unsigned integers",
        }
    }
}

/// Every storage format that both WGSL (as naga spells it) and SPIR-V
/// name, with whether it needs `StorageImageExtendedFormats` (the ones the
/// `Shader` capability does not cover).
const FORMATS: &[(&str, StorageFormat, ImageFormat, TexelKind, bool)] = {
    use ImageFormat as I;
    use StorageFormat as S;
    use TexelKind::{Float, Sint, Uint};
    &[
        ("r8unorm", S::R8Unorm, I::R8, Float, true),
        ("r8snorm", S::R8Snorm, I::R8Snorm, Float, true),
        ("r8uint", S::R8Uint, I::R8ui, Uint, true),
        ("r8sint", S::R8Sint, I::R8i, Sint, true),
        ("r16unorm", S::R16Unorm, I::R16, Float, true),
        ("r16snorm", S::R16Snorm, I::R16Snorm, Float, true),
        ("r16uint", S::R16Uint, I::R16ui, Uint, true),
        ("r16sint", S::R16Sint, I::R16i, Sint, true),
        ("r16float", S::R16Float, I::R16f, Float, true),
        ("rg8unorm", S::Rg8Unorm, I::Rg8, Float, true),
        ("rg8snorm", S::Rg8Snorm, I::Rg8Snorm, Float, true),
        ("rg8uint", S::Rg8Uint, I::Rg8ui, Uint, true),
        ("rg8sint", S::Rg8Sint, I::Rg8i, Sint, true),
        ("r32uint", S::R32Uint, I::R32ui, Uint, false),
        ("r32sint", S::R32Sint, I::R32i, Sint, false),
        ("r32float", S::R32Float, I::R32f, Float, false),
        ("rg16unorm", S::Rg16Unorm, I::Rg16, Float, true),
        ("rg16snorm", S::Rg16Snorm, I::Rg16Snorm, Float, true),
        ("rg16uint", S::Rg16Uint, I::Rg16ui, Uint, true),
        ("rg16sint", S::Rg16Sint, I::Rg16i, Sint, true),
        ("rg16float", S::Rg16Float, I::Rg16f, Float, true),
        ("rgba8unorm", S::Rgba8Unorm, I::Rgba8, Float, false),
        ("rgba8snorm", S::Rgba8Snorm, I::Rgba8Snorm, Float, false),
        ("rgba8uint", S::Rgba8Uint, I::Rgba8ui, Uint, false),
        ("rgba8sint", S::Rgba8Sint, I::Rgba8i, Sint, false),
        ("rgb10a2uint", S::Rgb10a2Uint, I::Rgb10a2ui, Uint, true),
        ("rgb10a2unorm", S::Rgb10a2Unorm, I::Rgb10A2, Float, true),
        (
            "rg11b10ufloat",
            S::Rg11b10Ufloat,
            I::R11fG11fB10f,
            Float,
            true,
        ),
        ("rg32uint", S::Rg32Uint, I::Rg32ui, Uint, true),
        ("rg32sint", S::Rg32Sint, I::Rg32i, Sint, true),
        ("rg32float", S::Rg32Float, I::Rg32f, Float, true),
        ("rgba16unorm", S::Rgba16Unorm, I::Rgba16, Float, true),
        ("rgba16snorm", S::Rgba16Snorm, I::Rgba16Snorm, Float, true),
        ("rgba16uint", S::Rgba16Uint, I::Rgba16ui, Uint, false),
        ("rgba16sint", S::Rgba16Sint, I::Rgba16i, Sint, false),
        ("rgba16float", S::Rgba16Float, I::Rgba16f, Float, false),
        ("rgba32uint", S::Rgba32Uint, I::Rgba32ui, Uint, false),
        ("rgba32sint", S::Rgba32Sint, I::Rgba32i, Sint, false),
        ("rgba32float", S::Rgba32Float, I::Rgba32f, Float, false),
    ]
};

fn entry(
    format: StorageFormat,
) -> Option<&'static (&'static str, StorageFormat, ImageFormat, TexelKind, bool)> {
    FORMATS.iter().find(|f| f.1 == format)
}

/// The format's WGSL name (`rgba16float`).
pub fn wgsl_name(format: StorageFormat) -> &'static str {
    entry(format).map_or("unknown", |f| f.0)
}

/// The SPIR-V format, what its texels read as, and whether it needs the
/// `StorageImageExtendedFormats` capability.
pub(crate) fn spirv_format(format: StorageFormat) -> Option<(ImageFormat, TexelKind, bool)> {
    entry(format).map(|f| (f.2, f.3, f.4))
}

/// The format of a SPIR-V image format, where WGSL names it.
pub(crate) fn from_spirv(format: ImageFormat) -> Option<StorageFormat> {
    FORMATS.iter().find(|f| f.2 == format).map(|f| f.1)
}

/// Reads `NAME=FORMAT` (`img=rgba16float`) for
/// [`FrontOptions::storage_formats`](super::FrontOptions::storage_formats).
pub fn parse_storage_format(text: &str) -> Result<(String, StorageFormat), String> {
    let (name, format) = text
        .split_once('=')
        .ok_or_else(|| format!("`{text}`: expected NAME=FORMAT, e.g. img=rgba16float"))?;
    let name = name.trim();
    if name.is_empty() {
        return Err(format!("`{text}`: NAME is the image's name in the shader"));
    }
    let format = format.trim();
    let found = FORMATS.iter().find(|f| f.0 == format).ok_or_else(|| {
        format!(
            "`{text}`: `{format}` is not a storage format; one of {}",
            FORMATS.iter().map(|f| f.0).collect::<Vec<_>>().join(", ")
        )
    })?;
    Ok((name.to_string(), found.1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back_as_what_they_name() {
        for &(name, format, ..) in FORMATS {
            assert_eq!(
                parse_storage_format(&format!("img={name}")),
                Ok(("img".to_string(), format))
            );
            assert_eq!(wgsl_name(format), name);
        }
        assert!(parse_storage_format("img").is_err());
        assert!(parse_storage_format("=rgba8unorm").is_err());
        assert!(parse_storage_format("img=bgra8unorm").is_err());
    }
}
