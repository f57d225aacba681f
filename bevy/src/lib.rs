//! shaderxform in front of Bevy's shader assets.
//!
//! [`ShaderxformPlugin`] registers a loader for WGSL and WESL shader assets
//! that runs each through shaderxform's passes (float atomics the target
//! lacks, barriers in divergent control flow, ...) before Bevy reads it:
//! what a pass changed and every warning go to Bevy's log, a shader that
//! cannot be made valid fails to load with its located error, and the host
//! contract of every rewrite (the encoding of a float atomic's words, the
//! word to clear its buffer to) is in [`ShaderContracts`].
//!
//! ```no_run
//! use bevy::prelude::*;
//! use shaderxform_bevy::ShaderxformPlugin;
//!
//! App::new()
//!     .add_plugins(DefaultPlugins)
//!     .add_plugins(ShaderxformPlugin::default())
//!     .run();
//! ```
//!
//! A shader that imports modules of Bevy's own crates (`#import
//! bevy_pbr::...`, `import bevy_render::...`) is read from files shaderxform
//! cannot see (Bevy embeds them): it is handed to Bevy as written, and the
//! log says so.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use bevy::asset::io::file::FileAssetReader;
use bevy::asset::io::Reader;
use bevy::asset::{AssetApp, AssetLoader, AssetPlugin, LoadContext};
use bevy::log::{debug, info, warn};
use bevy::prelude::{App, Plugin, Resource};
use bevy::shader::Shader;
use shaderxform::reflect::Rewritten;
use shaderxform::{
    ColorChoice, Compiler, Failure, InputFormat, Options, OutputFormat, Reflection, Severity,
    Source, WgslTarget,
};

pub use shaderxform::host::{Accumulation, FloatEncoding};
pub use shaderxform::{PassSelection, Target};

/// Runs shader assets through shaderxform as Bevy loads them. Add it after
/// Bevy's `AssetPlugin` (part of `DefaultPlugins`): its loader takes over
/// `.wgsl` and `.wesl` shaders from Bevy's own (Bevy logs that a second
/// loader for them is registered; this one is used).
#[derive(Clone, Debug, Default)]
pub struct ShaderxformPlugin {
    /// The passes, their options, the target's features, the defines:
    /// what `shaderxform` takes on its command line. WGSL is written for
    /// wgpu, which Bevy reads it with.
    pub options: Options,
}

impl ShaderxformPlugin {
    /// The plugin with `passes` (`PassSelection::All`, `None`, or names).
    pub fn with_passes(mut self, passes: PassSelection) -> Self {
        self.options.passes = passes;
        self
    }

    /// The plugin for a target with `target`'s features (a target with
    /// float atomics keeps them).
    pub fn with_target(mut self, target: Target) -> Self {
        self.options.target = target;
        self
    }
}

impl Plugin for ShaderxformPlugin {
    fn build(&self, app: &mut App) {
        let mut options = self.options.clone();
        options.emit.wgsl_for = WgslTarget::Wgpu;
        let compiler = match Compiler::new(options) {
            Ok(compiler) => compiler,
            Err(failure) => {
                // Options that name no pass or a bad option value: every
                // shader would fail the same way.
                warn!(
                    "shaderxform: the plugin's options are refused, shaders load as written: {failure}"
                );
                return;
            }
        };
        // Where the asset server reads files from, so that a shader's
        // modules are found beside it.
        let file_path = app
            .get_added_plugins::<AssetPlugin>()
            .first()
            .map_or_else(|| AssetPlugin::default().file_path, |p| p.file_path.clone());
        let contracts = ShaderContracts::default();
        app.insert_resource(contracts.clone());
        app.register_asset_loader(ShaderxformLoader {
            compiler: Arc::new(compiler),
            contracts,
            asset_root: FileAssetReader::get_base_path().join(file_path),
        });
    }
}

/// What the host must know of each shader loaded through shaderxform: its
/// reflection (bindings, and how a rewrite changed them), by asset path.
#[derive(Resource, Clone, Default)]
pub struct ShaderContracts(Arc<Mutex<BTreeMap<String, Reflection>>>);

impl ShaderContracts {
    /// The reflection of the shader loaded from `path` (as the asset
    /// server names it: `shaders/particles.wgsl`), once it has loaded.
    pub fn reflection(&self, path: &str) -> Option<Reflection> {
        self.0.lock().ok()?.get(path).cloned()
    }

