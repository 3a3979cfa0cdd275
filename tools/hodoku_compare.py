#!/usr/bin/env python3
"""Compare `sudoku37 rate` with HoDoKu's rating (through the hodoku-py port).

Usage: tools/hodoku_compare.py [--limit N] [--sudoku37 PATH] [--cache FILE] FILE...

For each file: the Spearman rank correlation between the two scores, the share
of puzzles given the same level, and the share at most one level apart. HoDoKu
ratings are cached (--cache, default /tmp/hodoku_ratings.json) because the
Python port is slow. Exits 0 with a notice when hodoku-py is not installed
(`pip install hodoku-py`).
"""

import argparse
import json
import os
import subprocess
import sys
import time

LEVELS = ["easy", "medium", "hard", "unfair", "extreme"]


def puzzles_of(path, limit):
    """The 81-cell puzzles of a file, one per line (the first field)."""
    found = []
    with open(path, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            field = line.strip().split()[0] if line.strip() else ""
            if len(field) == 81 and not field.startswith("#"):
                found.append(field.replace("0", ".").replace("_", ".").replace("*", "."))
                if limit and len(found) >= limit:
                    break
    return found


def ranks(values):
    order = sorted(range(len(values)), key=lambda i: values[i])
    result = [0.0] * len(values)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and values[order[j + 1]] == values[order[i]]:
            j += 1
        for k in range(i, j + 1):
            result[order[k]] = (i + j) / 2 + 1
        i = j + 1
    return result


def spearman(a, b):
    ra, rb = ranks(a), ranks(b)
    n = len(a)
    ma, mb = sum(ra) / n, sum(rb) / n
    cov = sum((x - ma) * (y - mb) for x, y in zip(ra, rb))
    va = sum((x - ma) ** 2 for x in ra) ** 0.5
    vb = sum((y - mb) ** 2 for y in rb) ** 0.5
    return cov / (va * vb) if va and vb else float("nan")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--limit", type=int, default=0, help="first N puzzles of each file")
    parser.add_argument("--sudoku37", default="target/release/sudoku37")
    parser.add_argument("--cache", default="/tmp/hodoku_ratings.json")
    arguments = parser.parse_args()
    try:
        from hodoku import Solver
    except ImportError:
        print("notice: hodoku-py is not installed (pip install hodoku-py); nothing compared")
        return 0
    cache = {}
    if os.path.exists(arguments.cache):
        with open(arguments.cache, encoding="utf-8") as handle:
            cache = json.load(handle)
    solver = Solver()
    print("| set | puzzles | Spearman (score) | same level | within one level | rate time (s) |")
    print("|---|---|---|---|---|---|")
    pooled = []
    for path in arguments.files:
        puzzles = puzzles_of(path, arguments.limit)
        if not puzzles:
            continue
        started = time.perf_counter()
        ours_run = subprocess.run(
            [arguments.sudoku37, "rate", "--format", "json", "-"],
            input="\n".join(puzzles) + "\n",
            capture_output=True,
            text=True,
        )
        elapsed = time.perf_counter() - started
        ours = [json.loads(line) for line in ours_run.stdout.splitlines()]
        pairs = []
        for puzzle, mine in zip(puzzles, ours):
            if "error" in mine:
                continue
            if puzzle not in cache:
                rating = solver.rate(puzzle)
                cache[puzzle] = [rating.level.name.lower(), rating.score]
                if len(cache) % 20 == 0:
                    save(arguments.cache, cache)
            level, score = cache[puzzle]
            if level not in LEVELS:
                continue
            pairs.append((mine["level"], mine["score"], level, score))
        save(arguments.cache, cache)
        if not pairs:
            continue
        pooled.extend(pairs)
        report(os.path.basename(path), pairs, elapsed)
    if len(arguments.files) > 1 and pooled:
        report("all of the above", pooled, None)
    return 0


def save(path, cache):
    with open(path, "w", encoding="utf-8") as handle:
        json.dump(cache, handle)


def report(name, pairs, elapsed):
    """One table row, and the level confusion on standard error."""
    same = sum(1 for p in pairs if p[0] == p[2]) / len(pairs)
    near = sum(1 for p in pairs if abs(LEVELS.index(p[0]) - LEVELS.index(p[2])) <= 1) / len(pairs)
    rho = spearman([p[1] for p in pairs], [p[3] for p in pairs])
    time_text = "" if elapsed is None else f"{elapsed:.2f}"
    print(f"| {name} | {len(pairs)} | {rho:.3f} | {same:.1%} | {near:.1%} | {time_text} |", flush=True)
    confusion = {}
    for p in pairs:
        confusion[(p[2], p[0])] = confusion.get((p[2], p[0]), 0) + 1
    order = sorted(confusion.items(), key=lambda kv: (LEVELS.index(kv[0][0]), LEVELS.index(kv[0][1])))
    print("  (HoDoKu level -> ours: count) " + ", ".join(f"{h}->{o}: {n}" for (h, o), n in order),
          file=sys.stderr, flush=True)


if __name__ == "__main__":
    sys.exit(main())
