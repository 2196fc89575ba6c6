#!/usr/bin/env python3
"""Scores `mojify migrate` against engineers' hand conversions of the same legacy IPC messages.

For each case (a commit that converted messages by hand) the tool takes the parent tree (before the conversion),
the engineers' diff (`git show C`), the list of legacy messages the commit removed and a mojify binary. It runs,
with the tree as working folder and `.` as the path (so every path is relative to the tree's root):

    mojify scan . --format json -o WORK/CASE/inv.json --no-cache            (scan options of the extra arguments)
    mojify migrate . --only MSGS --out WORK/CASE/out --patch WORK/CASE/mojify.patch --no-cache  EXTRA...
    mojify generate . --only MSGS --out WORK/CASE/gen --no-cache            (only to learn mojify's names:
                                                                             its .mojom says "From MSG (...)")

(`out` and `gen` under WORK/CASE are deleted first; nothing else is written outside WORK.) It then compares,
site by site, and prints a Markdown table per case, a total table, `--json FILE` with every site and verdict,
and with `--verbose` one line per site (file:line, the engineers' replacement line, mojify's replacement line,
verdict). Every count in the tables is the number of sites of one kind with one verdict in that listing.

Usage:

    score_hand_conversions.py --mojify BIN --work DIR [--rules-dir DIR] [--json FILE] [--verbose]
        (--case NAME TREE ENG_DIFF MSGS | --case-dir DIR)... [-- EXTRA MIGRATE ARGUMENTS]

MSGS is a comma list of messages, or a file holding one. `--case-dir DIR` is `--case basename(DIR) DIR/tree
DIR/eng.diff DIR/msgs`. `--rules-dir` sets MOJIFY_RULES_DIR for mojify. Extra arguments after `--` go to migrate;
those that also shape a scan (--include-dir, --exclude, --compile-commands, --upstream-root, --max-file-size,
--follow-symlinks, --no-ignore) go to scan and generate too, --rules and --registry to generate too.

Measures and the heuristics behind them (all text heuristics, no C++ parsing):

- Sites. Sender sites and handler entries come from the inventory (`senders`, `messageMaps[].handlers`) for the
  selected messages; sites inside .patch files (`patch` set) are left out. A site is the line of the message name.
- "Engineers changed" a line: the engineers' diff has a `-` line with that old line number in that old path
  (renames use the old path). Only sender sites the engineers changed are scored ("senders" below).
- Mojify "rewrote" a line: mojify's patch deletes that line (`-`) and the `+` lines of the same change block
  (the run of `-`/`+` lines without context around it) hold code with a call: after removing comments, a `(`.
  A line replaced by comments only is "commented", one deleted with nothing in its place is "deleted". For a
  handler entry "rewritten" means the patch deletes the entry line (mojify removes entries or whole maps).
- Mojify "listed" a site: a line of migrate's output names its `file:line` (`sender at F:L:C: reason`,
  `handler at ...`, `reference at ...`, or an indented `F:L:C MSG: reason` outcome line); the reason is the text
  after it up to the next site. A site neither rewritten nor named is "unnamed"; when its message is listed as
  left whole the verdict says so ("unnamed, message left whole"), but it does not count as covered.
- Engineers' mojom methods: every method of every interface in the new version (parent file + the diff's hunks) of
  each .mojom file the engineers' diff adds lines to. Methods are `Name(` statements in an `interface X { }` body,
  comments and nested enums removed.
- Engineers' call at a sender site: a `->Name(` / `.Name(` call of an engineers' mojom method on a `+` line: first
  in the site's change block, else the nearest such `+` line of the same hunk (by distance in the hunk), else (when
  the hunk adds none: code moved elsewhere) in the `+` lines following an added definition of a function named
  like the site's enclosing function (its last `::` component) in the same file. The source is printed.
- Mojify's call at a sender site: in the `+` lines of the change block, the `->Name(` / `.Name(` call whose Name
  is a method of mojify's generated interfaces, else the last call that is not a `Get...()` getter. "Calling the
  engineers' method": mojify's Name equals the engineers' Name (case-sensitive; case-insensitive reported too).
  The row "of those where the engineers call one" leaves out the sites where no engineers' call was found (the
  engineers removed the message, as CEF's Response, or moved the code where the scorer cannot follow).
- Mojify's method for a message: the method of the generated .mojom whose comment says `From MSG (`.
- Engineers' methods for a message (a set; a message may have become several methods): the union of (a) the
  engineers' calls at its sender sites, (b) its handler's method name when that is an engineers' method name, (c) an
  engineers' method declared/defined on the `+` lines of a change block whose `-` lines declare/define the
  handler method (a rename), (d) an engineers' method named like the message after `Msg_` with underscores
  removed (case-insensitive); if all are empty, (e) a method with as many parameters as the message whose
  parameter names match at least two thirds of the message's (names from the definition's comments).
- Handler "engineers' name": mojify's method for the entry's message is in the engineers' set for it; counted of the
  rewritten entries (the table also gives it over all entries).
- Reply writes: `MSG::WriteReplyParams(` lines of C/C++ files of the parent tree (a grep, comments included).
- Sends through another object: the sender's statement (up to 4 lines before the site, to its column) has its last
  `Send(` called as `X->Send(` / `X.Send(` with X not `this` (X read backwards as one expression: names, `::`,
  `->`, `.`, balanced brackets). "Takes a remote from X": mojify's replacement text (block `+` lines) contains X
  (white space removed).
- Remotes: in the patched files (parent + mojify's patch), added definitions `... Get<Iface>() {` of an interface
  mojify generated, and added members typed `mojom::IfacePtr`, `...AssociatedPtr`, `mojo::(Associated)Remote<...
  mojom::Iface>`, `mojo::InterfacePtr<...>`. An interface "binds" when one of its getter bodies (comments
  removed) holds `GetInterface(`, `BindNewPipeAndPassReceiver`, `BindNewEndpointAndPassReceiver`, `MakeRequest`,
  `GetRemoteAssociatedInterface`, `BindInterface(` or `.Bind(`.
- Registration in the patch: an interface mojify generated, named on an added code line of the patch (as
  `Iface`, `BindIface`, `IfaceImpl`) that also holds, or is within 3 lines of, a registration word (AddInterface,
  Registry/registry, Binder/binder, BinderMap, BrowserAssociatedInterface, WebContentsFrameBindingSet,
  AssociatedInterfaceRegistry, AddBinder). Else "drafted beside" when a file under --out names it with such a word,
  a `BindIface(` function, or a manifest overlay lists it; else "none".
- Handlers in the engineers' class, per interface mojify generated: the engineers' interfaces are those holding the
  engineers' methods of its messages (the one holding most of them; ties kept); their implementing classes are the
  `class X ... : ... mojom::E ... {` declarations (or `class EImpl`) in the new versions of the C++ files the diff
  touches, else in the parent tree's headers. Mojify's class: a class whose base list the patch gives
  `mojom::Iface` (in place), else the skeleton `IfaceImpl` under --out ("skeleton"), else none. Verdict "same"
  when mojify's class is one of the engineers'; "skeleton forwards to it" when the skeleton is used and an
  engineers' class is one of the handler classes the inventory gives for the interface's messages.

Known weaknesses (checked by hand on 127b87c7, ba96cdb7, d1371c5d and ebee8475; the verbose listing shows the
evidence for each verdict so that a wrong one can be seen):

- Calls are matched by name only, with no types: an engineers' method name shared by two interfaces (CEF's
  SendMessage on BrowserFrame and RenderFrame) is one name; a call to an unrelated method that happens to share an
  engineers' mojom method name counts.
- A change block that deletes several whole functions is paired with its '+' lines segment by segment (column-0
  braces); git's alignment can still pair a deleted send with added code that replaces something else. The
  nearest-line fallback inside a hunk can pick a neighbouring function's call (the source is printed).
- Code the engineers moved to a function of another name or file (a callback, a lambda posted elsewhere) is not
  found: such sites get "no engineers' mojom call found" and cannot count as calling the engineers' method.
- A renamed handler is recognised only when the rename sits on the k-th '-'/'+' lines of one change block and the
  two signatures share a parameter name or a name part; handlers folded into a differently named method in
  another place are mapped only through the senders or the message's name.
- The statement of a send is read at most 4 lines back from the message name; a receiver built over more lines,
  or through a macro, is missed (taken as `this`). "Takes a remote from X" is a text search for X.
- Class declarations are found with a regular expression over whole files (templates with braces in the base
  list, macros around `class`, or `final` spelt otherwise can defeat it).
- "Listed" trusts that migrate's output names a site by its `file:line`; a site covered only by a message-level
  reason without its position is reported apart ("unnamed, message left whole") and not counted as covered.
- Reply writes are a plain grep of C/C++ files: commented-out or `#if 0` code counts.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field

CPP_EXT = ('.h', '.hh', '.hpp', '.cc', '.cpp', '.cxx', '.c', '.mm', '.m', '.inc')
SCAN_OPTS_WITH_VALUE = {'--include-dir', '--exclude', '--compile-commands', '--upstream-root', '--max-file-size'}
SCAN_FLAGS = {'--follow-symlinks', '--no-ignore'}
GEN_ONLY_WITH_VALUE = {'--rules', '--registry'}
BIND_TOKENS = ('GetInterface(', 'BindNewPipeAndPassReceiver', 'BindNewEndpointAndPassReceiver', 'MakeRequest',
               'GetRemoteAssociatedInterface', 'BindInterface(', '.Bind(')
REG_RE = re.compile(r'AddInterface|[Rr]egistry|[Bb]inder|BinderMap|BrowserAssociatedInterface|'
                    r'WebContentsFrameBindingSet|WebContentsFrameReceiverSet|AssociatedInterfaceRegistry|AddBinder')
CALL_RE = re.compile(r'(?:->|\.)\s*([A-Za-z_]\w*)\s*\(')


# ----------------------------------------------------------------------------------------------------------------
# unified diffs

@dataclass
class DLine:
    tag: str          # ' ', '-', '+'
    text: str
    old: int | None   # old line number (context and '-')
    new: int | None   # new line number (context and '+')
    block: int = -1   # change block id within the file (-1 for context)
    idx: int = 0      # index within the hunk


@dataclass
class Hunk:
    old_start: int
    new_start: int
    label: str
    lines: list[DLine] = field(default_factory=list)
    num: int = 0


@dataclass
class FileDiff:
    old_path: str | None
    new_path: str | None
    hunks: list[Hunk] = field(default_factory=list)
    deleted_old: dict[int, DLine] = field(default_factory=dict)   # old line -> '-' DLine
    blocks: dict[int, list[DLine]] = field(default_factory=dict)   # block id -> lines (- and +)
    block_hunk: dict[int, Hunk] = field(default_factory=dict)


HUNK_RE = re.compile(r'^@@ -(\d+)(?:,(\d+))? \+(\d+)(?:,(\d+))? @@ ?(.*)$')


def parse_diff(text: str) -> dict[str, FileDiff]:
    """Files of a unified diff (git show / git diff), keyed by old path (new path for added files)."""
    files: dict[str, FileDiff] = {}
    lines = text.split('\n')
    i = 0
    cur: FileDiff | None = None
    block_id = 0
    hunk_no = 0

    def key_of(fd: FileDiff) -> str:
        return fd.old_path or fd.new_path or ''

    while i < len(lines):
        ln = lines[i]
        if ln.startswith('diff --git '):
            m = re.match(r'^diff --git a/(.*?) b/(.*)$', ln)
            cur = FileDiff(m.group(1) if m else None, m.group(2) if m else None)
            files[key_of(cur)] = cur
            i += 1
            continue
        if ln.startswith('--- ') and cur is not None and not cur.hunks:
            p = ln[4:].strip()
            old = None if p == '/dev/null' else re.sub(r'^a/', '', p)
            if cur.old_path != old:
                files.pop(key_of(cur), None)
                cur.old_path = old
                files[key_of(cur)] = cur
            i += 1
            continue
        if ln.startswith('+++ ') and cur is not None and not cur.hunks:
            p = ln[4:].strip()
            cur.new_path = None if p == '/dev/null' else re.sub(r'^b/', '', p)
            if cur.old_path is None:
                files.pop(key_of(cur), None)
                files[key_of(cur)] = cur
            i += 1
            continue
        m = HUNK_RE.match(ln)
        if m and cur is not None:
            old_no, new_no = int(m.group(1)), int(m.group(3))
            old_n = int(m.group(2)) if m.group(2) is not None else 1
            new_n = int(m.group(4)) if m.group(4) is not None else 1
            hunk_no += 1
            h = Hunk(old_no, new_no, m.group(5), num=hunk_no)
            cur.hunks.append(h)
            i += 1
            in_block = False
            while i < len(lines) and (old_n > 0 or new_n > 0):
                t = lines[i]
                if t.startswith('\\'):
                    i += 1
                    continue
                tag = t[:1] if t else ' '
                body = t[1:]
                if tag == ' ':
                    h.lines.append(DLine(' ', body, old_no, new_no, -1, len(h.lines)))
                    old_no += 1; new_no += 1; old_n -= 1; new_n -= 1
                    in_block = False
                elif tag in '-+':
                    if not in_block:
                        block_id += 1
                        in_block = True
                        cur.blocks[block_id] = []
                        cur.block_hunk[block_id] = h
                    dl = DLine(tag, body, old_no if tag == '-' else None, new_no if tag == '+' else None,
                               block_id, len(h.lines))
                    h.lines.append(dl)
                    cur.blocks[block_id].append(dl)
                    if tag == '-':
                        cur.deleted_old[old_no] = dl
                        old_no += 1; old_n -= 1
                    else:
                        new_no += 1; new_n -= 1
                else:
                    break
                i += 1
            continue
        i += 1
    return files


def read_lines(path: str) -> list[str]:
    try:
        with open(path, encoding='utf-8', errors='replace') as f:
            return f.read().split('\n')
    except OSError:
        return []


def new_version(tree: str, fd: FileDiff) -> tuple[list[str], set[int]]:
    """The new text of a diffed file (parent file with the hunks applied) and its added line numbers (1-based)."""
    old = read_lines(os.path.join(tree, fd.old_path)) if fd.old_path else []
    out: list[str] = []
    added: set[int] = set()
    pos = 1
    for h in fd.hunks:
        start = h.old_start if h.old_start > 0 else 1
        if fd.old_path is None:
            start = 1
        while pos < start and pos <= len(old):
            out.append(old[pos - 1]); pos += 1
        for dl in h.lines:
            if dl.tag == ' ':
                out.append(dl.text); pos += 1
            elif dl.tag == '-':
                pos += 1
            else:
                out.append(dl.text); added.add(len(out))
    while pos <= len(old):
        out.append(old[pos - 1]); pos += 1
    return out, added


def segment_plus(blk: list[DLine], dl: DLine) -> list[str]:
    """The '+' lines replacing the '-' line dl in its change block. A block that deletes several whole functions
    (its '-' lines hold several column-0 '}') is cut into segments at those braces, and so are its '+' lines;
    segment k of the '-' lines pairs with segment k of the '+' lines."""
    minus = [x for x in blk if x.tag == '-']
    plus = [x for x in blk if x.tag == '+']
    if sum(x.text.startswith('}') for x in minus) == 0:
        return [x.text for x in plus]
    seg = sum(1 for x in minus if x.idx < dl.idx and x.text.startswith('}'))
    segs: list[list[str]] = [[]]
    for x in plus:
        segs[-1].append(x.text)
        if x.text.startswith('}'):
            segs.append([])
    return segs[seg] if seg < len(segs) else []


def strip_comments(s: str) -> str:
    s = re.sub(r'/\*.*?\*/', ' ', s, flags=re.S)
    s = re.sub(r'//[^\n]*', '', s)
    return s


def is_code_call(lines: list[str]) -> bool:
    code = strip_comments('\n'.join(lines))
    return '(' in code and code.strip() != ''


# ----------------------------------------------------------------------------------------------------------------
# mojom

def mojom_interfaces(text_lines: list[str], added: set[int] | None = None) -> list[dict]:
    """Interfaces of a .mojom text: [{name, methods: [{name, line, added, params}]}]."""
    text = '\n'.join(text_lines)
    # blank comments, keeping offsets
    def blank(m):
        return re.sub(r'[^\n]', ' ', m.group(0))
    clean = re.sub(r'/\*.*?\*/', blank, text, flags=re.S)
    clean = re.sub(r'//[^\n]*', blank, clean)
    res = []
    for m in re.finditer(r'\binterface\s+(\w+)\s*\{', clean):
        depth, j = 1, m.end()
        while j < len(clean) and depth:
            if clean[j] == '{':
                depth += 1
            elif clean[j] == '}':
                depth -= 1
            j += 1
        body_start = m.end()
        body = clean[body_start:j - 1]
        # remove nested enums / structs
        body = re.sub(r'\b(enum|struct)\s+\w+\s*\{[^}]*\}\s*;', lambda x: re.sub(r'[^\n]', ' ', x.group(0)), body)
        methods = []
        off = 0
        for stmt in body.split(';'):
            mm = re.match(r'\s*(?:\[[^\]]*\]\s*)*([A-Za-z_]\w*)\s*(?:@\d+\s*)?\(([^)]*)\)', stmt)
            if mm and mm.group(1) not in ('const', 'enum', 'struct'):
                abs_off = body_start + off + mm.start(1)
                line = clean.count('\n', 0, abs_off) + 1
                params = [p.strip().split()[-1] for p in mm.group(2).split(',') if p.strip()]
                methods.append({'name': mm.group(1), 'line': line,
                                'added': (added is not None and line in added), 'params': params})
            off += len(stmt) + 1
        res.append({'name': m.group(1), 'methods': methods})
    return res


def generated_names(gen_dir: str) -> tuple[dict[str, tuple[str, str]], dict[str, str]]:
    """mojify generate's names: message -> (interface, method); interface -> module-qualified name."""
    by_msg: dict[str, tuple[str, str]] = {}
    qual: dict[str, str] = {}
    for root, _, files in os.walk(gen_dir):
        for fn in sorted(files):
            if not fn.endswith('.mojom'):
                continue
            lines = read_lines(os.path.join(root, fn))
            module = ''
            iface = None
            pending: list[str] = []
            for ln in lines:
                s = ln.strip()
                mm = re.match(r'module\s+([\w.]+)\s*;', s)
                if mm:
                    module = mm.group(1)
                mi = re.match(r'interface\s+(\w+)\s*\{', s)
                if mi:
                    iface = mi.group(1)
                    qual[iface] = f'{module}.{iface}' if module else iface
                    pending = []
                    continue
                if iface is None:
                    continue
                if s.startswith('};'):
                    iface = None
                    continue
                if s.startswith('//'):
                    pending += re.findall(r'\bFrom (\w+)\b', s)
                    continue
                mm = re.match(r'(?:\[[^\]]*\]\s*)*([A-Za-z_]\w*)\s*\(', s)
                if mm:
                    for msg in pending:
                        by_msg[msg] = (iface, mm.group(1))
                    pending = []
    return by_msg, qual


