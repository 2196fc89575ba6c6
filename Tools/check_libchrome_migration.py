#!/usr/bin/env python3
"""Migrates libchrome's own legacy IPC with `mojify migrate --apply` and compiles what the patch touched, before and after.

libchrome (github.com/msft-mirror-aosp/platform.external.libchrome, upstream-main) still carries legacy IPC with the
tests that send and handle it (ipc/*_messages.h, ipc/ipc_sync_message_unittest.h, the messages of
ipc_fuzzing_tests.cc, sync_socket_unittest.cc, ...). This tool:

1. copies the snapshot to a work folder (the snapshot is never written), scans the copy, and takes every legacy
   message class defined under ipc/ (or the --only ones);
2. runs `mojify generate` for those classes and makes real C++ bindings of the drafted .mojom files with the
   snapshot's own bindings generator, beside the bindings of libchrome's own mojoms (the list its BUILD.gn
   generates, without typemaps, as it does);
3. runs `mojify migrate --patch` for the same classes, compiles every file the patch touches (and every .cc of the
   tree including a touched header) with `clang++ -std=c++20 -fsyntax-only` on the pristine copy, runs the same
   migrate again with --apply (which must write the same patch), and compiles them again with the drafted skeletons
   and mocks;
4. reports the errors each file gains: errors are compared by file, message and the text of their line, so that
   lines the patch moved do not count.

Two things no snapshot carries are made here, once per --env folder:
- Perfetto's generated proto headers (.pbzero.h, .gen.h) that base/ tracing includes: Perfetto's own protoc plugins
  (protozero_plugin, cppgen_plugin) are built from its sources against Debian's libprotoc and run on the protos
  Perfetto's BUILD.gn files list under protos/perfetto/{common,config,trace}, and on libchrome's
  base/tracing/protos/chrome_track_event.proto.
- ipc/ipc_test.test-mojom, which ipc/ipc_perftest_util.h needs and the snapshot drops: it is ipc/ipc_test.mojom in
  the history before its rename, read from the snapshot's git history (without history, the files needing it are
  listed as not checked).

--libchrome and --perfetto each take a checkout or a git directory (a mirror); from a git directory the commit
(libchrome: upstream-main, else HEAD; Perfetto: v49.0, else HEAD) is written out under --env.

Needs: Debian's libabsl-dev, libgtest-dev, libgmock-dev, protobuf-compiler and libprotoc-dev, and clang++.

Exit status: 0 when the patch adds no compile error, 1 when it adds some, 2 for a setup problem.

    Tools/check_libchrome_migration.py --libchrome DIR --perfetto DIR [--env DIR] [--work DIR] [--mojify BIN]
                                       [--only CLASS]... [--json FILE] [--jobs N]
"""

import argparse
import collections
import json
import os
import re
import shutil
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_drafts_compile  # noqa: E402
from libchrome_toolchain import (  # noqa: E402
    INCLUDE, SetupError, compile_file, exit_with, compile_flags, deleted_file, diagnostics, files_under, generate_bindings, import_closure,
    libchrome_defines, libchrome_own_mojoms, perfetto_protos, run, snapshot, stamp, stamped, write_typemap)

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# The test interfaces ipc/ipc_perftest_util.h includes under their later name.
RENAMED_MOJOMS = {"ipc/ipc_test.test-mojom": "ipc/ipc_test.mojom"}
PATCHED = re.compile(r"^(?:---|\+\+\+) (?:a|b)/(.+)$", re.MULTILINE)
CPP_SOURCE = (".cc", ".cpp", ".h", ".hpp")


