"""Chromium's real Mojo toolchain from a libchrome snapshot, shared by the compile checks in Tools/.

What this holds: finding the snapshots (a checkout, or a git directory whose commit is written out), the buildflag
headers libchrome's BUILD.gn describes, Chromium's mojom parser and C++ bindings generator, Perfetto's generated
proto headers (made with Perfetto's own protoc plugins, built from its sources against Debian's libprotoc), and the
clang++ flags that compile code against all of it. Nothing of a snapshot is copied anywhere but the folders given.
"""

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys

DIAGNOSTIC = re.compile(r"^(?P<file>[^:\n]+):(?P<line>\d+):(?P<column>\d+): (?P<kind>fatal error|error): (?P<message>.*)$")
IMPORT = re.compile(r'^\s*import\s+"([^"]+)"\s*;', re.MULTILINE)
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.MULTILINE)

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

# GN variables libchrome's flags name, as they are on this (64-bit) machine; others are off.
GN_VARIABLES = {"$has_64_bit_pointers": "true" if sys.maxsize > 2**32 else "false"}

# Perfetto's protoc plugins and the few base/ sources they link (src/protozero/protoc_plugin/BUILD.gn).
PERFETTO_PLUGINS = {"protozero": "pbzero", "cppgen": "gen"}
PERFETTO_PLUGIN_SOURCES = ["src/base/string_utils.cc", "src/base/string_view.cc", "src/base/logging.cc", "src/base/crash_keys.cc"]
# The proto folders Perfetto's client library (and so Chromium's base/tracing) is built from.
PERFETTO_PROTO_FOLDERS = ["protos/perfetto/common", "protos/perfetto/config", "protos/perfetto/trace"]


class SetupError(Exception):
    pass


def exit_with(main, tool):
    """Exits with `main`'s status, or 2 after saying what is missing when the set-up fails."""
    try:
        sys.exit(main())
    except SetupError as error:
        print("%s: %s" % (tool, error), file=sys.stderr)
        sys.exit(2)


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
        lines = ["// Written by Tools/libchrome_toolchain.py from libchrome's BUILD.gn.", "#pragma once"]
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


def libchrome_defines(libchrome):
    """The defines libchrome exports to its users (libchrome_exported_cflags in its BUILD.gn)."""
    version = open(os.path.join(libchrome, "BASE_VER")).read().strip()
    return ["-DBASE_VER=%s" % version, "-DBASE_USE_PERFETTO_CLIENT_LIBRARY", "-DPERFETTO_ENABLE_LEGACY_TRACE_EVENTS=1"]


def libchrome_own_mojoms(libchrome):
    """The .mojom files libchrome's BUILD.gn generates bindings of (its mojom_bindings_gen target)."""
    text = open(os.path.join(libchrome, "BUILD.gn")).read()
    target = re.search(r'generate_mojom_bindings_gen\("mojom_bindings_gen"\)\s*\{.*?sources\s*=\s*\[(.*?)\]', text, re.DOTALL)
    if not target:
        raise SetupError("%s/BUILD.gn: no mojom_bindings_gen target" % libchrome)
    return re.findall(r'"([^"]+\.mojom)"', target.group(1))


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


def generate_bindings(libchrome, files, roots, gen, bytecode, typemap=None):
    """Parses `files` ((root, relative) pairs, an import closure) with Chromium's mojom parser and generates their
    C++ bindings into `gen` as mojom.gni does: the variant, the shared code and the message IDs. Parsing takes the
    whole closure; C++ is generated for every file of it."""
    if not files:
        return
    parser = os.path.join(libchrome, "mojo/public/tools/mojom/mojom_parser.py")
    generator = os.path.join(libchrome, "mojo/public/tools/bindings/mojom_bindings_generator.py")
    inputs = []
    for root in roots:
        inputs += ["--input-root", root]
    run([sys.executable, parser] + inputs + ["--output-root", gen, "--enable-feature", "is_linux", "--mojoms"]
        + [os.path.join(root, relative) for root, relative in files])
    if not os.path.isdir(bytecode) or not os.listdir(bytecode):
        os.makedirs(bytecode, exist_ok=True)
        run([sys.executable, generator, "--use_bundled_pylibs", "-o", bytecode, "precompile"])
    includes = []
    for root in roots:
        includes += ["-I", "%s:%s" % (root, root)]
    variant = ["--typemap", typemap] if typemap else []
    for root, relative in files:
        for extra in [variant, ["--generate_non_variant_code"], ["--generate_non_variant_code", "--generate_message_ids"]]:
            run([sys.executable, generator, "--use_bundled_pylibs", "-o", gen, "generate", "-d", root] + includes
                + ["--bytecode_path", bytecode, "-g", "c++"] + extra + [os.path.join(root, relative)])