# ----------------------------------------------------------------------------------------------------------------
# migrate's output

SITE_RE = re.compile(r'(?:(sender|handler|reference) at )?([\w./+-]+\.(?:cc|h|hh|hpp|cpp|cxx|c|mm|m|inc)):(\d+)(?::(\d+))?')


def parse_migrate(text: str) -> tuple[dict[tuple[str, int], list[str]], dict[str, str]]:
    """(file, line) -> reasons naming it; message -> its outcome when listed as a message (left whole ...)."""
    named: dict[tuple[str, int], list[str]] = {}
    msg_outcome: dict[str, str] = {}
    for ln in text.split('\n'):
        ms = list(SITE_RE.finditer(ln))
        for k, m in enumerate(ms):
            end = ms[k + 1].start() if k + 1 < len(ms) else len(ln)
            reason = ln[m.end():end].strip(' :;')
            named.setdefault((m.group(2), int(m.group(3))), []).append(
                ((m.group(1) + ': ') if m.group(1) else '') + reason)
        mm = re.match(r'^\s+[\w./+-]+:\d+:\d+ (\w+): (left whole.*)$', ln)
        if mm:
            msg_outcome[mm.group(1)] = mm.group(2)
    return named, msg_outcome


# ----------------------------------------------------------------------------------------------------------------
# sender statements

