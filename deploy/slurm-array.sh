#!/usr/bin/env bash
# A million AI-vs-AI battles of one layout on a Slurm cluster: a job array of 100 shards, each
# playing 10,000 battles on the cores it is given, then one merge that waits for them all.
#
#   bash deploy/slurm-array.sh     # on the login node: submits the array, then the merge
#                                  # that waits for it (afterok)
#
# (`sbatch deploy/slurm-array.sh` submits the array alone.)
# Needs warcry-sim on the PATH of the compute nodes (built with
# `cargo build --release --no-default-features`) and a shared folder for the reports.
#SBATCH --job-name=warcry-balance
#SBATCH --array=1-100
#SBATCH --cpus-per-task=8
#SBATCH --mem=1G
#SBATCH --time=01:00:00
#SBATCH --output=reports/shard-%a.log
set -euo pipefail
battle=${BATTLE:-scenes/battles/default.ron}
reports=${REPORTS:-reports}
mkdir -p "$reports"

if [ -z "${SLURM_ARRAY_TASK_ID:-}" ]; then
  # Run by hand rather than by sbatch: submit the array, then the merge after it.
  array=$(sbatch --parsable "$0")
  sbatch --dependency=afterok:"$array" --job-name=warcry-merge --output="$reports/merge.log" \
    --wrap "warcry-sim simulate merge $reports/shard-*.json --json $reports/balance.json --csv $reports/balance.csv > /dev/null"
  exit 0
fi

warcry-sim simulate --battle "$battle" --battles 1000000 --first-seed 1 \
  --threads "${SLURM_CPUS_PER_TASK:-1}" \
  --shard "$SLURM_ARRAY_TASK_ID/${SLURM_ARRAY_TASK_COUNT:-100}" \
  --json "$reports/shard-$SLURM_ARRAY_TASK_ID.json" > /dev/null
