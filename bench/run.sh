#!/usr/bin/env bash
# Times the four benchmark programs (bench/programs/*.mlir), and the variants
# of ewise, dot and reduce whose inputs come from an i32 iota and a convert as
# JAX writes them (*_i32.mlir, the same values), as whole
# `shardref run` processes and, when jax==0.10.2 and numpy import, the
# official StableHLO interpreter and numpy on the same computations
# (../shared/oracles/stablehlo_bench.py), then prints ratios.
#
#   bench/run.sh                 # build, time, compare when possible
#   RUNS=10 bench/run.sh         # more runs per program
#   PYTHON=/tmp/venv/bin/python bench/run.sh
#
# Never fails because Python, jax or numpy are missing: then it reports
# shardref's times only.
set -euo pipefail
export LC_ALL=C
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
: "${CARGO_TARGET_DIR:=$ROOT/target}"
export CARGO_TARGET_DIR
RUNS="${RUNS:-5}"
PYTHON="${PYTHON:-python3}"
ORACLE="${ORACLE:-$ROOT/../shared/oracles/stablehlo_bench.py}"
[ -f "$ORACLE" ] || ORACLE=/work/shared/oracles/stablehlo_bench.py

cargo build --release --bin shardref >&2
BIN="$CARGO_TARGET_DIR/release/shardref"
PROGS=(ewise dot reduce while ewise_i32 dot_i32 reduce_i32)
# Work units per program: element-ops, multiply-adds, input elements, iterations.
declare -A UNITS=([ewise]=$((10 * 1024 * 1024)) [dot]=$((256 * 256 * 256)) [reduce]=$((3 * 1024 * 1024)) [while]=1000000)
UNITS[ewise_i32]=${UNITS[ewise]}
UNITS[dot_i32]=${UNITS[dot]}
UNITS[reduce_i32]=${UNITS[reduce]}

# Median wall time (seconds) of RUNS runs of a command.
median_time() {
    if command -v hyperfine >/dev/null 2>&1; then
        local json
        json="$(mktemp)"
        hyperfine -N --warmup 1 --runs "$RUNS" --export-json "$json" "$*" >/dev/null 2>&1
        sed -n 's/.*"median": *\([0-9.e+-]*\).*/\1/p' "$json" | head -1
        rm -f "$json"
    else
        "$@" >/dev/null
        local ts=()
        for _ in $(seq "$RUNS"); do
            # Bash's own clock (no `date` process inside the timed span, which added 1-2 ms).
            local t0 t1
            t0=$EPOCHREALTIME
            "$@" >/dev/null
            t1=$EPOCHREALTIME
            ts+=("$(echo "$t1 - $t0" | bc -l)")
        done
        printf '%s\n' "${ts[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'
    fi
}

declare -A SHARDREF
echo "shardref (whole process, median of $RUNS):"
for p in "${PROGS[@]}"; do
    t=$(median_time "$BIN" run "bench/programs/$p.mlir")
    SHARDREF[$p]=$t
    printf '  %-10s %9.4f s  %10.3g units/s\n' "$p" "$t" "$(echo "${UNITS[$p]} / $t" | bc -l)"
done

if ! "$PYTHON" -c "import jax, numpy" >/dev/null 2>&1; then
    echo "(jax/numpy not importable with $PYTHON: no comparison; see docs/PERFORMANCE.md)"
    exit 0
fi

# The oracle reports per-computation medians; reduce is 1024x1024 -> scalar
# there, so its time is scaled to the three reductions of reduce.mlir.
OUT="$(mktemp)"
"$PYTHON" "$ORACLE" --reps "${ORACLE_REPS:-3}" --while-iters 1000000 --engines interp,numpy > "$OUT" 2>/dev/null || {
    echo "(oracle failed; see $OUT)"
    exit 0
}
get() { awk -F'\t' -v b="$1" -v e="$2" '$1==b && $2==e {print $4}' "$OUT"; }
echo
printf '%-10s %12s %12s %12s %12s %12s\n' program shardref_s official_s numpy_s x_official x_numpy
for p in "${PROGS[@]}"; do
    # The _i32 variants compute what their f32 programs compute: the same oracle rows.
    case $p in
        ewise | ewise_i32) b=ewise; scale=1 ;;
        dot | dot_i32) b=dot256; scale=1 ;;
        reduce | reduce_i32) b=reduce; scale=3 ;;
        while) b=while; scale=1 ;;
    esac
    off=$(get "$b" interp)
    np=$(get "$b" numpy)
    [ "$p" = while ] && np=$(get while "numpy(py loop)")
    s=${SHARDREF[$p]}
    ro=$( [ -n "$off" ] && echo "$off * $scale / $s" | bc -l || echo nan)
    rn=$( [ -n "$np" ] && echo "$np * $scale / $s" | bc -l || echo nan)
    printf '%-10s %12.4f %12.4f %12.5f %12.1f %12.3f\n' "$p" "$s" "$(echo "${off:-0} * $scale" | bc -l)" "$(echo "${np:-0} * $scale" | bc -l)" "$ro" "$rn"
done
rm -f "$OUT"
