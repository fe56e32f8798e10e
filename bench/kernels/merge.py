"""Merges the --tsv files of several kernels.py runs (say, one per group of rows) into one
table and one summary, as kernels.py prints them; a cell measured twice keeps its first figure.

    python3 bench/kernels/merge.py run1.tsv run2.tsv ...
"""

import math
import sys

DTYPES = ["f32", "f64", "i32", "bf16", "i8"]


def main():
    cells, rows = {}, []
    for path in sys.argv[1:]:
        with open(path) as f:
            next(f)
            for line in f:
                op, dt, s, n, ratio, timed_out = line.rstrip("\n").split("\t")
                if (op, dt) in cells:
                    continue
                if op not in rows:
                    rows.append(op)
                cells[(op, dt)] = (float(ratio), timed_out == "1")
    print("| op | " + " | ".join(DTYPES) + " |")
    print("|---" * (len(DTYPES) + 1) + "|")
    for op in rows:
        out = []
        for dt in DTYPES:
            c = cells.get((op, dt))
            if c is None:
                out.append("—")
            else:
                r, lower = c
                s = f"{r:.2f}" if r < 10 else f"{r:.0f}"
                out.append((">" if lower else "") + s)
        print(f"| {op} | " + " | ".join(out) + " |")
    vals = list(cells.values())
    geo = math.exp(sum(math.log(r) for r, _ in vals) / len(vals))
    within2 = sum(1 for r, lower in vals if r <= 2 and not lower)
    over4 = sum(1 for r, lower in vals if r > 4 or lower)
    timeouts = sum(1 for _, lower in vals if lower)
    print(f"\n{len(vals)} cells: geometric mean {geo:.2f}x numpy, {within2} within 2x, {over4} over 4x "
          f"({timeouts} timed out, counted at their bound)")


if __name__ == "__main__":
    main()
