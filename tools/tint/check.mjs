#!/usr/bin/env node
// Validate WGSL shaders with Tint (Chrome's WGSL compiler) through Dawn's
// node bindings (npm package `webgpu`), using Dawn's null backend: no GPU or
// driver is needed.
//
// Usage:
//   node tools/tint/check.mjs [--pipelines] FILE.wgsl [FILE.wgsl ...]
//   node tools/tint/check.mjs [--pipelines] -      < shaders.json
//       stdin: a JSON array of {"name": "...", "source": "..."}
//   node tools/tint/check.mjs --features
//       print the adapter's features (and those the device was created with)
//
// Output: one JSON object per shader per line on stdout:
//   {"name": FILE, "ok": bool, "messages": [{"type": "error|warning|info",
//     "message": "...", "line": N, "column": N, "source": "..."}]}
// `line`/`column` are 1-based; 0 means "no location" (e.g. an error that only
// came back through an error scope). `source` says where the message came
// from: "compilation-info" (GPUShaderModule.getCompilationInfo), "error-scope"
// (device.pushErrorScope('validation') around createShaderModule, only added
// when compilation info reported no error), "uncaptured" (device
// 'uncapturederror' event), "pipeline" (--pipelines), "device-lost", or
// "exception" (an exception thrown by the bindings).
// ok is false iff there is at least one message of type "error".
//
// --pipelines: additionally create a compute pipeline (layout 'auto') for
// every @compute entry point found in the source. That catches errors Tint
// only reports at pipeline creation (workgroup size / workgroup storage
// limits, overrides without a value...). Vertex/fragment entry points are
// not pipelined (that would need vertex-buffer and render-target layouts).
//
// Exit code: 0 if every shader is ok, 1 if any is not, 2 on usage or setup
// error (missing node_modules, no adapter, unreadable file, bad stdin JSON).
//
// stdout carries only the JSON lines. Dawn's own log output (it prints e.g.
// "warning: Compilation log for [ShaderModule]..." to fd 1 natively) is
// forwarded to stderr; see runParent() below.
//
// The device uses WebGPU's default limits (workgroup size <= 256 invocations,
// 16 KiB of workgroup memory...), i.e. what a portable WebGPU app gets; only
// --pipelines checks those.

import { readFileSync } from 'node:fs';
import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const SETUP_HINT = 'run `npm ci --prefix tools/tint` (from the repository root) to install Dawn\'s node bindings';

function usage(msg) {
  if (msg) process.stderr.write(`check.mjs: ${msg}\n`);
  process.stderr.write(
    'usage: node tools/tint/check.mjs [--pipelines] FILE.wgsl [FILE.wgsl ...]\n' +
    '       node tools/tint/check.mjs [--pipelines] -   (stdin: JSON array of {"name","source"})\n' +
    '       node tools/tint/check.mjs --features\n');
  process.exit(2);
}

function fail(msg) {
  process.stderr.write(`check.mjs: ${msg}\n`);
  process.exit(2);
}

// Dawn's node bindings print device log messages (e.g. "warning:\nCompilation
// log for [ShaderModule]..." for every shader with a warning) with printf on
// file descriptor 1, which would corrupt the JSON lines. So the real work runs
// in a child process (the "worker": this same script, with WORKER_ENV set)
// whose native stdout is forwarded to our stderr; results come back over the
// IPC channel and only this parent process writes to stdout.
const WORKER_ENV = 'SHADERXFORM_TINT_CHECK_WORKER';
const isWorker = process.env[WORKER_ENV] === '1' && typeof process.send === 'function';

// Worker: send one result object to the parent and wait until it is sent.
function writeLine(obj) {
  return new Promise((resolve) => {
    // If the parent is gone (its stdout was closed), stop quietly.
    process.send({ kind: 'line', obj }, (err) => (err ? process.exit(1) : resolve()));
  });
}

