#!/usr/bin/env python3
"""Print every long option `vllm serve` accepts, read from a vLLM source tree as text.

    tools/extract-vllm-flags.py VLLM_CHECKOUT [--commit HASH] [--note TEXT] [--cpp]

Nothing is imported or run from the tree: the files are parsed with Python's `ast` module.
Sources, as for tests/core/data/vllm_flags*.txt (docs/DESIGN.md §A.5):
  - vllm/entrypoints/openai/cli_args.py: `make_arg_parser` (the serve-only flags: --headless,
    --api-server-count, --config, ...) and the dataclass fields of `BaseFrontendArgs` and `FrontendArgs`
    (one --field-name per field; `FrontendArgs.add_cli_args` registers them through get_kwargs);
  - vllm/engine/arg_utils.py: every add_argument("--...") in `EngineArgs.add_cli_args` and
    `AsyncEngineArgs.add_cli_args`, grouped by the add_argument_group(title=...) they are added to.

Output: the text table format of tests/core/data/vllm_flags.txt ('#' comment lines, one flag per line,
in registration order), or with --cpp the body of the C++ array in core/launch/vllmflags*.cpp.
Exit status 2 with a one-line message when a file is missing or does not parse.
"""

import argparse
import ast
import os
import sys

CLI_ARGS = "vllm/entrypoints/openai/cli_args.py"
ARG_UTILS = "vllm/engine/arg_utils.py"


def fail(message):
    print("extract-vllm-flags: " + message, file=sys.stderr)
    sys.exit(2)


def parse(root, relative):
    path = os.path.join(root, relative)
    try:
        with open(path, encoding="utf-8") as f:
            return ast.parse(f.read(), filename=relative)
    except OSError as e:
        fail(f"cannot read {relative}: {e.strerror}")
    except SyntaxError as e:
        fail(f"{relative} does not parse: line {e.lineno}")


def find_class(tree, name):
    for node in ast.walk(tree):
        if isinstance(node, ast.ClassDef) and node.name == name:
            return node
    return None


def find_function(scope, name):
    for node in ast.walk(scope):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
            return node
    return None


def long_flags(call):
    """The "--name" string constants among a call's positional arguments."""
    out = []
    for a in call.args:
        if isinstance(a, ast.Constant) and isinstance(a.value, str) and a.value.startswith("--"):
            out.append(a.value)
    return out


def calls_in_order(function):
    """Every call in the function body, in source order."""
    calls = [n for n in ast.walk(function) if isinstance(n, ast.Call)]
    return sorted(calls, key=lambda c: (c.lineno, c.col_offset))


def method_name(call):
    return call.func.attr if isinstance(call.func, ast.Attribute) else None


def group_titles(function):
    """variable name -> title of `x = parser.add_argument_group(title="...")` in the function."""
    titles = {}
    for node in ast.walk(function):
        if not (isinstance(node, ast.Assign) and isinstance(node.value, ast.Call)):
            continue
        if method_name(node.value) != "add_argument_group":
            continue
        title = None
        for kw in node.value.keywords:
            if kw.arg == "title" and isinstance(kw.value, ast.Constant):
                title = kw.value.value
        if title is None and node.value.args and isinstance(node.value.args[0], ast.Constant):
            title = node.value.args[0].value
        for target in node.targets:
            if isinstance(target, ast.Name) and title:
                titles[target.id] = title
    return titles


def dataclass_fields(cls):
    """Annotated class-level fields, as get_kwargs (dataclasses.fields) sees them: not ClassVar, not _private."""
    fields = []
    for node in cls.body:
        if not (isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)):
            continue
        name = node.target.id
        annotation = ast.unparse(node.annotation)
        if name.startswith("_") or annotation.startswith("ClassVar") or "ClassVar[" in annotation:
            continue
        fields.append("--" + name.replace("_", "-"))
    return fields


def engine_sections(function, label):
    """[(section title, [flags])] for one add_cli_args, grouped by argument group."""
    titles = group_titles(function)
    sections = []
    for call in calls_in_order(function):
        if method_name(call) != "add_argument":
            continue
        flags = long_flags(call)
        if not flags:
            continue
        owner = call.func.value
        title = titles.get(owner.id) if isinstance(owner, ast.Name) else None
        section = f"Engine: {title} ({ARG_UTILS})" if title else f"Engine: {label} ({ARG_UTILS})"
        if not sections or sections[-1][0] != section:
            sections.append((section, []))
        sections[-1][1].extend(flags)
    return sections


def extract(root):
    cli = parse(root, CLI_ARGS)
    engine = parse(root, ARG_UTILS)

    sections = []
    make = find_function(cli, "make_arg_parser")
    if make is None:
        fail(f"no make_arg_parser in {CLI_ARGS}")
    serve = [f for c in calls_in_order(make) if method_name(c) == "add_argument" for f in long_flags(c)]
    sections.append((f"vllm serve only ({CLI_ARGS}: make_arg_parser); positional 'model_tag' also accepted", serve))
    for name in ("BaseFrontendArgs", "FrontendArgs"):
        cls = find_class(cli, name)
        if cls is None:
            fail(f"no class {name} in {CLI_ARGS}")
        sections.append((f"Frontend ({name} in {CLI_ARGS}; one flag per dataclass field)", dataclass_fields(cls)))

    for cls_name, label in (("EngineArgs", "top-level engine arguments"), ("AsyncEngineArgs", "top-level engine arguments")):
        cls = find_class(engine, cls_name)
        if cls is None:
            fail(f"no class {cls_name} in {ARG_UTILS}")
        function = find_function(cls, "add_cli_args")
        if function is None:
            fail(f"no {cls_name}.add_cli_args in {ARG_UTILS}")
        for title, flags in engine_sections(function, label):
            if sections and sections[-1][0] == title:
                sections[-1][1].extend(flags)
            else:
                sections.append((title, flags))

    # A flag registered twice (a field re-added by hand) is listed once, where it first appears.
    seen = set()
    result = []
    for title, flags in sections:
        kept = [f for f in flags if not (f in seen or seen.add(f))]
        if kept:
            result.append((title, kept))
    return result


def main():
    parser = argparse.ArgumentParser(description="Print the long options `vllm serve` accepts.")
    parser.add_argument("checkout", help="a vLLM source tree (the folder holding vllm/)")
    parser.add_argument("--commit", default="", help="the commit the tree is at, for the header")
    parser.add_argument("--note", default="", help="more header text (date, release)")
    parser.add_argument("--cpp", action="store_true", help="print the C++ array body instead")
    args = parser.parse_args()

    sections = extract(args.checkout)
    total = sum(len(flags) for _, flags in sections)
    if args.cpp:
        for _, flags in sections:
            for f in flags:
                print(f'    "{f}",')
        return
    where = f"vllm-project/vllm @ {args.commit}" if args.commit else "a vLLM source tree"
    print(f"# {where}{' (' + args.note + ')' if args.note else ''}. Lines starting with '#' are comments; "
          "every other line is one long option accepted by 'vllm serve'.")
    print(f"# Sources: {ARG_UTILS} (EngineArgs.add_cli_args, AsyncEngineArgs.add_cli_args), {CLI_ARGS} "
          "(make_arg_parser, BaseFrontendArgs, FrontendArgs); defaults live in vllm/config/*.py.")
    print(f"# Extracted by tools/extract-vllm-flags.py: {total} long options.")
    for title, flags in sections:
        print(f"# --- {title} ---")
        for f in flags:
            print(f)


if __name__ == "__main__":
    main()
