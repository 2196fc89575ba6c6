#!/usr/bin/env python3
"""Benchmarks mojify against `rg -l IPC_` and against itself on synthetic Chromium-like trees of several shapes and on real ones, in one run.

Builds mojify in release mode (unless --mojify names a binary), generates the synthetic trees (once; they are kept
in --work) and measures, with warm file-system caches and the commands of each figure run alternately so that
background load hits them alike (figures are medians; peak memory is the largest resident size of the runs, which
is what GNU time's %M gives):

on each tree of shape (the synthetic tree, the dense one, each real tree given with --real; see fetch_real_tree.py):
  - a first scan (no cache) against ripgrep;
  - a re-scan with nothing changed against ripgrep, and against the floor: `find` stat-ing every file and folder,
    which is about what proving a tree unchanged cannot go below;
  - a re-scan after touching ten files and one after an edit that changes what one message header defines;
  - `mojify lint --ledger L --files F` for a pull request that changes three message-filter `.cc` files;
  - `generate`, `report`, a whole-tree `lint`, `ledger sync` and `migrate --dry-run`, each with the warm cache,
    against a warm `mojify scan` alone (the ledger made by `mojify ledger sync` beforehand);
  - the peak memory of each of those commands;
on the tree of 50,000 messages: `ledger sync` once and a whole-tree `lint` with its ledger (warm cache);
and, unless --quick, on the synthetic trees only:
  - growth: 10k, 50k and the largest tree;
  - --jobs 1 against --jobs 2, on the whole tree and on the parse-bound part (only the files that reach libclang);
  - the cost of parsing one typical message header.
A run that takes longer than --timeout is stopped and its figure shown as over that limit (the command is not run
again in that run). Prints the trees' shapes, the figures with the command of each, and the targets; --markdown
prints them as Markdown for BENCHMARKS.md. Standard library only.
"""

import argparse
import json
import os
import platform
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)

def run(command, **kwargs):
    return subprocess.run(command, check=True, **kwargs)


class Run:
    """One run of a command: wall-clock and CPU seconds (user and system), peak resident KiB; `wall` is None when it
    was stopped at the time limit."""

    def __init__(self, wall, cpu, peak_kib):
        self.wall, self.cpu, self.peak_kib = wall, cpu, peak_kib


def execute(command, timeout=None, ok=(0,)):
    """Runs `command` with its output discarded; its figures from wait4, as GNU time takes them."""
    start = time.perf_counter()
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    stopped = threading.Event()

    def stop():
        stopped.set()
        process.kill()
    timer = threading.Timer(timeout, stop) if timeout else None
    if timer:
        timer.start()
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    if timer:
        timer.cancel()
    process.returncode = os.waitstatus_to_exitcode(status)
    if stopped.is_set() and wall >= timeout:
        return Run(None, None, usage.ru_maxrss)
    if process.returncode not in ok:
        sys.exit(f"failed ({process.returncode}): {shlex.join(command)}")
    return Run(wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss)


def timed(command, cpu=None):
    """Wall-clock seconds of one run, output discarded; its CPU seconds (user and system) go to `cpu` if given."""
    result = execute(command)
    if cpu is not None:
        cpu.append(result.cpu)
    return result.wall


class Series:
    """The runs of one command in a figure."""

    def __init__(self, command):
        self.command, self.runs = command, []

    @property
    def timed_out(self):
        return any(entry.wall is None for entry in self.runs)

    @property
    def wall(self):
        return None if self.timed_out else statistics.median(entry.wall for entry in self.runs)

    @property
    def cpu(self):
        return None if self.timed_out else statistics.median(entry.cpu for entry in self.runs)

    @property
    def peak_mib(self):
        return max(entry.peak_kib for entry in self.runs) / 1024

    @property
    def peak(self):
        """Peak memory as the table shows it: at least that much when a run was stopped."""
        return f"{'>= ' if self.timed_out else ''}{self.peak_mib:.0f}"


def lint_ok(command):
    """The exit statuses that mean the command ran: lint answers 1 when it has findings."""
    return (0, 1) if "lint" in command[1:2] else (0,)