def write_typemap(path):
    with open(path, "w") as f:
        json.dump(typemap_json(), f, indent=2)
    return path


def perfetto_overlay(work, perfetto_root, protos=None):
    """libchrome's third_party/perfetto forwards to Perfetto's amalgamated SDK header; Chromium's base includes
    Perfetto's own headers (and generated protos) under that path instead, which this overlay provides."""
    overlay = os.path.join(work, "overlay")
    holder = os.path.join(overlay, "third_party", "perfetto")
    os.makedirs(holder, exist_ok=True)
    links = {"include": os.path.join(perfetto_root, "include")}
    if protos:
        links["protos"] = os.path.join(protos, "protos")
    for name, target in links.items():
        link = os.path.join(holder, name)
        if os.path.islink(link) and os.readlink(link) != target:
            os.remove(link)
        if not os.path.lexists(link):
            os.symlink(target, link)
    return overlay


def compile_flags(libchrome, perfetto_root, work, first=(), last=(), protos=None, defines=()):
    """clang++ flags compiling against the snapshot: `first` folders before it, `last` after."""
    include = os.path.join(perfetto_root, "include")
    flags = ["-std=c++20", "-fsyntax-only", "-ferror-limit=0", "-Wno-everything"] + list(defines)
    for folder in list(first) + [perfetto_overlay(work, perfetto_root, protos), libchrome, os.path.join(work, "buildflags"),
                                 include, os.path.join(libchrome, "base/allocator/partition_allocator/src"),
                                 os.path.join(work, "buildflags", "base/allocator/partition_allocator/src"),
                                 os.path.join(include, "perfetto/base/build_configs/bazel")] + ([protos] if protos else []) + list(last):
        flags += ["-I", folder]
    write_buildflag_headers(libchrome, os.path.join(work, "buildflags"))
    return flags


def diagnostics(stderr):
    return [m.groupdict() for m in map(DIAGNOSTIC.match, stderr.splitlines()) if m]


def compile_file(path, flags, language=None):
    command = ["clang++"] + flags + (["-x", language] if language else []) + [path]
    result = subprocess.run(command, capture_output=True, text=True)
    return result.returncode, result.stderr


# Snapshots: a checkout, or a git directory (such as a mirror) whose commit is written out once.

def git(git_dir, *arguments):
    return run(["git", "--git-dir=%s" % git_dir] + list(arguments)).stdout


def git_directory(path):
    """The git directory of a checkout or of a bare repository at `path`, or None."""
    for candidate in [os.path.join(path, ".git"), path]:
        result = subprocess.run(["git", "--git-dir=%s" % candidate, "rev-parse", "--git-dir"], capture_output=True, text=True)
        if result.returncode == 0 and os.path.isdir(candidate):
            return candidate
    return None


def snapshot(path, marker, revisions, paths, env, name):
    """(root, git directory or None, commit or None) of a snapshot: `path` itself when it holds `marker`, else the
    first of `revisions` a git directory at `path` has, written out under `env` (only `paths` of it)."""
    path = os.path.abspath(path)
    if os.path.exists(os.path.join(path, marker)):
        history = git_directory(path)
        commit = None
        if history:
            result = subprocess.run(["git", "--git-dir=%s" % history, "rev-parse", "HEAD"], capture_output=True, text=True)
            commit = result.stdout.strip() or None
        return path, history, commit
    history = git_directory(path)
    if history is None:
        raise SetupError("%s: neither a %s checkout (no %s) nor a git directory" % (path, name, marker))
    for revision in revisions:
        result = subprocess.run(["git", "--git-dir=%s" % history, "rev-parse", "--verify", "-q", revision + "^{commit}"],
                                capture_output=True, text=True)
        if result.returncode == 0:
            commit = result.stdout.strip()
            break
    else:
        raise SetupError("%s: none of %s in the git directory" % (path, ", ".join(revisions)))
    root = os.path.join(env, "%s-%s" % (name, commit[:12]))
    if not os.path.exists(os.path.join(root, ".complete")):
        shutil.rmtree(root, ignore_errors=True)
        os.makedirs(root)
        archive = subprocess.Popen(["git", "--git-dir=%s" % history, "archive", commit] + list(paths), stdout=subprocess.PIPE)
        run(["tar", "-x", "-C", root], stdin=archive.stdout)
        if archive.wait() != 0:
            raise SetupError("git archive %s %s failed" % (commit, " ".join(paths)))
        open(os.path.join(root, ".complete"), "w").close()
    return root, history, commit