def receiver_of_send(lines: list[str], line: int, col: int) -> tuple[str | None, str]:
    """The object X of `X->Send(` / `X.Send(` in the statement sending at (line, col); ('this', ...) for a plain
    or this-> Send, (None, ...) when no Send( precedes the message in the statement."""
    lo = max(1, line - 4)
    parts = [lines[k - 1] for k in range(lo, line)] if lines else []
    cur = lines[line - 1] if 0 < line <= len(lines) else ''
    parts.append(cur[:max(col - 1, 0)])
    text = '\n'.join(parts)
    # cut at the statement start: the last ';', '{' or '}' outside brackets (approximation: last one)
    cut = max(text.rfind(';'), text.rfind('{'), text.rfind('}'))
    stmt = text[cut + 1:]
    idx = [m.start() for m in re.finditer(r'\bSend\s*\(', stmt)]
    if not idx:
        return None, stmt.strip()
    j = idx[-1] - 1
    while j >= 0 and stmt[j].isspace():
        j -= 1
    if j >= 1 and stmt[j - 1:j + 1] == '->':
        j -= 2
    elif j >= 0 and stmt[j] == '.':
        j -= 1
    else:
        return 'this', stmt.strip()
    while j >= 0 and stmt[j].isspace():
        j -= 1
    end = j + 1
    depth = 0
    while j >= 0:
        c = stmt[j]
        if c in ')]':
            depth += 1
        elif c in '([':
            if depth == 0:
                break
            depth -= 1
        elif depth == 0:
            if c.isalnum() or c in '_:*&':
                pass
            elif c == '>' and j >= 1 and stmt[j - 1] == '-':
                j -= 1
            elif c == '.':
                pass
            elif c.isspace():
                # allow spaces only inside brackets
                break
            else:
                break
        j -= 1
    x = re.sub(r'\s+', '', stmt[j + 1:end])
    x = x.lstrip('*&') if not x.startswith('(') else x
    if x in ('', 'this'):
        return 'this', stmt.strip()
    if x.startswith('return'):
        x = x[len('return'):]
    return x, stmt.strip()


# ----------------------------------------------------------------------------------------------------------------
# classes

