//! SPIRV-Tools: the validator, assembler and disassembler behind SPIR-V
//! input and output.
//!
//! With the `spirv-tools-compiled` feature (on by default) they run in
//! process: SPIRV-Tools' C++ is compiled into shaderxform through the
//! `spirv-tools` crate. Without it, shaderxform runs the `spirv-val`,
//! `spirv-as` and `spirv-dis` programs found on `PATH`, and where there is
//! no `spirv-val`, SPIR-V is checked by naga alone (after a structural
//! parse of SPIR-V input). [`Validators`] says which of them check a
//! shader, for reports and build scripts.

use std::fmt;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::OnceLock;

use serde::Serialize;

use crate::back::OutputFormat;
use crate::source::InputFormat;

/// The rules SPIR-V is checked or assembled against.
#[non_exhaustive]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TargetEnv {
    /// Plain SPIR-V 1.`minor`, without an API's rules.
    Universal {
        /// The minor version, 0 to 6; a larger one is taken as 6.
        minor: u8,
    },
    /// Vulkan 1.1 with SPIR-V up to 1.3.
    Vulkan1_1,
    /// Vulkan 1.1 with SPIR-V 1.4 (`VK_KHR_spirv_1_4`).
    Vulkan1_1Spirv1_4,
    /// Vulkan 1.2, SPIR-V up to 1.5.
    Vulkan1_2,
    /// Vulkan 1.3, SPIR-V up to 1.6.
    Vulkan1_3,
}

impl TargetEnv {
    /// The name `--target-env` takes.
    fn flag(self) -> String {
        match self {
            TargetEnv::Universal { minor } => format!("spv1.{}", minor.min(6)),
            TargetEnv::Vulkan1_1 => "vulkan1.1".into(),
            TargetEnv::Vulkan1_1Spirv1_4 => "vulkan1.1spv1.4".into(),
            TargetEnv::Vulkan1_2 => "vulkan1.2".into(),
            TargetEnv::Vulkan1_3 => "vulkan1.3".into(),
        }
    }

    #[cfg(feature = "spirv-tools-compiled")]
    fn compiled(self) -> spirv_tools::TargetEnv {
        use spirv_tools::TargetEnv as E;
        match self {
            TargetEnv::Universal { minor: 0 } => E::Universal_1_0,
            TargetEnv::Universal { minor: 1 } => E::Universal_1_1,
            TargetEnv::Universal { minor: 2 } => E::Universal_1_2,
            TargetEnv::Universal { minor: 3 } => E::Universal_1_3,
            TargetEnv::Universal { minor: 4 } => E::Universal_1_4,
            TargetEnv::Universal { minor: 5 } => E::Universal_1_5,
            TargetEnv::Universal { .. } => E::Universal_1_6,
            TargetEnv::Vulkan1_1 => E::Vulkan_1_1,
            TargetEnv::Vulkan1_1Spirv1_4 => E::Vulkan_1_1_Spirv_1_4,
            TargetEnv::Vulkan1_2 => E::Vulkan_1_2,
            TargetEnv::Vulkan1_3 => E::Vulkan_1_3,
        }
    }
}

/// Rules of the validator that can be relaxed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ValidateOptions {
    /// `VK_KHR_uniform_buffer_standard_layout` (core in Vulkan 1.2).
    pub uniform_buffer_standard_layout: bool,
}

/// What SPIRV-Tools said, or why it could not run.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ToolError {
    /// What the tool said, or why it could not run.
    pub message: String,
    /// A line on what to do about it; `None` where there is nothing to
    /// add.
    pub note: Option<String>,
    /// Where in assembly text, counted from 1: (line, column).
    pub position: Option<(usize, usize)>,
    /// Which instruction of a binary it is about, counted from 0.
    pub instruction: Option<usize>,
    /// No tool could do it: SPIRV-Tools is neither compiled in nor
    /// installed.
    pub unavailable: bool,
}

