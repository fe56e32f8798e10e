#!/usr/bin/env bash
# The kernel matrix (bench/kernels/kernels.py): every (op, dtype) cell on 2^20 elements,
# shardref's `bench` against numpy on the same arrays, interleaved. Builds the release binary
# first. Arguments go to kernels.py (--only REGEX, --dtypes f32,bf16, --timeout S, --tsv FILE).
#
#   bench/kernels/run.sh
#   PYTHON=/work/venv/bin/python bench/kernels/run.sh --only 'reduce|sort'
set -euo pipefail
export LC_ALL=C.UTF-8
ROOT="$(cd "$(dirname "$0")/../.." && pwd)"
cd "$ROOT"
: "${CARGO_TARGET_DIR:=$ROOT/target}"
export CARGO_TARGET_DIR
PYTHON="${PYTHON:-/work/venv/bin/python}"
[ -x "$PYTHON" ] || PYTHON=python3
cargo build --release --bin shardref >&2
# One host device is enough to lower the programs; keep JAX quiet and off accelerators.
export JAX_PLATFORMS=cpu TF_CPP_MIN_LOG_LEVEL=3
exec "$PYTHON" "$ROOT/bench/kernels/kernels.py" --shardref "$CARGO_TARGET_DIR/release/shardref" "$@"
