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
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The C++ types today's Chromium maps these mojom types to (the typemaps of mojo/public/cpp/base and
# ui/gfx/geometry/mojom), with the headers libchrome has for them. The snapshot carries the traits headers but
# not the BUILD.gn files that declare the typemaps.
TYPEMAPS = [
    ("mojo/public/cpp/base/values_mojom_traits.h", ["base/values.h"], [
        ("mojo_base.mojom.Value", "::base::Value", {"move_only": True}),
        ("mojo_base.mojom.DictionaryValue", "::base::Value::Dict", {"move_only": True}),
        ("mojo_base.mojom.ListValue", "::base::Value::List", {"move_only": True}),
    ]),
    ("mojo/public/cpp/base/time_mojom_traits.h", ["base/time/time.h"], [
        ("mojo_base.mojom.Time", "::base::Time", {"copyable_pass_by_value": True}),
        ("mojo_base.mojom.TimeDelta", "::base::TimeDelta", {"copyable_pass_by_value": True}),
        ("mojo_base.mojom.TimeTicks", "::base::TimeTicks", {"copyable_pass_by_value": True}),
    ]),
    ("mojo/public/cpp/base/file_path_mojom_traits.h", ["base/files/file_path.h"], [
        ("mojo_base.mojom.FilePath", "::base::FilePath", {}),
    ]),
    ("mojo/public/cpp/base/string16_mojom_traits.h", [], [
        ("mojo_base.mojom.String16", "::std::u16string", {}),
    ]),
    ("mojo/public/cpp/base/unguessable_token_mojom_traits.h", ["base/unguessable_token.h"], [
        ("mojo_base.mojom.UnguessableToken", "::base::UnguessableToken", {}),
    ]),
    ("mojo/public/cpp/base/file_mojom_traits.h", ["base/files/file.h"], [
        ("mojo_base.mojom.File", "::base::File", {"move_only": True, "nullable_is_same_type": True}),
    ]),
    ("ui/gfx/geometry/mojom/geometry_mojom_traits.h", ["ui/gfx/geometry/rect.h", "ui/gfx/geometry/rect_f.h"], [
        ("gfx.mojom.%s" % name, "::gfx::%s" % name, {})
        for name in ["Point", "PointF", "Size", "SizeF", "Rect", "RectF", "Insets", "InsetsF", "Vector2d", "Vector2dF"]
    ]),
]

# Why a header is missing, by its first folder.
MISSING_HEADER_NOTES = {
    "protos": " (Perfetto generates it from its protos at build time; base/test/task_environment.h needs it)",
}
DIAGNOSTIC = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<column>\d+): (?P<kind>fatal error|error): (?P<message>.*)$")
IMPORT = re.compile(r'^\s*import\s+"([^"]+)"\s*;', re.MULTILINE)
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)


class SetupError(Exception):
    pass


def run(command, **kwargs):
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        raise SetupError("%s failed (%d):\n%s%s" % (" ".join(command[:3]), result.returncode, result.stdout, result.stderr))
    return result


def files_under(folder, suffix):
    found = []
    for root, _, names in os.walk(folder):
        found += [os.path.join(root, name) for name in names if name.endswith(suffix)]
    return sorted(found)


def typemap_json():
    entries = {}
    for traits, public, types in TYPEMAPS:
        for mojom, cpp, flags in types:
            entries[mojom] = {
                "typename": cpp, "forward_declaration": None, "public_headers": public + [traits], "traits_headers": [],
                "copyable_pass_by_value": False, "default_constructible": True, "force_serialize": False,
                "hashable": False, "move_only": False, "non_const_ref": False, "nullable_is_same_type": False,
                "non_copyable_non_movable": False,
            }
            entries[mojom].update(flags)
    return {"c++": entries, "typescript": {}}


# GN variables libchrome's flags name, as they are on this (64-bit) machine; others are off.
GN_VARIABLES = {"$has_64_bit_pointers": "true" if sys.maxsize > 2**32 else "false"}