async function readStdin() {
  const chunks = [];
  for await (const c of process.stdin) chunks.push(c);
  return Buffer.concat(chunks).toString('utf8');
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

async function main() {
  const args = process.argv.slice(2);
  let wantFeatures = false;
  let pipelines = false;
  const inputs = [];
  for (const a of args) {
    if (a === '--features') wantFeatures = true;
    else if (a === '--pipelines') pipelines = true;
    else if (a === '-h' || a === '--help') usage();
    else if (a.startsWith('--')) usage(`unknown option ${a}`);
    else inputs.push(a);
  }
  if (!wantFeatures && inputs.length === 0) usage('no input given');

  // Gather the shaders first so a usage error does not need Dawn.
  const shaders = [];
  for (const input of inputs) {
    if (input === '-') {
      let parsed;
      try {
        parsed = JSON.parse(await readStdin());
      } catch (e) {
        fail(`stdin is not valid JSON: ${e.message}`);
      }
      if (!Array.isArray(parsed)) fail('stdin must be a JSON array of {"name": ..., "source": ...}');
      parsed.forEach((s, i) => {
        if (!s || typeof s.source !== 'string') fail(`stdin entry ${i} has no string "source"`);
        shaders.push({ name: typeof s.name === 'string' ? s.name : `stdin[${i}]`, source: s.source });
      });
    } else {
      try {
        shaders.push({ name: input, source: readFileSync(input, 'utf8') });
      } catch (e) {
        fail(`cannot read ${input}: ${e.message}`);
      }
    }
  }

  let webgpu;
  try {
    webgpu = await import('webgpu');
  } catch (e) {
    fail(`cannot load the npm package 'webgpu' (${e.code || e.message}); ${SETUP_HINT}`);
  }
  const { create, globals } = webgpu;
  Object.assign(globalThis, globals);

  const gpu = create(['backend=null']);
  const adapter = await gpu.requestAdapter();
  if (!adapter) fail('Dawn returned no adapter for backend=null');
  const adapterFeatures = [...adapter.features].sort();

  // Request every feature the adapter has: the shader-relevant ones
  // (shader-f16, subgroups, clip-distances, dual-source-blending,
  // primitive-index, ...) are among them and the rest cost nothing here.
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
    fail(`requestDevice failed: ${e.message}`);
  }

  if (wantFeatures) {
    await writeLine({
      adapter: { vendor: adapter.info?.vendor ?? '', architecture: adapter.info?.architecture ?? '',
        description: adapter.info?.description ?? '' },
      adapterFeatures,
      deviceFeatures: [...dev.device.features].sort(),
    });
    if (shaders.length === 0) return 0;
  }

  const norm = (t) => (t === 'error' || t === 'warning' || t === 'info' ? t : 'error');
  let allOk = true;
  for (const { name, source } of shaders) {
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
    const ok = !messages.some((m) => m.type === 'error');
    if (!ok) allOk = false;
    await writeLine({ name, ok, messages });
  }
  return allOk ? 0 : 1;
}

function runWorker() {
  process.on('disconnect', () => process.exit(1));
  // Dawn keeps handles that hold the event loop open: always exit explicitly,
  // after telling the parent the exit code.
  const finish = (code) => {
    process.send({ kind: 'done', code }, () => process.exit(code));
  };
  main().then(finish, (e) => {
    process.stderr.write(`check.mjs: internal error: ${e && e.stack || e}\n`);
    finish(2);
  });
}

function runParent() {
  // A closed stdout (e.g. `| head -1`) must not crash with an unhandled EPIPE.
  process.stdout.on('error', (e) => {
    if (e.code === 'EPIPE') process.exit(1);
    throw e;
  });
  const child = fork(fileURLToPath(import.meta.url), process.argv.slice(2), {
    env: { ...process.env, [WORKER_ENV]: '1' },
    stdio: ['inherit', 'pipe', 'inherit', 'ipc'],
    serialization: 'json',
  });
  // Dawn's own log output: keep it visible, but on stderr.
  child.stdout.pipe(process.stderr);
  let pending = Promise.resolve();
  let doneCode = null;
  child.on('message', (msg) => {
    if (msg && msg.kind === 'line') {
      const line = JSON.stringify(msg.obj) + '\n';
      pending = pending.then(() => new Promise((resolve) => {
        if (process.stdout.write(line)) resolve();
        else process.stdout.once('drain', resolve);
      }));
    } else if (msg && msg.kind === 'done') {
      doneCode = msg.code;
    }
  });
  child.on('error', (e) => {
    process.stderr.write(`check.mjs: cannot start worker: ${e.message}\n`);
    process.exit(2);
  });
  child.on('close', (code, signal) => {
    pending.then(() => {
      if (doneCode !== null) process.exit(doneCode);
      if (signal) process.stderr.write(`check.mjs: worker killed by ${signal} (Dawn crashed?)\n`);
      process.exit(code === 0 || code === null ? 2 : code);
    });
  });
}

if (isWorker) runWorker();
else runParent();
