#!/usr/bin/env python3
"""Rolls a Blender balance report's card strengths up by product.

Usage: products.py MANIFEST.csv CARDS.csv [CARDS.csv ...]

MANIFEST.csv is `cargo run --release -p uno-engine --example blender_products` (copies of each
kind per product); CARDS.csv a balance report's per-kind table (`uno balance -v blender`). A
product's strength is the mean of its cards' swap strengths, each kind weighted by the copies
that product brings: the change in a seat's win rate from swapping into the opening hand one
card drawn at random from that product's cards (for a plain number card). Its 95% interval
treats the kinds' estimates as independent (they come from separate paired swaps on the same
deals, so this is an approximation). Prints one Markdown table per CARDS.csv.
"""
import csv
import math
import sys
from collections import defaultdict


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    manifest = defaultdict(dict)  # product -> code -> copies
    order = []
    with open(sys.argv[1]) as f:
        for row in csv.DictReader(f):
            p = row["product"]
            if p not in manifest:
                order.append(p)
            manifest[p][row["code"]] = int(row["copies"])
    for path in sys.argv[2:]:
        cards = {}
        with open(path) as f:
            for row in csv.DictReader(f):
                lo, hi = float(row["ci_lo"]), float(row["ci_hi"])
                cards[row["code"]] = (float(row["strength"]), (hi - lo) / (2 * 1.96), row["name"])
        rows = []
        for p in order:
            total = sum(manifest[p].values())
            mean, var, missing = 0.0, 0.0, 0
            best = None
            for code, c in manifest[p].items():
                if code not in cards:
                    missing += c
                    continue
                s, se, name = cards[code]
                w = c / total
                mean += w * s
                var += (w * se) ** 2
                if best is None or s > best[0]:
                    best = (s, code)
            se = math.sqrt(var)
            rows.append((mean, p, total, mean - 1.96 * se, mean + 1.96 * se, best, missing))
        rows.sort(reverse=True)
        print(f"\n`{path}`\n")
        print("| product | cards | strength (pp) | 95% interval | strongest kind |")
        print("|---|---:|---:|---|---|")
        for mean, p, total, lo, hi, best, missing in rows:
            b = f"{best[1]} ({100 * best[0]:+.2f})" if best else "-"
            print(f"| {p} | {total} | {100 * mean:+.2f} | [{100 * lo:+.2f}, {100 * hi:+.2f}] | {b} |")


if __name__ == "__main__":
    main()
