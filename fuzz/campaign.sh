#!/usr/bin/env bash
# A fuzz campaign measured in CPU time: runs one libFuzzer target (built by
# `cargo fuzz build --sanitizer none -O`) until its process has used CPU_SECONDS of CPU
# (user + system), then interrupts it so that libFuzzer prints its final statistics.
#
#   fuzz/campaign.sh TARGET CPU_SECONDS CORPUS_DIR [SEED_DIR...]
#
# The first directory receives the new inputs (libFuzzer's convention); the others are read.
# The timeout is 60 s of wall time: campaigns run under `nice -n 19` beside builds, and an input
# that takes 0.2 s alone can take 10 s of wall time when the fuzzer gets a few percent of a core.
# A hang still stops the run. The run is not forked, so the first crash, timeout or out-of-memory
# stops it with the input in
# fuzz/artifacts/TARGET/. The log goes to fuzz/campaigns/TARGET-STAMP.log and one line is
# appended to fuzz/campaigns/summary.tsv: target, commit, CPU seconds, wall seconds,
# executions, coverage (edges), features, corpus size, outcome.
set -euo pipefail
cd "$(dirname "$0")"
target=$1 cpu_goal=$2
shift 2
bin=target/x86_64-unknown-linux-gnu/release/$target
[ -x "$bin" ] || { echo "campaign: build first: cargo fuzz build --sanitizer none -O $target" >&2; exit 2; }
mkdir -p campaigns "artifacts/$target" "$1"
stamp=$(date -u +%Y%m%dT%H%M%SZ)
log=campaigns/$target-$stamp.log
commit=$(git rev-parse --short HEAD)
start=$(date +%s)
"$bin" -timeout=60 -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix="artifacts/$target/" \
    -max_total_time=$((cpu_goal * 4)) "$@" >"$log" 2>&1 &
pid=$!
ticks=$(getconf CLK_TCK)
cpu=0
while kill -0 "$pid" 2>/dev/null; do
    # Fields 14 and 15 of /proc/PID/stat (12 and 13 after the command name) are user and
        # system time in clock ticks.
    if stat=$(cat "/proc/$pid/stat" 2>/dev/null); then
        cpu=$(awk -v t="$ticks" '{ printf "%d", ($12 + $13) / t }' <<<"${stat##*) }")
    fi
    if [ "$cpu" -ge "$cpu_goal" ]; then
        kill -INT "$pid" 2>/dev/null || true
        break
    fi
    sleep 5
done
status=0
wait "$pid" || status=$?
wall=$(($(date +%s) - start))
last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
execs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || echo "?")
cov=$(grep -oE 'cov: [0-9]+' <<<"$last" | grep -oE '[0-9]+' || echo "?")
ft=$(grep -oE 'ft: [0-9]+' <<<"$last" | grep -oE '[0-9]+' || echo "?")
corp=$(grep -oE 'corp: [0-9]+' <<<"$last" | grep -oE '[0-9]+' || echo "?")
if grep -q 'run interrupted' "$log" && [ "$cpu" -ge "$cpu_goal" ]; then
    outcome=clean
elif grep -q 'run interrupted' "$log"; then
    outcome="clean, interrupted before its goal of $cpu_goal CPU-seconds"
elif grep -q 'Done [0-9]* runs' "$log"; then
    outcome="clean (wall-time cap)"
else
    why=$(grep -m1 -E 'ERROR: libFuzzer' "$log" || grep -m1 -E 'panicked at' "$log" || true)
    unit=$(grep -E 'Test unit written' "$log" | tail -1 | sed 's/.*written to //' || true)
    outcome="stopped (exit $status): ${why//$'\t'/ } ${unit}"
fi
printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$target" "$commit" "$cpu" "$wall" "$execs" "$cov" "$ft" "$corp" "$outcome" \
    | tee -a campaigns/summary.tsv
