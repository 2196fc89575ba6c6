#!/usr/bin/env python3
"""Materialises a real, public Chromium-derived tree for the benchmark, outside this repository.

The tree is a pinned commit of a named public repository, written out with `git archive` from a local git mirror
(nothing is downloaded by this script, and nothing of the tree belongs in this repository):

    git clone --mirror https://github.com/kyleliu/emblink.git /path/to/emblink.git
    python3 Benchmarks/fetch_real_tree.py --mirror /path/to/emblink.git --out /path/to/trees/emblink

kyleliu/emblink is a Chromium 56-era embedder tree (Chromium's `src/` with CEF beside it): about 94,000 files,
181 `.gitignore` files (the root one 317 lines, Chromium's own), 60 `*_messages.h` headers of legacy IPC.
A mirror that lacks some blobs (a partial or size-limited copy) still works: those files are left out and listed,
so that figures can say which tree they were measured on. Standard library only.
"""

import argparse
import os
import subprocess
import sys

TREES = {
    "emblink": ("kyleliu/emblink", "d20ed55cb55842735c427750784315f442d0a321"),
}


def git(mirror, *arguments, **kwargs):
    return subprocess.run(["git", "--git-dir=" + mirror, *arguments], check=True, **kwargs)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tree", choices=sorted(TREES), default="emblink", help="which pinned tree (default emblink)")
    parser.add_argument("--mirror", required=True, help="a local git mirror (or clone) of the tree's repository")
    parser.add_argument("--out", required=True, help="folder to create; must not exist or be empty")
    args = parser.parse_args()
    repository, commit = TREES[args.tree]
    if not os.path.isdir(args.mirror):
        sys.exit(f"no git mirror at {args.mirror}: make one with\n  git clone --mirror https://github.com/{repository}.git {args.mirror}")
    if os.path.isdir(args.out) and os.listdir(args.out):
        sys.exit(f"{args.out} exists and is not empty; remove it or pick another --out")
    if subprocess.run(["git", "--git-dir=" + args.mirror, "cat-file", "-e", commit + "^{commit}"]).returncode != 0:
        sys.exit(f"{args.mirror} does not hold commit {commit} of {repository}; fetch it there first")

    listing = git(args.mirror, "ls-tree", "-r", "-z", commit, capture_output=True).stdout.split(b"\0")
    entries = [line.split(b"\t", 1) for line in listing if line]
    blobs = [(meta.split()[2], path) for meta, path in entries if meta.split()[1] == b"blob"]
    check = git(args.mirror, "cat-file", "--batch-check", input=b"\n".join(sha for sha, _ in blobs) + b"\n",
                capture_output=True).stdout.splitlines()
    missing = sorted(path for (_, path), answer in zip(blobs, check) if answer.endswith(b" missing"))

    os.makedirs(args.out, exist_ok=True)
    # Through a scratch index without the missing files: `git archive` would stop at the first of them.
    index = os.path.join(os.path.abspath(args.out), ".fetch-index")
    environment = dict(os.environ, GIT_INDEX_FILE=index)
    git(args.mirror, "read-tree", commit, env=environment)
    if missing:
        git(args.mirror, "update-index", "-z", "--force-remove", "--stdin", input=b"\0".join(missing) + b"\0", env=environment)
    git(args.mirror, "--work-tree=" + args.out, "checkout-index", "--all", "--force", "--prefix=" + os.path.join(args.out, ""),
        env=environment)
    os.remove(index)
    count = sum(len(names) for _, _, names in os.walk(args.out))
    print(f"{repository} at {commit}: {count} files in {args.out}", file=sys.stderr)
    if missing:
        print(f"left out, absent from the mirror ({len(missing)}):", file=sys.stderr)
        for path in missing:
            print("  " + path.decode("utf-8", "replace"), file=sys.stderr)


if __name__ == "__main__":
    main()
