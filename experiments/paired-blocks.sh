#!/usr/bin/env bash
# Paired comparison of two agents, each alone against random players, on the same deals.
#
#   experiments/paired-blocks.sh AGENT BASELINE [BLOCKS] [GAMES] [SEED] [PLAYERS] [UNO]
#
# Block i (i = 0 .. BLOCKS-1) plays GAMES games of `uno simulate` with master seed SEED + i,
# once with AGENT and once with BASELINE in seat i mod PLAYERS and `random` in every other
# seat. The same seed gives the same deals and the same random players' choices until the two
# games part, so each block's difference in win rate is a paired measurement, and the blocks
# are independent. Prints each block and the mean difference with a 95% interval from the
# spread of the block differences (Student t, approximated; use 10 blocks or more). Defaults: 40 blocks of 100,000 games, seed
# 900, 4 players, the `uno` binary at target/release/uno. Extra simulate flags (e.g.
# `--preset rlcard`) can be given in the environment variable SIMULATE_FLAGS.
#
# Example (results/models/README.md, classic-4p):
#   experiments/paired-blocks.sh neural:results/models/classic-4p heuristic 40 100000 900
set -euo pipefail
if [ $# -lt 2 ]; then
    sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
agent=$1
base=$2
blocks=${3:-40}
games=${4:-100000}
seed=${5:-900}
players=${6:-4}
uno=${7:-target/release/uno}
[ -x "$uno" ] || { echo "paired-blocks: no uno binary at '$uno' (build it first: cargo build --release -p uno-sim --features neural)" >&2; exit 2; }
for n in "$blocks" "$games" "$seed" "$players"; do
    [[ "$n" =~ ^[0-9]+$ ]] || { echo "paired-blocks: '$n' is not a whole number" >&2; exit 2; }
done
[ "$blocks" -ge 2 ] || { echo "paired-blocks: give at least 2 blocks" >&2; exit 2; }

# Win rate of SPEC in seat SEAT, master seed SEED.
rate() {
    local spec=$1 seat=$2 s=$3 list="" j
    for ((j = 0; j < players; j++)); do
        if [ "$j" -eq "$seat" ]; then list="$list,$spec"; else list="$list,random"; fi
    done
    # shellcheck disable=SC2086
    "$uno" simulate -p "$players" -a "${list:1}" -n "$games" --seed "$s" --no-write \
        --no-progress ${SIMULATE_FLAGS:-} |
        awk -v k="[$seat]" '$2 == k && !done { print $3; done = 1 }'
}

table=$(mktemp)
trap 'rm -f "$table"' EXIT
echo "block seat seed agent baseline difference_pp"
for ((i = 0; i < blocks; i++)); do
    seat=$((i % players))
    s=$((seed + i))
    a=$(rate "$agent" "$seat" "$s")
    b=$(rate "$base" "$seat" "$s")
    [ -n "$a" ] && [ -n "$b" ] || { echo "paired-blocks: block $i gave no win rate (check the agent specs)" >&2; exit 1; }
    awk -v i="$i" -v t="$seat" -v s="$s" -v a="$a" -v b="$b" \
        'BEGIN { printf "%d %d %d %s %s %+.3f\n", i, t, s, a, b, 100 * (a - b) }' | tee -a "$table"
done
awk -v agent="$agent" -v base="$base" -v games="$games" '
    { n++; sa += $4; sb += $5; d = $4 - $5; sd += d; sdd += d * d }
    END {
        m = sd / n; v = (sdd - n * m * m) / (n - 1); se = sqrt(v > 0 ? v : 0) / sqrt(n)
        # Student t quantile (0.975, n - 1 degrees of freedom), Cornish-Fisher expansion.
        z = 1.959964; nu = n - 1
        t = z + (z^3 + z) / (4 * nu) + (5 * z^5 + 16 * z^3 + 3 * z) / (96 * nu^2)
        printf "%s %.5f, %s %.5f (%d blocks of %d games): difference %+.3f pp [%+.3f, %+.3f]\n",
            agent, sa / n, base, sb / n, n, games, 100 * m, 100 * (m - t * se), 100 * (m + t * se)
    }' "$table"