CLASS_RE = re.compile(r'\b(?:class|struct)\s+(?:\w+\s+)*?(\w+)\s*(?:final\s*)?:\s*([^{;]*)\{', re.S)


def classes_with_base(text: str, base_name: str) -> list[tuple[str, int]]:
    """Classes whose base list names `mojom::base_name` (any qualification ending so): [(class, offset)]."""
    res = []
    pat = re.compile(r'\bmojom::' + re.escape(base_name) + r'\b(?!\w)')
    for m in CLASS_RE.finditer(text):
        if pat.search(m.group(2)):
            res.append((m.group(1), m.start()))
    return res


# ----------------------------------------------------------------------------------------------------------------
# one case

@dataclass
class Case:
    name: str
    tree: str
    eng_diff: str
    msgs: list[str]


def run(cmd: list[str], cwd: str, env: dict, log: str) -> tuple[int, str]:
    p = subprocess.run(cmd, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       errors='replace')
    with open(log, 'w') as f:
        f.write(p.stdout)
    return p.returncode, p.stdout


def split_extra(extra: list[str]) -> tuple[list[str], list[str]]:
    """Extra migrate args -> (scan args, generate args)."""
    scan, gen = [], []
    i = 0
    while i < len(extra):
        a = extra[i]
        name = a.split('=', 1)[0]
        takes = name in SCAN_OPTS_WITH_VALUE or name in GEN_ONLY_WITH_VALUE
        val = [extra[i + 1]] if takes and '=' not in a and i + 1 < len(extra) else []
        if name in SCAN_OPTS_WITH_VALUE or name in SCAN_FLAGS:
            scan += [a] + val; gen += [a] + val
        elif name in GEN_ONLY_WITH_VALUE:
            gen += [a] + val
        i += 1 + len(val)
    return scan, gen


def calls_in(lines: list[str]) -> list[str]:
    return [m.group(1) for ln in lines for m in CALL_RE.finditer(strip_comments(ln))]