def series(commands, runs, before=None, timeout=None):
    """Each command run in turn, `runs` times; `before` (one callable or None per command) runs untimed before each
    run. A command stopped at the time limit is not run again."""
    result = [Series(command) for command in commands]
    for _ in range(runs):
        for index, entry in enumerate(result):
            if entry.timed_out:
                continue
            if before and before[index]:
                before[index]()
            entry.runs.append(execute(entry.command, timeout, lint_ok(entry.command)))
    return result


def alternate(commands, runs, before=None, cpu=None):
    """Median seconds of each command, running them in turn `runs` times; `before` runs untimed before each.
    With `cpu` (a list), the median CPU seconds of each command are appended to it."""
    measured = series(commands, runs, before)
    if cpu is not None:
        cpu.extend(entry.cpu for entry in measured)
    return [entry.wall for entry in measured]


def tree(work, files, seed, shape="default", messages=None):
    """The generated tree for this shape, size and seed, made on first use."""
    if shape == "default":
        name = f"tree-{files}-seed{seed}"
    elif shape == "messages":
        name = f"tree-messages{messages}-{files}-seed{seed}"
    else:
        name = f"tree-{shape}-{files}-seed{seed}"
    path = os.path.join(work, name)
    stamp = os.path.join(path, ".generated")
    if not os.path.exists(stamp):
        shutil.rmtree(path, ignore_errors=True)
        command = [sys.executable, os.path.join(HERE, "generate_tree.py"), "--files", str(files), "--out", path, "--seed", str(seed)]
        if shape != "default":
            command += ["--shape", shape, "--messages", str(messages)]
        run(command)
        open(stamp, "w").close()
        # Stamps this recent are "racy" for the cache; the benchmark measures a tree edited earlier.
        time.sleep(2.5)
    return path


def parse_bound_tree(work, source):
    """A copy of only the files that reach libclang (those naming IPC_ or Msg_), with their folders."""
    path = source + "-parsed-only"
    if not os.path.exists(os.path.join(path, ".generated")):
        shutil.rmtree(path, ignore_errors=True)
        listing = subprocess.run(["rg", "-l", "IPC_|Msg_", "."], cwd=source, capture_output=True, text=True, check=True)
        for relative in sorted(listing.stdout.split()):
            target = os.path.join(path, relative)
            os.makedirs(os.path.dirname(target), exist_ok=True)
            shutil.copyfile(os.path.join(source, relative), target)
        open(os.path.join(path, ".generated"), "w").close()
    return path


