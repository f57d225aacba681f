#!/usr/bin/env python3
"""Builds vello's compute shaders into whole WGSL modules.

A Python reimplementation of what vello's build does with its shader
sources, so that the result can be read by any WGSL compiler:

  * `preprocess` follows vello_shaders/src/compile/preprocess.rs,
  * `postprocess` follows `postprocess` in vello_shaders/src/compile/mod.rs,
  * `parse_permutations` follows vello_shaders/src/compile/permutations.rs,
  * `build` follows `ShaderInfo::from_dir` in vello_shaders/src/compile/mod.rs:
    every `SHADER_DIR/*.wgsl` is one compute shader (entry point `main`),
    built with no defines, unless the `permutations` file lists it; then it
    is built once per permutation, under the permutation's name and defines,
    and not under its own name.

The preprocessor, as vello's:
  * `#import NAME` is replaced with `shared/NAME.wgsl`, itself preprocessed
    (with the same defines, and a fresh `#ifdef` stack). Imports are NOT
    deduplicated: every `#import` inlines the module again, so a module
    imported twice is declared twice. Text before the `#` is kept (even in
    an inactive `#ifdef` branch), and so is text after NAME, which is
    preprocessed as the rest of the line; the line's newline follows the
    inlined module.
  * `#ifdef X` / `#ifndef X` push a condition (X is the rest of the line,
    trimmed), `#else` flips the innermost one, `#endif` pops it. These
    lines, and lines of an inactive branch, are dropped. They must be the
    first non-whitespace text of their line; elsewhere they are ignored
    (with a warning) and the line is kept as is.
  * `#enable ...` becomes the comment `//__#enable ...`, which `postprocess`
    turns back into `enable ...` when it starts its line.
  * A `#` after `//` on a line is not a directive.
  * An unknown directive: vello warns and then loops forever on that line;
    this script stops with an error instead.

Usage:
  python3 preprocess.py SHADER_DIR OUT_DIR [--at REPO@COMMIT]

SHADER_DIR is vello's `vello_shaders/shader` folder; one file NAME.wgsl per
compiled shader is written to OUT_DIR, starting with two comment lines:
`// vello_shaders/shader/FILE.wgsl at REPO@COMMIT` and the defines it was
built with. The names written go to stdout, warnings to stderr.
"""

import argparse
import os
import sys

# Rust's `char::is_whitespace` (Unicode White_Space). Python's str.isspace
# also accepts U+001C..U+001F, so it is not used.
RUST_WHITESPACE = (
    "\t\n\x0b\x0c\r \x85\xa0\u1680"
    "\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000"
)


def warn(msg):
    print(f"warning: {msg}", file=sys.stderr)


def rust_lines(text):
    """str::lines: split at '\\n' or '\\r\\n'; the last line's ending is optional."""
    lines = text.split("\n")
    last = lines.pop()  # the text after the last '\n'
    lines = [l[:-1] if l.endswith("\r") else l for l in lines]
    if last:
        lines.append(last)
    return lines


def is_rust_alphanumeric(c):
    # char::is_alphanumeric: Unicode Alphabetic or Numeric. str.isalnum is
    # the same for the text vello's shaders contain (ASCII).
    return c.isalnum()


def get_imports(shader_dir):
    """Every shared/NAME.wgsl, by NAME."""
    imports = {}
    shared = os.path.join(shader_dir, "shared")
    for file_name in os.listdir(shared):
        if file_name.endswith(".wgsl"):
            with open(os.path.join(shared, file_name), encoding="utf-8", newline="") as f:
                imports[file_name[: -len(".wgsl")]] = f.read()
    return imports


