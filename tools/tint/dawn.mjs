// Shared machinery of the Tint scripts (check.mjs, uniformity.mjs): Dawn's
// node bindings (npm package `webgpu`) with the null backend, no GPU or
// driver needed.
//
// Dawn's bindings print device log messages (e.g. "warning:\nCompilation
// log for [ShaderModule]..." for every shader with a warning) with printf on
// file descriptor 1, which would corrupt the JSON lines a script prints. So
// a script's real work runs in a child process (the "worker": the same
// script, with WORKER_ENV set) whose native stdout is forwarded to the
// parent's stderr; results come back over the IPC channel and only the
// parent process writes to stdout.

import { readFileSync } from 'node:fs';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SETUP_HINT = 'run `npm ci --prefix tools/tint` (from the repository root) to install Dawn\'s node bindings';
const WORKER_ENV = 'SHADERXFORM_TINT_CHECK_WORKER';
const liveInstances = [];

/// Prints `script: message` on stderr and exits with 2 (usage or setup error).
export function fail(script, msg) {
  process.stderr.write(`${script}: ${msg}\n`);
  process.exit(2);
}

/// Worker: sends one result object to the parent, which prints it as one
/// JSON line; resolves once it is sent.
export function writeLine(obj) {
  return new Promise((resolve) => {
    // If the parent is gone (its stdout was closed), stop quietly.
    process.send({ kind: 'line', obj }, (err) => (err ? process.exit(1) : resolve()));
  });
}

/// Worker: has the parent print `text` as it is.
export function writeText(text) {
  return new Promise((resolve) => {
    process.send({ kind: 'text', text }, (err) => (err ? process.exit(1) : resolve()));
  });
}

async function readStdin() {
  const chunks = [];
  for await (const c of process.stdin) chunks.push(c);
  return Buffer.concat(chunks).toString('utf8');
}

/// The shaders named by `inputs`: file paths, or `-` for a JSON array of
/// {"name", "source"} on stdin.
export async function readShaders(script, inputs) {
  const shaders = [];
  for (const input of inputs) {
    if (input === '-') {
      let parsed;
      try {
        parsed = JSON.parse(await readStdin());
      } catch (e) {
        fail(script, `stdin is not valid JSON: ${e.message}`);
      }
      if (!Array.isArray(parsed)) fail(script, 'stdin must be a JSON array of {"name": ..., "source": ...}');
      parsed.forEach((s, i) => {
        if (!s || typeof s.source !== 'string') fail(script, `stdin entry ${i} has no string "source"`);
        shaders.push({ name: typeof s.name === 'string' ? s.name : `stdin[${i}]`, source: s.source });
      });
    } else {
      try {
        shaders.push({ name: input, source: readFileSync(input, 'utf8') });
      } catch (e) {
        fail(script, `cannot read ${input}: ${e.message}`);
      }
    }
  }
  return shaders;
}

// Strip comments (line and nested block comments) so the entry-point regex
// does not pick up commented-out code. Keeps string-free WGSL semantics.
function stripComments(src) {
  let out = '';
  let i = 0;
  let depth = 0;
  while (i < src.length) {
    if (depth === 0 && src.startsWith('//', i)) {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (src.startsWith('/*', i)) {
      depth++; i += 2;
    } else if (depth > 0 && src.startsWith('*/', i)) {
      depth--; i += 2;
    } else {
      if (depth === 0) out += src[i];
      i++;
    }
  }
  return out;
}

function computeEntryPoints(src) {
  const re = /@compute\b(?:\s*@\w+(?:\s*\([^)]*\))?)*\s*fn\s+([A-Za-z_][A-Za-z0-9_]*)/g;
  const names = [];
  for (const m of stripComments(src).matchAll(re)) names.push(m[1]);
  return names;
}

