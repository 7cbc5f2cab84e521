#!/usr/bin/env bash
# Emulates a scheduler's array job on this machine and checks the merge against a single run.
#
#   experiments/cluster/local-array.sh TASKS UNO-ARGS...
#
# Runs `uno UNO-ARGS -o out` once (the single run, in WORK/single), then TASKS background
# processes `uno UNO-ARGS -o out --shard-from-env`, each with the variables a Slurm array task
# gets (SLURM_ARRAY_TASK_ID = 0 .. TASKS-1, SLURM_ARRAY_TASK_MIN/MAX/COUNT), in WORK/array, then
# `uno merge out` (what the dependent merge job of slurm-array.sh does), and compares every
# result file of the two `out` folders with the timing lines masked (elapsed seconds, games/s).
# Exits 0 when they agree, 1 on any difference (printed), 2 on a failed command.
#
# UNO_ARGS is a simulate, tournament or balance command without -o/--out (balance needs
# --precision 0: sequential stopping does not shard). The binary is $UNO (default
# target/release/uno); WORK is $WORK (default: a fresh temporary folder, removed at the end
# unless KEEP=1).
#
# Examples (.ci/run runs these on small budgets):
#   experiments/cluster/local-array.sh 4 simulate -n 20000 --csv -t 1
#   experiments/cluster/local-array.sh 3 tournament -a random,heuristic -p 2 -n 200 -t 1
#   experiments/cluster/local-array.sh 4 balance -p 2 -n 40 --precision 0 -t 1
set -euo pipefail
if [ $# -lt 2 ]; then
    sed -n '2,22p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
tasks=$1
shift
case $tasks in '' | *[!0-9]* | 0) echo "local-array: TASKS must be a whole number >= 1, got '$tasks'" >&2; exit 2 ;; esac
uno=$(realpath "${UNO:-target/release/uno}" 2>/dev/null || true)
[ -x "$uno" ] || { echo "local-array: no uno binary at '${UNO:-target/release/uno}' (build it: cargo build --release -p uno-sim)" >&2; exit 2; }
work=${WORK:-$(mktemp -d "${TMPDIR:-/tmp}/uno-local-array.XXXXXX")}
[ -n "${WORK:-}" ] || [ "${KEEP:-0}" = 1 ] || trap 'rm -rf "$work"' EXIT
mkdir -p "$work/single" "$work/array"

echo "local-array: single run: uno $* -o out"
(cd "$work/single" && "$uno" "$@" -o out --no-progress >single.log) ||
    { echo "local-array: the single run failed (log: $work/single/single.log)" >&2; exit 2; }

echo "local-array: $tasks array tasks: uno $* -o out --shard-from-env"
pids=()
for ((i = 0; i < tasks; i++)); do
    (cd "$work/array" &&
        SLURM_ARRAY_TASK_ID=$i SLURM_ARRAY_TASK_MIN=0 SLURM_ARRAY_TASK_MAX=$((tasks - 1)) \
            SLURM_ARRAY_TASK_COUNT=$tasks \
            "$uno" "$@" -o out --no-progress --shard-from-env >"task-$i.log" 2>&1) &
    pids+=($!)
done
failed=0
for i in "${!pids[@]}"; do
    if ! wait "${pids[$i]}"; then
        echo "local-array: task $i failed:" >&2
        cat "$work/array/task-$i.log" >&2
        failed=1
    fi
done
[ $failed = 0 ] || exit 2

echo "local-array: merge: uno merge out"
(cd "$work/array" && "$uno" merge out >merge.log 2>&1) ||
    { cat "$work/array/merge.log" >&2; exit 2; }

mask() {
    awk '/"elapsed_seconds"|"games_per_second"|"seconds"|games\/s/ { print "<timing>"; next } { print }' "$1"
}
single=$work/single/out
merged=$work/array/out
files=$(cd "$single" && find . -maxdepth 1 -type f | sort)
other=$(cd "$merged" && find . -maxdepth 1 -type f | sort)
status=0
if [ "$files" != "$other" ]; then
    echo "local-array: DIFFERENT file lists:" >&2
    diff <(echo "$files") <(echo "$other") >&2 || true
    status=1
fi
count=0
for f in $files; do
    [ -f "$merged/$f" ] || continue
    count=$((count + 1))
    if ! diff <(mask "$single/$f") <(mask "$merged/$f") >"$work/diff.txt"; then
        echo "local-array: DIFFERENT: $f" >&2
        head -20 "$work/diff.txt" >&2
        status=1
    fi
done
if [ $status = 0 ]; then
    echo "local-array: OK: the merge of $tasks tasks equals the single run ($count files, timing lines masked)"
fi
exit $status
