#!/usr/bin/env python3
"""Applies `mojify migrate` to a copy of a tree and measures what the applied patch leaves behind.

The tree given is never written. This tool:

1. copies the tree to a work folder (without .git) and scans the copy (`mojify scan --format json`: "before");
2. runs `mojify migrate COPY --only CLASS... --out DRAFTS --patch FILE --check --apply` with the extra arguments
   given after the known ones (`--mojo-api legacy --registry manifest`, ...); --include-dir and --exclude go to the
   scans too. Migrate's whole summary is printed. When migrate refuses to apply (the patch adds errors, exit 1),
   the written patch is applied to the copy with `git apply`, so that the rest is still measured, and that is said;
3. scans the copy again ("after") and counts, for the messages of the selected classes (or messages; every class
   of the tree without --only), messages defined only under `#if 0` left out as migrate leaves them out, each
   message counted once however many definitions it has (migrate counts definitions; both are printed):
   - selected, converted whole (no definition left and no sender, handler entry or reference either), left whole
     (definitions, senders, handler entries and references as many as before), and sites all rewritten with the
     definition kept;
   - half converted (want 0): no definition left while a sender, handler entry or reference remains, or the
     definition kept (or some of several removed) while the number of its senders, handler entries or references
     changed and not all of them are gone;
   - lines naming removed definitions (want 0): lines of the copy's C++ (.h .cc .mm ...) and GN/GYP (.gn .gni .gyp
     .gypi) files that name a message whose definition is gone as a whole word, comments and strings included
     (those are marked), but for strings of a file and message that migrate listed under `mentions` (it leaves
     strings as they are), which are counted apart;
   - files the patch deleted, and references to them (want 0): `#include`/`#import` lines of C++ files (message
     generators among them) resolving to a deleted file (from the including file's folder, the root or an
     --include-dir), and lines of GN/GYP files naming one (`//path`, a path from the file's folder or the root, or
     the path as includes write it);
   - #includes of messages headers the patch removed, and files that lost an include they need (want 0): a file
     whose `#include` of a messages header (a header with messages, IPC structs or traits in the before scan,
     `*_messages.h`, a message generator) the patch removed, which after the patch no longer reaches that header
     through its other includes, and whose code (comments and strings left out) still names a message, IPC struct
     or C++ enum/struct that the header, or a messages header it includes, defines. Apart, not counted: names of
     types the removed header gave traits for, defined in a header the file reached through it before and no
     longer reaches (worth a look: its own include may be due);
   - parse errors the patch adds (want 0, migrate's `syntax:` line), the include-aware check's counted new errors
     (want 0), its unconfirmed errors and the headers it could not see (migrate's `types:` lines).
4. prints a table and, with --report, writes everything as JSON.

Exit status: 0 when every want-0 count is 0, 1 when one is not, 2 for a setup problem (migrate failing with 2).

    Tools/check_applied_patch.py TREE [--only CLASS|MESSAGE ...] [--include-dir DIR]... [--exclude GLOB]...
                                 [--work DIR] [--mojify BIN] [--report FILE] [MIGRATE ARGUMENTS...]
"""

import argparse
import bisect
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from libchrome_toolchain import SetupError, exit_with  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
CPP = (".h", ".hh", ".hpp", ".hxx", ".inc", ".c", ".cc", ".cpp", ".cxx", ".m", ".mm")
BUILD = (".gn", ".gni", ".gyp", ".gypi")
INCLUDE_LINE = re.compile(r'^[ \t]*#[ \t]*(?:include|import)[ \t]*([<"])([^">\n]+)[">]', re.MULTILINE)
QUOTED = re.compile(r'"([^"\n]*)"|\'([^\'\n]*)\'')
GENERATOR = re.compile(r"(message_generator|messages_generator|all_messages)[^/]*\.h$")
SHOWN = 20


def is_word(character):
    return character == "_" or character.isalnum()


class WordFinder:
    """Finds whole-word uses of a set of names quickly: each name is looked for through one literal key (`Msg_`
    for the usual message names, else the name itself) with str.find, then widened to its word."""

    def __init__(self, names):
        self.names = set(names)
        self.keys = sorted({"Msg_" if "Msg_" in name else name for name in self.names})

    def find(self, text):
        """(offset, name) of every whole-word use, in order."""
        found = {}
        for key in self.keys:
            at = text.find(key)
            while at >= 0:
                start, end = at, at + len(key)
                while start > 0 and is_word(text[start - 1]):
                    start -= 1
                while end < len(text) and is_word(text[end]):
                    end += 1
                if text[start:end] in self.names:
                    found[start] = text[start:end]
                at = text.find(key, at + 1)
        return sorted(found.items())