def libchrome_bindings(libchrome, history, commit, env, notes):
    """C++ bindings of libchrome's own mojoms, generated once per snapshot under `env`: the list its BUILD.gn
    generates, and the renamed test mojoms recovered from history."""
    extra = os.path.join(env, "libchrome-extra-mojom")
    gen = os.path.join(env, "libchrome-gen")
    own = libchrome_own_mojoms(libchrome)
    recovered = {}
    for name, before in sorted(RENAMED_MOJOMS.items()):
        if os.path.isfile(os.path.join(libchrome, name)):
            continue
        text = deleted_file(history, commit, before)
        if text is None:
            notes.append("%s: not in the snapshot and no git history to recover it (%s) from; files including %s.h are not checked" % (name, before, name))
        else:
            recovered[name] = text
    key = "\n".join([libchrome, commit or "", "\n".join(own)] + sorted(recovered))
    if stamped(gen, key):
        return gen, extra, sorted(recovered)
    shutil.rmtree(extra, ignore_errors=True)
    for name, text in recovered.items():
        os.makedirs(os.path.dirname(os.path.join(extra, name)), exist_ok=True)
        with open(os.path.join(extra, name), "w") as f:
            f.write(text)
    roots = [extra, libchrome]
    closure, missing = import_closure([(libchrome, m) for m in own] + [(extra, m) for m in recovered], roots)
    if missing:
        raise SetupError("libchrome's own mojoms import files it does not have: %s" % missing)
    generate_bindings(libchrome, closure, roots, gen, os.path.join(env, "bytecode"))
    stamp(gen, key)
    return gen, extra, sorted(recovered)


def legacy_ipc(mojify, tree, only):
    """The legacy message classes to migrate (`only`, else every class with a message defined under ipc/) and the
    C++ files defining, sending or handling their messages, as the scan reads them."""
    inventory = json.loads(run([mojify, "scan", tree, "--format", "json", "--no-cache"]).stdout)
    classes = sorted(only) if only else sorted({m["messageClass"] for m in inventory["messages"]
                                                if m["location"]["file"].startswith("ipc/") and not m["messageClass"].startswith("(")})
    names = {m["name"] for m in inventory["messages"] if m["messageClass"] in classes}
    files = {m["location"]["file"] for m in inventory["messages"] if m["name"] in names}
    files |= {s["location"]["file"] for s in inventory["senders"] if s["message"] in names}
    files |= {h["location"]["file"] for m in inventory["messageMaps"] for h in m["handlers"] if h.get("message") in names}
    return classes, sorted(f for f in files if f.endswith(CPP_SOURCE))


def touched_files(patch):
    return sorted({path for path in PATCHED.findall(open(patch).read()) if path != "/dev/null"})


def includers(tree, headers):
    """The C++ files of the tree that include one of `headers` directly."""
    found = set()
    wanted = set(headers)
    for root, folders, names in os.walk(tree):
        folders[:] = sorted(f for f in folders if not f.startswith("."))
        for name in names:
            if name.endswith(CPP_SOURCE[:2]):
                path = os.path.join(root, name)
                try:
                    text = open(path, errors="replace").read()
                except OSError:
                    continue
                if wanted & set(INCLUDE.findall(text)):
                    found.add(os.path.relpath(path, tree))
    return sorted(found)


def line_text(path, line):
    try:
        with open(path, errors="replace") as f:
            for number, text in enumerate(f, 1):
                if number == line:
                    return text.strip()
    except OSError:
        pass
    return ""


def compile_units(units, flags, jobs):
    """{unit name: (errors, first missing header or None)} for (name, path) units; an error is
    (file, message, line text) with the file relative to the copy where it is in the copy."""
    def one(item):
        name, path, tree = item
        status, stderr = compile_file(path, flags, "c++" if path.endswith((".h", ".hpp")) else None)
        errors = []
        for error in diagnostics(stderr):
            file = os.path.abspath(error["file"])
            shown = os.path.relpath(file, tree) if file.startswith(tree + os.sep) else error["file"]
            errors.append({"file": shown, "line": int(error["line"]), "message": error["message"],
                           "text": line_text(file, int(error["line"])), "fatal": error["kind"] == "fatal error"})
        return name, errors
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        return dict(pool.map(one, units))