def preprocess(text, shader_name, defines, imports):
    out = []
    # One [active, else_passed] per open #ifdef/#ifndef.
    stack = []

    def all_active():
        return all(active for active, _ in stack)

    for line_number, line in enumerate(rust_lines(text)):
        keep_line = True
        while line:
            hash_index = line.find("#")
            comment_index = line.find("//")
            if hash_index < 0 or (0 <= comment_index < hash_index):
                break  # no directive, or only in a comment: keep the line
            directive_start = line[hash_index + 1:]
            directive_len = 0
            while (directive_len < len(directive_start)
                   and is_rust_alphanumeric(directive_start[directive_len])):
                directive_len += 1
            directive = directive_start[:directive_len]
            rest = directive_start[directive_len:]
            at_start = line.lstrip(RUST_WHITESPACE).startswith("#")
            where = f"line {line_number} of {shader_name}.wgsl"

            if directive in ("ifdef", "ifndef", "else", "endif", "enable") and not at_start:
                warn(f"#{directive} directives must be the first non_whitespace items "
                     f"on their line, ignoring ({where})")
                break
            if directive in ("ifdef", "ifndef"):
                exists = rest.strip(RUST_WHITESPACE) in defines
                stack.append([(directive == "ifdef") == exists, False])
                keep_line = False
                break
            if directive == "else":
                if stack:
                    if stack[-1][1]:
                        warn(f"Second else for same ifdef/ifndef ({where}); ignoring second else")
                    else:
                        stack[-1][1] = True
                        stack[-1][0] = not stack[-1][0]
                remainder = rest.strip(RUST_WHITESPACE)
                if remainder:
                    warn(f"#else directives don't take an argument. `{remainder}` "
                         f"will not be in output ({where})")
                keep_line = False
                break
            if directive == "endif":
                if not stack:
                    warn(f"Mismatched endif ({where})")
                else:
                    stack.pop()
                remainder = rest.strip(RUST_WHITESPACE)
                if remainder and not remainder.startswith("//"):
                    warn(f"#endif directives don't take an argument. `{remainder}` "
                         f"will not be in output ({where})")
                keep_line = False
                break
            if directive == "import":
                out.append(line[:hash_index])  # even in an inactive branch, as vello
                name_start = len(rest) - len(rest.lstrip(RUST_WHITESPACE))
                if name_start == len(rest):
                    warn(f"#import needs a non_whitespace argument ({where})")
                    keep_line = False  # nor its newline
                    break
                name_text = rest[name_start:]
                name_len = 0
                while (name_len < len(name_text)
                       and (name_text[name_len] == "_" or is_rust_alphanumeric(name_text[name_len]))):
                    name_len += 1
                import_name = name_text[:name_len]
                line = name_text[name_len:]
                if import_name in imports:
                    if all_active():
                        out.append(preprocess(imports[import_name], shader_name, defines, imports))
                else:
                    warn(f"Unknown import `{import_name}` ({where})")
                continue  # the rest of the line
            if directive == "enable":
                if all_active():
                    out.append("//__" + line + "\n")
                keep_line = False
                break
            raise SystemExit(f"error: unknown preprocessor directive `{directive}` ({where}); "
                             "vello's preprocessor would loop forever here")
        if keep_line and all_active():
            out.append(line + "\n")
    return "".join(out)


def postprocess(wgsl):
    out = []
    for line in rust_lines(wgsl):
        if line.startswith("//__#enable"):
            out.append(line[len("//__#"):])
        else:
            out.append(line)
        out.append("\n")
    return "".join(out)


def parse_permutations(text):
    """{source shader: [(permutation name, [defines])]}"""
    perms = {}
    current = None
    for line in rust_lines(text):
        line = line.strip(RUST_WHITESPACE)
        if not line or line.startswith("#"):
            continue
        if line.startswith("+"):
            if current is not None:
                parts = [p.strip(RUST_WHITESPACE) for p in line[1:].split(":")]
                defines = []
                if len(parts) > 1:
                    defines = [d.strip(RUST_WHITESPACE) for d in parts[1].split(" ")]
                perms.setdefault(current, []).append((parts[0], defines))
        else:
            current = line
    return perms


def build(shader_dir):
    """[(compiled shader name, source file name, defines, WGSL)], by name."""
    perm_path = os.path.join(shader_dir, "permutations")
    perms = {}
    if os.path.exists(perm_path):
        with open(perm_path, encoding="utf-8") as f:
            perms = parse_permutations(f.read())
    imports = get_imports(shader_dir)
    shaders = []
    for file_name in sorted(os.listdir(shader_dir)):
        if not file_name.endswith(".wgsl"):
            continue
        shader_name = file_name[: -len(".wgsl")]
        with open(os.path.join(shader_dir, file_name), encoding="utf-8", newline="") as f:
            contents = f.read()
        for name, defines in perms.get(shader_name, [(shader_name, [])]):
            wgsl = postprocess(preprocess(contents, shader_name, set(defines), imports))
            shaders.append((name, file_name, defines, wgsl))
    return sorted(shaders)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("shader_dir", help="vello's vello_shaders/shader folder")
    ap.add_argument("out_dir")
    ap.add_argument("--at", default="linebender/vello",
                    help="REPO@COMMIT the sources come from, for each file's first comment line")
    args = ap.parse_args()
    os.makedirs(args.out_dir, exist_ok=True)
    for name, file_name, defines, wgsl in build(args.shader_dir):
        header = (f"// vello_shaders/shader/{file_name} at {args.at}\n"
                  f"// preprocessed by preprocess.py with defines: "
                  f"{' '.join(defines) if defines else '(none)'}\n")
        with open(os.path.join(args.out_dir, name + ".wgsl"), "w", encoding="utf-8", newline="") as f:
            f.write(header + wgsl)
        print(name)


if __name__ == "__main__":
    main()
