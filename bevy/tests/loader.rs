//! The plugin's loader in an app without a renderer: shaders are read from
//! a folder as Bevy's asset server reads them, through shaderxform's
//! passes, with their contracts recorded and their errors located.

use std::path::Path;

use bevy::asset::{AssetPlugin, LoadState};
use bevy::prelude::*;
use shaderxform_bevy::{FloatEncoding, ShaderContracts, ShaderxformPlugin};

const FLOAT_MAX: &str = include_str!("../assets/shaders/float_max.wgsl");

/// An app whose assets are the files of `dir`.
fn app(dir: &Path) -> App {
    let mut app = App::new();
    app.add_plugins((
        MinimalPlugins,
        AssetPlugin {
            file_path: dir.display().to_string(),
            ..default()
        },
    ))
    .init_asset::<Shader>()
    .add_plugins(ShaderxformPlugin::default());
    app
}

/// Loads `path` and runs the app until it has loaded or failed.
fn load(app: &mut App, path: &str) -> (Handle<Shader>, LoadState) {
    let handle: Handle<Shader> = app.world().resource::<AssetServer>().load(path.to_string());
    for _ in 0..10_000 {
        app.update();
        let state = app
            .world()
            .resource::<AssetServer>()
            .load_state(handle.id());
        if matches!(state, LoadState::Loaded | LoadState::Failed(_)) {
            return (handle, state);
        }
        std::thread::sleep(std::time::Duration::from_millis(1));
    }
    panic!("{path} neither loaded nor failed");
}

fn source(app: &App, handle: &Handle<Shader>) -> String {
    let shaders = app.world().resource::<Assets<Shader>>();
    let shader = shaders.get(handle).expect("loaded");
    match &shader.source {
        bevy::shader::Source::Wgsl(text) => text.to_string(),
        other => panic!("not WGSL: {other:?}"),
    }
}

#[test]
fn a_shader_is_rewritten_and_its_contract_recorded() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("max.wgsl"), FLOAT_MAX).unwrap();
    let mut app = app(dir.path());
    let (handle, state) = load(&mut app, "max.wgsl");
    assert!(matches!(state, LoadState::Loaded), "{state:?}");
    let wgsl = source(&app, &handle);
    // Float atomics as words of the ordered encoding; the early return no
    // longer leaves before the barriers.
    assert!(
        wgsl.contains("atomic<u32>") && !wgsl.contains("atomic<f32>"),
        "{wgsl}"
    );
    assert!(!wgsl.contains("return;\n    }\n    partial"), "{wgsl}");
    let contracts = app.world().resource::<ShaderContracts>();
    assert_eq!(
        contracts.float_encoding("max.wgsl", "result"),
        Some(FloatEncoding::Ordered)
    );
    assert_eq!(contracts.float_encoding("max.wgsl", "values"), None);
}

#[test]
fn a_bad_shader_fails_to_load_with_its_place() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("bad.wgsl"),
        "@compute @workgroup_size(1)\nfn main() {\n    let x: u32 = 1.5;\n}\n",
    )
    .unwrap();
    let mut app = app(dir.path());
    let (_, state) = load(&mut app, "bad.wgsl");
    let LoadState::Failed(error) = state else {
        panic!("{state:?}");
    };
    let text = error.to_string();
    assert!(text.contains("bad.wgsl:3:"), "{text}");
}

#[test]
fn a_shader_importing_bevy_modules_is_left_to_bevy() {
    let dir = tempfile::tempdir().unwrap();
    let text = "#import bevy_pbr::forward_io::VertexOutput\n@fragment\nfn fragment(in: VertexOutput) -> @location(0) vec4<f32> { return in.color; }\n";
    std::fs::write(dir.path().join("material.wgsl"), text).unwrap();
    let mut app = app(dir.path());
    let (handle, state) = load(&mut app, "material.wgsl");
    assert!(matches!(state, LoadState::Loaded), "{state:?}");
    assert_eq!(source(&app, &handle), text);
}

#[test]
fn a_wesl_shader_with_its_own_modules_is_composed() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::create_dir_all(dir.path().join("lib")).unwrap();
    std::fs::write(dir.path().join("lib/gain.wesl"), "const GAIN: f32 = 2.0;\n").unwrap();
    std::fs::write(
        dir.path().join("tone.wesl"),
        "import package::lib::gain::GAIN;\n@group(0) @binding(0) var<storage, read_write> v: array<f32>;\n@compute @workgroup_size(64)\nfn main(@builtin(global_invocation_id) id: vec3<u32>) { v[id.x] *= GAIN; }\n",
    )
    .unwrap();
    let mut app = app(dir.path());
    let (handle, state) = load(&mut app, "tone.wesl");
    assert!(matches!(state, LoadState::Loaded), "{state:?}");
    let wgsl = source(&app, &handle);
    assert!(wgsl.contains("2f") && !wgsl.contains("import"), "{wgsl}");
}