    /// The encoding `float-atomics` holds the floats of binding `name` of
    /// the shader at `path` in, where it rewrote that binding's atomics.
    pub fn float_encoding(&self, path: &str, name: &str) -> Option<FloatEncoding> {
        let reflection = self.reflection(path)?;
        let binding = reflection.bindings.iter().find(|b| b.name == name)?;
        binding.rewritten.iter().find_map(|rewrite| match rewrite {
            Rewritten::FloatAtomics { encoding, .. } => FloatEncoding::from_strategy(encoding),
            _ => None,
        })
    }

    fn insert(&self, path: String, reflection: Reflection) {
        if let Ok(mut map) = self.0.lock() {
            map.insert(path, reflection);
        }
    }
}

/// A shader shaderxform refuses, with its diagnostics as the command line
/// renders them (file, line, column and the source line).
#[derive(Debug, thiserror::Error)]
pub enum ShaderxformError {
    /// The asset could not be read.
    #[error("could not read the shader: {0}")]
    Read(#[from] std::io::Error),
    /// shaderxform refused the shader.
    #[error("shaderxform refused the shader:\n{0}")]
    Refused(String),
}

#[derive(bevy::reflect::TypePath)]
struct ShaderxformLoader {
    compiler: Arc<Compiler>,
    contracts: ShaderContracts,
    /// The folder of the default asset source.
    asset_root: PathBuf,
}

impl AssetLoader for ShaderxformLoader {
    type Asset = Shader;
    type Settings = ();
    type Error = ShaderxformError;

    async fn load(
        &self,
        reader: &mut dyn Reader,
        _settings: &(),
        load_context: &mut LoadContext<'_>,
    ) -> Result<Shader, ShaderxformError> {
        let mut bytes = Vec::new();
        reader.read_to_end(&mut bytes).await?;
        let path = load_context
            .path()
            .path()
            .to_string_lossy()
            .replace('\\', "/");
        // Named by its file, where its modules are looked for.
        let file = self.asset_root.join(load_context.path().path());
        let source = Source::new(file.display().to_string(), InputFormat::Wgsl, bytes);
        let text = String::from_utf8_lossy(&source.bytes).into_owned();
        let compiled = match self.compiler.compile(&source, &[OutputFormat::Wgsl]) {
            Ok(compiled) => compiled,
            Err(failure) if imports_bevy_modules(&failure) => {
                debug!("shaderxform: {path} imports modules of Bevy's crates, loaded as written");
                if !path.ends_with(".wesl") {
                    return Ok(Shader::from_wgsl(text, path));
                }
                #[cfg(feature = "wesl")]
                return Ok(Shader::from_wesl(text, path));
                #[cfg(not(feature = "wesl"))]
                return Err(ShaderxformError::Refused(format!(
                    "{path} imports modules of Bevy's crates, which Bevy composes itself, and Bevy reads WESL only with its `shader_format_wesl` feature (this crate's `wesl` feature)\n{}",
                    rendered(&failure, &source)
                )));
            }
            Err(failure) => return Err(ShaderxformError::Refused(rendered(&failure, &source))),
        };
        for diagnostic in compiled.transformed.diagnostics() {
            let text = shaderxform::render(diagnostic, &source, ColorChoice::Never);
            match diagnostic.severity {
                Severity::Error | Severity::Warning => warn!("shaderxform: {text}"),
                _ => info!("shaderxform: {text}"),
            }
        }
        for report in &compiled.transformed.passes {
            for change in &report.changes {
                info!("shaderxform: {path}: {}: {}", report.name, change.message);
            }
        }
        self.contracts.insert(path.clone(), compiled.reflection());
        let wgsl = compiled.outputs[0]
            .text()
            .expect("WGSL is text")
            .to_string();
        Ok(Shader::from_wgsl(wgsl, path))
    }

    fn extensions(&self) -> &[&str] {
        &["wgsl", "wesl"]
    }
}

/// Whether shaderxform stopped only at modules it cannot find: those of
/// Bevy's crates, which Bevy embeds and resolves itself.
fn imports_bevy_modules(failure: &Failure) -> bool {
    let mut errors = failure.diagnostics.iter().filter(|d| d.is_error());
    errors.all(|d| d.code.as_deref() == Some("wgsl::unknown-module") && d.message.contains("bevy_"))
}

fn rendered(failure: &Failure, source: &Source) -> String {
    failure
        .diagnostics
        .iter()
        .map(|d| shaderxform::render(d, source, ColorChoice::Never))
        .collect()
}
