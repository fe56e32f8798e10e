#!/usr/bin/env bash
# A fuzz campaign measured in CPU time: runs one libFuzzer target (built by
# `cargo fuzz build --sanitizer none -O`) until its process has used CPU_SECONDS of CPU
# (user + system), then interrupts it so that libFuzzer prints its final statistics.
#
#   fuzz/campaign.sh [--fork] TARGET CPU_SECONDS CORPUS_DIR [SEED_DIR...]
#
# With --fork the target runs in libFuzzer's fork mode (`-fork=1 -ignore_crashes=1
# -ignore_timeouts=1 -ignore_ooms=1`): each crash, timeout or out-of-memory is written to
# fuzz/artifacts/TARGET/ and the run goes on, so one campaign collects every distinct finding.
# CPU time is then counted over the process tree: the parent, the children it has reaped, and
# the child running now.
#
# The first directory receives the new inputs (libFuzzer's convention); the others are read.
# The timeout is 60 s of wall time: campaigns run under `nice -n 19` beside builds, and an input
# that takes 0.2 s alone can take 10 s of wall time when the fuzzer gets a few percent of a core.
# A hang still stops the run. Without --fork the first crash, timeout or out-of-memory stops the
# run with the input in fuzz/artifacts/TARGET/. The log goes to fuzz/campaigns/TARGET-STAMP.log and one line is
# appended to fuzz/campaigns/summary.tsv: target, commit, CPU seconds, wall seconds,
# executions, coverage (edges), features, corpus size, outcome.
set -euo pipefail
cd "$(dirname "$0")"
fork=()
if [ "${1:-}" = --fork ]; then
    fork=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
    shift
fi
target=$1 cpu_goal=$2
shift 2
bin=target/x86_64-unknown-linux-gnu/release/$target
[ -x "$bin" ] || { echo "campaign: build first: cargo fuzz build --sanitizer none -O $target" >&2; exit 2; }
mkdir -p campaigns "artifacts/$target" "$1"
stamp=$(date -u +%Y%m%dT%H%M%SZ)
log=campaigns/$target-$stamp.log
commit=$(git rev-parse --short HEAD)
start=$(date +%s)
"$bin" "${fork[@]}" -timeout=60 -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix="artifacts/$target/" \
    -max_total_time=$((cpu_goal * 4)) "$@" >"$log" 2>&1 &
pid=$!
ticks=$(getconf CLK_TCK)
cpu=0
# Fields 14-17 of /proc/PID/stat (12-15 after the command name) are user and system time of
# the process and of its reaped children, in clock ticks.
tree_ticks() {
    local stat total=0 child
    stat=$(cat "/proc/$1/stat" 2>/dev/null) || { echo 0; return; }
    total=$(awk '{ print $12 + $13 + $14 + $15 }' <<<"${stat##*) }")
    for child in $(ps -o pid= --ppid "$1" 2>/dev/null); do
        total=$((total + $(tree_ticks "$child")))
    done
    echo "$total"
}
while kill -0 "$pid" 2>/dev/null; do
    t=$(tree_ticks "$pid")
    [ "$t" -gt 0 ] && cpu=$((t / ticks))
    [ -n "${CAMPAIGN_TRACE:-}" ] && echo "campaign: $(($(date +%s) - start)) s wall, $cpu CPU-s" >&2
    if [ "$cpu" -ge "$cpu_goal" ]; then
        kill -INT "$pid" 2>/dev/null || true
        # A background job of a non-interactive shell starts with SIGINT ignored, and the fork
        # mode's parent keeps it so (it went on fuzzing for 35 more minutes once); SIGTERM, which
        # libFuzzer handles the same way (final statistics, then exit), follows after a grace.
        for _ in 1 2 3 4 5 6 7 8 9 10; do
            kill -0 "$pid" 2>/dev/null || break
            sleep 1
        done
        kill -TERM "$pid" 2>/dev/null || true
        break
    fi
    sleep 5
done
children=$(ps -o pid= --ppid "$pid" 2>/dev/null || true)
status=0
wait "$pid" || status=$?
# A forked child may outlive its interrupted parent by a moment; it is stopped, not waited for.
[ -n "$children" ] && kill -INT $children 2>/dev/null || true
wall=$(($(date +%s) - start))
# After the wait the shell's own children times include the whole fuzzer tree (and the few
# milliseconds of the ps and awk calls above): a forked run's last job is counted too.
times >"$log.times"
waited=$(tail -1 "$log.times" | awk '{ split($1, u, /[ms]/); split($2, s, /[ms]/); printf "%d", u[1] * 60 + u[2] + s[1] * 60 + s[2] }')
rm -f "$log.times"
[ "$waited" -gt "$cpu" ] && cpu=$waited
last=$(grep -E '^#[0-9]+' "$log" | tail -1 || true)
execs=$(grep -oE 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -oE '[0-9]+$' || true)
# Fork mode's parent runs no input itself (its final statistics say 0); its status lines count
# the executions of its jobs.
if [ ${#fork[@]} -gt 0 ] || [ -z "$execs" ]; then
    execs=$(grep -oE '^#[0-9]+' <<<"$last" | tr -d '#' || echo "?")
fi
cov=$(grep -oE 'cov: [0-9]+' <<<"$last" | grep -oE '[0-9]+' || echo "?")
ft=$(grep -oE 'ft: [0-9]+' <<<"$last" | grep -oE '[0-9]+' || echo "?")
corp=$(grep -oE 'corp: [0-9]+' <<<"$last" | grep -oE '[0-9]+' || echo "?")
if [ ${#fork[@]} -gt 0 ]; then
    # oom/timeout/crash counts from the last status line, and the inputs written since the start.
    counts=$(grep -oE 'oom/timeout/crash: [0-9/]+' <<<"$last" | sed 's/.*: //' || echo "?")
    found=$(find "artifacts/$target" -type f -newermt "@$start" | sort | tr '\n' ' ')
    if [ "$counts" = 0/0/0 ] && [ -z "$found" ]; then
        outcome=clean
        [ "$cpu" -ge "$cpu_goal" ] || outcome="clean, stopped before its goal of $cpu_goal CPU-seconds"
    else
        outcome="forked; oom/timeout/crash $counts: $found"
    fi
elif grep -q 'run interrupted' "$log" && [ "$cpu" -ge "$cpu_goal" ]; then
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
