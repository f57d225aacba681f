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
// forwarded to stderr; see dawn.mjs.
//
// The device uses WebGPU's default limits (workgroup size <= 256 invocations,
// 16 KiB of workgroup memory...), i.e. what a portable WebGPU app gets; only
// --pipelines checks those.

import { openDawn, readShaders, runScript, writeLine } from './dawn.mjs';

const SCRIPT = 'check.mjs';

function usage(msg) {
  if (msg) process.stderr.write(`check.mjs: ${msg}\n`);
  process.stderr.write(
    'usage: node tools/tint/check.mjs [--pipelines] FILE.wgsl [FILE.wgsl ...]\n' +
    '       node tools/tint/check.mjs [--pipelines] -   (stdin: JSON array of {"name","source"})\n' +
    '       node tools/tint/check.mjs --features\n');
  process.exit(2);
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
  const shaders = await readShaders(SCRIPT, inputs);
  const dawn = await openDawn(SCRIPT);

  if (wantFeatures) {
    const { adapter } = dawn;
    await writeLine({
      adapter: { vendor: adapter.info?.vendor ?? '', architecture: adapter.info?.architecture ?? '',
        description: adapter.info?.description ?? '' },
      adapterFeatures: dawn.adapterFeatures,
      deviceFeatures: [...dawn.device().features].sort(),
    });
    if (shaders.length === 0) return 0;
  }

  let allOk = true;
  for (const { name, source } of shaders) {
    const messages = await dawn.compile(source, { pipelines });
    const ok = !messages.some((m) => m.type === 'error');
    if (!ok) allOk = false;
    await writeLine({ name, ok, messages });
  }
  return allOk ? 0 : 1;
}

runScript(SCRIPT, import.meta.url, main);