def code_only(text, blank_comments=True):
    """`text` with C++ comments (unless `blank_comments` is false) and string and character literals blanked (new lines
    kept), so that positions and line numbers stay those of `text`."""
    out = list(text)
    i, n = 0, len(text)

    def blank(start, end):
        for k in range(start, min(end, n)):
            if out[k] != "\n":
                out[k] = " "

    while i < n:
        c = text[i]
        if c == "/" and text.startswith("//", i):
            end = i
            while True:
                end = text.find("\n", end)
                if end < 0:
                    end = n
                    break
                if end > 0 and text[end - 1] == "\\":
                    end += 1
                    continue
                break
            if blank_comments:
                blank(i, end)
            i = end
        elif c == "/" and text.startswith("/*", i):
            end = text.find("*/", i + 2)
            end = n if end < 0 else end + 2
            if blank_comments:
                blank(i, end)
            i = end
        elif c == "R" and text.startswith('R"', i) and (i == 0 or not is_word(text[i - 1]) or text[i - 1] in "uLU8"):
            open_paren = text.find("(", i + 2)
            delimiter = text[i + 2:open_paren] if open_paren >= 0 else None
            if delimiter is None or len(delimiter) > 16 or any(ch in delimiter for ch in ' \\\n)"'):
                i += 1
                continue
            end = text.find(")" + delimiter + '"', open_paren)
            end = n if end < 0 else end + len(delimiter) + 2
            blank(i, end)
            i = end
        elif c in "\"'":
            if c == "'" and i > 0 and text[i - 1].isdigit():
                i += 1  # a digit separator (1'000)
                continue
            end = i + 1
            while end < n and text[end] != c and text[end] != "\n":
                end += 2 if text[end] == "\\" else 1
            blank(i, end + 1)
            i = end + 1
        else:
            i += 1
    return "".join(out)


class Lines:
    """Line numbers and texts of a file's offsets."""

    def __init__(self, text):
        self.text = text
        self.starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def number(self, offset):
        return bisect.bisect_right(self.starts, offset)

    def line(self, number):
        start = self.starts[number - 1]
        end = self.text.find("\n", start)
        return self.text[start:end if end >= 0 else len(self.text)]