impl ToolError {
    fn new(message: impl Into<String>) -> Self {
        ToolError {
            message: message.into(),
            note: None,
            position: None,
            instruction: None,
            unavailable: false,
        }
    }

    /// An error diagnostic saying `failed: MESSAGE`, with the tool's note.
    pub fn diagnostic(&self, failed: &str) -> crate::Diagnostic {
        let d = crate::Diagnostic::error(format!("{failed}: {}", self.message));
        match &self.note {
            Some(note) => d.with_note(note.clone()),
            None => d,
        }
    }

    #[cfg_attr(feature = "spirv-tools-compiled", allow(dead_code))]
    fn unavailable(program: &str, what: &str) -> Self {
        ToolError {
            message: format!(
                "{what} needs SPIRV-Tools: shaderxform was built without it (feature `spirv-tools-compiled`) and no `{program}` is on PATH"
            ),
            note: Some(format!(
                "install SPIRV-Tools so that `{program}` is on PATH (Debian and Ubuntu: `apt install spirv-tools`; also in the Vulkan SDK), or build shaderxform with the feature `spirv-tools-compiled`"
            )),
            position: None,
            instruction: None,
            unavailable: true,
        }
    }
}

impl fmt::Display for ToolError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Where SPIRV-Tools' validator comes from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Provenance {
    /// Compiled into shaderxform.
    InProcess,
    /// A program installed on this machine.
    Installed,
}

/// One validator that checks a shader.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Validator {
    /// `naga` or `spirv-val`.
    pub name: &'static str,
    /// Whether it runs in process or is a program on `PATH`.
    pub provenance: Provenance,
    /// The program, for an installed one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub path: Option<PathBuf>,
    /// What the program says its version is, for an installed one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
}

impl fmt::Display for Validator {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)?;
        match (&self.provenance, &self.path, &self.version) {
            (Provenance::InProcess, ..) if self.name == "naga" => Ok(()),
            (Provenance::InProcess, ..) => f.write_str(" (in process)"),
            (Provenance::Installed, Some(path), Some(version)) => {
                write!(f, " ({}, {version})", path.display())
            }
            (Provenance::Installed, Some(path), None) => write!(f, " ({})", path.display()),
            (Provenance::Installed, None, _) => f.write_str(" (installed)"),
        }
    }
}

/// The validators that check a shader: naga's always, SPIRV-Tools'
/// `spirv-val` on SPIR-V (read or written) where it is available.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(transparent)]
pub struct Validators(pub Vec<Validator>);

impl Validators {
    /// Those that check a shader read as `input` and written as `outputs`.
    pub fn for_run(input: InputFormat, outputs: &[OutputFormat]) -> Self {
        let mut validators = vec![Validator {
            name: "naga",
            provenance: Provenance::InProcess,
            path: None,
            version: None,
        }];
        if touches_spirv(input, outputs) {
            validators.extend(spirv_val());
        }
        Validators(validators)
    }

    /// Whether SPIRV-Tools' validator is among them.
    pub fn has_spirv_val(&self) -> bool {
        self.0.iter().any(|v| v.name == "spirv-val")
    }
}

impl fmt::Display for Validators {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = self.0.iter().map(ToString::to_string).collect();
        f.write_str(&names.join(" and "))
    }
}

/// Whether a run reads or writes SPIR-V.
pub fn touches_spirv(input: InputFormat, outputs: &[OutputFormat]) -> bool {
    input.is_spirv() || outputs.iter().any(|f| f.is_spirv())
}

/// SPIRV-Tools' validator, where there is one.
pub fn spirv_val() -> Option<Validator> {
    if cfg!(feature = "spirv-tools-compiled") {
        return Some(Validator {
            name: "spirv-val",
            provenance: Provenance::InProcess,
            path: None,
            version: None,
        });
    }
    let installed = installed_spirv_val()?;
    Some(Validator {
        name: "spirv-val",
        provenance: Provenance::Installed,
        path: Some(installed.path.clone()),
        version: installed.version.clone(),
    })
}