def score_case(case: Case, mojify: str, work: str, env: dict, extra: list[str]) -> dict:
    wd = os.path.join(work, case.name)
    os.makedirs(wd, exist_ok=True)
    for sub in ('out', 'gen'):
        if os.path.isdir(os.path.join(wd, sub)):
            shutil.rmtree(os.path.join(wd, sub))
    inv_p, patch_p = os.path.join(wd, 'inv.json'), os.path.join(wd, 'mojify.patch')
    out_d, gen_d = os.path.join(wd, 'out'), os.path.join(wd, 'gen')
    scan_extra, gen_extra = split_extra(extra)
    cache = [] if any(a.split('=')[0] in ('--cache', '--no-cache') for a in extra) else ['--no-cache']
    only = ','.join(case.msgs)
    commands = [
        [mojify, 'scan', '.', '--format', 'json', '-o', inv_p, '--no-cache'] + scan_extra,
        [mojify, 'migrate', '.', '--only', only, '--out', out_d, '--patch', patch_p] + cache + extra,
        [mojify, 'generate', '.', '--only', only, '--out', gen_d, '--no-cache'] + gen_extra,
    ]
    logs = ['scan.txt', 'migrate.txt', 'generate.txt']
    outputs = []
    for cmd, log in zip(commands, logs):
        rc, text = run(cmd, case.tree, env, os.path.join(wd, log))
        if rc not in (0, 1):
            sys.exit(f'{case.name}: {" ".join(cmd)} failed ({rc}):\n{text}')
        outputs.append(text)
    migrate_txt = outputs[1]
    inv = json.load(open(inv_p))
    eng = parse_diff(open(case.eng_diff, encoding='utf-8', errors='replace').read())
    pat = parse_diff(open(patch_p, encoding='utf-8', errors='replace').read()) if os.path.exists(patch_p) else {}
    named, msg_outcome = parse_migrate(migrate_txt)
    moj_names, moj_qual = generated_names(gen_d)
    moj_methods = {m for _, m in moj_names.values()}
    moj_ifaces = sorted(set(moj_qual))
    msgset = set(case.msgs)
    tree_cache: dict[str, list[str]] = {}

    def tree_lines(p: str) -> list[str]:
        if p not in tree_cache:
            tree_cache[p] = read_lines(os.path.join(case.tree, p))
        return tree_cache[p]

    # ---- engineers' mojom methods
    eng_ifaces: dict[str, list[dict]] = {}
    eng_mojom_files = []
    for fd in eng.values():
        path = fd.new_path or fd.old_path or ''
        if path.endswith('.mojom') and fd.new_path and any(dl.tag == '+' for h in fd.hunks for dl in h.lines):
            text, added = new_version(case.tree, fd)
            eng_mojom_files.append(path)
            for itf in mojom_interfaces(text, added):
                eng_ifaces.setdefault(itf['name'], []).extend(itf['methods'])
    eng_methods = {m['name'] for ms in eng_ifaces.values() for m in ms}
    eng_methods_ci = {m.lower() for m in eng_methods}
    method_ifaces: dict[str, set[str]] = {}
    for itf, ms in eng_ifaces.items():
        for m in ms:
            method_ifaces.setdefault(m['name'], set()).add(itf)

    def eng_calls(lines: list[str]) -> list[str]:
        return [c for c in calls_in(lines) if c in eng_methods]

    def site_state(diffs: dict[str, FileDiff], f: str, line: int):
        fd = diffs.get(f)
        if not fd or line not in fd.deleted_old:
            return None, None, []
        dl = fd.deleted_old[line]
        blk = fd.blocks[dl.block]
        return fd, dl, segment_plus(blk, dl)

    def mojify_verdict(f: str, line: int) -> tuple[str, list[str]]:
        fd, dl, plus = site_state(pat, f, line)
        if dl is None:
            return 'untouched', []
        if not plus:
            return 'deleted', []
        if is_code_call(plus):
            return 'rewritten', plus
        return 'commented', plus

    def listed(f: str, line: int) -> list[str]:
        return named.get((f, line), [])

    # ---- engineers' call at a site
    def eng_call_at(f: str, line: int, function: str | None) -> tuple[str | None, str, str]:
        """(method, replacement line, source)"""
        fd, dl, plus = site_state(eng, f, line)
        if dl is None:
            return None, '', 'not changed by the engineers'
        for t in plus:
            c = eng_calls([t])
            if c:
                return c[0], t.strip(), 'change block'
        if function:
            short = function.split('::')[-1]
            dre = re.compile(r'^\s*(?:[\w:<>,]+[\s*&]+)?(?:\w+::)*' + re.escape(short) + r'\s*\(')
            for hh in fd.hunks:
                ls = hh.lines
                for k, x in enumerate(ls):
                    if x.tag == '-' or not dre.search(x.text) or x.text.rstrip().endswith(';'):
                        continue
                    indent = len(x.text) - len(x.text.lstrip())
                    for y in ls[k + 1:]:
                        if y.tag == '-':
                            continue
                        c = eng_calls([y.text]) if y.tag == '+' else []
                        if c:
                            return c[0], y.text.strip(), f'function {short} on the new side (hunk @@ -{hh.old_start})'
                        if y.text.strip() == '}' and len(y.text) - len(y.text.lstrip()) <= indent:
                            break
        h = fd.block_hunk[dl.block]
        lo = dl.idx
        while lo > 0 and not h.lines[lo - 1].text.startswith('}'):
            lo -= 1
        hi = dl.idx
        while hi + 1 < len(h.lines) and not h.lines[hi + 1].text.startswith('}'):
            hi += 1
        # the site's own change block was paired above (segment_plus); its other '+' lines replace other code
        cands = [(abs(x.idx - dl.idx), x) for x in h.lines[lo:hi + 1]
                 if x.tag == '+' and x.block != dl.block and eng_calls([x.text])]
        if cands:
            cands.sort(key=lambda c: (c[0], c[1].idx))
            x = cands[0][1]
            return (eng_calls([x.text])[0], x.text.strip(),
                    f'hunk @@ -{h.old_start}, nearest + line between lines closing a function')
        first = plus[0].strip() if plus else '(deleted)'
        return None, first, 'no engineers\' mojom call found'

    def mojify_call(plus: list[str]) -> str | None:
        cs = calls_in(plus)
        for c in cs:
            if c in moj_methods:
                return c
        cs = [c for c in cs if not re.match(r'Get[A-Z]\w*$', c)]
        return cs[-1] if cs else None

    # ---- senders
    senders = [s for s in inv['senders'] if s['message'] in msgset and 'patch' not in s]
    sender_sites = []
    eng_by_msg: dict[str, dict[str, set[str]]] = {m: {} for m in case.msgs}
    for s in senders:
        f, line, col = s['location']['file'], s['location']['line'], s['location']['column']
        fn = s.get('function')
        eng_changed = line in eng.get(f, FileDiff(None, None)).deleted_old
        mv, mplus = mojify_verdict(f, line)
        lst = listed(f, line)
        emeth, eline, esrc = eng_call_at(f, line, fn)
        if emeth:
            eng_by_msg[s['message']].setdefault(emeth, set()).add(f'sender {f}:{line}')
        mcall = mojify_call(mplus) if mv == 'rewritten' else None
        x, stmt = receiver_of_send(tree_lines(f), line, col)
        covered = mv == 'rewritten' or bool(lst)
        if mv == 'rewritten':
            status = 'rewritten'
        elif lst:
            status = 'listed'
        elif s['message'] in msg_outcome:
            status = 'unnamed, message left whole'
        else:
            status = f'unnamed ({mv})'
        through = x is not None and x != 'this'
        takes_x = through and mv == 'rewritten' and re.sub(r'\s+', '', x) in re.sub(r'\s+', '', '\n'.join(mplus))
        sender_sites.append({
            'file': f, 'line': line, 'message': s['message'], 'function': fn,
            'engineers_changed': eng_changed, 'mojify': mv, 'status': status, 'covered': covered,
            'listed_reasons': lst, 'engineers_line': eline, 'engineers_method': emeth, 'engineers_source': esrc,
            'mojify_line': ' | '.join(p.strip() for p in mplus), 'mojify_method': mcall,
            'same_method': bool(mcall and emeth and mcall == emeth),
            'same_method_ci': bool(mcall and emeth and mcall.lower() == emeth.lower()),
            'send_object': x, 'through_other': through, 'takes_remote_from_object': bool(takes_x),
        })

    # ---- handlers
    handler_sites = []
    handler_classes_by_msg: dict[str, set[str]] = {}
    for mp in inv['messageMaps']:
        if 'patch' in mp:
            continue
        for h in mp['handlers']:
            if h.get('message') in msgset:
                handler_classes_by_msg.setdefault(h['message'], set()).add(mp.get('handlerClass') or '')
                handler_sites.append((mp, h))

    def decl_re(name: str) -> re.Pattern:
        # a declaration or definition: a return type before the (qualified) name, at the start of the line;
        # a renamed handler is the k-th '-' line of a change block whose k-th '+' line declares an engineers'
        # method of the same class qualification
        return re.compile(r'^\s*(?:virtual\s+|static\s+)?[\w:<>,]+[\s*&]+(?:\w+::)*' + name + r'\s*\(')

    def param_names(line: str) -> set[str]:
        args = strip_comments(line).split('(', 1)[-1].split(')')[0]
        return {m.group(1) for a in args.split(',') for m in [re.search(r'(\w+)\s*(?:=.*)?$', a.strip())]
                if m and a.strip() and m.group(1) != 'void'}

    def related(old_name: str, old_line: str, new_name: str, new_line: str) -> bool:
        # a rename, not two unrelated functions git's alignment put side by side: a parameter name in common,
        # both without parameters, or one name (without a leading "On") inside the other
        a, b = param_names(old_line), param_names(new_line)
        o = re.sub(r'^On(?=[A-Z])', '', old_name).lower()
        return bool(a & b) or (not a and not b) or o in new_name.lower() or new_name.lower() in o

    def rename_target(hm: str) -> set[str]:
        out = set()
        hre = decl_re(re.escape(hm))
        ere = decl_re(r'(\w+)')
        for fd in eng.values():
            for bid, blk in fd.blocks.items():
                minus = [x for x in blk if x.tag == '-']
                plus = [x for x in blk if x.tag == '+']
                for k, x in enumerate(minus):
                    mh = hre.search(x.text)
                    if mh and k < len(plus):
                        m = ere.search(plus[k].text)
                        qual = lambda t: re.findall(r'(\w+)::\w+\s*\(', t)[:1]
                        if m and m.group(1) in eng_methods and qual(x.text) == qual(plus[k].text) and \
                                related(hm, x.text, m.group(1), plus[k].text):
                            out.add(m.group(1))
        return out

    msg_params = {m['name']: [p.get('name') for p in m.get('inputs', [])] for m in inv['messages']}
    eng_evidence: dict[str, list[str]] = {}
    for msg in case.msgs:
        ev = eng_by_msg[msg]
        for mp, h in handler_sites:
            if h['message'] != msg:
                continue
            hm = re.split(r'::|\s|,|&', (h.get('method') or '').strip())[-1]
            if hm in eng_methods:
                ev.setdefault(hm, set()).add(f'handler method name {hm}')
            if hm:
                for t in rename_target(hm):
                    ev.setdefault(t, set()).add(f'handler {hm} renamed/replaced in one change block')
        suffix = msg.split('Msg_', 1)[-1].replace('_', '').lower()
        for m in eng_methods:
            if m.lower() == suffix:
                ev.setdefault(m, set()).add('message name')
        if not ev:
            pn = [p for p in msg_params.get(msg, []) if p]
            if len(pn) >= 1:
                for itf, ms in eng_ifaces.items():
                    for m in ms:
                        if len(m['params']) == len(msg_params.get(msg, [])):
                            same = len(set(pn) & set(m['params']))
                            if same * 3 >= 2 * len(pn) and same >= 1:
                                ev.setdefault(m['name'], set()).add(f'parameter names ({itf})')
        eng_evidence[msg] = sorted(f'{k}: {", ".join(sorted(v))}' for k, v in ev.items())

    hsites = []
    for mp, h in handler_sites:
        f, line = h['location']['file'], h['location']['line']
        msg = h['message']
        mv, mplus = mojify_verdict(f, line)
        lst = listed(f, line)
        rewritten = mv != 'untouched'
        mname = moj_names.get(msg, (None, None))[1]
        enames = sorted(eng_by_msg[msg])
        fd, dl, eplus = site_state(eng, f, line)
        hsites.append({
            'file': f, 'line': line, 'message': msg, 'method': h.get('method'), 'macro': h.get('macro'),
            'class': mp.get('handlerClass'), 'engineers_changed': dl is not None,
            'engineers_line': (f'(entry removed in a change block adding {len(eplus)} lines)' if eplus else
                               '(entry removed)') if dl is not None else '',
            'mojify': mv, 'mojify_line': ' | '.join(p.strip() for p in mplus), 'listed_reasons': lst,
            'covered': rewritten or bool(lst), 'rewritten': rewritten,
            'status': 'rewritten' if rewritten else ('listed' if lst else
                                                     ('unnamed, message left whole' if msg in msg_outcome
                                                      else 'unnamed')),
            'mojify_method': mname, 'engineers_methods': enames,
            'same_name': bool(mname and mname in enames),
            'same_name_ci': bool(mname and mname.lower() in {e.lower() for e in enames}),
        })

    # ---- reply writes (grep)
    reply_sites = []
    rre = re.compile(r'\b(' + '|'.join(re.escape(m) for m in sorted(msgset)) + r')::WriteReplyParams\s*\(')
    for root, dirs, files in os.walk(case.tree):
        dirs[:] = sorted(d for d in dirs if d != '.git')
        for fn in sorted(files):
            if not fn.endswith(CPP_EXT):
                continue
            p = os.path.join(root, fn)
            rel = os.path.relpath(p, case.tree).replace(os.sep, '/')
            try:
                with open(p, 'rb') as fh:
                    data = fh.read()
            except OSError:
                continue
            if b'WriteReplyParams' not in data:
                continue
            for k, ln in enumerate(data.decode('utf-8', 'replace').split('\n'), 1):
                m = rre.search(ln)
                if m:
                    mv, mplus = mojify_verdict(rel, k)
                    lst = listed(rel, k)
                    fd, dl, eplus = site_state(eng, rel, k)
                    reply_sites.append({
                        'file': rel, 'line': k, 'message': m.group(1), 'mojify': mv,
                        'rewritten': mv != 'untouched', 'listed': bool(lst), 'listed_reasons': lst,
                        'engineers_changed': dl is not None,
                        'engineers_line': ' | '.join(t.strip() for t in eplus),
                        'mojify_line': ' | '.join(p.strip() for p in mplus), 'source': ln.strip(),
                    })

    # ---- patched files (parent + mojify's patch)
    patched: dict[str, tuple[list[str], set[int]]] = {}
    for k, fd in pat.items():
        if fd.new_path:
            patched[fd.new_path] = new_version(case.tree, fd)

    # ---- remotes
    remote_info: dict[str, dict] = {}
    for path, (lines, added) in sorted(patched.items()):
        text = '\n'.join(lines)
        offs = [0]
        for ln in lines:
            offs.append(offs[-1] + len(ln) + 1)

        def line_of(off: int) -> int:
            lo, hi = 0, len(offs) - 1
            while lo < hi:
                mid = (lo + hi + 1) // 2
                if offs[mid] <= off:
                    lo = mid
                else:
                    hi = mid - 1
            return lo + 1
        for itf in moj_ifaces:
            for m in re.finditer(r'\bGet' + re.escape(itf) + r'\s*\(\s*\)\s*(?:const\s*)?\{', text):
                ln = line_of(m.start())
                if ln not in added:
                    continue
                depth, j = 1, m.end()
                while j < len(text) and depth:
                    depth += {'{': 1, '}': -1}.get(text[j], 0)
                    j += 1
                body = strip_comments(text[m.end():j - 1])
                binds = [t for t in BIND_TOKENS if t in body]
                ri = remote_info.setdefault(itf, {'getters': [], 'members': [], 'binds': False})
                ri['getters'].append({'file': path, 'line': ln, 'binds': binds,
                                      'body': ' '.join(text[m.end():j - 1].split())[:200]})
                ri['binds'] = ri['binds'] or bool(binds)
            mem = re.compile(r'(?:mojom::' + re.escape(itf) + r'(?:Associated)?Ptr\b|mojo::(?:Associated)?'
                             r'(?:Remote|InterfacePtr)\s*<\s*[\w:]*mojom::' + re.escape(itf) + r'\s*>)\s*\w+\s*;')
            for k in sorted(added):
                if mem.search(strip_comments(lines[k - 1])):
                    ri = remote_info.setdefault(itf, {'getters': [], 'members': [], 'binds': False})
                    ri['members'].append({'file': path, 'line': k, 'text': lines[k - 1].strip()})
                    # A remote local to a block (a send through an object of the function's own) is bound on the
                    # line after its declaration.
                    following = strip_comments(lines[k]) if k < len(lines) and (k + 1) in added else ''
                    ri['binds'] = ri['binds'] or any(t in following for t in BIND_TOKENS)

    # ---- registration
    reg_sites = []
    out_files = []
    for root, _, files in os.walk(out_d):
        for fn in sorted(files):
            if not fn.startswith('.'):
                out_files.append(os.path.join(root, fn))
    for itf in moj_ifaces:
        names = re.compile(r'\b(?:Bind)?' + re.escape(itf) + r'(?:Impl)?\b')
        in_patch = []
        for path, (lines, added) in sorted(patched.items()):
            for k in sorted(added):
                code = strip_comments(lines[k - 1])
                if names.search(code):
                    near = ' '.join(strip_comments(lines[x - 1]) for x in range(max(1, k - 3), min(len(lines), k + 3) + 1))
                    if REG_RE.search(code) or (REG_RE.search(near)):
                        in_patch.append(f'{path}:{k}: {lines[k - 1].strip()}')
        beside = []
        for p in out_files:
            rel = os.path.relpath(p, out_d)
            lines = read_lines(p)
            for k, ln in enumerate(lines, 1):
                if p.endswith('.json'):
                    if re.search(r'"' + re.escape(moj_qual.get(itf, itf)) + r'"', ln):
                        beside.append(f'{rel}:{k}: {ln.strip()}')
                elif re.search(r'\bBind' + re.escape(itf) + r'\s*\(', strip_comments(ln)) or \
                        (names.search(strip_comments(ln)) and REG_RE.search(strip_comments(ln))):
                    beside.append(f'{rel}:{k}: {ln.strip()}')
        reg_sites.append({'interface': moj_qual.get(itf, itf),
                          'verdict': 'in patch' if in_patch else ('drafted beside' if beside else 'none'),
                          'in_patch': in_patch, 'beside': beside[:6]})

    # ---- handlers in the engineers' class
    eng_new_texts: dict[str, str] = {}
    for fd in eng.values():
        if fd.new_path and fd.new_path.endswith(CPP_EXT):
            eng_new_texts[fd.new_path] = '\n'.join(new_version(case.tree, fd)[0])
    tree_impl_cache: dict[str, list[str]] = {}

    def eng_classes(e: str) -> list[str]:
        found = []
        for p, t in sorted(eng_new_texts.items()):
            for c, _ in classes_with_base(t, e):
                found.append(f'{c} ({p})')
            for m in re.finditer(r'\bclass\s+(' + re.escape(e) + r'Impl)\b[^;]*\{', t):
                found.append(f'{m.group(1)} ({p})')
        if found:
            return sorted(set(found))
        if e not in tree_impl_cache:
            res = []
            needle = ('mojom::' + e).encode()
            for root, dirs, files in os.walk(case.tree):
                dirs[:] = sorted(d for d in dirs if d != '.git')
                for fn in sorted(files):
                    if fn.endswith(('.h', '.hh', '.hpp')):
                        p = os.path.join(root, fn)
                        try:
                            data = open(p, 'rb').read()
                        except OSError:
                            continue
                        if needle in data:
                            rel = os.path.relpath(p, case.tree)
                            for c, _ in classes_with_base(data.decode('utf-8', 'replace'), e):
                                res.append(f'{c} ({rel}, parent tree)')
            tree_impl_cache[e] = sorted(set(res))
        return tree_impl_cache[e]

    class_sites = []
    for itf in moj_ifaces:
        msgs_i = sorted(m for m, (i, _) in moj_names.items() if i == itf and m in msgset)
        score: dict[str, int] = {}
        for m in msgs_i:
            ifs = set()
            for meth in eng_by_msg.get(m, {}):
                ifs |= method_ifaces.get(meth, set())
            for e in ifs:
                score[e] = score.get(e, 0) + 1
        best = max(score.values()) if score else 0
        e_ifaces = sorted(e for e, v in score.items() if v == best) if score else []
        e_classes = sorted({c for e in e_ifaces for c in eng_classes(e)})
        e_class_names = {c.split(' ')[0] for c in e_classes}
        m_class, where = None, 'none'
        hclasses = sorted({c for m in msgs_i for c in handler_classes_by_msg.get(m, set())})
        # Every class the patch makes derive from the interface: the one implementing it in place, and an observer
        # passing the calls on to it (registering it). The engineers' class, else a handler class, is the one named.
        implementing = []
        for path, (lines, added) in sorted(patched.items()):
            text = '\n'.join(lines)
            for c, off in classes_with_base(text, itf):
                # the base must be on an added line
                start_line = text.count('\n', 0, off) + 1
                brace = text.find('{', off)
                end_line = text.count('\n', 0, brace) + 1
                if any(k in added for k in range(start_line, end_line + 1)):
                    implementing.append((c, path))
        if implementing:
            implementing.sort(key=lambda cp: (cp[0] not in e_class_names, cp[0] not in hclasses))
            m_class = implementing[0][0]
            where = 'in place (' + implementing[0][1] + ')' + ''.join(
                f'; also {c} ({p})' for c, p in implementing[1:])
        if m_class is None:
            for p in out_files:
                if 'mock' in os.path.basename(p).lower():
                    continue
                for c, _ in classes_with_base('\n'.join(read_lines(p)), itf):
                    if m_class is None or c == itf + 'Impl':
                        m_class, where = c, f'skeleton ({os.path.relpath(p, out_d)})'
        same = m_class is not None and m_class in e_class_names
        fwd = (not same) and where.startswith('skeleton') and bool(e_class_names & set(hclasses))
        class_sites.append({
            'interface': moj_qual.get(itf, itf), 'messages': msgs_i, 'engineers_interfaces': e_ifaces,
            'engineers_classes': e_classes, 'mojify_class': m_class, 'mojify_where': where,
            'handler_classes': hclasses,
            'verdict': 'same' if same else ('skeleton forwards to it' if fwd else
                                            ('no engineers\' class found' if not e_classes else
                                             ('mojify drafted no implementation' if m_class is None
                                              else 'different'))),
        })

    # ---- counts
    S = [s for s in sender_sites if s['engineers_changed']]
    cov = [s for s in S if s['covered']]
    rew = [s for s in cov if s['mojify'] == 'rewritten']
    X = [s for s in S if s['through_other']]
    H = hsites
    counts = {
        'sender sites (selected messages)': len(sender_sites),
        'senders the engineers changed': len(S),
        'senders covered': len(cov),
        'senders rewritten': len(rew),
        'senders calling the engineers\' method': sum(s['same_method'] for s in rew),
        'senders calling the engineers\' method (case-insensitive)': sum(s['same_method_ci'] for s in rew),
        'senders rewritten where the engineers call a mojom method': sum(s['engineers_method'] is not None for s in rew),
        'senders unnamed (message left whole)': sum(s['status'] == 'unnamed, message left whole' for s in S),
        'reply writes': len(reply_sites),
        'reply writes rewritten': sum(r['rewritten'] for r in reply_sites),
        'reply writes listed': sum(r['listed'] for r in reply_sites),
        'sends through another object': len(X),
        'sends through another object rewritten': sum(s['mojify'] == 'rewritten' for s in X),
        'sends through another object taking a remote from it': sum(s['takes_remote_from_object'] for s in X),
        'remotes (interfaces given a getter or remote member)': len(remote_info),
        'remotes that bind': sum(1 for r in remote_info.values() if r['binds']),
        'interfaces mojify generated': len(reg_sites),
        'registration in the patch': sum(r['verdict'] == 'in patch' for r in reg_sites),
        'registration drafted beside only': sum(r['verdict'] == 'drafted beside' for r in reg_sites),
        'handler entries': len(H),
        'handlers covered': sum(h['covered'] for h in H),
        'handlers rewritten': sum(h['rewritten'] for h in H),
        'handlers rewritten with the engineers\' name': sum(h['rewritten'] and h['same_name'] for h in H),
        'handlers rewritten with the engineers\' name (case-insensitive)':
            sum(h['rewritten'] and h['same_name_ci'] for h in H),
        'handler entries whose mojify name is the engineers\' (all)': sum(h['same_name'] for h in H),
        'interfaces implemented in the engineers\' class': sum(c['verdict'] == 'same' for c in class_sites),
        'interfaces whose skeleton forwards to the engineers\' class':
            sum(c['verdict'] == 'skeleton forwards to it' for c in class_sites),
    }
    return {
        'case': case.name, 'messages': case.msgs, 'commands': [' '.join(c) for c in commands],
        'counts': counts, 'senders': sender_sites, 'handlers': hsites, 'reply_writes': reply_sites,
        'remotes': remote_info, 'registration': reg_sites, 'classes': class_sites,
        'engineers_mojom_files': eng_mojom_files,
        'engineers_interfaces': {k: [m['name'] for m in v] for k, v in eng_ifaces.items()},
        'engineers_methods_by_message': eng_evidence,
        'mojify_methods_by_message': {m: '.'.join(v) for m, v in sorted(moj_names.items()) if m in msgset},
        'migrate_summary': [ln for ln in migrate_txt.split('\n') if re.match(r'^[a-z][a-z ]+: ', ln)],
    }


