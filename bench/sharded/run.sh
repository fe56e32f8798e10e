#!/usr/bin/env bash
# Sharded execution at scale (issue #9): runs each program of bench/sharded
# once globally (`shardref run`) and once on the simulated devices of its
# mesh (`shardref run --sharded`, local shards), checks that both write the
# same result bytes, and prints wall time and peak memory of each, their time
# ratio against its goal, and the sharded run's peak resident memory against
# the memory goal: at most 1.5 x (the sum of the shards + 64 KiB per device).
# The sum of the shards is what the devices of a real mesh would hold of the
# program's arguments and results: each device's local block, so a
# replicated value counts once per device. `CANVAS=1` also times the
# global-canvas execution (`--canvas`). `THREADS=N` passes `--threads N`.
# Peak memory is GNU time's maximum resident set size of the whole process.
#
#   bench/sharded/run.sh
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
: "${CARGO_TARGET_DIR:=$ROOT/target}"
export CARGO_TARGET_DIR
cargo build --release --bin shardref >&2
BIN="$CARGO_TARGET_DIR/release/shardref"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

# Writes a little-endian f32 .npy of the given shape with deterministic values in [-2, 2).
npy() {
    python3 - "$@" <<'PY'
import struct, sys
path, rows, cols = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
header = "{'descr': '<f4', 'fortran_order': False, 'shape': (%d, %d), }" % (rows, cols)
header += " " * (63 - (len(header) + 10) % 64) + "\n"
with open(path, "wb") as f:
    f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode())
    s = 12345
    out = bytearray()
    for _ in range(rows * cols):
        s = (s * 1103515245 + 12345) % (1 << 31)
        out += struct.pack("<f", (s % 4096) / 1024.0 - 2.0)
    f.write(out)
PY
}

# Wall seconds and peak resident KiB of one command.
timed() {
    /usr/bin/time -f "%e %M" -o "$WORK/time" "$@" >/dev/null
    cat "$WORK/time"
}

THREADS_ARG=()
if [ -n "${THREADS:-}" ]; then THREADS_ARG=(--threads "$THREADS"); fi

# run_case NAME TIME_GOAL DEVICES SHARD_BYTES INPUT... (GLOBAL_ENTRY names the global run's
# function when it is not @main itself, e.g. a twin without devices.)
run_case() {
    local name="$1" goal="$2" devices="$3" shard_bytes="$4"
    shift 4
    local inputs=()
    for i in "$@"; do inputs+=(--input "$i"); done
    mkdir -p "$WORK/$name.g" "$WORK/$name.s"
    read -r tg mg < <(timed "$BIN" run "bench/sharded/$name.mlir" --entry "${GLOBAL_ENTRY:-main}" "${inputs[@]}" --output-dir "$WORK/$name.g")
    read -r ts ms < <(timed "$BIN" run "bench/sharded/$name.mlir" --sharded "${THREADS_ARG[@]}" "${inputs[@]}" --output-dir "$WORK/$name.s")
    cmp -s "$WORK/$name.g/result0.npy" "$WORK/$name.s/result0.npy" || { echo "$name: sharded result differs" >&2; exit 1; }
    # Memory goal, in KiB: 1.5 x (shards + 64 KiB per device).
    local shards_kib=$((shard_bytes / 1024)) budget_kib
    budget_kib=$(((shards_kib + 64 * devices) * 3 / 2))
    printf '%-8s global %6.2fs %7d KiB | sharded %6.2fs %7d KiB | ratio %5.2fx (goal %sx) | memory %7d KiB of %7d KiB allowed (shards %d KiB + 64 KiB x %d devices, x 1.5): %s\n' \
        "$name" "$tg" "$mg" "$ts" "$ms" "$(echo "$ts / $tg" | bc -l)" "$goal" "$ms" "$budget_kib" "$shards_kib" "$devices" \
        "$([ "$ms" -le "$budget_kib" ] && echo within || echo OVER)"
    if [ "${CANVAS:-0}" = 1 ]; then
        read -r tc mc < <(timed "$BIN" run "bench/sharded/$name.mlir" --sharded --canvas "${inputs[@]}" --output-dir "$WORK/$name.s")
        printf '%-8s canvas %6.2fs %7d KiB\n' "$name" "$tc" "$mc"
    fi
}

npy "$WORK/r.npy" 1024 256
npy "$WORK/x.npy" 4096 256
npy "$WORK/a.npy" 1024 1024
cp "$WORK/a.npy" "$WORK/b.npy"
# tanh_x: x and the result, 4096x256 f32 each, one row per device.
run_case tanh_x 5 4096 $((2 * 4096 * 256 * 4)) "$WORK/x.npy"
# matmul: a and the result row-sharded (4 MiB each in all), b replicated on all 256 devices.
run_case matmul 3 256 $((2 * 1024 * 1024 * 4 + 256 * 1024 * 1024 * 4)) "$WORK/a.npy" "$WORK/b.npy"
# manual_ring: 1024 processes on the worker pool (no time goal; its global run is @sequential).
# x and the result, 1024x256 f32 each, one row per device.
GLOBAL_ENTRY=sequential run_case manual_ring - 1024 $((2 * 1024 * 256 * 4)) "$WORK/r.npy"
