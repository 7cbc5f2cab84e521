#!/usr/bin/env bash
# Submits a sharded uno run to Slurm: a job array of TASKS shards, then a merge job that runs
# only when every task succeeded (--dependency=afterok). See docs/cluster.md.
#
#   experiments/cluster/slurm-array.sh TASKS OUT UNO-ARGS...
#
# OUT is the run's folder on a file system every node sees; each task writes
# OUT/shard-K-of-TASKS/ (partial.json, timing.json, its games.csv slice) and the merge job
# writes the run's outputs into OUT itself. UNO-ARGS is a simulate, tournament or balance
# command without -o (balance: with --precision 0, sequential stopping does not shard).
#
# Settings from the environment (defaults in brackets):
#   UNO            the uno binary, on the shared file system [$PWD/target/release/uno]
#   CPUS           cores per task [1]; uno uses the cores Slurm gives it (no --threads needed)
#   TIME           time limit per task [02:00:00]; size it with docs/cluster.md's cost table
#   PARTITION      Slurm partition [the cluster's default]
#   MAX_RUNNING    most tasks running at once (--array=0-N%MAX) [no limit]
#   EXTRA_SBATCH   further sbatch flags for both jobs (e.g. "--account=abc --qos=normal")
#
# Example (docs/cluster.md: 10^9 classic games on a 64-task array):
#   experiments/cluster/slurm-array.sh 64 /scratch/$USER/classic-1e9 simulate -n 1000000000 -s 1
#
# Each task runs `uno UNO-ARGS -o OUT --no-progress --shard-from-env --force`: K comes from
# SLURM_ARRAY_TASK_ID (minus SLURM_ARRAY_TASK_MIN), N from SLURM_ARRAY_TASK_COUNT. --force lets a
# requeued or re-run task replace its own shard folder (a shard's partial result is the same
# every time it runs); it never touches other shards. A failed task can be re-run alone with
#   sbatch --array=K ... (the same script), or by hand: SLURM_ARRAY_TASK_ID=K
#   SLURM_ARRAY_TASK_COUNT=TASKS uno UNO-ARGS -o OUT --shard-from-env --force
# then `uno merge OUT`.
set -euo pipefail
if [ $# -lt 3 ]; then
    sed -n '2,33p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
fi
tasks=$1
out=$2
shift 2
case $tasks in '' | *[!0-9]* | 0) echo "slurm-array: TASKS must be a whole number >= 1, got '$tasks'" >&2; exit 2 ;; esac
command -v sbatch >/dev/null || { echo "slurm-array: sbatch not found (run this on a Slurm login node)" >&2; exit 2; }
uno=${UNO:-$PWD/target/release/uno}
[ -x "$uno" ] || { echo "slurm-array: no uno binary at '$uno' (set UNO)" >&2; exit 2; }
mkdir -p "$out/logs"

# The uno arguments, quoted for the job scripts.
args=$(printf ' %q' "$@")
opts=(--cpus-per-task="${CPUS:-1}" --time="${TIME:-02:00:00}")
[ -z "${PARTITION:-}" ] || opts+=(--partition="$PARTITION")
# shellcheck disable=SC2206
[ -z "${EXTRA_SBATCH:-}" ] || opts+=($EXTRA_SBATCH)
range="0-$((tasks - 1))"
[ -z "${MAX_RUNNING:-}" ] || range="$range%$MAX_RUNNING"

# The two job scripts, kept beside the logs (what ran is on record).
shard_script=$out/logs/shard.sbatch
merge_script=$out/logs/merge.sbatch
{
    echo '#!/usr/bin/env bash'
    echo 'set -euo pipefail'
    echo "exec $(printf '%q' "$uno")$args -o $(printf '%q' "$out") --no-progress --shard-from-env --force"
} >"$shard_script"
{
    echo '#!/usr/bin/env bash'
    echo 'set -euo pipefail'
    echo "exec $(printf '%q' "$uno") merge $(printf '%q' "$out") --force"
} >"$merge_script"

array_job=$(sbatch --parsable "${opts[@]}" --job-name=uno-shards --array="$range" \
    --output="$out/logs/shard-%a.log" "$shard_script")
array_job=${array_job%%;*}
echo "submitted the array: job $array_job, tasks $range"

merge_job=$(sbatch --parsable "${opts[@]}" --job-name=uno-merge \
    --dependency=afterok:"$array_job" --output="$out/logs/merge.log" "$merge_script")
merge_job=${merge_job%%;*}
echo "submitted the merge: job $merge_job (after every task of $array_job succeeded)"
echo "results: $out (logs in $out/logs; squeue -j $array_job,$merge_job)"