# ----------------------------------------------------------------------------------------------------------------
# report

ROWS = [
    ('senders covered', 'senders covered', 'senders the engineers changed'),
    ('senders rewritten', 'senders rewritten', 'senders covered'),
    ('senders calling the engineers\' method', 'senders calling the engineers\' method', 'senders rewritten'),
    ('... case-insensitive', 'senders calling the engineers\' method (case-insensitive)', 'senders rewritten'),
    ('... of those where the engineers call one', 'senders calling the engineers\' method',
     'senders rewritten where the engineers call a mojom method'),
    ('senders unnamed, message left whole (not covered)', 'senders unnamed (message left whole)',
     'senders the engineers changed'),
    ('reply writes rewritten', 'reply writes rewritten', 'reply writes'),
    ('reply writes listed', 'reply writes listed', 'reply writes'),
    ('sends through another object rewritten', 'sends through another object rewritten',
     'sends through another object'),
    ('... taking a remote from that object', 'sends through another object taking a remote from it',
     'sends through another object rewritten'),
    ('remotes that bind', 'remotes that bind', 'remotes (interfaces given a getter or remote member)'),
    ('registration in the patch', 'registration in the patch', 'interfaces mojify generated'),
    ('registration drafted beside only', 'registration drafted beside only', 'interfaces mojify generated'),
    ('handlers covered', 'handlers covered', 'handler entries'),
    ('handlers rewritten', 'handlers rewritten', 'handler entries'),
    ('handlers rewritten with the engineers\' name', 'handlers rewritten with the engineers\' name',
     'handlers rewritten'),
    ('... case-insensitive', 'handlers rewritten with the engineers\' name (case-insensitive)',
     'handlers rewritten'),
    ('handler entries whose mojify name is the engineers\'', 'handler entries whose mojify name is the engineers\' (all)',
     'handler entries'),
    ('interfaces implemented in the engineers\' class', 'interfaces implemented in the engineers\' class',
     'interfaces mojify generated'),
    ('interfaces whose skeleton forwards to the engineers\' class',
     'interfaces whose skeleton forwards to the engineers\' class', 'interfaces mojify generated'),
]