/// Checks SPIR-V with SPIRV-Tools' validator. Without one, only its
/// structure is checked (every instruction whole, known opcodes), which
/// is what naga's reader and validator need to run safely.
pub fn validate(words: &[u32], env: TargetEnv, options: ValidateOptions) -> Result<(), ToolError> {
    #[cfg(feature = "spirv-tools-compiled")]
    {
        compiled::validate(words, env, options)
    }
    #[cfg(not(feature = "spirv-tools-compiled"))]
    {
        match installed_spirv_val() {
            Some(tool) => installed::validate(&tool.path, words, env, options),
            None => check_structure(words),
        }
    }
}

/// Assembles SPIR-V text.
pub fn assemble(text: &str, env: TargetEnv) -> Result<Vec<u32>, ToolError> {
    #[cfg(feature = "spirv-tools-compiled")]
    {
        compiled::assemble(text, env)
    }
    #[cfg(not(feature = "spirv-tools-compiled"))]
    {
        match find_program("spirv-as") {
            Some(path) => installed::assemble(&path, text, env),
            None => Err(ToolError::unavailable(
                "spirv-as",
                "reading SPIR-V assembly (.spvasm)",
            )),
        }
    }
}

/// Disassembles SPIR-V, indented and with friendly names, as `spirv-dis`
/// prints it.
pub fn disassemble(words: &[u32]) -> Result<String, ToolError> {
    #[cfg(feature = "spirv-tools-compiled")]
    {
        compiled::disassemble(words)
    }
    #[cfg(not(feature = "spirv-tools-compiled"))]
    {
        match find_program("spirv-dis") {
            Some(path) => installed::disassemble(&path, words),
            None => Err(ToolError::unavailable(
                "spirv-dis",
                "writing SPIR-V assembly (.spvasm)",
            )),
        }
    }
}

/// A pass of SPIRV-Tools' optimizer that the front end runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptimizerPass {
    /// Folds specialization-constant expressions whose operands are
    /// constants (`--fold-spec-const-op-composite`).
    FoldSpecConstants,
    /// Replaces branches on constant conditions by the branch they take
    /// and removes the blocks no longer reached
    /// (`--eliminate-dead-branches`).
    DeadBranches,
    /// Removes functions that no entry point calls
    /// (`--eliminate-dead-functions`).
    DeadFunctions,
}

impl OptimizerPass {
    /// `spirv-opt`'s flag for it.
    #[cfg_attr(feature = "spirv-tools-compiled", allow(dead_code))]
    fn flag(self) -> &'static str {
        match self {
            OptimizerPass::FoldSpecConstants => "--fold-spec-const-op-composite",
            OptimizerPass::DeadBranches => "--eliminate-dead-branches",
            OptimizerPass::DeadFunctions => "--eliminate-dead-functions",
        }
    }

    #[cfg(feature = "spirv-tools-compiled")]
    fn compiled(self) -> spirv_tools::opt::Passes {
        use spirv_tools::opt::Passes;
        match self {
            OptimizerPass::FoldSpecConstants => Passes::FoldSpecConstantOpAndComposite,
            OptimizerPass::DeadBranches => Passes::DeadBranchElim,
            OptimizerPass::DeadFunctions => Passes::EliminateDeadFunctions,
        }
    }
}

/// Folds specialization-constant expressions (`OpSpecConstantOp`,
/// composites of spec constants) into constants, as `spirv-opt
/// --fold-spec-const-op-composite` does.
pub fn fold_spec_constants(words: &[u32], env: TargetEnv) -> Result<Vec<u32>, ToolError> {
    optimize(words, env, &[OptimizerPass::FoldSpecConstants])
}

