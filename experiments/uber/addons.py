#!/usr/bin/env python3
"""How each Über Uno add-on (and magnitude mode) changes a hand, against the `fixed` preset on
the same deals (issue 25's designer table).

Every configuration is one `uno simulate -v uber` run of single hands (`--preset fixed --set
hands_per_day=1`: clockwise, 7 cards, Old School, Fast Eddy and Go Fish on, every optional
add-on off) with the same seed, so game i of every run starts from the same deal; only the
add-on differs. For each configuration the table gives the mean hand length (normal turns) and
the loser's points, each with its paired difference to the baseline and a 95% interval (game i
against game i), the loss rate of the dealer (seat advantage: the dealer plays last in the
first round) against the fair 1/players, and the spread between the seats' loss rates.

Usage (repository root, after `cargo build --release -p uno-sim`):
    experiments/uber/addons.py [--players 4] [--games 20000] [--agent heuristic] [--seed 7]
        [--out results/uber/addons-4p]
Writes OUT/table.md and OUT/table.csv, and keeps each run's summary.json (and with --keep-csv
its games.csv) under OUT/runs/NAME/. Only the standard library is used.
"""

import argparse
import csv
import json
import math
import os
import subprocess
import sys

UNO = os.path.join("target", "release", "uno")

# (name, extra --set options, what it is)
CONFIGS = [
    ("baseline (fixed)", [], "Fast Eddy and Go Fish, Old School, no optional add-on"),
    ("no Fast Eddy", ["fast_eddy=off"], "default add-on turned off"),
    ("no Go Fish", ["go_fish=off"], "default add-on turned off"),
    ("Russian", ["mode=russian"], "Wild Ones' magnitude by flips (10)"),
    ("Buddy System", ["mode=buddy"], "magnitude from the next player's card (10)"),
    ("Pinwheel", ["pinwheel=on"], "11.1"),
    ("Math", ["math=on"], "11.2"),
    ("Math + derived", ["math=on", "math_derived=on"], "11.2, the mean"),
    ("Michael Jackson Minors", ["mj_minors=on"], "11.3"),
    ("Jumping Jimmy's", ["jumping_jimmys=on"], "11.4"),
    ("Macchu Picchu", ["macchu_picchu=on"], "11.5"),
    ("Picchu Macchu", ["picchu_macchu=on"], "11.6"),
    ("Additive (Russian)", ["mode=russian", "additive=on"], "11.7 (compare with Russian)"),
    ("Cards gone Wild", ["cards_gone_wild=on"], "11.8"),
    ("Doos", ["doos=on"], "11.9"),
    ("Rotate", ["rotate=on"], "11.10"),
]


def slug(name):
    return "".join(c if c.isalnum() else "-" for c in name.lower()).strip("-")


def run(cfg, args, out):
    name, sets, _ = cfg
    d = os.path.join(out, "runs", slug(name))
    cmd = [UNO, "simulate", "-v", "uber", "--preset", "fixed", "--set", "hands_per_day=1",
           "-p", str(args.players), "-n", str(args.games), "-a", args.agent,
           "--seed", str(args.seed), "--csv", "--no-progress", "--force", "-o", d]
    for s in sets:
        cmd += ["--set", s]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL)
    with open(os.path.join(d, "summary.json")) as f:
        summary = json.load(f)
    games = {}
    with open(os.path.join(d, "games.csv")) as f:
        for row in csv.DictReader(f):
            if row["loser"] == "":
                continue  # truncated or aborted: left out of the paired comparison
            loser = int(row["loser"])
            games[int(row["game"])] = (int(row["turns"]), int(row[f"points_{loser}"]))
    if not args.keep_csv:
        os.remove(os.path.join(d, "games.csv"))
    return summary, games, " ".join(cmd)