/// An adapter of Dawn's null backend and a device with every feature it
/// has (shader-f16, subgroups, ... among them); `compile` recreates the
/// device if it was lost.
export async function openDawn(script) {
  let webgpu;
  try {
    webgpu = await import('webgpu');
  } catch (e) {
    fail(script, `cannot load the npm package 'webgpu' (${e.code || e.message}); ${SETUP_HINT}`);
  }
  const { create, globals } = webgpu;
  Object.assign(globalThis, globals);

  // Kept reachable for as long as the process runs: Dawn crashes when the
  // instance is collected while its devices are in use.
  const gpu = create(['backend=null']);
  liveInstances.push(gpu);
  const adapter = await gpu.requestAdapter();
  if (!adapter) fail(script, 'Dawn returned no adapter for backend=null');
  const adapterFeatures = [...adapter.features].sort();

  async function newDevice() {
    const device = await adapter.requestDevice({ requiredFeatures: adapterFeatures });
    const state = { device, uncaptured: [], lost: null };
    device.addEventListener('uncapturederror', (ev) => {
      ev.preventDefault?.();
      state.uncaptured.push(ev.error);
    });
    device.lost.then((info) => { state.lost = info; });
    return state;
  }

  let dev;
  try {
    dev = await newDevice();
  } catch (e) {
    fail(script, `requestDevice failed: ${e.message}`);
  }

  const norm = (t) => (t === 'error' || t === 'warning' || t === 'info' ? t : 'error');

  /// Tint's messages for one shader, in the order Tint gives them:
  /// [{type: "error|warning|info", message, line, column, source}]; see
  /// check.mjs for what `source` says. With `pipelines`, a compute
  /// pipeline is also created for every @compute entry point.
  async function compile(source, { pipelines = false } = {}) {
    if (dev.lost) dev = await newDevice();
    const { device } = dev;
    dev.uncaptured.length = 0;
    const messages = [];
    try {
      device.pushErrorScope('validation');
      const module = device.createShaderModule({ code: source });
      const info = await module.getCompilationInfo();
      const scopeError = await device.popErrorScope();
      for (const m of info.messages) {
        messages.push({ type: norm(m.type), message: m.message, line: m.lineNum, column: m.linePos,
          source: 'compilation-info' });
      }
      // Tint's compile errors come back through both channels; only add the
      // scope's copy when compilation info had no error, so nothing is lost
      // and nothing is listed twice.
      if (scopeError && !messages.some((m) => m.type === 'error')) {
        messages.push({ type: 'error', message: scopeError.message, line: 0, column: 0, source: 'error-scope' });
      }
      if (pipelines && !messages.some((m) => m.type === 'error')) {
        for (const entryPoint of computeEntryPoints(source)) {
          device.pushErrorScope('validation');
          device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint } });
          const pe = await device.popErrorScope();
          if (pe) messages.push({ type: 'error', message: `${entryPoint}: ${pe.message}`, line: 0, column: 0, source: 'pipeline' });
        }
      }
    } catch (e) {
      messages.push({ type: 'error', message: String(e && e.message || e), line: 0, column: 0, source: 'exception' });
    }
    // Give Dawn a turn to deliver any uncaptured error or device loss.
    await new Promise((r) => setImmediate(r));
    for (const e of dev.uncaptured) {
      messages.push({ type: 'error', message: e.message, line: 0, column: 0, source: 'uncaptured' });
    }
    if (dev.lost) {
      messages.push({ type: 'error', message: `device lost: ${dev.lost.reason}: ${dev.lost.message}`, line: 0, column: 0,
        source: 'device-lost' });
    }
    return messages;
  }

  return { gpu, adapter, adapterFeatures, device: () => dev.device, compile };
}

/// Runs `main` (an async function returning the exit code) in a worker
/// process, forwarding the worker's JSON lines to stdout. `scriptUrl` is
/// the calling script's `import.meta.url`: the worker is that script.
export function runScript(script, scriptUrl, main) {
  if (process.env[WORKER_ENV] === '1' && typeof process.send === 'function') runWorker(script, main);
  else runParent(script, scriptUrl);
}

function runWorker(script, main) {
  process.on('disconnect', () => process.exit(1));
  // Dawn keeps handles that hold the event loop open: always exit explicitly,
  // after telling the parent the exit code.
  const finish = (code) => {
    process.send({ kind: 'done', code }, () => process.exit(code));
  };
  main().then(finish, (e) => {
    process.stderr.write(`${script}: internal error: ${e && e.stack || e}\n`);
    finish(2);
  });
}

function runParent(script, scriptUrl) {
  // A closed stdout (e.g. `| head -1`) must not crash with an unhandled EPIPE.
  process.stdout.on('error', (e) => {
    if (e.code === 'EPIPE') process.exit(1);
    throw e;
  });
  const child = fork(fileURLToPath(scriptUrl), process.argv.slice(2), {
    env: { ...process.env, [WORKER_ENV]: '1' },
    stdio: ['inherit', 'pipe', 'inherit', 'ipc'],
    serialization: 'json',
  });
  // Dawn's own log output: keep it visible, but on stderr.
  child.stdout.pipe(process.stderr);
  let pending = Promise.resolve();
  let doneCode = null;
  child.on('message', (msg) => {
    if (msg && (msg.kind === 'line' || msg.kind === 'text')) {
      const line = msg.kind === 'line' ? JSON.stringify(msg.obj) + '\n' : msg.text;
      pending = pending.then(() => new Promise((resolve) => {
        if (process.stdout.write(line)) resolve();
        else process.stdout.once('drain', resolve);
      }));
    } else if (msg && msg.kind === 'done') {
      doneCode = msg.code;
    }
  });
  child.on('error', (e) => {
    process.stderr.write(`${script}: cannot start worker: ${e.message}\n`);
    process.exit(2);
  });
  child.on('close', (code, signal) => {
    pending.then(() => {
      if (doneCode !== null) process.exit(doneCode);
      if (signal) process.stderr.write(`${script}: worker killed by ${signal} (Dawn crashed?)\n`);
      process.exit(code === 0 || code === null ? 2 : code);
    });
  });
}