def key(error):
    return (error["file"], error["message"], error["text"])


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--libchrome", required=True, help="a libchrome checkout or git directory")
    parser.add_argument("--perfetto", required=True, help="a Perfetto checkout or git directory (v49.0)")
    parser.add_argument("--env", help="folder keeping what is prepared from the snapshots between runs (default: in --work)")
    parser.add_argument("--work", help="work folder (default: a temporary one, removed after)")
    parser.add_argument("--mojify", default=os.path.join(REPO, ".build/debug/mojify"))
    parser.add_argument("--only", action="append", help="message class to migrate (default: every class defined under ipc/)")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--json", help="also write the results here as JSON")
    args = parser.parse_args()
    for path, what in [(args.mojify, "--mojify"), ("/usr/include/absl", "libabsl-dev"), ("/usr/include/gmock", "libgmock-dev"),
                       ("/usr/include/gtest", "libgtest-dev")]:
        if not os.path.exists(path):
            raise SetupError("%s: %s not found" % (what, path))
    work = os.path.abspath(args.work) if args.work else tempfile.mkdtemp(prefix="mojify-libchrome-")
    try:
        return check(args, work)
    finally:
        if not args.work:
            shutil.rmtree(work, ignore_errors=True)


def check(args, work):
    env = os.path.abspath(args.env) if args.env else os.path.join(work, "env")
    os.makedirs(env, exist_ok=True)
    notes = []
    libchrome, history, commit = snapshot(args.libchrome, "mojo/public/tools/mojom/mojom_parser.py", ["upstream-main", "HEAD"], [], env, "libchrome")
    perfetto, _, _ = snapshot(args.perfetto, "include/perfetto", ["v49.0", "HEAD"], ["include", "protos", "src/base", "src/protozero"], env, "perfetto")
    protos, proto_notes = perfetto_protos(perfetto, libchrome, env)
    own_gen, extra, recovered = libchrome_bindings(libchrome, history, commit, env, notes)

    tree, mojom_out, drafts, gen = (os.path.join(work, name) for name in ["tree", "mojom", "drafts", "gen"])
    for folder in [tree, mojom_out, drafts, gen]:
        shutil.rmtree(folder, ignore_errors=True)
    shutil.copytree(libchrome, tree, symlinks=True, ignore=shutil.ignore_patterns(".git", ".complete"))
    classes, ipc_users = legacy_ipc(args.mojify, tree, args.only)
    only = [flag for name in classes for flag in ("--only", name)]

    # The drafted mojoms, generated from the pristine copy (after --apply the converted messages are gone), and
    # their bindings with the typemaps of today's Chromium that the drafts assume.
    run([args.mojify, "generate", tree, "--out", mojom_out, "--no-cache"] + only)
    ours = [os.path.relpath(path, mojom_out) for path in files_under(mojom_out, ".mojom")]
    roots = [mojom_out, extra, tree]
    closure, missing = import_closure([(mojom_out, relative) for relative in ours], roots)
    if missing:
        notes += ["%s imports %s, not in the snapshot: what includes its bindings is not checked" % (f, ", ".join(m)) for f, m in sorted(missing.items())]
    # Libchrome's own mojoms keep the bindings made without typemaps, as its build makes them.
    already = {os.path.relpath(path, own_gen)[:-len(".h")] for path in files_under(own_gen, ".h")}
    generate_bindings(libchrome, [(root, relative) for root, relative in closure if relative not in already], roots, gen,
                      os.path.join(env, "bytecode"), write_typemap(os.path.join(work, "typemap.json")))

    migrate = [args.mojify, "migrate", tree, "--out", drafts, "--mojo-api", "current", "--no-cache", "--force"] + only
    first = run(migrate + ["--patch", os.path.join(work, "first.patch")])
    touched = touched_files(os.path.join(work, "first.patch"))
    headers = [path for path in touched if path.endswith((".h", ".hpp"))]
    users = sorted(set(includers(tree, headers) + ipc_users) - set(touched))
    units = [path for path in touched + users if path.endswith(CPP_SOURCE)]
    # The copy, not the snapshot, is the root: after --apply its headers are the patched ones.
    flags = compile_flags(tree, perfetto, work, first=[drafts, gen, own_gen], protos=protos, defines=libchrome_defines(libchrome))
    with open(os.path.join(work, "compile_flags.txt"), "w") as f:
        f.write("\n".join(flags) + "\n")
    before = compile_units([(path, os.path.join(tree, path), tree) for path in units if os.path.isfile(os.path.join(tree, path))], flags, args.jobs)

    unchecked = []
    applied = run(migrate + ["--patch", os.path.join(work, "migrate.patch"), "--apply"])
    if open(os.path.join(work, "first.patch")).read() != open(os.path.join(work, "migrate.patch")).read():
        raise SetupError("migrate wrote another patch on a second run of the same tree")
    draft_units = []
    for name, path in check_drafts_compile.draft_sources(drafts, os.path.join(work, "checks")):
        if check_drafts_compile.is_fragment(path, drafts):
            unchecked.append({"file": "drafts/" + name, "reason": "registration lines to paste where its comments say, not a file to compile"})
        else:
            draft_units.append((name, path))
    after_units = [(path, os.path.join(tree, path), tree) for path in units if os.path.isfile(os.path.join(tree, path))]
    after = compile_units(after_units + [("drafts/" + name, path, tree) for name, path in draft_units], flags, args.jobs)

    results = []
    for name in sorted(set(before) | set(after)):
        old, new = before.get(name, []), after.get(name)
        if new is None:
            results.append({"file": name, "before": len(old), "after": None, "new": []})
            continue
        fatal = [e for e in new if e["fatal"] and e["message"].endswith("file not found")]
        if fatal and not any(e["fatal"] for e in old) and name.startswith("drafts/"):
            # A draft including what no file provides (its legacy handler is declared in a .cc) is not a compile
            # of the draft; the drafts' own tool lists it the same way.
            unchecked.append({"file": name, "reason": "%s, included from %s:%d" % (fatal[0]["message"], fatal[0]["file"], fatal[0]["line"])})
            continue
        remaining = collections.Counter(key(e) for e in old)
        gained = []
        for error in new:
            if remaining[key(error)]:
                remaining[key(error)] -= 1
            else:
                gained.append(error)
        results.append({"file": name, "before": len(old), "after": len(new), "new": gained})
    for name in sorted(set(units) - set(before) - set(after)):
        unchecked.append({"file": name, "reason": "not in the copy"})

    summary = [line for line in first.stdout.splitlines() if re.match(r"^(era|interfaces|messages|senders|handlers|remotes|patch|applied|syntax):", line)]
    new_total = sum(len(r["new"]) for r in results)
    print("libchrome %s, classes: %s" % (commit or libchrome, ", ".join(classes)))
    for line in summary + [l for l in applied.stdout.splitlines() if l.startswith("applied:")]:
        print("  " + line)
    for result in results:
        state = "deleted" if result["after"] is None else "%d -> %d errors, %d new" % (result["before"], result["after"], len(result["new"]))
        print("%s %s: %s" % ("FAIL" if result["new"] else "ok  ", result["file"], state))
        for error in result["new"]:
            print("    %s:%d: %s\n        %s" % (error["file"], error["line"], error["message"], error["text"]))
    for skip in sorted(unchecked, key=lambda s: s["file"]):
        print("not checked %s: %s" % (skip["file"], skip["reason"]))
    for note in notes + proto_notes:
        print("note: %s" % note)
    print("checked %d files: %d touched by the patch, %d more including a touched header or using the messages, %d drafts; %d new errors" % (
        len(results), len([u for u in units if u in touched]), len(users), len([r for r in results if r["file"].startswith("drafts/")]), new_total))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"libchrome": commit, "classes": classes, "recovered": recovered, "touched": touched, "users": users,
                       "results": results, "unchecked": sorted(unchecked, key=lambda s: s["file"]), "notes": notes + proto_notes,
                       "migrate": first.stdout.splitlines()}, f, indent=2, sort_keys=True)
    return 1 if new_total else 0


if __name__ == "__main__":
    exit_with(main, "check_libchrome_migration")