def table(results: list[dict], total: dict[str, int] | None) -> str:
    cols = [r['case'] for r in results] + (['total'] if total is not None else [])
    cnts = [r['counts'] for r in results] + ([total] if total is not None else [])
    out = ['| measure | ' + ' | '.join(cols) + ' |', '|---|' + '---:|' * len(cols)]
    for label, num, den in ROWS:
        out.append(f'| {label} | ' + ' | '.join(f'{c[num]}/{c[den]}' for c in cnts) + ' |')
    return '\n'.join(out)


def verbose(r: dict) -> str:
    o = [f'### {r["case"]}: sites', '']
    o.append('engineers\' mojom: ' + ', '.join(f'{k}({", ".join(v)})' for k, v in r['engineers_interfaces'].items()))
    o.append('mojify\'s names: ' + ', '.join(f'{m} -> {v}' for m, v in r['mojify_methods_by_message'].items()))
    o.append('engineers\' methods by message: ' + '; '.join(
        f'{m} -> [{"; ".join(v)}]' for m, v in r['engineers_methods_by_message'].items()))
    o.append('')
    for s in r['senders']:
        verdict = [s['status']]
        if not s['engineers_changed']:
            verdict = ['not scored: the engineers did not change it'] + verdict
        if s['mojify'] == 'rewritten':
            verdict.append(f'engineers call {s["engineers_method"]}, mojify calls {s["mojify_method"]}: ' +
                           ('same' if s['same_method'] else 'same ignoring case' if s['same_method_ci'] else 'different'))
        if s['through_other']:
            verdict.append(f'sent through {s["send_object"]}' +
                           (', mojify takes the remote from it' if s['takes_remote_from_object'] else
                            ', mojify does not take the remote from it' if s['mojify'] == 'rewritten' else ''))
        if s['listed_reasons']:
            verdict.append('listed: ' + ' / '.join(s['listed_reasons']))
        o.append(f'- sender {s["file"]}:{s["line"]} {s["message"]} in {s["function"]}\n'
                 f'    engineers ({s["engineers_source"]}): {s["engineers_line"] or "-"}\n'
                 f'    mojify: {s["mojify_line"] or "-"}\n'
                 f'    verdict: {"; ".join(verdict)}')
    for h in r['handlers']:
        verdict = [h['status'], f'mojify method {h["mojify_method"]}, engineers\' {h["engineers_methods"] or "-"}: '
                   + ('same' if h['same_name'] else 'same ignoring case' if h['same_name_ci'] else
                      'the engineers made no method for it' if not h['engineers_methods'] else 'different')]
        if h['listed_reasons']:
            verdict.append('listed: ' + ' / '.join(h['listed_reasons']))
        o.append(f'- handler {h["file"]}:{h["line"]} {h["message"]} -> {h["method"]} ({h["class"]})\n'
                 f'    engineers: {h["engineers_line"] or ("(deleted)" if h["engineers_changed"] else "-")}\n'
                 f'    mojify: {h["mojify_line"] or ("(" + h["mojify"] + ")")}\n'
                 f'    verdict: {"; ".join(verdict)}')
    for w in r['reply_writes']:
        verdict = [('rewritten' if w['rewritten'] else 'not rewritten'), ('listed: ' + ' / '.join(w['listed_reasons'])
                                                                          if w['listed'] else 'not named')]
        o.append(f'- reply write {w["file"]}:{w["line"]} {w["message"]}: {w["source"]}\n'
                 f'    engineers: {w["engineers_line"] or ("(deleted)" if w["engineers_changed"] else "-")}\n'
                 f'    mojify: {w["mojify_line"] or ("(" + w["mojify"] + ")")}\n'
                 f'    verdict: {"; ".join(verdict)}')
    for itf, ri in sorted(r['remotes'].items()):
        for g in ri['getters']:
            o.append(f'- remote getter {g["file"]}:{g["line"]} Get{itf}(): '
                     f'{"binds (" + ", ".join(g["binds"]) + ")" if g["binds"] else "does not bind"}: {g["body"]}')
        for m in ri['members']:
            o.append(f'- remote member {m["file"]}:{m["line"]} {itf}: {m["text"]}')
    for g in r['registration']:
        ev = g['in_patch'] or g['beside']
        o.append(f'- registration {g["interface"]}: {g["verdict"]}' + ('' if not ev else ': ' + ' ; '.join(ev[:3])))
    for c in r['classes']:
        o.append(f'- class for {c["interface"]} ({", ".join(c["messages"])}): engineers\' '
                 f'{c["engineers_interfaces"] or "-"} in {c["engineers_classes"] or "-"}; mojify {c["mojify_class"]} '
                 f'{c["mojify_where"]}; handler classes {c["handler_classes"]}: {c["verdict"]}')
    return '\n'.join(o)


