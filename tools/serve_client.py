#!/usr/bin/env python3
"""A client of `shaderxform serve`: compiles shaders through one process.

    python3 tools/serve_client.py [--shaderxform PATH] [--emit FMT,...] [--out-dir DIR] SHADER...

writes each shader's outputs into DIR (NAME.FORMAT, SPIR-V decoded from
base64), prints the rendered diagnostics of failures, and exits 1 if any
shader failed. Only the standard library is used; see docs/serve.md.
"""

import argparse
import base64
import json
import os
import subprocess
import sys


class Server:
    """One `shaderxform serve` process; requests are answered in order."""

    def __init__(self, program="shaderxform"):
        self.process = subprocess.Popen(
            [program, "serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
        )
        self.next_id = 0

    def request(self, **fields):
        """Sends one request and returns its answer (a dict)."""
        self.next_id += 1
        fields.setdefault("id", self.next_id)
        self.process.stdin.write(json.dumps(fields) + "\n")
        self.process.stdin.flush()
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("shaderxform serve ended without answering")
        answer = json.loads(line)
        if answer.get("id") != fields["id"]:
            raise RuntimeError(f"answer {answer.get('id')!r} to request {fields['id']!r}")
        return answer

    def close(self):
        """Ends the input; the server exits 0."""
        self.process.stdin.close()
        return self.process.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("shaders", nargs="+")
    parser.add_argument("--emit", default="spv,wgsl")
    parser.add_argument("--passes", default=None, help="comma-separated pass names")
    parser.add_argument("--shaderxform", default="shaderxform")
    parser.add_argument("--out-dir", default="shaderxform-out")
    args = parser.parse_args()

    os.makedirs(args.out_dir, exist_ok=True)
    server = Server(args.shaderxform)
    failed = 0
    for shader in args.shaders:
        request = {"path": shader, "emit": args.emit.split(",")}
        if args.passes is not None:
            request["passes"] = [p for p in args.passes.split(",") if p]
        answer = server.request(**request)
        if not answer["ok"]:
            failed += 1
            sys.stderr.write(answer.get("rendered") or answer["error"]["message"] + "\n")
            continue
        sys.stderr.write(answer["rendered"])
        stem = os.path.splitext(os.path.basename(shader))[0]
        for fmt, text in answer["outputs"].items():
            path = os.path.join(args.out_dir, f"{stem}.{fmt}")
            if fmt == "spv":
                with open(path, "wb") as f:
                    f.write(base64.b64decode(text))
            else:
                with open(path, "w", encoding="utf-8") as f:
                    f.write(text)
            print(path)
    code = server.close()
    if code != 0:
        sys.stderr.write(f"shaderxform serve exited with {code}\n")
        return 1
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
