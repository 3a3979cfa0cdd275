#!/usr/bin/env python3
"""The table in notes/human_techniques.md: for each level's graded set, the
mean rating score (`sudoku37 rate`) and the mean nodes of every approach
(`sudoku37 compare --format csv`, whose nodes do not depend on timing).

Usage: python3 tools/level_table.py [--sudoku37 target/release/sudoku37]
"""

import argparse
import csv
import io
import subprocess

LEVELS = ["easy", "medium", "hard", "unfair", "extreme"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sudoku37", default="target/release/sudoku37")
    arguments = parser.parse_args()
    sets = [f"graded_{level}" for level in LEVELS]
    command = [arguments.sudoku37, "compare", "--format", "csv", "--budget", "10"]
    for name in sets:
        command += ["--set", name]
    output = subprocess.run(command, capture_output=True, text=True, check=True).stdout
    rows = list(csv.DictReader(io.StringIO(output)))
    approaches = []
    for row in rows:
        if row["approach"] not in approaches:
            approaches.append(row["approach"])
    scores = []
    for name in sets:
        rated = subprocess.run(
            [arguments.sudoku37, "rate", f"puzzles/{name}.txt"],
            capture_output=True, text=True, check=True,
        ).stdout.split("\n")
        values = [int(line.split()[1]) for line in rated if line.strip()]
        scores.append(sum(values) / len(values))
    print("| | " + " | ".join(LEVELS) + " |")
    print("|---|" + "---:|" * len(LEVELS))
    print("| mean score (`rate`) | " + " | ".join(f"{score:,.0f}" for score in scores) + " |")
    for approach in approaches:
        cells = []
        for name in sets:
            row = next(r for r in rows if r["approach"] == approach and r["set"] == name)
            cell = f"{float(row['mean_nodes']):,.0f}" if row["mean_nodes"] else "-"
            if row["finished"] != row["puzzles"]:
                cell += f" ({row['finished']} of {row['puzzles']})"
            cells.append(cell)
        print(f"| `{approach}` nodes | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