def header_trees(work, source, copies):
    """One typical message header, alone and in `copies` copies, to isolate the cost of one parse."""
    headers = sorted(
        os.path.join(folder, name) for folder, _, names in os.walk(source) for name in names if name.endswith("_messages.h"))
    sizes = sorted((os.path.getsize(h), h) for h in headers)
    typical = sizes[len(sizes) // 2][1]
    one = os.path.join(work, "one-header")
    many = os.path.join(work, f"{copies}-headers")
    for folder, count in ((one, 1), (many, copies)):
        shutil.rmtree(folder, ignore_errors=True)
        os.makedirs(folder)
        for number in range(count):
            shutil.copyfile(typical, os.path.join(folder, f"copy{number:04d}_messages.h"))
    return typical, one, many


def machine():
    model = "unknown"
    with open("/proc/cpuinfo") as info:
        for line in info:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    with open("/proc/meminfo") as info:
        memory = int(info.readline().split()[1]) // 1024
    return f"{os.cpu_count()} CPUs ({model}), {memory} MiB RAM, {platform.system()} {platform.release()}"


def inventory_of(command):
    """The inventory a `scan --format json` command prints."""
    return json.loads(subprocess.run(command, capture_output=True, check=True).stdout)


def shape_of(name, path, inventory):
    """What the tree holds, for the table of shapes: how cost grows with files, messages and ignore files."""
    files = ignore_files = 0
    for folder, folders, names in os.walk(path):
        if folder == path:
            folders[:] = [entry for entry in folders if entry != ".git"]
            names = [entry for entry in names if entry != ".generated"]
        files += len(names)
        ignore_files += names.count(".gitignore")
    ipc_files = set()
    for key in ("messages", "messageMaps", "senders", "structs", "structTraits", "enumTraits"):
        ipc_files.update(entry["location"]["file"] for entry in inventory.get(key, []))
    return (name, f"{files:,}", f"{inventory['stats']['filesVisited']:,}", f"{len(inventory['messages']):,}",
            f"{len(ipc_files):,}", f"{len(inventory['messageMaps']):,}", f"{len(inventory['senders']):,}", f"{ignore_files:,}")


def changed_files(inventory, work, name):
    """Three message-filter `.cc` files of the tree, spread over its list: the files of a typical pull request."""
    listing = os.path.join(work, f"changed-{name}.txt")
    maps = sorted({entry["location"]["file"] for entry in inventory["messageMaps"] if entry["location"]["file"].endswith(".cc")})
    chosen = [maps[len(maps) * part // 4] for part in (1, 2, 3)]
    with open(listing, "w") as handle:
        handle.write("\n".join(chosen) + "\n")
    return listing


class Bench:
    """What every measure needs: the binary, the work folder, the runs, the time limit; and what they produce."""

    def __init__(self, mojify, work, runs, timeout):
        self.mojify, self.work, self.runs, self.timeout = mojify, work, runs, timeout
        self.rows, self.targets, self.shapes = [], [], []

    def show(self, command):
        """A command as the table prints it, with $M for the binary and $W for the work folder."""
        text = shlex.join(command)
        return text.replace(self.mojify, "$M").replace(self.work.rstrip("/") + "/", "$W/")

    def series(self, commands, before=None):
        return series(commands, self.runs, before, self.timeout)

    def seconds(self, entry):
        return f"> {self.timeout:.0f} s (stopped)" if entry.timed_out else f"{entry.wall * 1000:.0f} ms"

    def row(self, what, entry, against=None, label="", note="", command=None):
        """A row for `entry` (a Series), with its ratio to `against` (another, named `label`) if given."""
        ratio = ""
        baseline = ""
        if against is not None:
            baseline = f"{label} {self.seconds(against)}"
            if entry.wall is not None and against.wall is not None:
                ratio = f"{entry.wall / against.wall:.2f}x"
                if entry.cpu and against.cpu:
                    note = (note + "; " if note else "") + f"CPU {entry.cpu:.2f} s vs {against.cpu:.2f} s = {entry.cpu / against.cpu:.2f}x"
            elif entry.timed_out:
                ratio = f"> {self.timeout / against.wall:.1f}x" if against.wall else ""
        if command is None:
            command = f"`{self.show(entry.command)}`" + (f" vs `{self.show(against.command)}`" if against is not None else "")
        self.rows.append((what, self.seconds(entry), baseline, ratio, note, command))

    def target(self, what, entry, against, limit):
        """A target of the form "at most `limit` times `against`"."""
        if entry.timed_out:
            self.targets.append((what, f"> {self.timeout:.0f} s", False))
        elif against.timed_out:
            self.targets.append((what, "baseline stopped", False))
        else:
            ratio = entry.wall / against.wall
            self.targets.append((what, f"{ratio:.2f}x", ratio <= limit))

    def memory_target(self, name, measured):
        """Peak memory under 200 MiB for every command measured on the tree: the largest, and which command it is."""
        worst = max(measured, key=lambda pair: pair[1].peak_mib)
        over = [what for what, entry in measured if entry.peak_mib >= 200]
        rows = ", ".join(f"{what} {entry.peak}" for what, entry in measured)
        self.rows.append((f"{name}: peak memory (MiB)", f"{worst[1].peak} MiB", "", "", rows,
                          "the runs above; as `/usr/bin/time -f %M` gives it"))
        self.targets.append((f"{name}: peak memory under 200 MiB, every command",
                             f"{worst[1].peak} MiB ({worst[0]})" + (f"; over: {', '.join(over)}" if over else ""), not over))


def measure_tree(bench, name, path):
    """Every measure with a target, on one tree of shape (synthetic, dense or real)."""
    mojify, work = bench.mojify, bench.work
    cache = os.path.join(work, f"cache-{name}")

    def scan(*extra):
        return [mojify, "scan", path, "--format", "json", *extra]

    ripgrep = ["rg", "-l", "IPC_", path]
    # The floor of a re-scan: a walk that stats every file and folder (what proving them unchanged needs), on one
    # thread, reading no ignore file. It stats more than the scan (every extension, ignored folders), yet costs less
    # than one that tests names first: find's name tests cost more than the extra stats.
    floor = ["find", path, "-printf", "%T@ %s\\n"]
    # The inventory (for the table of shapes and the files of the pull request) warms the page cache too.
    inventory = inventory_of(scan("--no-cache"))
    bench.shapes.append(shape_of(name, path, inventory))
    execute(ripgrep)
    measured = []

    first, rg_first = bench.series([scan("--no-cache"), ripgrep])
    bench.row(f"{name}: first scan", first, rg_first, "rg", "no cache")
    bench.target(f"{name}: first scan at most 1.0x ripgrep", first, rg_first, 1.0)
    measured.append(("first scan", first))

    shutil.rmtree(cache, ignore_errors=True)
    run(scan("--cache", cache), stdout=subprocess.DEVNULL)
    again, rg_again, stat_walk = bench.series([scan("--cache", cache), ripgrep, floor])
    bench.row(f"{name}: re-scan, nothing changed", again, rg_again, "rg", "cache")
    bench.target(f"{name}: re-scan, nothing changed, at most 0.4x ripgrep", again, rg_again, 0.4)
    bench.row(f"{name}: re-scan against the floor", again, stat_walk, "floor",
              "floor: find stats every file and folder on one thread")
    measured.append(("re-scan", again))

    scannable = (".h", ".cc")
    all_files = sorted(os.path.join(folder, file) for folder, _, names in os.walk(path) for file in names if file.endswith(scannable))
    touched = [all_files[(index * 7919) % len(all_files)] for index in range(10)]

    def touch():
        for file in touched:
            os.utime(file)
    after_touch, rg_touch = bench.series([scan("--cache", cache), ripgrep], before=[touch, None])
    bench.row(f"{name}: re-scan, 10 files touched", after_touch, rg_touch, "rg", "cache; 10 files' stamps changed before each run")
    bench.target(f"{name}: re-scan after touching 10 files at most 0.7x", after_touch, rg_touch, 0.7)
    measured.append(("re-scan, touched", after_touch))

    ledger = os.path.join(work, f"ledger-{name}.csv")
    for stale in (ledger, ledger[:-4] + ".history.csv"):
        if os.path.exists(stale):
            os.remove(stale)
    sync = [mojify, "ledger", "sync", path, "--ledger", ledger, "--today", "2026-01-01", "--cache", cache]
    run(sync, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    listing = changed_files(inventory, work, name)
    lint_files, = bench.series([[mojify, "lint", path, "--ledger", ledger, "--files", listing]])
    bench.row(f"{name}: lint --files, 3 changed files", lint_files, note="pull-request check; keeps no cache")
    if lint_files.timed_out or lint_files.wall >= 1:
        bench.targets.append((f"{name}: lint --files under 1 s", bench.seconds(lint_files), False))
    else:
        bench.targets.append((f"{name}: lint --files under 1 s", f"{lint_files.wall * 1000:.0f} ms", True))
    measured.append(("lint --files", lint_files))

    # The other commands with the warm cache, each in turn with a warm scan alone. Their outputs go to the work
    # folder; migrate --dry-run works out the drafts and the patch and writes neither, nor anything in the tree.
    generated = os.path.join(work, f"generate-{name}")
    warm = [
        ("generate", [mojify, "generate", path, "--out", generated, "--cache", cache], lambda: shutil.rmtree(generated, ignore_errors=True)),
        ("report", [mojify, "report", path, "--out", os.path.join(work, f"report-{name}.html"), "--ledger", ledger, "--cache", cache], None),
        ("lint", [mojify, "lint", path, "--ledger", ledger, "--cache", cache], None),
        ("ledger sync", sync, None),
        ("migrate --dry-run", [mojify, "migrate", path, "--out", os.path.join(work, f"migrate-{name}"),
                               "--patch", os.path.join(work, f"migrate-{name}.patch"), "--dry-run", "--cache", cache], None),
    ]
    results = bench.series([scan("--cache", cache)] + [command for _, command, _ in warm], before=[None] + [step for _, _, step in warm])
    warm_scan = results[0]
    bench.row(f"{name}: warm scan alone", warm_scan, note="cache; the baseline of the rows below")
    for (what, command, step), entry in zip(warm, results[1:]):
        shown = f"`{bench.show(command)}`" + (f" (after `rm -rf {bench.show([generated])}`)" if step else "") + \
                f" vs `{bench.show(warm_scan.command)}`"
        bench.row(f"{name}: {what}, warm", entry, warm_scan, "scan", "cache", command=shown)
        bench.target(f"{name}: {what} within 1.5x of a warm scan", entry, warm_scan, 1.5)
        measured.append((what, entry))

    # An edit that changes what the scan finds: lines added at the top of one message header move every definition
    # in it, so the cache cannot keep the last inventory and rebuilds it (a touch, above, leaves the bytes as they
    # were). Each run adds one line more or less than the last; the header is restored afterwards.
    headers = [file for file in all_files if file.endswith("_messages.h")]
    edited = headers[len(headers) // 2]
    with open(edited, "rb") as handle:
        original = handle.read()
    edits = iter(range(2 * bench.runs + 2))

    def edit():
        with open(edited, "wb") as handle:
            handle.write(b"\n" * (next(edits) % 2 + 1) + original)
    try:
        after_edit, rg_edit = bench.series([scan("--cache", cache), ripgrep], before=[edit, None])
    finally:
        with open(edited, "wb") as handle:
            handle.write(original)
    bench.row(f"{name}: re-scan, one message header edited", after_edit, rg_edit, "rg",
              f"cache; the inventory rebuilt; {os.path.relpath(edited, path)} edited before each run; no target set")
    bench.memory_target(name, measured)
    bench.rows.append((f"{name}: peak memory, re-scan after the edit", f"{after_edit.peak} MiB", "", "", "no target set", ""))
    bench.rows.append((f"{name}: peak memory, rg", f"{rg_first.peak_mib:.0f} MiB", "", "", "", ""))


def measure_messages(bench, name, path):
    """The message-linearity goal: `ledger sync` and a whole-tree `lint` (warm cache) on the tree of 50,000 messages."""
    mojify, work = bench.mojify, bench.work
    cache = os.path.join(work, f"cache-{name}")
    shutil.rmtree(cache, ignore_errors=True)
    # One scan fills the cache and gives the inventory for the table of shapes.
    inventory = inventory_of([mojify, "scan", path, "--format", "json", "--cache", cache])
    bench.shapes.append(shape_of(name, path, inventory))
    ledger = os.path.join(work, f"ledger-{name}.csv")
    for stale in (ledger, ledger[:-4] + ".history.csv"):
        if os.path.exists(stale):
            os.remove(stale)
    scan = [mojify, "scan", path, "--format", "json", "--cache", cache]
    sync = [mojify, "ledger", "sync", path, "--ledger", ledger, "--today", "2026-01-01", "--cache", cache]
    warm_scan, synced = series([scan, sync], 1, timeout=bench.timeout)
    bench.row(f"{name}: warm scan alone", warm_scan, note="cache; one run")
    bench.row(f"{name}: ledger sync, warm", synced, warm_scan, "scan", "cache; one run (it makes the ledger lint reads)")
    lint = [mojify, "lint", path, "--cache", cache] + (["--ledger", ledger] if not synced.timed_out else [])
    linted, = bench.series([lint])
    bench.row(f"{name}: lint, warm", linted, note="cache" + ("" if not synced.timed_out else "; no ledger: the sync was stopped"))
    what = f"{name}: {len(inventory['messages']):,} messages linted in under 5 s" + (" (no ledger)" if synced.timed_out else "")
    if linted.timed_out or linted.wall >= 5:
        bench.targets.append((what, bench.seconds(linted), False))
    else:
        bench.targets.append((what, f"{linted.wall:.2f} s", True))
    worst = max((warm_scan, synced, linted), key=lambda entry: entry.peak_mib)
    bench.rows.append((f"{name}: peak memory (MiB)", f"{worst.peak} MiB", "", "",
                       f"scan {warm_scan.peak}, ledger sync {synced.peak}, lint {linted.peak}; no target set",
                       "the runs above; as `/usr/bin/time -f %M` gives it"))


def table(titles, entries, markdown):
    if markdown:
        print("\n| " + " | ".join(titles) + " |\n|" + "---|" * len(titles))
        for entry in entries:
            print("| " + " | ".join(str(value).replace("|", "\\|") for value in entry) + " |")
    else:
        print()
        widths = [max(len(str(entry[i])) for entry in entries + [titles]) for i in range(len(titles))]
        for entry in [titles] + entries:
            print("  ".join(str(value).ljust(width) for value, width in zip(entry, widths)).rstrip())


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=100_000, help="size of the largest synthetic tree (default 100000)")
    parser.add_argument("--dense-files", type=int, default=80_000, help="size of the dense tree (default 80000)")
    parser.add_argument("--dense-messages", type=int, default=2_200, help="messages of the dense tree (default 2200)")
    parser.add_argument("--messages", type=int, default=50_000, help="messages of the messages tree (default 50000)")
    parser.add_argument("--messages-files", type=int, default=20_000, help="size of the messages tree (default 20000)")
    parser.add_argument("--shapes", default="synthetic,dense,messages",
                        help="the synthetic shapes to measure, comma-separated (default synthetic,dense,messages)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each command (default 5)")
    parser.add_argument("--timeout", type=float, default=60, help="seconds after which a run is stopped (default 60)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "mojify-bench"),
                        help="folder for the trees, caches and outputs (kept between runs)")
    parser.add_argument("--real", action="append", default=[], metavar="NAME=PATH",
                        help="a real tree to measure too (repeatable), e.g. emblink=/trees/emblink")
    parser.add_argument("--quick", action="store_true", help="only the measures with targets")
    parser.add_argument("--skip-build", action="store_true", help="use the release binary already built")
    parser.add_argument("--mojify", help="measure this mojify binary instead of building one (an earlier version, say)")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    args = parser.parse_args()

    if not shutil.which("rg"):
        sys.exit("ripgrep (rg) is needed: apt-get install -y ripgrep")
    shapes = [shape for shape in args.shapes.split(",") if shape]
    if set(shapes) - {"synthetic", "dense", "messages"}:
        sys.exit(f"--shapes takes synthetic, dense and messages; got {args.shapes!r}")
    reals = []
    for entry in args.real:
        name, _, path = entry.partition("=")
        if not path or not os.path.isdir(path):
            sys.exit(f"--real takes NAME=PATH with PATH a folder; got {entry!r}")
        reals.append((name, os.path.abspath(path)))
    args.work = os.path.abspath(args.work)
    os.makedirs(args.work, exist_ok=True)
    if not args.skip_build and not args.mojify:
        run(["swift", "build", "-c", "release", "--product", "mojify"], cwd=REPO, stdout=subprocess.DEVNULL)
    mojify = os.path.abspath(args.mojify) if args.mojify else os.path.join(subprocess.run(
        ["swift", "build", "-c", "release", "--show-bin-path"], cwd=REPO, capture_output=True, text=True, check=True).stdout.strip(), "mojify")
    started = time.perf_counter()

    def scan(path, *extra):
        return [mojify, "scan", path, "--format", "json", *extra]

    def ripgrep(path):
        return ["rg", "-l", "IPC_", path]

    sizes = sorted({size for size in (10_000, 50_000, args.files) if size <= args.files})
    if args.quick:
        sizes = [args.files]
    trees = {size: tree(args.work, size, args.seed) for size in sizes} if "synthetic" in shapes or not args.quick else {}
    bench = Bench(mojify, args.work, args.runs, args.timeout)
    rows = bench.rows

    def row(what, mojify_seconds, rg_seconds=None, note=""):
        ratio = f"{mojify_seconds / rg_seconds:.2f}x" if rg_seconds else ""
        rows.append((what, f"{mojify_seconds * 1000:.0f} ms", f"rg {rg_seconds * 1000:.0f} ms" if rg_seconds else "", ratio, note, ""))

    if "synthetic" in shapes:
        measure_tree(bench, f"synthetic-{args.files // 1000}k", trees[args.files])
    if "dense" in shapes:
        dense = tree(args.work, args.dense_files, args.seed, "dense", args.dense_messages)
        measure_tree(bench, f"dense-{args.dense_files // 1000}k", dense)
    for name, path in reals:
        measure_tree(bench, name, path)
    if "messages" in shapes:
        many = tree(args.work, args.messages_files, args.seed, "messages", args.messages)
        measure_messages(bench, f"messages-{args.messages // 1000}k", many)

    if not args.quick:
        big = trees[args.files]
        for size in sizes[:-1]:
            timed(ripgrep(trees[size]))
            mojify_time, rg_time = alternate([scan(trees[size], "--no-cache"), ripgrep(trees[size])], max(3, args.runs // 2))
            row(f"first scan, {size} files", mojify_time, rg_time, f"{mojify_time / size * 1e6:.1f} us/file")
        jobs1, jobs2 = alternate([scan(big, "--no-cache", "--jobs", "1"), scan(big, "--no-cache", "--jobs", "2")], max(3, args.runs // 2))
        row("--jobs 1, whole tree", jobs1)
        row("--jobs 2, whole tree", jobs2, note=f"speed-up {jobs1 / jobs2:.2f}x")
        parsed_only = parse_bound_tree(args.work, big)
        parsed_count = sum(len(names) for _, _, names in os.walk(parsed_only)) - 1
        p1, p2 = alternate([scan(parsed_only, "--no-cache", "--jobs", "1"), scan(parsed_only, "--no-cache", "--jobs", "2")], args.runs)
        row(f"--jobs 1, parse-bound ({parsed_count} files)", p1)
        row(f"--jobs 2, parse-bound ({parsed_count} files)", p2, note=f"speed-up {p1 / p2:.2f}x")
        typical, one, many = header_trees(args.work, big, 200)
        single, hundreds = alternate([scan(one, "--no-cache", "--jobs", "1"), scan(many, "--no-cache", "--jobs", "1")], args.runs)
        row("parse one message header", (hundreds - single) / 199, note=f"{os.path.getsize(typical)} bytes, {os.path.relpath(typical, big)}")

    print(f"machine: {machine()}; load average {' '.join(f'{value:.1f}' for value in os.getloadavg())} at the end")
    print(f"synthetic trees seed {args.seed}; real trees: {', '.join(f'{n} ({p})' for n, p in reals) or 'none'}; "
          f"{args.runs} run{'s' if args.runs != 1 else ''} per figure (medians), runs stopped after {args.timeout:.0f} s; the benchmark took "
          f"{(time.perf_counter() - started) / 60:.1f} min")
    rules = os.environ.get("MOJIFY_RULES_DIR")
    print(f"commands: M={shlex.quote(mojify)} W={shlex.quote(args.work)}" + (f" MOJIFY_RULES_DIR={shlex.quote(rules)}" if rules else ""))
    table(("tree", "files", "files mojify visits", "messages", "IPC files", "message maps", "senders", ".gitignore files"),
          bench.shapes, args.markdown)
    table(("measure", "mojify", "baseline", "ratio", "note", "command"), rows, args.markdown)
    table(("target", "result", "met"), [(what, figure, "yes" if met else "**no**") for what, figure, met in bench.targets], args.markdown)


if __name__ == "__main__":
    main()