def main() -> int:
    argv = sys.argv[1:]
    extra: list[str] = []
    if '--' in argv:
        k = argv.index('--')
        argv, extra = argv[:k], argv[k + 1:]
    ap = argparse.ArgumentParser(description=__doc__.split('\n\n')[0])
    ap.add_argument('--mojify', required=True, help='the mojify binary')
    ap.add_argument('--work', required=True, help='work folder (one subfolder per case)')
    ap.add_argument('--rules-dir', help='sets MOJIFY_RULES_DIR for mojify')
    ap.add_argument('--case', nargs=4, action='append', default=[], metavar=('NAME', 'TREE', 'ENG_DIFF', 'MSGS'))
    ap.add_argument('--case-dir', action='append', default=[], help='DIR with tree/, eng.diff, msgs')
    ap.add_argument('--json', help='write all results as JSON to this file')
    ap.add_argument('--verbose', action='store_true', help='print every site with its verdict')
    a = ap.parse_args(argv)
    cases = []
    for n, t, d, m in a.case:
        cases.append((n, t, d, m))
    for d in a.case_dir:
        d = d.rstrip('/')
        cases.append((os.path.basename(d), os.path.join(d, 'tree'), os.path.join(d, 'eng.diff'),
                      os.path.join(d, 'msgs')))
    if not cases:
        ap.error('give at least one --case or --case-dir')
    env = dict(os.environ)
    if a.rules_dir:
        env['MOJIFY_RULES_DIR'] = os.path.abspath(a.rules_dir)
    mojify = os.path.abspath(a.mojify) if os.sep in a.mojify else a.mojify
    work = os.path.abspath(a.work)
    results = []
    for n, t, d, m in cases:
        msgs = open(m).read() if os.path.isfile(m) else m
        msgs = [x.strip() for x in msgs.replace('\n', ',').split(',') if x.strip()]
        results.append(score_case(Case(n, os.path.abspath(t), os.path.abspath(d), msgs), mojify, work, env, extra))
    total = {k: sum(r['counts'][k] for r in results) for k in results[0]['counts']}
    print(f'mojify: {mojify} ({subprocess.run([mojify, "--version"], capture_output=True, text=True, env=env).stdout.strip()})')
    if extra:
        print('extra migrate arguments: ' + ' '.join(extra))
    print()
    for r in results:
        print(f'## {r["case"]} ({", ".join(r["messages"])})\n')
        print('commands (run in the tree): ' + '; '.join(f'`{c}`' for c in r['commands']) + '\n')
        print(table([r], None))
        print()
        if a.verbose:
            print(verbose(r))
            print()
    print('## total\n')
    print(table(results, total))
    if a.json:
        with open(a.json, 'w') as f:
            json.dump({'mojify': mojify, 'extra': extra, 'cases': results, 'total': total}, f, indent=1,
                      sort_keys=True, default=sorted)
    return 0


if __name__ == '__main__':
    sys.exit(main())
