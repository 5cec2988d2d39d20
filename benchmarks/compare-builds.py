#!/usr/bin/env python3
"""Compares two builds' benchmark reports (benchmarks/compare-builds.sh): for every MovieKit row, the
old and new medians and floor ratios, and new ÷ old. Prints a Markdown table.

usage: compare-builds.py FOLDER WORKLOAD...   (reads FOLDER/W-old.md and FOLDER/W-new.md)
"""
import re
import sys


def rows(path):
    """The report's table rows as {(workload, size, frames, tool): (median seconds, floor ratio or None)}."""
    found = {}
    columns = {}
    with open(path, encoding="utf-8") as report:
        for line in report:
            cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
            if cells and cells[0] == "Workload":
                columns = {name: index for index, name in enumerate(cells)}
                continue
            median, ratio = columns.get("Median wall (s)"), columns.get("Floor ratio")
            if median is None or len(cells) <= max(median, ratio or 0):
                continue
            if not re.fullmatch(r"[\d.]+", cells[median]):
                continue
            value = re.search(r"[\d.]+", cells[ratio]) if ratio is not None else None
            found[tuple(cells[:4])] = (float(cells[median]), float(value.group()) if value else None)
    return found


def main():
    folder, workloads = sys.argv[1], sys.argv[2:]
    print(
        "| Workload | Size | Frames | Tool | Old median (s) | New median (s) | Medians new ÷ old "
        "| Old floor ratio | New floor ratio | Floor ratios new ÷ old |"
    )
    print("|---|---|---:|---|---:|---:|---:|---:|---:|---:|")
    for workload in workloads:
        old, new = rows(f"{folder}/{workload}-old.md"), rows(f"{folder}/{workload}-new.md")
        for key, (old_median, old_ratio) in old.items():
            if key not in new:
                continue
            new_median, new_ratio = new[key]
            change = new_median / old_median if old_median else float("nan")

            def shown(ratio):
                return f"{ratio:.3f}" if ratio is not None else "—"

            ratios = f"**{new_ratio / old_ratio:.3f}**" if old_ratio and new_ratio else "—"
            print(
                f"| {' | '.join(key)} | {old_median:.2f} | {new_median:.2f} | {change:.3f} | "
                f"{shown(old_ratio)} | {shown(new_ratio)} | {ratios} |"
            )


if __name__ == "__main__":
    main()
