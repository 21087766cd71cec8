#!/usr/bin/env python3
"""How many `vllm serve` commands of vLLM's recipes repository ShardScope imports and resolves to a preset.

Usage: tools/recipe-coverage.py RECIPES_CHECKOUT [--shardscope PATH] [--list]

Finds every `vllm serve ...` command (backslash continuations joined) in the checkout's Markdown, YAML,
shell and notebook files, keeps the text-generation ones, runs `shardscope import -- "<command>"` on
each and reports: commands found, text-generation commands, how many import (exit 0), how many
resolve to a preset ("preset" not null in the JSON), and the models that do not, grouped by family.

A command is text generation unless its model's recipe (models/<org>/<name>.yaml, `meta.tasks`) lists
no "text" task, or, for a model without a recipe file, the recipe file the command is written in lists
none (`vllm serve /path/to/MiniMax-H3` in MiniMax-H3.yaml, an "omni" video model), or else its name marks
a speech, image, video, OCR, embedding or reranking model. Commands whose model is a placeholder ($MODEL,
<model>, /path/to/...) count as not importable to a preset, as a user would have to fill them in.
The repository's instructions to contributors and coding agents (CLAUDE.md, AGENTS.md, CONTRIBUTING.md,
.claude/) are not recipes and are not searched.
"""
import argparse
import collections
import json
import os
import re
import subprocess
import sys

TEXT_EXTENSIONS = (".md", ".mdx", ".yaml", ".yml", ".sh", ".ipynb", ".py")
NOT_RECIPES = ("CLAUDE.md", "AGENTS.md", "CONTRIBUTING.md")
NON_TEXT = re.compile(
    r"(ocr|tts|asr|whisper|voxtral|audio|sound|voice|speech|transcribe|image|video|diffusion|diffusers|wan2|"
    r"cosmos|ltx|embed|rerank|jina|paddleocr|glyph|s2-pro|higgs|moss-|indextts|voxcpm|stable-)",
    re.IGNORECASE,
)


def find_commands(root):
    commands = []
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if d not in (".git", "node_modules", ".claude")]
        for name in filenames:
            if not name.endswith(TEXT_EXTENSIONS) or (dirpath == root and name in NOT_RECIPES):
                continue
            path = os.path.join(dirpath, name)
            try:
                with open(path, encoding="utf-8") as f:
                    lines = f.read().split("\n")
            except (OSError, UnicodeDecodeError):
                continue
            i = 0
            while i < len(lines):
                m = re.search(r"\bvllm serve\b", lines[i])
                if m:
                    text = lines[i][m.start():]
                    while text.rstrip().endswith("\\") and i + 1 < len(lines):
                        i += 1
                        text = text.rstrip()[:-1] + " " + lines[i].strip()
                    text = text.strip().rstrip("`").strip()
                    if name.endswith(".ipynb"):
                        text = text.split('\\n"')[0].rstrip('",')
                    commands.append((os.path.relpath(path, root), text))
                i += 1
    return commands


def recipe_tasks(root):
    """model id (lower case) -> set of tasks, from models/<org>/<name>.yaml (meta.tasks, model_id, variants);
    also "file:<path relative to root>" -> the tasks of that recipe file."""
    tasks = {}
    models = os.path.join(root, "models")
    for dirpath, _, filenames in os.walk(models):
        for name in filenames:
            if not name.endswith((".yaml", ".yml")):
                continue
            with open(os.path.join(dirpath, name), encoding="utf-8") as f:
                text = f.read()
            found = set()
            block = re.search(r"^\s*tasks:\s*\n((?:\s+-\s*\S+\s*\n)+)", text, re.MULTILINE)
            if block:
                found = set(re.findall(r"-\s*(\S+)", block.group(1)))
            for model_id in re.findall(r"model_id:\s*\"?([^\"\s]+)\"?", text):
                tasks[model_id.lower()] = found
            tasks["file:" + os.path.relpath(os.path.join(dirpath, name), root)] = found
    return tasks


def model_of(command):
    words = command.split()
    if len(words) < 3:
        return ""
    model = words[2]
    if model.startswith("-"):  # vllm serve --model X
        for i, w in enumerate(words):
            if w in ("--model", "-m") and i + 1 < len(words):
                return words[i + 1]
            if w.startswith("--model="):
                return w.split("=", 1)[1]
        return ""
    return model.strip("'\"")


def is_text_generation(model, tasks, path=""):
    known = tasks.get(model.lower()) or tasks.get("file:" + path)
    if known:
        return "text" in known
    return not NON_TEXT.search(model)


def family(model):
    name = model.rstrip("/").split("/")[-1]
    name = re.sub(r"[-_.](fp8|nvfp4|mxfp4|mxfp8|fp4|awq|gptq|int4|int8|w4a16|w8a8|bf16)([-_.].*)?$", "", name,
                  flags=re.IGNORECASE)
    return re.split(r"[-_.]?\d", name, maxsplit=1)[0] or name


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("recipes")
    ap.add_argument("--shardscope", default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build",
                                                           "ci", "shardscope"),
                    help="the shardscope binary (default: build/ci/shardscope of this checkout)")
    ap.add_argument("--list", action="store_true", help="print every unresolved command's model")
    args = ap.parse_args()

    tasks = recipe_tasks(args.recipes)
    found = find_commands(args.recipes)
    # Prose mentions ("the `vllm serve` command.", "vllm serve ...") are not commands: keep those whose
    # model argument is a repository, a path or a placeholder.
    commands = [(p, c) for p, c in found if re.match(r"^([\w.-]+/|/|\$|<|\./)", model_of(c))]
    text = [(p, c, model_of(c)) for p, c in commands if is_text_generation(model_of(c), tasks, p)]
    imported = resolved = 0
    missing = collections.defaultdict(collections.Counter)
    failures = collections.Counter()
    for path, command, model in text:
        r = subprocess.run([args.shardscope, "import", "--", command], capture_output=True, text=True)
        if r.returncode != 0:
            failures[r.stderr.strip().splitlines()[-1] if r.stderr.strip() else "exit %d" % r.returncode] += 1
            missing[family(model) or "(no model)"][model or "(no model)"] += 1
            continue
        imported += 1
        preset = json.loads(r.stdout).get("preset")
        if preset:
            resolved += 1
        else:
            missing[family(model) or "(no model)"][model] += 1

    print(f"`vllm serve` occurrences: {len(found)}, commands with a model argument: {len(commands)}")
    print(f"text-generation commands: {len(text)}")
    print(f"import: {imported} ({100.0 * imported / max(1, len(text)):.1f} %)")
    print(f"resolve to a preset: {resolved} ({100.0 * resolved / max(1, len(text)):.1f} % of text-generation commands)")
    if failures:
        print("import failures:")
        for reason, n in failures.most_common():
            print(f"  {n:4d}  {reason}")
    print("not resolved, by family (commands):")
    for fam, models in sorted(missing.items(), key=lambda kv: -sum(kv[1].values())):
        print(f"  {sum(models.values()):4d}  {fam}: " + ", ".join(m for m, _ in models.most_common(6 if not args.list else None)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