/// Runs `passes` of SPIRV-Tools' optimizer, in order, on `words`, and
/// nothing else.
pub fn optimize(
    words: &[u32],
    env: TargetEnv,
    passes: &[OptimizerPass],
) -> Result<Vec<u32>, ToolError> {
    #[cfg(feature = "spirv-tools-compiled")]
    {
        compiled::optimize(words, env, passes)
    }
    #[cfg(not(feature = "spirv-tools-compiled"))]
    {
        match find_program("spirv-opt") {
            Some(path) => installed::optimize(&path, words, env, passes),
            None => Err(ToolError::unavailable(
                "spirv-opt",
                "running SPIRV-Tools' optimizer passes",
            )),
        }
    }
}

#[cfg(feature = "spirv-tools-compiled")]
mod compiled {
    use spirv_tools::assembler::Assembler as _;
    use spirv_tools::val::Validator as _;

    use super::{TargetEnv, ToolError, ValidateOptions};

    fn tool_error(e: spirv_tools::Error) -> ToolError {
        let mut error = ToolError::new(
            e.diagnostic
                .as_ref()
                .map_or_else(|| e.to_string(), |d| d.message.clone()),
        );
        if let Some(d) = &e.diagnostic {
            let notes = d.notes.trim();
            if !notes.is_empty() {
                error.note = Some(notes.to_string());
            }
            if d.is_text {
                // SPIRV-Tools counts lines and columns from 0.
                error.position = Some((d.line + 1, d.column + 1));
            } else if e.inner == spirv_tools::error::SpirvResult::InvalidBinary {
                // The binary parser counts the instructions before the one
                // it stopped at.
                error.instruction = Some(d.index);
            } else {
                // The validator numbers instructions from 1; 0 is none.
                error.instruction = d.index.checked_sub(1);
            }
        }
        error
    }

    pub fn validate(
        words: &[u32],
        env: TargetEnv,
        options: ValidateOptions,
    ) -> Result<(), ToolError> {
        let validator = spirv_tools::val::create(Some(env.compiled()));
        let options =
            (options != ValidateOptions::default()).then(|| spirv_tools::val::ValidatorOptions {
                uniform_buffer_standard_layout: options.uniform_buffer_standard_layout,
                ..Default::default()
            });
        validator.validate(words, options).map_err(tool_error)
    }

    pub fn assemble(text: &str, env: TargetEnv) -> Result<Vec<u32>, ToolError> {
        let assembler = spirv_tools::assembler::create(Some(env.compiled()));
        assembler
            .assemble(text, Default::default())
            .map(|binary| binary.as_words().to_vec())
            .map_err(tool_error)
    }

    pub fn optimize(
        words: &[u32],
        env: TargetEnv,
        passes: &[super::OptimizerPass],
    ) -> Result<Vec<u32>, ToolError> {
        use spirv_tools::opt::Optimizer as _;
        let mut optimizer = spirv_tools::opt::create(Some(env.compiled()));
        for pass in passes {
            optimizer.register_pass(pass.compiled());
        }
        let mut messages = Vec::new();
        optimizer
            .optimize(
                words,
                &mut |m: spirv_tools::error::Message| messages.push(m.message),
                None,
            )
            .map(|binary| binary.as_words().to_vec())
            .map_err(|e| {
                let mut error = tool_error(e);
                if !messages.is_empty() {
                    error.note = Some(messages.join("; "));
                }
                error
            })
    }

    pub fn disassemble(words: &[u32]) -> Result<String, ToolError> {
        let assembler = spirv_tools::assembler::create(Some(spirv_tools::TargetEnv::Universal_1_6));
        let options = spirv_tools::assembler::DisassembleOptions {
            print: false,
            color: false,
            indent: true,
            show_byte_offset: false,
            no_header: false,
            use_friendly_names: true,
            comment: false,
        };
        match assembler.disassemble(words, options) {
            Ok(Some(text)) => Ok(text),
            Ok(None) => Err(ToolError::new("SPIRV-Tools' disassembler returned no text")),
            Err(e) => Err(tool_error(e)),
        }
    }
}

/// The installed programs, fed through pipes.
#[cfg_attr(feature = "spirv-tools-compiled", allow(dead_code))]
mod installed {
    use super::*;

    fn to_bytes(words: &[u32]) -> Vec<u8> {
        words.iter().flat_map(|w| w.to_le_bytes()).collect()
    }