def write_buildflag_headers(libchrome, out):
    """The buildflag headers libchrome's BUILD.gn describes, written as its two write_buildflag_header.py do."""
    text = open(os.path.join(libchrome, "BUILD.gn")).read()
    for match in re.finditer(r'^(pa_)?buildflag_header\("[^"]+"\)\s*\{(.*?)^\}', text, re.MULTILINE | re.DOTALL):
        prefix = "PA_BUILDFLAG_INTERNAL_" if match.group(1) else "BUILDFLAG_INTERNAL_"
        body = match.group(2)
        header = re.search(r'header\s*=\s*"([^"]+)"', body)
        flags = re.search(r"flags\s*=\s*\[(.*?)\]", body, re.DOTALL)
        if not header or not flags:
            continue
        lines = ["// Written by check_drafts_compile.py from libchrome's BUILD.gn.", "#pragma once"]
        if match.group(1):
            lines.append('#include "partition_alloc/buildflag.h"')
        else:
            lines.append('#include "build/buildflag.h"')
        for name, value in re.findall(r'"(\w+)=([^"]*)"', flags.group(1)):
            value = GN_VARIABLES.get(value, value)
            # Another GN variable ($use_allocator_shim) is a build choice; off is a valid one for a syntax check.
            number = {"true": "1", "false": "0"}.get(value, "0" if value.startswith("$") else value)
            lines.append("#define %s%s() (%s)" % (prefix, name, number))
        path = os.path.join(out, header.group(1))
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write("\n".join(lines) + "\n")


def import_closure(mojoms, roots):
    """Every .mojom the given ones import, transitively, as (root, relative path); and the unresolved imports."""
    seen, missing, pending = {}, {}, list(mojoms)
    while pending:
        root, relative = pending.pop()
        if (root, relative) in seen:
            continue
        seen[(root, relative)] = True
        for imported in IMPORT.findall(open(os.path.join(root, relative)).read()):
            holder = next((r for r in roots if os.path.isfile(os.path.join(r, imported))), None)
            if holder is None:
                missing.setdefault(relative, []).append(imported)
            else:
                pending.append((holder, imported))
    return sorted(seen), missing


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


def compile_draft(path, flags):
    result = subprocess.run(["clang++"] + flags + [path], capture_output=True, text=True)
    return result.returncode, result.stderr


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--libchrome", required=True, help="a libchrome snapshot's root")
    parser.add_argument("--perfetto", required=True, help="a Perfetto checkout's root (its include/ is used)")
    parser.add_argument("--mojify", default=os.path.join(REPO, ".build/debug/mojify"))
    parser.add_argument("--tree", default=os.path.join(REPO, "Examples"), help="the tree to draft (default: Examples)")
    parser.add_argument("--work", help="work folder (default: a temporary one, removed after)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", help="also write the results here as JSON")
    args = parser.parse_args()

    libchrome = os.path.abspath(args.libchrome)
    perfetto_include = os.path.join(os.path.abspath(args.perfetto), "include")
    for path, what in [(os.path.join(libchrome, "mojo/public/tools/mojom/mojom_parser.py"), "--libchrome"),
                       (os.path.join(perfetto_include, "perfetto"), "--perfetto"), (args.mojify, "--mojify"),
                       ("/usr/include/absl", "libabsl-dev"), ("/usr/include/gmock", "libgmock-dev")]:
        if not os.path.exists(path):
            raise SetupError("%s: %s not found" % (what, path))

    work = os.path.abspath(args.work) if args.work else tempfile.mkdtemp(prefix="mojify-drafts-")
    try:
        return check(args, libchrome, perfetto_include, work)
    finally:
        if not args.work:
            shutil.rmtree(work, ignore_errors=True)


