#!/usr/bin/env node
// Tint's uniformity verdict for WGSL shaders, through Dawn's node bindings
// (null backend, no GPU needed; see dawn.mjs).
//
// Usage:
//   node tools/tint/uniformity.mjs FILE.wgsl [FILE.wgsl ...]
//   node tools/tint/uniformity.mjs -       < shaders.json
//       stdin: a JSON array of {"name": "...", "source": "..."}
//   node tools/tint/uniformity.mjs --write-verdicts DIR
//       every DIR/*.wgsl, sorted; writes DIR/tint-verdicts.json: per case
//       (file name without .wgsl) {"verdict": "uniform"} or
//       {"verdict": "non-uniform", "at": "LINE:COLUMN", "message", "notes":
//       ["LINE:COLUMN message", ...]}, from the first uniformity error
//   node tools/tint/uniformity.mjs --verdicts DIR
//       the same document on stdout, nothing written
//
// Output: one JSON object per shader per line on stdout:
//   {"name": FILE, "ok": bool,
//    "uniformity_errors": [{"line", "column", "message",
//                           "notes": [{"line", "column", "message"}]}],
//    "uniformity_warnings": [...same shape...],
//    "other_errors": [{"line", "column", "message"}]}
// Tint stops at the first uniformity error of a module, so
// `uniformity_errors` holds at most one. Its location is the call that must
// be reached in uniform control flow (the builtin, e.g. `workgroupBarrier`,
// even where a user function reaching it is what is called divergently);
// the notes that follow it walk to the cause (`called by 'f' from 'main'`,
// `control flow depends on possibly non-uniform value`, the source of
// non-uniformity). Lines and columns are 1-based (0: no location).
// `ok` is false iff Tint reports any error.
//
// Exit code: 0 if no shader has an error, 1 otherwise, 2 on usage or setup
// error. With --verdicts and --write-verdicts: 0, or 1 when a shader is
// rejected for anything but uniformity (then nothing is printed or written).

import { readdirSync, renameSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { openDawn, readShaders, runScript, writeLine, writeText } from './dawn.mjs';

const SCRIPT = 'uniformity.mjs';
const VERDICTS = 'tint-verdicts.json';

function usage(msg) {
  if (msg) process.stderr.write(`${SCRIPT}: ${msg}\n`);
  process.stderr.write(
    'usage: node tools/tint/uniformity.mjs FILE.wgsl [FILE.wgsl ...]\n' +
    '       node tools/tint/uniformity.mjs -   (stdin: JSON array of {"name","source"})\n' +
    '       node tools/tint/uniformity.mjs --write-verdicts DIR | --verdicts DIR\n');
  process.exit(2);
}

// Tint's uniformity diagnostics: "'workgroupBarrier' must only be called
// from uniform control flow", "... from subgroup uniform control flow",
// "possibly non-uniform value passed here", "'workgroupUniformLoad' requires
// argument 0 to be uniform", "parameter 'p' of 'f' must be
// uniform", and derivative_uniformity's wording of the same.
const UNIFORMITY = /uniform control flow|non-uniform|must be uniform|requires argument \d+ to be uniform/;

const at = (m) => ({ line: m.line, column: m.column, message: m.message });

/// Splits Tint's messages into uniformity errors and warnings (each with
/// the notes that follow it) and every other error.
export function classify(messages) {
  const uniformity_errors = [];
  const uniformity_warnings = [];
  const other_errors = [];
  let current = null;
  for (const m of messages) {
    if (m.type === 'info') {
      if (current) current.notes.push(at(m));
      continue;
    }
    current = null;
    if (UNIFORMITY.test(m.message)) {
      current = { ...at(m), notes: [] };
      (m.type === 'error' ? uniformity_errors : uniformity_warnings).push(current);
    } else if (m.type === 'error') {
      other_errors.push(at(m));
    }
  }
  return { uniformity_errors, uniformity_warnings, other_errors };
}

/// The committed verdicts file: one case per line, sorted, so that a change
/// of verdict is a one-line diff.
function verdictsDocument(results) {
  const lines = results.map(({ name, verdict }) => `    ${JSON.stringify(name)}: ${JSON.stringify(verdict)}`);
  return '{\n' +
    '  "about": "Tint\'s uniformity verdict for every case of this folder: uniform, or non-uniform with the line:column Tint reports and its notes.",\n' +
    '  "regenerate": "node tools/tint/uniformity.mjs --write-verdicts corpus/uniformity",\n' +
    '  "cases": {\n' + lines.join(',\n') + '\n  }\n}\n';
}

function verdictOf(result) {
  const error = result.uniformity_errors[0];
  if (!error) return { verdict: 'uniform' };
  return {
    verdict: 'non-uniform',
    at: `${error.line}:${error.column}`,
    message: error.message,
    notes: error.notes.map((n) => `${n.line}:${n.column} ${n.message}`),
  };
}

async function main() {
  const args = process.argv.slice(2);
  let verdictsDir = null;
  let writeVerdicts = false;
  const inputs = [];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    if (a === '--write-verdicts' || a === '--verdicts') {
      if (verdictsDir) usage('one --verdicts or --write-verdicts at most');
      writeVerdicts = a === '--write-verdicts';
      verdictsDir = args[++i];
      if (!verdictsDir) usage(`${a} needs a folder`);
    } else if (a === '-h' || a === '--help') usage();
    else if (a.startsWith('--')) usage(`unknown option ${a}`);
    else inputs.push(a);
  }
  if (verdictsDir) {
    if (inputs.length) usage('--verdicts and --write-verdicts take a folder and no other input');
    let names;
    try {
      names = readdirSync(verdictsDir).filter((n) => n.endsWith('.wgsl')).sort();
    } catch (e) {
      usage(`cannot list ${verdictsDir}: ${e.message}`);
    }
    inputs.push(...names.map((n) => join(verdictsDir, n)));
  }
  if (inputs.length === 0) usage('no input given');

  const shaders = await readShaders(SCRIPT, inputs);
  const dawn = await openDawn(SCRIPT);

  let allOk = true;
  const verdicts = [];
  const invalid = [];
  for (const { name, source } of shaders) {
    const messages = await dawn.compile(source);
    const result = { name, ok: !messages.some((m) => m.type === 'error'), ...classify(messages) };
    if (!result.ok) allOk = false;
    if (verdictsDir) {
      if (result.other_errors.length) invalid.push(`${name}: ${JSON.stringify(result.other_errors)}`);
      verdicts.push({ name: basename(name, '.wgsl'), verdict: verdictOf(result) });
    } else {
      await writeLine(result);
    }
  }
  if (verdictsDir) {
    if (invalid.length) {
      process.stderr.write(`${SCRIPT}: Tint rejects these for more than uniformity; nothing written:\n${invalid.join('\n')}\n`);
      return 1;
    }
    const document = verdictsDocument(verdicts);
    if (!writeVerdicts) {
      await writeText(document);
      return 0;
    }
    const path = join(verdictsDir, VERDICTS);
    writeFileSync(`${path}.tmp`, document);
    renameSync(`${path}.tmp`, path);
    const nonUniform = verdicts.filter((v) => v.verdict.verdict === 'non-uniform').length;
    process.stderr.write(`${SCRIPT}: wrote ${path}: ${verdicts.length} cases, ${nonUniform} non-uniform\n`);
    return 0;
  }
  return allOk ? 0 : 1;
}

runScript(SCRIPT, import.meta.url, main);