    /// Runs `program` with `input` on standard input: its standard output
    /// when it succeeds, its first error otherwise.
    fn run(program: &Path, args: &[&str], input: &[u8]) -> Result<Vec<u8>, ToolError> {
        let name = program.display();
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|e| ToolError::new(format!("cannot run {name}: {e}")))?;
        let mut stdin = child.stdin.take().expect("stdin is piped");
        let input = input.to_vec();
        // A separate writer: the program may fill its output pipe before
        // it has read all of its input.
        let writer = std::thread::spawn(move || stdin.write_all(&input));
        let output = child
            .wait_with_output()
            .map_err(|e| ToolError::new(format!("cannot run {name}: {e}")))?;
        let written = writer.join().unwrap_or(Ok(()));
        if output.status.success() {
            written.map_err(|e| ToolError::new(format!("cannot write to {name}: {e}")))?;
            return Ok(output.stdout);
        }
        let stderr = String::from_utf8_lossy(&output.stderr);
        Err(parse_error(&stderr).unwrap_or_else(|| {
            ToolError::new(format!(
                "{name} failed ({}) without a message",
                output.status
            ))
        }))
    }

    /// `error: line 12: message` (spirv-val, with the instruction on the
    /// lines after it) or `error: 4: 7: message` (spirv-as).
    pub(super) fn parse_error(stderr: &str) -> Option<ToolError> {
        let mut lines = stderr.lines();
        let first = lines.find(|l| l.starts_with("error:"))?;
        let rest = first["error:".len()..].trim_start();
        let mut error = ToolError::new(rest);
        if let Some(after) = rest.strip_prefix("line ") {
            if let Some((number, message)) = after.split_once(": ") {
                error.message = message.to_string();
                // The validator's instruction number, from 1; 0 is none.
                error.instruction = number.parse::<usize>().ok().and_then(|n| n.checked_sub(1));
            }
        } else {
            let mut parts = rest.splitn(3, ": ");
            let line = parts.next().and_then(|p| p.trim().parse::<usize>().ok());
            let column = parts.next().and_then(|p| p.trim().parse::<usize>().ok());
            if let (Some(line), Some(column), Some(message)) = (line, column, parts.next()) {
                error.message = message.to_string();
                error.position = Some((line, column));
            }
        }
        let note = lines.collect::<Vec<_>>().join("\n");
        if !note.trim().is_empty() {
            error.note = Some(note.trim().to_string());
        }
        Some(error)
    }

    pub fn validate(
        program: &Path,
        words: &[u32],
        env: TargetEnv,
        options: ValidateOptions,
    ) -> Result<(), ToolError> {
        let env = env.flag();
        let mut args = vec!["--target-env", &env];
        if options.uniform_buffer_standard_layout {
            args.push("--uniform-buffer-standard-layout");
        }
        args.push("-");
        run(program, &args, &to_bytes(words)).map(drop)
    }

    pub fn assemble(program: &Path, text: &str, env: TargetEnv) -> Result<Vec<u32>, ToolError> {
        let env = env.flag();
        let bytes = run(
            program,
            &["--target-env", &env, "-o", "-", "-"],
            text.as_bytes(),
        )?;
        words_of(program, bytes)
    }

    pub fn optimize(
        program: &Path,
        words: &[u32],
        env: TargetEnv,
        passes: &[OptimizerPass],
    ) -> Result<Vec<u32>, ToolError> {
        // spirv-opt takes its target only as `--target-env=ENV`.
        let env = format!("--target-env={}", env.flag());
        let mut args = vec![env.as_str()];
        args.extend(passes.iter().map(|p| p.flag()));
        args.extend(["-o", "-", "-"]);
        let bytes = run(program, &args, &to_bytes(words))?;
        words_of(program, bytes)
    }

    fn words_of(program: &Path, bytes: Vec<u8>) -> Result<Vec<u32>, ToolError> {
        if !bytes.len().is_multiple_of(4) {
            return Err(ToolError::new(format!(
                "{} wrote {} bytes, not whole words",
                program.display(),
                bytes.len()
            )));
        }
        Ok(bytes
            .chunks_exact(4)
            .map(|c| u32::from_le_bytes(c.try_into().expect("4 bytes")))
            .collect())
    }

    pub fn disassemble(program: &Path, words: &[u32]) -> Result<String, ToolError> {
        let bytes = run(program, &["--no-color", "-"], &to_bytes(words))?;
        String::from_utf8(bytes).map_err(|_| {
            ToolError::new(format!(
                "{} wrote text that is not UTF-8",
                program.display()
            ))
        })
    }
}

