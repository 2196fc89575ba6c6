#!/usr/bin/env python3
"""Compiles what `mojify migrate` drafts against Chromium's real Mojo toolchain.

Runs `mojify generate` and `mojify migrate` on a tree, parses the generated .mojom files with Chromium's
mojom parser, generates their C++ bindings with Chromium's bindings generator, and compiles every skeleton and
mock .cc with `clang++ -std=c++20 -fsyntax-only` against the generated headers and the Mojo and base headers of a
libchrome snapshot. Nothing of the snapshot is copied anywhere but the work folder.

Needs: a libchrome snapshot (github.com/msft-mirror-aosp/platform.external.libchrome, upstream-main), Perfetto's
include/ (github.com/google/perfetto, v49.0), and Debian's libabsl-dev, libgtest-dev and libgmock-dev.

What cannot be checked is skipped and listed with the reason: a .mojom importing a file neither generated nor in
the snapshot (url/ and skia/ mojoms are not in libchrome), drafts needing such a .mojom, and skeletons whose
legacy handler header (from the scanned tree) does not compile without the rest of the tree.

Exit status: 0 when every checked draft compiled, 1 when a draft has errors, 2 for a setup problem.

    Tools/check_drafts_compile.py --libchrome DIR --perfetto DIR [--mojify BIN] [--tree Examples] [--work DIR]
"""

import argparse
import json
import os
import re
import shutil
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from libchrome_toolchain import (  # noqa: E402
    INCLUDE, SetupError, compile_file, exit_with, compile_flags, diagnostics, files_under, generate_bindings, import_closure, run,
    snapshot, write_typemap)

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# Why a header is missing, by its first folder.
MISSING_HEADER_NOTES = {
    "protos": " (Perfetto generates it from its protos at build time; base/test/task_environment.h needs it)",
}


def draft_includes(path, drafts, found=None):
    """The headers a draft includes, following the drafts' own headers."""
    found = set() if found is None else found
    for header in INCLUDE.findall(open(path).read()):
        if header in found:
            continue
        found.add(header)
        local = os.path.join(drafts, header)
        if os.path.isfile(local):
            draft_includes(local, drafts, found)
    return found


def draft_sources(drafts, checks):
    """Every skeleton and mock .cc under `drafts`, and for every draft class implementing an interface a check
    (written under `checks`) that it implements all of it: an abstract class compiles until something creates one.
    As (name, path) pairs."""
    shutil.rmtree(checks, ignore_errors=True)
    sources = [(os.path.relpath(path, drafts), path) for path in files_under(drafts, ".cc")]
    for header in files_under(drafts, ".h"):
        text = open(header).read()
        namespace = re.search(r"^namespace (\S+) \{", text, re.MULTILINE)
        # `mojom::Foo`, or `ns::mojom::Foo` from a namespace other than the module's.
        implementations = re.findall(r"^class (\w+) : public (?:\w+::)*mojom::\w+ \{", text, re.MULTILINE)
        if not namespace or not implementations:
            continue
        relative = os.path.relpath(header, drafts)
        check_file = os.path.join(checks, relative + ".cc")
        os.makedirs(os.path.dirname(check_file), exist_ok=True)
        with open(check_file, "w") as f:
            f.write('#include "%s"\n#include <type_traits>\n' % relative)
            for name in implementations:
                f.write('static_assert(!std::is_abstract_v<%s::%s>, "%s does not implement every method");\n' % (namespace.group(1), name, name))
        sources.append((relative + " (implements every method)", check_file))
    return sorted(sources)


def is_fragment(source, drafts):
    """Whether a drafted .cc includes neither generated bindings nor another draft: registration lines
    (binders/*.cc) to paste into a function, not a file to compile."""
    includes = draft_includes(source, drafts)
    return not any(header.endswith(".mojom.h") or os.path.isfile(os.path.join(drafts, header)) for header in includes)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--libchrome", required=True, help="a libchrome snapshot's root, or its git directory")
    parser.add_argument("--perfetto", required=True, help="a Perfetto checkout's root (its include/ is used), or its git directory")
    parser.add_argument("--mojify", default=os.path.join(REPO, ".build/debug/mojify"))
    parser.add_argument("--tree", default=os.path.join(REPO, "Examples"), help="the tree to draft (default: Examples)")
    parser.add_argument("--work", help="work folder (default: a temporary one, removed after)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", help="also write the results here as JSON")
    args = parser.parse_args()

    for path, what in [(args.mojify, "--mojify"), ("/usr/include/absl", "libabsl-dev"), ("/usr/include/gmock", "libgmock-dev")]:
        if not os.path.exists(path):
            raise SetupError("%s: %s not found" % (what, path))

    work = os.path.abspath(args.work) if args.work else tempfile.mkdtemp(prefix="mojify-drafts-")
    try:
        libchrome, _, _ = snapshot(args.libchrome, "mojo/public/tools/mojom/mojom_parser.py", ["upstream-main", "HEAD"], [], work, "libchrome")
        perfetto, _, _ = snapshot(args.perfetto, "include/perfetto", ["v49.0", "HEAD"], ["include"], work, "perfetto")
        return check(args, libchrome, perfetto, work)
    finally:
        if not args.work:
            shutil.rmtree(work, ignore_errors=True)