def paired(a, b, key):
    common = sorted(set(a) & set(b))
    diffs = [b[i][key] - a[i][key] for i in common]
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((x - mean) ** 2 for x in diffs) / (n - 1)
    half = 1.96 * math.sqrt(var / n)
    return mean, half


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=20000)
    ap.add_argument("--agent", default="heuristic")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", default=None)
    ap.add_argument("--keep-csv", action="store_true",
                    help="keep each run's games.csv (about 100 bytes a game)")
    args = ap.parse_args()
    out = args.out or os.path.join("results", "uber", f"addons-{args.players}p")
    if not os.path.exists(UNO):
        sys.exit(f"{UNO} not found: run `cargo build --release -p uno-sim` first")
    os.makedirs(out, exist_ok=True)
    rows = []
    base = None
    for cfg in CONFIGS:
        summary, games, cmd = run(cfg, args, out)
        st = summary["stats"]
        var = {s["name"]: s for s in st["variant"]["stats"]}
        cats = {c["category"]: c for c in st["variant"]["seat_categories"]}
        n = args.players
        loss = [var["hands_lost"]["total"][s] / st["completed"] for s in range(n)]
        dealer = cats["first dealer"]
        dealer_loss = 1 - dealer["win_rate"]
        if base is None:
            base = games
        dt, dt_h = paired(base, games, 0)
        dp, dp_h = paired(base, games, 1)
        rows.append({
            "config": cfg[0],
            "what": cfg[2],
            "turns": st["length"]["mean_turns"],
            "turns_diff": dt, "turns_diff_half": dt_h,
            "loser_points": var["loser_points"]["mean"],
            "points_diff": dp, "points_diff_half": dp_h,
            "dealer_loss": dealer_loss,
            "dealer_loss_ci": [1 - dealer["win_rate_ci95"][1], 1 - dealer["win_rate_ci95"][0]],
            "seat_spread": max(loss) - min(loss),
            "truncated": st["truncated"],
            "command": cmd,
        })
        print(f"{cfg[0]:<24} turns {rows[-1]['turns']:.1f}  loser points "
              f"{rows[-1]['loser_points']:.2f}  dealer loss {dealer_loss:.3f}", file=sys.stderr)
    fair = 1 / args.players
    with open(os.path.join(out, "table.md"), "w") as f:
        f.write(f"# Über Uno add-ons, {args.players} players, {args.agent} agents\n\n")
        f.write(f"{args.games} single hands per configuration, seed {args.seed}, the same deals "
                "in every row; paired differences against the baseline with 95% intervals. "
                "Dealer's loss rate: fair share "
                f"{100 * fair:.1f}% (95% Wilson interval). Seat spread: the largest minus the "
                "smallest loss rate of the seats (seat numbers, not positions: the first dealer "
                "is drawn at random).\n\n")
        f.write("| configuration | section | hand length (turns) | vs baseline | loser's points | "
                "vs baseline | dealer's loss rate | seat spread | truncated |\n")
        f.write("|---|---|---:|---:|---:|---:|---:|---:|---:|\n")
        for r in rows:
            f.write(f"| {r['config']} | {r['what']} | {r['turns']:.1f} | {r['turns_diff']:+.1f} ± "
                    f"{r['turns_diff_half']:.1f} | {r['loser_points']:.2f} | "
                    f"{r['points_diff']:+.2f} ± {r['points_diff_half']:.2f} | "
                    f"{100 * r['dealer_loss']:.1f}% [{100 * r['dealer_loss_ci'][0]:.1f}, "
                    f"{100 * r['dealer_loss_ci'][1]:.1f}] | {100 * r['seat_spread']:.1f} pp | "
                    f"{r['truncated']} |\n")
        f.write("\nCommands: `" + rows[0]["command"] + "`, and the same with each row's "
                "`--set` options (`table.csv` lists every command).\n")
    with open(os.path.join(out, "table.csv"), "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(["config", "turns", "turns_diff", "turns_diff_half95", "loser_points",
                    "points_diff", "points_diff_half95", "dealer_loss", "seat_spread",
                    "truncated", "command"])
        for r in rows:
            w.writerow([r["config"], r["turns"], r["turns_diff"], r["turns_diff_half"],
                        r["loser_points"], r["points_diff"], r["points_diff_half"],
                        r["dealer_loss"], r["seat_spread"], r["truncated"], r["command"]])
    print(f"wrote {out}/table.md", file=sys.stderr)


if __name__ == "__main__":
    main()