/// What an installed `spirv-val` is.
#[derive(Debug)]
struct InstalledValidator {
    path: PathBuf,
    version: Option<String>,
}

/// The `spirv-val` on `PATH`, looked up once.
fn installed_spirv_val() -> Option<&'static InstalledValidator> {
    static FOUND: OnceLock<Option<InstalledValidator>> = OnceLock::new();
    FOUND
        .get_or_init(|| {
            let path = find_program("spirv-val")?;
            // `SPIRV-Tools v2023.1 unknown hash, 2023-02-15T14:03:51`
            let version = Command::new(&path)
                .arg("--version")
                .stdin(Stdio::null())
                .output()
                .ok()
                .and_then(|out| {
                    let text = String::from_utf8_lossy(&out.stdout);
                    let words: Vec<&str> =
                        text.lines().next()?.split_whitespace().take(2).collect();
                    (!words.is_empty()).then(|| words.join(" "))
                });
            Some(InstalledValidator { path, version })
        })
        .as_ref()
}

/// `name` in a folder of `PATH`.
fn find_program(name: &str) -> Option<PathBuf> {
    let file = format!("{name}{}", std::env::consts::EXE_SUFFIX);
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|dir| dir.join(&file))
        .find(|path| path.is_file())
}

/// Without a validator: a module that rspirv's parser reads whole.
#[cfg_attr(feature = "spirv-tools-compiled", allow(dead_code))]
fn check_structure(words: &[u32]) -> Result<(), ToolError> {
    rspirv::dr::load_words(words)
        .map(drop)
        .map_err(|e| ToolError::new(format!("{e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_spirv_val_and_spirv_as_errors() {
        let val = installed::parse_error(
            "error: line 3: Invalid SPIR-V binary version 1.6\n  %1 = OpTypeVoid\n",
        )
        .unwrap();
        assert_eq!(val.message, "Invalid SPIR-V binary version 1.6");
        assert_eq!(val.note.as_deref(), Some("%1 = OpTypeVoid"));
        assert_eq!(val.position, None);

        let asm = installed::parse_error("error: 4: 7: Invalid Opcode name 'OpFoo'\n").unwrap();
        assert_eq!(asm.message, "Invalid Opcode name 'OpFoo'");
        assert_eq!(asm.position, Some((4, 7)));
        assert_eq!(installed::parse_error("warning: nothing\n"), None);
    }

    #[test]
    fn structure_check_refuses_a_truncated_module() {
        let header = [0x0723_0203, 0x0001_0000, 0, 8, 0];
        // OpCapability Shader, then an OpMemoryModel cut short.
        let mut words = header.to_vec();
        words.extend([0x0002_0011, 1, 0x0003_000e, 0]);
        assert!(check_structure(&words).is_err());
        words.push(1);
        assert!(check_structure(&words).is_ok());
    }

    /// The installed optimizer runs the passes named, as the compiled one
    /// does: a branch on a constant goes, with the block it no longer
    /// reaches.
    #[test]
    fn installed_optimizer_eliminates_dead_branches() {
        let (Some(opt), Some(asm), Some(dis)) = (
            find_program("spirv-opt"),
            find_program("spirv-as"),
            find_program("spirv-dis"),
        ) else {
            assert!(
                std::env::var_os("SHADERXFORM_REQUIRE_TOOLS").is_none(),
                "spirv-opt, spirv-as and spirv-dis are required"
            );
            return;
        };
        let text = "OpCapability Shader\nOpMemoryModel Logical GLSL450\nOpEntryPoint GLCompute %main \"main\"\nOpExecutionMode %main LocalSize 1 1 1\nOpName %dead \"dead\"\n%void = OpTypeVoid\n%bool = OpTypeBool\n%false = OpConstantFalse %bool\n%fn = OpTypeFunction %void\n%main = OpFunction %void None %fn\n%entry = OpLabel\nOpSelectionMerge %merge None\nOpBranchConditional %false %dead %merge\n%dead = OpLabel\nOpBranch %merge\n%merge = OpLabel\nOpReturn\nOpFunctionEnd\n";
        let env = TargetEnv::Universal { minor: 3 };
        let words = installed::assemble(&asm, text, env).unwrap();
        let before = installed::disassemble(&dis, &words).unwrap();
        assert!(before.contains("OpBranchConditional"), "{before}");
        let optimized =
            installed::optimize(&opt, &words, env, &[OptimizerPass::DeadBranches]).unwrap();
        let after = installed::disassemble(&dis, &optimized).unwrap();
        assert!(
            !after.contains("OpBranchConditional") && !after.contains("%dead = OpLabel"),
            "{after}"
        );
        #[cfg(feature = "spirv-tools-compiled")]
        {
            let compiled = compiled::optimize(&words, env, &[OptimizerPass::DeadBranches]).unwrap();
            assert_eq!(installed::disassemble(&dis, &compiled).unwrap(), after);
        }
    }

    /// The installed programs, where they are, agree with the library on
    /// a module both accept and one both reject.
    #[test]
    fn installed_programs_validate_assemble_and_disassemble() {
        let (Some(val), Some(asm), Some(dis)) = (
            find_program("spirv-val"),
            find_program("spirv-as"),
            find_program("spirv-dis"),
        ) else {
            assert!(
                std::env::var_os("SHADERXFORM_REQUIRE_TOOLS").is_none(),
                "spirv-val, spirv-as and spirv-dis are required"
            );
            return;
        };
        let text = "OpCapability Shader\nOpMemoryModel Logical GLSL450\nOpEntryPoint GLCompute %main \"main\"\nOpExecutionMode %main LocalSize 1 1 1\n%void = OpTypeVoid\n%fn = OpTypeFunction %void\n%main = OpFunction %void None %fn\n%entry = OpLabel\nOpReturn\nOpFunctionEnd\n";
        let env = TargetEnv::Universal { minor: 3 };
        let words = installed::assemble(&asm, text, env).unwrap();
        assert_eq!(words[0], 0x0723_0203);
        assert_eq!(words[1], 0x0001_0300, "SPIR-V 1.3");
        installed::validate(
            &val,
            &words,
            TargetEnv::Vulkan1_1,
            ValidateOptions::default(),
        )
        .unwrap();
        let disassembled = installed::disassemble(&dis, &words).unwrap();
        for expected in [
            "; Version: 1.3",
            "OpEntryPoint GLCompute %",
            "\"main\"",
            "OpReturn",
        ] {
            assert!(
                disassembled.contains(expected),
                "{expected}: {disassembled}"
            );
        }

        let bad = installed::assemble(&asm, "OpCapability Shader\nOpFoo\n", env).unwrap_err();
        assert_eq!(bad.position, Some((2, 1)), "{bad:?}");
        // Without its OpMemoryModel the module is invalid.
        let mut invalid = words.clone();
        let model = invalid
            .iter()
            .position(|&w| w == 0x0003_000e)
            .expect("OpMemoryModel");
        invalid.drain(model..model + 3);
        let rejected = installed::validate(
            &val,
            &invalid,
            TargetEnv::Vulkan1_1,
            ValidateOptions::default(),
        )
        .unwrap_err();
        assert!(!rejected.message.is_empty(), "{rejected:?}");
    }
}