def check(args, libchrome, perfetto, work):
    mojom_out, drafts, gen = (os.path.join(work, name) for name in ["mojom", "drafts", "gen"])
    for folder in [mojom_out, drafts, gen]:
        shutil.rmtree(folder, ignore_errors=True)
    run([args.mojify, "generate", args.tree, "--out", mojom_out])
    run([args.mojify, "migrate", args.tree, "--out", drafts])

    ours = [os.path.relpath(path, mojom_out) for path in files_under(mojom_out, ".mojom")]
    skipped = []
    checkable = []
    for relative in ours:
        closure, missing = import_closure([(mojom_out, relative)], [mojom_out, libchrome])
        if missing:
            lacking = sorted({m for values in missing.values() for m in values})
            skipped.append({"file": relative, "reason": "imports %s, not in the snapshot" % ", ".join(lacking)})
        else:
            checkable.append(relative)
    # Generated code always includes the bindings' own native_struct.mojom.
    closure, _ = import_closure([(mojom_out, relative) for relative in checkable]
                                + [(libchrome, "mojo/public/interfaces/bindings/native_struct.mojom")], [mojom_out, libchrome])
    generate_bindings(libchrome, closure, [mojom_out, libchrome], gen, os.path.join(work, "bytecode"),
                      write_typemap(os.path.join(work, "typemap.json")))

    unavailable = {relative + ".h": next(s["reason"] for s in skipped if s["file"] == relative) for relative in ours if relative not in checkable}
    flags = compile_flags(libchrome, perfetto, work, first=[drafts, gen], last=[os.path.abspath(args.tree)])
    checks = os.path.join(work, "checks")
    sources = draft_sources(drafts, checks)

    to_compile = []
    for name, source in sources:
        includes = draft_includes(source, drafts)
        needs = sorted(header for header in includes if header in unavailable)
        if needs:
            skipped.append({"file": name, "reason": "needs %s, whose .mojom %s" % (needs[0], unavailable[needs[0]])})
        elif is_fragment(source, drafts):
            skipped.append({"file": name, "reason": "includes no generated .mojom.h"})
        else:
            to_compile.append((name, source))

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        outcomes = list(pool.map(lambda item: compile_file(item[1], flags), to_compile))

    results = []
    for (name, source), (status, stderr) in zip(to_compile, outcomes):
        errors = diagnostics(stderr)
        missing = [e for e in errors if e["kind"] == "fatal error" and e["message"].endswith("file not found")]
        own = [e for e in errors if e not in missing and os.path.abspath(e["file"]).startswith((drafts + os.sep, checks + os.sep))]
        if missing and not own:
            # A header this machine cannot provide stopped the compile before the draft was read in full.
            first = missing[0]
            skipped.append({"file": name, "reason": "%s, included from %s:%s%s" % (
                first["message"], os.path.relpath(first["file"], drafts) if first["file"].startswith(drafts) else first["file"],
                first["line"], MISSING_HEADER_NOTES.get(first["message"].split("'")[1].split("/")[0], ""))})
            continue
        results.append({"file": name, "status": status, "errors": [
            {"file": os.path.relpath(e["file"], drafts) if e["file"].startswith(drafts) else e["file"], "line": int(e["line"]), "message": e["message"]}
            for e in errors]})

    failed = [r for r in results if r["status"] != 0]
    for result in results:
        print("%s %s" % ("FAIL" if result["status"] else "ok  ", result["file"]))
        for error in result["errors"]:
            print("    %s:%d: %s" % (error["file"], error["line"], error["message"]))
    for skip in sorted(skipped, key=lambda s: s["file"]):
        print("skip %s: %s" % (skip["file"], skip["reason"]))
    print("checked %d draft%s: %d compiled, %d with %d errors; %d skipped" % (
        len(results), "" if len(results) == 1 else "s", len(results) - len(failed), len(failed),
        sum(len(r["errors"]) for r in results), len(skipped)))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"checked": results, "skipped": sorted(skipped, key=lambda s: s["file"])}, f, indent=2, sort_keys=True)
    return 1 if failed else 0


if __name__ == "__main__":
    exit_with(main, "check_drafts_compile")
