#!/usr/bin/env python3
"""Benchmarks `mojify scan` against `rg -l 'IPC_'` on synthetic Chromium-like trees and real ones, in one run.

Builds mojify in release mode, generates the synthetic trees (once; they are kept in --work), then measures, with
warm file-system caches and the two tools run alternately so that background load hits both alike, on the largest
synthetic tree and on each real tree given with --real (see fetch_real_tree.py):
  - a first scan (no cache), a re-scan with nothing changed, one after touching ten files and one after an edit
    that changes what one message header defines (with the cache), each against ripgrep: medians and ratio; peak
    memory of both;
  - `mojify lint --ledger L --files F` for a pull request that changes three message-filter `.cc` files (the
    ledger made by `mojify ledger sync` beforehand, untimed);
and, unless --quick, on the synthetic trees only:
  - growth: 10k, 50k and the largest tree;
  - --jobs 1 against --jobs 2, on the whole tree and on the parse-bound part (only the files that reach libclang);
  - the cost of parsing one typical message header.
Prints a table; --markdown prints it as Markdown for BENCHMARKS.md. Standard library only.
"""

import argparse
import json
import os
import platform
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(HERE)


def run(command, **kwargs):
    return subprocess.run(command, check=True, **kwargs)


def timed(command, cpu=None):
    """Wall-clock seconds of one run, output discarded; its CPU seconds (user and system) go to `cpu` if given."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if cpu is not None:
        cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    return wall


def peak_kib(command):
    """Peak resident memory (KiB) as GNU time reports it."""
    result = subprocess.run(["/usr/bin/time", "-f", "%M"] + command, stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, text=True, check=True)
    return int(result.stderr.strip().splitlines()[-1])


def alternate(commands, runs, before=None, cpu=None):
    """Median seconds of each command, running them in turn `runs` times; `before` runs untimed before each.
    With `cpu` (a list), the median CPU seconds of each command are appended to it."""
    samples = [[] for _ in commands]
    cpu_samples = [[] for _ in commands]
    for _ in range(runs):
        for index, command in enumerate(commands):
            if before:
                before[index]()
            samples[index].append(timed(command, cpu_samples[index]))
    if cpu is not None:
        cpu.extend(statistics.median(values) for values in cpu_samples)
    return [statistics.median(values) for values in samples]


def tree(work, files, seed):
    """The generated tree for this size and seed, made on first use."""
    path = os.path.join(work, f"tree-{files}-seed{seed}")
    stamp = os.path.join(path, ".generated")
    if not os.path.exists(stamp):
        shutil.rmtree(path, ignore_errors=True)
        run([sys.executable, os.path.join(HERE, "generate_tree.py"), "--files", str(files), "--out", path, "--seed", str(seed)])
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


def changed_files(mojify, path, work, name):
    """Three message-filter `.cc` files of the tree, spread over its list: the files of a typical pull request."""
    listing = os.path.join(work, f"changed-{name}.txt")
    inventory = json.loads(subprocess.run([mojify, "scan", path, "--format", "json", "--no-cache"], capture_output=True,
                                          check=True).stdout)
    maps = sorted({entry["location"]["file"] for entry in inventory["messageMaps"] if entry["location"]["file"].endswith(".cc")})
    chosen = [maps[len(maps) * part // 4] for part in (1, 2, 3)]
    with open(listing, "w") as handle:
        handle.write("\n".join(chosen) + "\n")
    return listing


def cpu_note(cpu, what):
    """The CPU seconds of mojify and ripgrep (user and system) and their ratio: on a shared machine, wall time
    also counts waiting for a core."""
    return f"{what}; CPU {cpu[0]:.2f} s vs {cpu[1]:.2f} s = {cpu[0] / cpu[1]:.2f}x"


def measure_tree(mojify, name, path, work, runs, rows, targets):
    """The measures with targets, on one tree: rows for the table and (target, figure, met) for the verdicts."""
    cache = os.path.join(work, f"cache-{name}")

    def scan(*extra):
        return [mojify, "scan", path, "--format", "json", *extra]

    def row(what, mojify_seconds, rg_seconds=None, note=""):
        ratio = f"{mojify_seconds / rg_seconds:.2f}x" if rg_seconds else ""
        rows.append((f"{name}: {what}", f"{mojify_seconds * 1000:.0f} ms", f"{rg_seconds * 1000:.0f} ms" if rg_seconds else "", ratio, note))

    ripgrep = ["rg", "-l", "IPC_", path]
    timed(ripgrep)
    timed(scan("--no-cache"))
    cpu = []
    first, rg_first = alternate([scan("--no-cache"), ripgrep], runs, cpu=cpu)
    row("first scan", first, rg_first, cpu_note(cpu, "no cache"))
    targets.append((f"{name}: first scan at most 1.5x ripgrep", f"{first / rg_first:.2f}x", first / rg_first <= 1.5))

    shutil.rmtree(cache, ignore_errors=True)
    run(scan("--cache", cache), stdout=subprocess.DEVNULL)
    cpu = []
    again, rg_again = alternate([scan("--cache", cache), ripgrep], runs, cpu=cpu)
    row("re-scan, nothing changed", again, rg_again, cpu_note(cpu, "cache"))
    targets.append((f"{name}: re-scan, nothing changed, at most 0.5x", f"{again / rg_again:.2f}x", again / rg_again <= 0.5))

    scannable = (".h", ".cc")
    all_files = sorted(os.path.join(folder, file) for folder, _, names in os.walk(path) for file in names if file.endswith(scannable))
    touched = [all_files[(index * 7919) % len(all_files)] for index in range(10)]

    def touch():
        for file in touched:
            os.utime(file)
    cpu = []
    after_touch, rg_touch = alternate([scan("--cache", cache), ripgrep], runs, before=[touch, lambda: None], cpu=cpu)
    row("re-scan, 10 files touched", after_touch, rg_touch, cpu_note(cpu, "cache"))
    targets.append((f"{name}: re-scan after touching 10 files at most 0.7x", f"{after_touch / rg_touch:.2f}x", after_touch / rg_touch <= 0.7))


    ledger = os.path.join(work, f"ledger-{name}.csv")
    if os.path.exists(ledger):
        os.remove(ledger)
    run([mojify, "ledger", "sync", path, "--ledger", ledger, "--today", "2026-01-01"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    listing = changed_files(mojify, path, work, name)
    lint = [mojify, "lint", path, "--ledger", ledger, "--files", listing]
    # lint answers 1 when it has findings.
    lint_seconds = statistics.median(timed_lint(lint) for _ in range(runs))
    row("lint --files, 3 changed files", lint_seconds, note="pull-request check")
    targets.append((f"{name}: lint --files under 1 s", f"{lint_seconds * 1000:.0f} ms", lint_seconds < 1))

    memory = peak_kib(scan("--no-cache"))
    memory_cached = peak_kib(scan("--cache", cache))
    memory_rg = peak_kib(ripgrep)
    rows.append((f"{name}: peak memory, first scan", f"{memory / 1024:.0f} MiB", f"{memory_rg / 1024:.0f} MiB", "", ""))
    rows.append((f"{name}: peak memory, re-scan", f"{memory_cached / 1024:.0f} MiB", "", "", ""))
    peak = max(memory, memory_cached) / 1024
    targets.append((f"{name}: peak memory under 200 MiB", f"{peak:.0f} MiB", peak < 200))

    # An edit that changes what the scan finds: lines added at the top of one message header move every definition
    # in it, so the cache cannot keep the last inventory and rebuilds it (a touch, above, leaves the bytes as they
    # were). Each run adds one line more or less than the last; the header is restored afterwards.
    headers = [file for file in all_files if file.endswith("_messages.h")]
    edited = headers[len(headers) // 2]
    with open(edited, "rb") as handle:
        original = handle.read()
    edits = iter(range(2 * runs + 2))

    def edit():
        with open(edited, "wb") as handle:
            handle.write(b"\n" * (next(edits) % 2 + 1) + original)
    try:
        cpu = []
        after_edit, rg_edit = alternate([scan("--cache", cache), ripgrep], runs, before=[edit, lambda: None], cpu=cpu)
        edit()
        memory_edit = peak_kib(scan("--cache", cache))
    finally:
        with open(edited, "wb") as handle:
            handle.write(original)
    row("re-scan, one message header edited", after_edit, rg_edit, cpu_note(cpu, "cache; the inventory rebuilt"))
    rows.append((f"{name}: peak memory, re-scan after the edit", f"{memory_edit / 1024:.0f} MiB", "", "", "no target set"))


def timed_lint(command):
    """Wall-clock seconds of one lint run; exit status 1 only means findings."""
    start = time.perf_counter()
    if subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode not in (0, 1):
        sys.exit(f"failed: {' '.join(command)}")
    return time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--files", type=int, default=100_000, help="size of the largest tree (default 100000)")
    parser.add_argument("--runs", type=int, default=5, help="timed runs of each command (default 5)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--work", default=os.path.join(tempfile.gettempdir(), "mojify-bench"),
                        help="folder for the trees and the cache (kept between runs)")
    parser.add_argument("--real", action="append", default=[], metavar="NAME=PATH",
                        help="a real tree to measure too (repeatable), e.g. emblink=/trees/emblink")
    parser.add_argument("--quick", action="store_true", help="only the measures with targets")
    parser.add_argument("--skip-build", action="store_true", help="use the release binary already built")
    parser.add_argument("--mojify", help="measure this mojify binary instead of building one (an earlier version, say)")
    parser.add_argument("--markdown", action="store_true", help="print the table as Markdown")
    args = parser.parse_args()

    if not shutil.which("rg"):
        sys.exit("ripgrep (rg) is needed: apt-get install -y ripgrep")
    if not os.path.exists("/usr/bin/time"):
        sys.exit("GNU time is needed for peak memory: apt-get install -y time")
    reals = []
    for entry in args.real:
        name, _, path = entry.partition("=")
        if not path or not os.path.isdir(path):
            sys.exit(f"--real takes NAME=PATH with PATH a folder; got {entry!r}")
        reals.append((name, os.path.abspath(path)))
    os.makedirs(args.work, exist_ok=True)
    if not args.skip_build and not args.mojify:
        run(["swift", "build", "-c", "release", "--product", "mojify"], cwd=REPO, stdout=subprocess.DEVNULL)
    mojify = args.mojify or os.path.join(subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=REPO,
                                                        capture_output=True, text=True, check=True).stdout.strip(), "mojify")

    def scan(path, *extra):
        return [mojify, "scan", path, "--format", "json", *extra]

    def ripgrep(path):
        return ["rg", "-l", "IPC_", path]

    sizes = sorted({size for size in (10_000, 50_000, args.files) if size <= args.files})
    if args.quick:
        sizes = [args.files]
    trees = {size: tree(args.work, size, args.seed) for size in sizes}
    big = trees[args.files]
    rows, targets = [], []

    def row(what, mojify_seconds, rg_seconds=None, note=""):
        ratio = f"{mojify_seconds / rg_seconds:.2f}x" if rg_seconds else ""
        rows.append((what, f"{mojify_seconds * 1000:.0f} ms", f"{rg_seconds * 1000:.0f} ms" if rg_seconds else "", ratio, note))

    measure_tree(mojify, f"synthetic {args.files // 1000}k", big, args.work, args.runs, rows, targets)
    for name, path in reals:
        measure_tree(mojify, name, path, args.work, args.runs, rows, targets)

    if not args.quick:
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

    print(f"machine: {machine()}")
    print(f"synthetic tree: {args.files} files, seed {args.seed}; real trees: {', '.join(f'{n} ({p})' for n, p in reals) or 'none'}; "
          f"{args.runs} runs per figure (medians)")
    headers = ("measure", "mojify", "rg", "ratio", "note")
    verdicts = [(what, figure, "yes" if met else "**no**") for what, figure, met in targets]
    if args.markdown:
        print("\n| " + " | ".join(headers) + " |\n|" + "---|" * len(headers))
        for entry in rows:
            print("| " + " | ".join(entry) + " |")
        print("\n| target | result | met |\n|---|---|---|")
        for entry in verdicts:
            print("| " + " | ".join(entry) + " |")
    else:
        for table, titles in ((rows, headers), (verdicts, ("target", "result", "met"))):
            widths = [max(len(str(entry[i])) for entry in table + [titles]) for i in range(len(titles))]
            for entry in [titles] + table:
                print("  ".join(str(value).ljust(width) for value, width in zip(entry, widths)).rstrip())
            print()


if __name__ == "__main__":
    main()