def check(args, libchrome, perfetto_include, work):
    mojom_out, drafts, gen, flags_out = (os.path.join(work, name) for name in ["mojom", "drafts", "gen", "buildflags"])
    for folder in [mojom_out, drafts, gen, flags_out]:
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

    # Parse, then generate C++ as mojom.gni does: the variant, the shared code and the message IDs.
    parser = os.path.join(libchrome, "mojo/public/tools/mojom/mojom_parser.py")
    generator = os.path.join(libchrome, "mojo/public/tools/bindings/mojom_bindings_generator.py")
    if closure:
        run([sys.executable, parser, "--input-root", mojom_out, "--input-root", libchrome, "--output-root", gen,
             "--enable-feature", "is_linux", "--mojoms"] + [os.path.join(root, relative) for root, relative in closure])
    typemap = os.path.join(work, "typemap.json")
    with open(typemap, "w") as f:
        json.dump(typemap_json(), f, indent=2)
    bytecode = os.path.join(work, "bytecode")
    os.makedirs(bytecode, exist_ok=True)
    run([sys.executable, generator, "--use_bundled_pylibs", "-o", bytecode, "precompile"])
    for root, relative in closure:
        for extra in [["--typemap", typemap], ["--generate_non_variant_code"], ["--generate_non_variant_code", "--generate_message_ids"]]:
            run([sys.executable, generator, "--use_bundled_pylibs", "-o", gen, "generate", "-d", root,
                 "-I", "%s:%s" % (mojom_out, mojom_out), "-I", "%s:%s" % (libchrome, libchrome),
                 "--bytecode_path", bytecode, "-g", "c++"] + extra + [os.path.join(root, relative)])
    write_buildflag_headers(libchrome, flags_out)
    # libchrome's third_party/perfetto forwards to Perfetto's amalgamated SDK header; Chromium's base includes
    # Perfetto's own headers under that path instead, which a link to the Perfetto checkout provides.
    overlay = os.path.join(work, "overlay")
    os.makedirs(os.path.join(overlay, "third_party"), exist_ok=True)
    link = os.path.join(overlay, "third_party", "perfetto")
    if not os.path.islink(link):
        os.symlink(os.path.dirname(perfetto_include), link)

    generated_headers = {relative + ".h" for relative in checkable}
    unavailable = {relative + ".h": next(s["reason"] for s in skipped if s["file"] == relative) for relative in ours if relative not in checkable}
    flags = ["-std=c++20", "-fsyntax-only", "-ferror-limit=0", "-Wno-everything",
             "-I", drafts, "-I", gen, "-I", os.path.join(work, "overlay"), "-I", libchrome, "-I", flags_out,
             "-I", perfetto_include, "-I", os.path.join(libchrome, "base/allocator/partition_allocator/src"),
             "-I", os.path.join(flags_out, "base/allocator/partition_allocator/src"),
             "-I", os.path.join(perfetto_include, "perfetto/base/build_configs/bazel"), "-I", os.path.abspath(args.tree)]

    # Every skeleton and mock .cc, and for every draft class implementing an interface a check that it
    # implements all of it: an abstract class compiles until something creates one.
    checks = os.path.join(work, "checks")
    shutil.rmtree(checks, ignore_errors=True)
    sources = [(os.path.relpath(path, drafts), path) for path in files_under(drafts, ".cc")]
    for header in files_under(drafts, ".h"):
        text = open(header).read()
        namespace = re.search(r"^namespace (\S+) \{", text, re.MULTILINE)
        implementations = re.findall(r"^class (\w+) : public mojom::\w+ \{", text, re.MULTILINE)
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

    to_compile = []
    for name, source in sorted(sources):
        includes = draft_includes(source, drafts)
        needs = sorted(header for header in includes if header in unavailable)
        if needs:
            skipped.append({"file": name, "reason": "needs %s, whose .mojom %s" % (needs[0], unavailable[needs[0]])})
        elif not includes & generated_headers and not any(h in includes for h in (os.path.relpath(p, drafts) for p in files_under(drafts, ".h"))):
            skipped.append({"file": name, "reason": "includes no generated .mojom.h"})
        else:
            to_compile.append((name, source))

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        outcomes = list(pool.map(lambda item: compile_draft(item[1], flags), to_compile))

    results = []
    for (name, source), (status, stderr) in zip(to_compile, outcomes):
        errors = [m.groupdict() for m in map(DIAGNOSTIC.match, stderr.splitlines()) if m]
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
    try:
        sys.exit(main())
    except SetupError as error:
        print("check_drafts_compile: %s" % error, file=sys.stderr)
        sys.exit(2)