def deleted_file(history, commit, path):
    """The last text of `path` in the history before `commit`, where a later commit deleted or renamed it."""
    if history is None:
        return None
    result = subprocess.run(["git", "--git-dir=%s" % history, "log", "-1", "--format=%H", "--diff-filter=D", commit or "HEAD", "--", path],
                            capture_output=True, text=True)
    deleting = result.stdout.strip()
    if not deleting:
        return None
    shown = subprocess.run(["git", "--git-dir=%s" % history, "show", "%s^:%s" % (deleting, path)], capture_output=True, text=True)
    return shown.stdout if shown.returncode == 0 else None


def stamped(folder, key):
    """Whether `folder` was completed for `key`; a folder made for another key is emptied."""
    stamp = os.path.join(folder, ".stamp")
    if os.path.isfile(stamp) and open(stamp).read() == key:
        return True
    shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(folder)
    return False


def stamp(folder, key):
    with open(os.path.join(folder, ".stamp"), "w") as f:
        f.write(key)


def perfetto_protos(perfetto_root, libchrome, env):
    """Perfetto's generated proto headers (.pbzero.h, .gen.h) of its client library's protos and of libchrome's
    chrome_track_event.proto, made by Perfetto's own protoc plugins. Returns (folder, notes)."""
    protoc = shutil.which("protoc")
    if not protoc or not os.path.isdir("/usr/include/google/protobuf/compiler"):
        raise SetupError("protoc and Debian's libprotoc-dev are needed to generate Perfetto's proto headers")
    protos = []
    for folder in PERFETTO_PROTO_FOLDERS:
        for root, _, names in os.walk(os.path.join(perfetto_root, folder)):
            # Only what Perfetto's own build lists: a folder may hold stale protos its BUILD.gn no longer names.
            listed = set()
            for name in names:
                if name == "BUILD.gn" or name.endswith(".gni"):
                    listed |= set(re.findall(r'"([\w/.-]+\.proto)"', open(os.path.join(root, name)).read()))
            for name in sorted(listed):
                path = os.path.normpath(os.path.join(root, name))
                # The merged protos (perfetto_config.proto) repeat the others for other languages.
                if os.path.isfile(path) and "tools/gen_merged_protos" not in open(path).read():
                    protos.append(os.path.relpath(path, perfetto_root))
    protos = sorted(set(protos))
    chrome = "base/tracing/protos/chrome_track_event.proto"
    key = hashlib.sha256("\n".join(protos + [chrome, open(os.path.join(libchrome, chrome)).read() if os.path.isfile(os.path.join(libchrome, chrome)) else ""]).encode()).hexdigest()
    out = os.path.join(env, "perfetto-protos")
    notes = []
    if stamped(out, key):
        return out, json.load(open(os.path.join(out, ".notes")))
    plugins = os.path.join(env, "perfetto-plugins")
    os.makedirs(plugins, exist_ok=True)
    for plugin in PERFETTO_PLUGINS:
        binary = os.path.join(plugins, plugin + "_plugin")
        if not os.path.isfile(binary):
            run(["clang++", "-std=c++17", "-O1", "-I", perfetto_root, "-I", os.path.join(perfetto_root, "include"),
                 "-I", os.path.join(perfetto_root, "include/perfetto/base/build_configs/bazel"),
                 os.path.join(perfetto_root, "src/protozero/protoc_plugin/%s_plugin.cc" % plugin)]
                + [os.path.join(perfetto_root, source) for source in PERFETTO_PLUGIN_SOURCES]
                + ["-lprotoc", "-lprotobuf", "-lpthread", "-o", binary])
    for plugin, namespace in sorted(PERFETTO_PLUGINS.items()):
        binary = os.path.join(plugins, plugin + "_plugin")
        # One file at a time: Perfetto generates .gen.h only for the protos of its "cpp" targets, which are the
        # ones this plugin accepts; a proto it refuses has no .gen.h in Perfetto's build either.
        for proto in protos:
            result = subprocess.run([protoc, "--proto_path=%s" % perfetto_root, "--plugin=protoc-gen-plugin=%s" % binary,
                                     "--plugin_out=wrapper_namespace=%s:%s" % (namespace, out), proto], capture_output=True, text=True)
            if result.returncode != 0:
                notes.append("%s: no .%s.h (%s)" % (proto, namespace, result.stderr.strip().splitlines()[-1] if result.stderr.strip() else "refused"))
        if os.path.isfile(os.path.join(libchrome, chrome)):
            run([protoc, "--proto_path=%s" % perfetto_root, "--proto_path=%s" % libchrome, "--plugin=protoc-gen-plugin=%s" % binary,
                 "--plugin_out=wrapper_namespace=%s:%s" % (namespace, out), chrome])
    with open(os.path.join(out, ".notes"), "w") as f:
        json.dump(notes, f)
    stamp(out, key)
    return out, notes
