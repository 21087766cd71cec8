#!/usr/bin/env python3
"""Runs two shardscope binaries over the same few thousand command lines and diffs what they print.

A refactor that promises "CLI text and JSON byte-identical" proves it with this: every case is run
by OLD and NEW in the same scratch home (no user presets, no session), and stdout, stderr and the
exit status must match byte for byte. Cases are drawn from a fixed seed, so a run is repeatable:
plans (text, json and vllm-log formats) over every preset model and GPU with varied flags, exports
(vLLM and SGLang, per node, scripts, JSON), sweeps, reconciles of every sample log (with and without
calibration), imports of the exported commands, and Markdown reports.

Usage: tools/diff-binaries.py OLD NEW [--cases N] [--seed S]
Exit status: 0 when every case matches, 1 when one differs (the first few are printed).
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def presets(binary, env):
    out = subprocess.run([binary, "presets"], capture_output=True, text=True, env=env).stdout
    models, gpus, section = [], [], None
    for line in out.splitlines():
        if line in ("Models", "GPUs"):
            section = line
        elif line.startswith("  ") and section:
            (models if section == "Models" else gpus).append(line.split()[0])
    return models, gpus


def plan_flags(rng, models, gpus):
    tp = rng.choice([1, 2, 4, 8, 16])
    pp = rng.choice([1, 1, 2, 4])
    dp = rng.choice([1, 1, 2, 4])
    flags = ["--model", rng.choice(models), "--gpu", rng.choice(gpus), "--tp", str(tp), "--pp", str(pp),
             "--dp", str(dp)]
    if rng.random() < 0.4:
        flags += ["--ep", str(rng.choice([1, tp, tp * dp]))]
    if rng.random() < 0.3:
        flags.append("--enable-expert-parallel")
    extras = [
        ["--kv-cache-dtype", "fp8"], ["--max-model-len", rng.choice(["4096", "32k", "131072"])],
        ["--vllm-version", rng.choice(["0.6", "0.8.5", "0.10", "0.11", "0.21"])],
        ["--accounting", "textbook"], ["--phase", "prefill"], ["--batch", str(rng.choice([1, 8, 64]))],
        ["--enforce-eager"], ["--quantization", rng.choice(["fp8", "none", "awq"])],
        ["--gpu-memory-utilization", rng.choice(["0.8", "0.95"])], ["--microbatches", "4"],
        ["--decode-context-parallel-size", str(rng.choice([1, 2]))], ["--num-speculative-layers", "1"],
        ["--routing-skew", "1.5"], ["--fp8-dispatch"], ["--block-size", "32"], ["--max-num-seqs", "128"],
        ["--expert-placement", "round_robin"], ["--num-redundant-experts", "32"],
    ]
    for extra in rng.sample(extras, rng.randint(0, 4)):
        flags += extra
    return flags


def cases(rng, n, models, gpus, scratch):
    logs = sorted(os.listdir(os.path.join(ROOT, "tests/data/vllm-logs")))
    out = []
    for i in range(n):
        kind = rng.random()
        flags = plan_flags(rng, models, gpus)
        if kind < 0.45:
            out.append(["plan"] + flags + ["--format", rng.choice(["text", "json", "vllm-log"])])
        elif kind < 0.75:
            extra = ["--target", rng.choice(["vllm", "vllm", "sglang"])]
            extra += rng.choice([[], ["--format", "json"], ["--script"], ["--node", "0"], ["--launcher", "ray"],
                                 ["--force"], ["--nodes", "2"], ["--model-path", "/models/m"]])
            out.append(["export"] + flags + extra)
        elif kind < 0.85:
            sweep = ["sweep", "--model", rng.choice(models), "--gpu", rng.choice(gpus),
                     "--gpus", str(rng.choice([4, 8, 16])),
                     "--format", rng.choice(["text", "json", "csv"])]
            sweep += rng.choice([[], ["--up-to"], ["--ep-sizes", "all"], ["--include-invalid"],
                                 ["--max-tpot-ms", "50"], ["--min-concurrency", "4"]])
            out.append(sweep)
        elif kind < 0.93:
            log = os.path.join(ROOT, "tests/data/vllm-logs", rng.choice(logs))
            out.append(["reconcile", "--log", log] + rng.choice([[], ["--calibrate"]]))
        else:
            out.append(["report"] + flags + ["--output", os.path.join(scratch, "r%d.md" % i)])
    return out


def run(binary, args, env, scratch):
    p = subprocess.run([binary] + args, capture_output=True, env=env, timeout=120)
    files = b""
    for arg in args:  # a report's file is part of its output
        if arg.startswith(scratch) and os.path.exists(arg):
            with open(arg, "rb") as f:
                files += f.read()
            os.remove(arg)
    # The binary's own path is not output: the same text must come out of either build.
    return p.returncode, p.stdout.replace(binary.encode(), b"BIN"), p.stderr.replace(binary.encode(), b"BIN"), files


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--cases", type=int, default=3000)
    ap.add_argument("--seed", type=int, default=20261201)
    a = ap.parse_args()
    home = tempfile.mkdtemp(prefix="shardscope-diff-")
    scratch = os.path.join(home, "out")
    os.makedirs(scratch)
    env = {"PATH": "/usr/bin:/bin", "HOME": home, "XDG_DATA_HOME": home, "XDG_CONFIG_HOME": home,
           "XDG_RUNTIME_DIR": home, "QT_QPA_PLATFORM": "offscreen", "LANG": "C.UTF-8"}
    models, gpus = presets(a.old, env)
    rng = random.Random(a.seed)
    todo = cases(rng, a.cases, models, gpus, scratch)
    # Imports of what the old binary exported: the import parser sees real commands.
    for args in [c for c in todo if c[0] == "export" and "--format" not in c and "--script" not in c][:300]:
        text = subprocess.run([a.old] + args, capture_output=True, text=True, env=env).stdout
        lines = text.splitlines()
        start = next((i for i, l in enumerate(lines) if l.startswith("vllm serve")), None)
        if start is not None:  # the command with its continuation lines, as a user would paste it
            end = start
            while end + 1 < len(lines) and lines[end].endswith("\\"):
                end += 1
            todo.append(["import", "--", "\n".join(lines[start:end + 1])])
    counts, diffs = {}, []
    for args in todo:
        counts[args[0]] = counts.get(args[0], 0) + 1
        if run(a.old, args, env, scratch) != run(a.new, args, env, scratch):
            diffs.append(args)
    print("cases: %d (%s)" % (len(todo), ", ".join("%s %d" % kv for kv in sorted(counts.items()))))
    print("identical: %d, different: %d" % (len(todo) - len(diffs), len(diffs)))
    for args in diffs[:10]:
        print("  differs: shardscope " + " ".join(args))
    return 1 if diffs else 0


if __name__ == "__main__":
    sys.exit(main())