def read(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return None


def tree_files(root):
    """Every regular file under `root` (links to files included, links to folders not entered), relative, sorted."""
    found = []
    for folder, folders, names in os.walk(root):
        folders[:] = sorted(f for f in folders if f != ".git")
        for name in sorted(names):
            path = os.path.join(folder, name)
            if os.path.isfile(path):
                found.append(os.path.relpath(path, root).replace(os.sep, "/"))
    return found


class Side:
    """One state of the tree (the pristine one or the patched copy): which files exist, the includes of each, and
    where they resolve."""

    def __init__(self, root, include_dirs):
        self.root = root
        self.include_dirs = include_dirs
        self.exists = {}
        self.includes = {}

    def isfile(self, relative):
        if relative not in self.exists:
            self.exists[relative] = os.path.isfile(os.path.join(self.root, relative))
        return self.exists[relative]

    def candidates(self, includer, spelled, quoted=True):
        """Where `#include "spelled"` in `includer` may land, in the compiler's order: the includer's folder (for
        quotes), the root, then each --include-dir."""
        folders = ([os.path.dirname(includer)] if quoted else []) + [""] + self.include_dirs
        seen = []
        for folder in folders:
            path = os.path.normpath(os.path.join(folder, spelled)).replace(os.sep, "/")
            if not path.startswith("../") and path not in seen:
                seen.append(path)
        return seen

    def resolve(self, includer, spelled, quoted=True, also=()):
        """The tree file the include lands on (or one of `also`, files deemed to exist), else None."""
        for path in self.candidates(includer, spelled, quoted):
            if path in also or self.isfile(path):
                return path
        return None

    def included(self, relative):
        if relative not in self.includes:
            text = read(os.path.join(self.root, relative)) or ""
            found = []
            for match in INCLUDE_LINE.finditer(text):
                target = self.resolve(relative, match.group(2).strip(), match.group(1) == '"')
                if target:
                    found.append(target)
            self.includes[relative] = found
        return self.includes[relative]

    def closure(self, start, limit=20000):
        """Every tree file `start` reaches through includes (itself included)."""
        seen = {start}
        queue = [start]
        while queue and len(seen) < limit:
            for target in self.included(queue.pop()):
                if target not in seen:
                    seen.add(target)
                    queue.append(target)
        return seen


def parse_patch(text):
    """{file: {"deleted": bool, "removed": [lines], "added": [lines]}} of a unified diff, hunks read by their
    counts so that content lines starting with --- or +++ are not taken for headers."""
    files = {}
    lines = text.split("\n")
    i = 0
    current = None
    while i < len(lines):
        line = lines[i]
        if line.startswith("--- ") and i + 1 < len(lines) and lines[i + 1].startswith("+++ "):
            old, new = line[4:].split("\t")[0], lines[i + 1][4:].split("\t")[0]
            name = old[2:] if old.startswith("a/") else new[2:] if new.startswith("b/") else None
            current = files.setdefault(name, {"deleted": new == "/dev/null", "removed": [], "added": []})
            i += 2
            continue
        hunk = re.match(r"^@@ -\d+(?:,(\d+))? \+\d+(?:,(\d+))? @@", line)
        if hunk and current is not None:
            old_left = 1 if hunk.group(1) is None else int(hunk.group(1))
            new_left = 1 if hunk.group(2) is None else int(hunk.group(2))
            i += 1
            while i < len(lines) and (old_left > 0 or new_left > 0):
                body = lines[i]
                if body.startswith("\\"):
                    i += 1
                    continue
                if body.startswith("-"):
                    current["removed"].append(body[1:])
                    old_left -= 1
                elif body.startswith("+"):
                    current["added"].append(body[1:])
                    new_left -= 1
                else:
                    old_left -= 1
                    new_left -= 1
                i += 1
            continue
        i += 1
    return files


def include_of(line):
    match = INCLUDE_LINE.match(line)
    return (match.group(2).strip(), match.group(1) == '"') if match else None


def _merged(message_map, handler):
    """A handler's conditions with its map's: an entry of a map under `#if 0` is disabled too."""
    return {"stack": message_map["conditions"]["stack"] + handler["conditions"]["stack"],
            "disabled": message_map["conditions"]["disabled"] or handler["conditions"]["disabled"]}


class Inventory:
    """What a scan says about the selected messages and the headers defining IPC."""

    def __init__(self, data):
        self.data = data
        self.definitions = collections.defaultdict(list)
        for message in data.get("messages", []):
            self.definitions[message["name"]].append(message)
        self.sites = collections.defaultdict(lambda: {"senders": [], "handlers": [], "references": []})
        for sender in data.get("senders", []):
            self.sites[sender["message"]]["senders"].append(sender)
        for message_map in data.get("messageMaps", []):
            for handler in message_map.get("handlers", []):
                if handler.get("message"):
                    self.sites[handler["message"]]["handlers"].append(dict(handler, conditions=_merged(message_map, handler)))
        for reference in data.get("references", []) or []:
            self.sites[reference["message"]]["references"].append(reference)

    def counts(self, name):
        sites = self.sites.get(name, {"senders": [], "handlers": [], "references": []})
        return {"definitions": len(self.definitions.get(name, [])), "senders": len(sites["senders"]),
                "handlers": len(sites["handlers"]), "references": len(sites["references"])}

    def ipc_headers(self):
        """Files holding messages, IPC structs or traits."""
        found = set()
        for key in ["messages", "structs", "structTraits", "enumTraits"]:
            found |= {item["location"]["file"] for item in self.data.get(key, []) or [] if "patch" not in item}
        return found

    def names_in(self, files):
        """{name: (kind, file)} of the messages, IPC structs and C++ types defined in `files`."""
        names = {}
        for message in self.data.get("messages", []):
            if message["location"]["file"] in files:
                names[message["name"]] = ("message", message["location"]["file"])
        for struct in self.data.get("structs", []):
            if struct["location"]["file"] in files:
                names[struct["name"]] = ("IPC struct", struct["location"]["file"])
        for definition in self.data.get("typeDefinitions", []):
            if definition["location"]["file"] in files:
                names[definition["name"].split("::")[-1]] = (definition["kind"], definition["location"]["file"])
        return names

    def traits_types(self, files):
        """{short name: defining file} of the types the traits in `files` name, where the tree defines them."""
        defined = {d["name"]: d["location"]["file"] for d in self.data.get("typeDefinitions", [])}
        found = {}
        for key in ["structTraits", "enumTraits"]:
            for traits in self.data.get(key, []) or []:
                if traits["location"]["file"] in files:
                    name = traits["type"].lstrip(":")
                    file = defined.get(name) or next((f for n, f in defined.items() if n.split("::")[-1] == name.split("::")[-1]), None)
                    if file:
                        found[name.split("::")[-1]] = file
        return found


def scan(mojify, tree, options, out):
    result = subprocess.run([mojify, "scan", tree, "--format", "json", "--no-cache", "-o", out] + options,
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise SetupError("mojify scan %s failed (%d):\n%s" % (tree, result.returncode, result.stderr))
    with open(out) as f:
        return json.load(f)


def selected_messages(before, only):
    """The names of the selected messages, as migrate selects them: the classes or messages of `only` (every
    class without it), but messages defined only under `#if 0`, which migrate does not see; and those left out."""
    wanted = set(only)
    chosen = [m for m in before.data["messages"] if (m["messageClass"] in wanted or m["name"] in wanted if only else m["messageClass"])]
    live = {m["name"] for m in chosen if not m["conditions"]["disabled"]}
    return sorted(live), sorted({m["name"] for m in chosen} - live)


def classify(names, before, after):
    rows = {"converted": [], "left": [], "emptied": [], "half": []}
    for name in names:
        old, new = before.counts(name), after.counts(name)
        sites_after = new["senders"] + new["handlers"] + new["references"]
        if new["definitions"] == 0:
            rows["half" if sites_after else "converted"].append(name)
        elif new == old:
            rows["left"].append(name)
        elif sites_after == 0 and new["definitions"] == old["definitions"]:
            rows["emptied"].append(name)
        else:
            rows["half"].append(name)
    return rows


def half_details(names, before, after):
    details = []
    for name in names:
        sites = after.sites.get(name, {"senders": [], "handlers": [], "references": []})
        details.append({"message": name, "before": before.counts(name), "after": after.counts(name),
                        "definitions": ["%s:%d" % (d["location"]["file"], d["location"]["line"]) for d in after.definitions.get(name, [])],
                        "sites": ["%s %s:%d%s" % (kind[:-1], s["location"]["file"], s["location"]["line"], " (#if 0)" if s["conditions"]["disabled"] else "")
                                  for kind in ["senders", "handlers", "references"] for s in sites[kind]]})
    return details


def deleted_forms(path, include_dirs):
    """The spellings of a deleted tree file that other files may use: its path from the root and from each
    --include-dir holding it."""
    forms = {path}
    for folder in include_dirs:
        if folder and path.startswith(folder.rstrip("/") + "/"):
            forms.add(path[len(folder.rstrip("/")) + 1:])
    return forms


def bounded(line, form):
    """Whether `form` is in `line` as a whole path (not the tail of a longer one)."""
    at = line.find(form)
    while at >= 0:
        before = line[at - 1] if at > 0 else " "
        after = line[at + len(form)] if at + len(form) < len(line) else " "
        if before in " \t\"'<:(,[=" and after in " \t\"'>),]":
            return True
        at = line.find(form, at + 1)
    return False


def measure_tree_text(copy, files, converted, deleted, side_after, include_dirs):
    """One pass over the copy: lines naming converted messages, and references to deleted files."""
    finder = WordFinder(converted) if converted else None
    forms = {path: deleted_forms(path, include_dirs) for path in deleted}
    basenames = {os.path.basename(path) for path in deleted}
    naming, references = [], []
    for relative in files:
        is_cpp, is_build = relative.endswith(CPP), relative.endswith(BUILD)
        if not (is_cpp or is_build):
            continue
        text = read(os.path.join(copy, relative))
        if text is None:
            continue
        lines = None
        if finder:
            hits = finder.find(text)
            if hits:
                lines = Lines(text)
                code = code_only(text) if is_cpp else None
                with_comments = code_only(text, blank_comments=False) if is_cpp else None
                seen = set()
                for offset, name in hits:
                    number = lines.number(offset)
                    in_code = code is None or code[offset:offset + len(name)] == name
                    in_string = with_comments is not None and with_comments[offset:offset + len(name)] != name
                    if (number, name, in_code, in_string) in seen:
                        continue
                    seen.add((number, name, in_code, in_string))
                    naming.append({"file": relative, "line": number, "message": name, "commentOrString": not in_code,
                                   "inString": in_string, "text": lines.line(number).strip()})
        if deleted and any(b in text for b in basenames):
            lines = lines or Lines(text)
            for number in range(1, len(lines.starts) + 1):
                line = lines.line(number)
                if not any(b in line for b in basenames):
                    continue
                hit = None
                if is_cpp:
                    include = include_of(line)
                    if include:
                        target = side_after.resolve(relative, include[0], include[1], also=deleted)
                        if target in deleted:
                            hit = target
                        elif target is None:
                            hit = next((p for p in sorted(deleted) if any(bounded(line, f) for f in forms[p])), None)
                else:
                    for match in QUOTED.finditer(line):
                        value = match.group(1) if match.group(1) is not None else match.group(2)
                        value = value.replace("<(DEPTH)/", "//")
                        spelled = [value[2:]] if value.startswith("//") else [
                            os.path.normpath(os.path.join(os.path.dirname(relative), value)).replace(os.sep, "/"), value]
                        target = next((p for p in spelled if p in deleted), None)
                        if target is None:
                            target = next((p for p in sorted(deleted) if any(bounded(line, f) for f in forms[p])), None)
                        if target:
                            hit = target
                            break
                if hit:
                    references.append({"file": relative, "line": number, "deleted": hit, "text": line.strip(),
                                       "generator": bool(GENERATOR.search(relative))})
    return naming, references


def lost_includes(patch, before, after, side_before, side_after, deleted):
    """Files whose removed `#include` of a messages header took away names they still use."""
    ipc_headers = before.ipc_headers()

    def messages_header(path, spelled):
        return path in ipc_headers or spelled.endswith("_messages.h") or bool(GENERATOR.search(spelled))

    found, traits_found, unresolved, checked = [], [], [], []
    for file, change in sorted(patch.items()):
        if change["deleted"] or file is None or not file.endswith(CPP):
            continue
        added = {include_of(line) for line in change["added"]} - {None}
        removed = [inc for inc in (include_of(line) for line in change["removed"]) if inc and inc not in added]
        if not removed:
            continue
        text = read(os.path.join(side_after.root, file)) or ""
        code = code_only(text)
        lines = Lines(text)
        reach_after = side_after.closure(file)
        reach_before = side_before.closure(file)
        for spelled, quoted in removed:
            header = side_before.resolve(file, spelled, quoted)
            if header is None:
                if spelled.endswith("_messages.h") or GENERATOR.search(spelled):
                    unresolved.append({"file": file, "include": spelled})
                continue
            if not messages_header(header, spelled):
                continue
            checked.append({"file": file, "include": spelled, "header": header, "stillReached": header in reach_after})
            if header in reach_after:
                continue
            through = side_before.closure(header)
            defining = {f for f in through if messages_header(f, f)}
            names = after.names_in(defining - deleted)
            if header in deleted:
                names.update({n: v for n, v in before.names_in({header}).items() if v[0] != "message"})
            names = {n: v for n, v in names.items() if v[1] not in reach_after}
            for offset, name in WordFinder(names).find(code) if names else []:
                number = lines.number(offset)
                found.append({"file": file, "line": number, "include": spelled, "header": header, "name": name,
                              "kind": names[name][0], "definedIn": names[name][1], "text": lines.line(number).strip()})
            traits = {n: f for n, f in before.traits_types(defining).items()
                      if f in reach_before and f not in reach_after and n not in names}
            for offset, name in WordFinder(traits).find(code) if traits else []:
                number = lines.number(offset)
                traits_found.append({"file": file, "line": number, "include": spelled, "header": header, "name": name,
                                     "definedIn": traits[name], "text": lines.line(number).strip()})
    return dedupe(found), dedupe(traits_found), unresolved, checked


def dedupe(items):
    seen, kept = set(), []
    for item in items:
        key = (item["file"], item["line"], item["name"])
        if key not in seen:
            seen.add(key)
            kept.append(item)
    return kept


def number_in(pattern, text, default=None):
    match = re.search(pattern, text, re.MULTILINE)
    return int(match.group(1)) if match else default


def listed_after(lines, header):
    """The indented lines following the summary line starting with `header`."""
    for i, line in enumerate(lines):
        if line.startswith(header):
            listed = []
            for following in lines[i + 1:]:
                if not following.startswith("  "):
                    break
                listed.append(following.strip())
            return listed
    return []


def read_summary(stdout):
    """The counts of migrate's summary: its own message counts, the syntax check and the include-aware check."""
    lines = stdout.splitlines()
    types_checked = any(l.startswith("types: ") and not l.startswith("types: not checked") for l in lines)
    summary = {
        "convertedPerMigrate": number_in(r"^messages: (\d+) converted whole", stdout),
        # Strings naming converted messages, which migrate lists under `mentions` and leaves as they are.
        "mentionedStrings": sorted(set(re.findall(r"^  ([^:\n]+):\d+:\d+ (\S+): a string names it", stdout, re.M))),
        "listedPerMigrate": number_in(r"^messages: \d+ converted whole, (\d+) listed", stdout),
        "definitionsRemovedPerMigrate": number_in(r"^definitions: (\d+) removed", stdout),
        "syntaxNew": number_in(r"^syntax: the patch adds (\d+) parse error", stdout, 0 if re.search(r"^syntax: .*no new errors", stdout, re.M) else None),
        "typesChecked": types_checked,
        "typesNew": number_in(r"^types: the patch adds (\d+) error", stdout, 0 if types_checked else None),
        "typesNewListed": listed_after(lines, "types: the patch adds "),
        "typesUnconfirmed": number_in(r"^types: (\d+) new errors? on rewritten lines not counted", stdout, 0 if types_checked else None),
        "typesUnconfirmedListed": listed_after(lines, "types: %s new error" % number_in(r"^types: (\d+) new errors? on rewritten", stdout, -1)),
        "typesOtherDifferences": number_in(r"^types: (\d+) other differences? not counted", stdout, 0 if types_checked else None),
        "unseenHeaders": number_in(r"^types: could not see (\d+) included header", stdout, 0 if types_checked else None),
        "unseenGenerated": number_in(r"^types: could not see .*?(\d+) the build generates", stdout, 0 if types_checked else None),
        "unseenAbsent": number_in(r"^types: could not see .*?(\d+) in neither the tree", stdout, 0 if types_checked else None),
        "unseenLine": next((l for l in lines if l.startswith("types: could not see ")), None),
        "draftsLine": next((l for l in lines if l.startswith("types: drafts: ")), None),
        "declarationErrors": number_in(r"^types: (\d+) errors? in the declared bindings", stdout, 0 if types_checked else None),
        "applied": any(l.startswith("applied: ") and not l.startswith("applied: nothing") for l in lines),
    }
    return summary


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                     epilog="Arguments it does not know go to `mojify migrate` (e.g. --mojo-api legacy --registry manifest).")
    parser.add_argument("tree", help="the tree to measure (never written: a copy is migrated)")
    parser.add_argument("--only", nargs="+", action="extend", default=[], help="message classes or messages to convert (default: every class)")
    parser.add_argument("--include-dir", action="append", default=[], help="passed to the scans and to migrate; also used to resolve includes")
    parser.add_argument("--exclude", action="append", default=[], help="passed to the scans and to migrate")
    parser.add_argument("--work", help="work folder, kept (default: a temporary one, removed after)")
    parser.add_argument("--mojify", default=os.path.join(REPO, ".build/release/mojify"))
    parser.add_argument("--report", help="write the measurement here as JSON")
    args, extra = parser.parse_known_args()
    tree = os.path.abspath(args.tree)
    if not os.path.isdir(tree):
        raise SetupError("%s is not a folder" % args.tree)
    if not os.access(args.mojify, os.X_OK):
        raise SetupError("--mojify: %s is not an executable" % args.mojify)
    work = os.path.abspath(args.work) if args.work else tempfile.mkdtemp(prefix="mojify-applied-")
    if work == tree or work.startswith(tree + os.sep):
        raise SetupError("--work must be outside the tree")
    try:
        return measure(args, extra, tree, work)
    finally:
        if not args.work:
            shutil.rmtree(work, ignore_errors=True)


def measure(args, extra, tree, work):
    copy, drafts, patch_path = (os.path.join(work, name) for name in ["tree", "drafts", "migrate.patch"])
    for folder in [copy, drafts]:
        shutil.rmtree(folder, ignore_errors=True)
    os.makedirs(work, exist_ok=True)
    shutil.copytree(tree, copy, symlinks=True, ignore=shutil.ignore_patterns(".git"))

    include_dirs = []
    for folder in args.include_dir:
        absolute = os.path.abspath(os.path.join(tree, folder))
        if absolute == tree or absolute.startswith(tree + os.sep):
            include_dirs.append(os.path.relpath(absolute, tree).replace(os.sep, "/"))
        else:
            raise SetupError("--include-dir %s is outside the tree; only folders of the tree are followed" % folder)
    scan_options = [o for d in include_dirs for o in ("--include-dir", d)] + [o for g in args.exclude for o in ("--exclude", g)]

    before = Inventory(scan(args.mojify, copy, scan_options, os.path.join(work, "before.json")))
    names, disabled = selected_messages(before, args.only)
    only = ["--only"] + args.only if args.only else []
    migrate = [args.mojify, "migrate", copy, "--out", drafts, "--patch", patch_path, "--check", "--apply", "--no-cache"] + only + scan_options + extra
    result = subprocess.run(migrate, capture_output=True, text=True)
    shown = ["mojify" if part == args.mojify else "TREE" if part == copy else "DRAFTS" if part == drafts else "PATCH" if part == patch_path else part
             for part in migrate]
    print("$ " + " ".join(shown))
    print(result.stdout, end="")
    if result.stderr.strip():
        print(result.stderr, end="", file=sys.stderr)
    if result.returncode not in (0, 1) or not os.path.isfile(patch_path):
        raise SetupError("mojify migrate failed (%d)" % result.returncode)
    summary = read_summary(result.stdout)
    applied_by = "migrate"
    if not summary["applied"]:
        env = dict(os.environ, GIT_CEILING_DIRECTORIES=os.path.dirname(copy))
        applying = subprocess.run(["git", "apply", patch_path], cwd=copy, capture_output=True, text=True, env=env)
        if applying.returncode != 0:
            raise SetupError("migrate did not apply its patch and git apply failed:\n%s" % applying.stderr)
        applied_by = "git apply (migrate refused: exit %d)" % result.returncode
        print("note: migrate applied nothing; the patch was applied with git apply to measure it")

    with open(patch_path) as f:
        patch = parse_patch(f.read())
    deleted = {name for name, change in patch.items() if change["deleted"] and name}
    after = Inventory(scan(args.mojify, copy, scan_options, os.path.join(work, "after.json")))
    rows = classify(names, before, after)
    side_before, side_after = Side(tree, include_dirs), Side(copy, include_dirs)
    removed = [name for name in names if after.counts(name)["definitions"] == 0]
    naming, references = measure_tree_text(copy, tree_files(copy), removed, deleted, side_after, include_dirs)
    # A string migrate listed (by file and message: the patch moves lines) is known: reported, not a failure.
    mentioned = {tuple(pair) for pair in summary["mentionedStrings"]}
    listed_strings = [n for n in naming if n["inString"] and (n["file"], n["message"]) in mentioned]
    naming = [n for n in naming if not (n["inString"] and (n["file"], n["message"]) in mentioned)]
    lost, traits_lost, unresolved, removed_includes = lost_includes(patch, before, after, side_before, side_after, deleted)

    counts = collections.OrderedDict([
        ("messagesSelected", len(names)),
        ("convertedWhole", len(rows["converted"])),
        ("leftWhole", len(rows["left"])),
        ("sitesRewrittenDefinitionKept", len(rows["emptied"])),
        ("halfConverted", len(rows["half"])),
        ("linesNamingRemovedDefinitions", len(naming)),
        ("stringsMigrateListed", len(listed_strings)),
        ("filesDeleted", len(deleted)),
        ("referencesToDeletedFiles", len(references)),
        ("messagesIncludesRemoved", len(removed_includes)),
        ("filesLostNeededInclude", len({item["file"] for item in lost})),
        ("syntaxNewErrors", summary["syntaxNew"]),
        ("typesNewErrors", summary["typesNew"]),
        ("typesUnconfirmedErrors", summary["typesUnconfirmed"]),
        ("headersNotSeen", summary["unseenHeaders"]),
    ])
    want_zero = ["halfConverted", "linesNamingRemovedDefinitions", "referencesToDeletedFiles", "filesLostNeededInclude",
                 "syntaxNewErrors", "typesNewErrors"]
    failed = [key for key in want_zero if counts[key] != 0]

    print()
    print("applied patch on a copy of %s (%s); %d files changed, %d deleted" % (args.tree, applied_by, len(patch), len(deleted)))
    table = [
        ("messages selected", "messagesSelected", ""),
        ("  converted whole (definition gone)", "convertedWhole", ""),
        ("  left whole (nothing of it changed)", "leftWhole", ""),
        ("  sites all rewritten, definition kept", "sitesRewrittenDefinitionKept", ""),
        ("  half converted", "halfConverted", "0"),
        ("lines naming removed definitions", "linesNamingRemovedDefinitions", "0"),
        ("  strings naming them that migrate listed", "stringsMigrateListed", ""),
        ("files the patch deleted", "filesDeleted", ""),
        ("  references to deleted files", "referencesToDeletedFiles", "0"),
        ("#includes of messages headers removed", "messagesIncludesRemoved", ""),
        ("  files that lost an include they need", "filesLostNeededInclude", "0"),
        ("parse errors the patch adds (syntax)", "syntaxNewErrors", "0"),
        ("type errors the patch adds (counted)", "typesNewErrors", "0"),
        ("type errors on rewritten lines, unconfirmed", "typesUnconfirmedErrors", ""),
        ("headers the type check could not see", "headersNotSeen", ""),
    ]
    print("%-46s %7s  %s" % ("", "count", "want"))
    for label, key, want in table:
        value = "n/a" if counts[key] is None else str(counts[key])
        extra_text = ""
        if key == "headersNotSeen" and counts[key]:
            extra_text = "  (%s generated, %s in neither the tree nor --include-dir)" % (summary["unseenGenerated"], summary["unseenAbsent"])
        if key == "linesNamingRemovedDefinitions" and naming:
            extra_text = "  (%d in comments or strings)" % sum(1 for n in naming if n["commentOrString"])
        print("%-46s %7s  %-4s%s%s" % (label, value, want, " FAIL" if key in failed else "", extra_text))
    converted_definitions = sum(before.counts(name)["definitions"] for name in rows["converted"])
    print("measured: %d definitions of %d messages gone%s; migrate said: %s converted whole, %s listed (counted by definition)" % (
        converted_definitions, len(rows["converted"]),
        "; not selected, defined only under #if 0: %s" % ", ".join(disabled) if disabled else "",
        summary["convertedPerMigrate"], summary["listedPerMigrate"]))

    for item in half_details(rows["half"], before, after):
        print("half converted %s: before %s, after %s; left: %s" % (
            item["message"], item["before"], item["after"], ", ".join(item["definitions"] + item["sites"]) or "nothing"))
    for item in naming[:SHOWN]:
        print("names a removed definition %s:%d%s: %s" % (item["file"], item["line"], " (comment or string)" if item["commentOrString"] else "", item["text"]))
    if len(naming) > SHOWN:
        print("  ... and %d more lines" % (len(naming) - SHOWN))
    for item in references:
        print("references deleted %s at %s:%d%s: %s" % (item["deleted"], item["file"], item["line"],
                                                        " (message generator)" if item["generator"] else "", item["text"]))
    for item in lost:
        print("lost include %s: %s:%d names %s %s (defined in %s): %s" % (
            item["include"], item["file"], item["line"], item["kind"], item["name"], item["definedIn"], item["text"]))
    for item in traits_lost:
        print("not counted, check: %s:%d names %s (defined in %s, reached through the removed %s before): %s" % (
            item["file"], item["line"], item["name"], item["definedIn"], item["include"], item["text"]))
    for item in unresolved:
        print("not resolved: %s lost #include \"%s\", which is not in the tree" % (item["file"], item["include"]))
    for line in summary["typesNewListed"]:
        print("type error counted: %s" % line)
    print("%s: %s" % ("FAIL" if failed else "ok", ", ".join(failed) if failed else "every want-0 count is 0"))

    if args.report:
        report = {
            "tree": args.tree, "migrate": {"command": shown, "exitStatus": result.returncode, "summary": result.stdout.splitlines(),
                                           "appliedBy": applied_by},
            "counts": counts, "wantZero": want_zero, "failed": failed, "check": summary,
            "patch": {"files": sorted(f for f in patch if f), "deleted": sorted(deleted)},
            "messages": dict({key: rows[key] for key in ["converted", "left", "emptied", "half"]}, disabledNotSelected=disabled),
            "halfConverted": half_details(rows["half"], before, after),
            "linesNamingRemovedDefinitions": naming, "referencesToDeletedFiles": references,
            "messagesIncludesRemoved": removed_includes, "filesLostNeededInclude": lost, "traitsTypesToCheck": traits_lost, "unresolvedRemovedIncludes": unresolved,
        }
        with open(args.report, "w") as f:
            json.dump(report, f, indent=2, sort_keys=True)
    return 1 if failed else 0


if __name__ == "__main__":
    exit_with(main, "check_applied_patch")
