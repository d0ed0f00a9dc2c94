#!/usr/bin/env bash
# CLI imports succeeding out of N runs against a running npm run dev (bench/DEV-STACK.md):
#   PORT=8787 bash bench/cli-imports.sh [runs=10]
# Exports the demo shop's products as CSV once, then imports the file N times with
# `npm run shop -- import` (which finds the database through .data/dev.env).
set -uo pipefail
runs=${1:-10}
port=${PORT:-8787}
csv=$(mktemp --suffix .csv)
trap 'rm -f "$csv"' EXIT
curl -sf -H 'Authorization: Bearer sk_demo_aurora_5c3e9a1f7b2d4e6a8c0f1b3d5e7a9c2e' \
  "http://127.0.0.1:$port/admin/api/v1/exports/products" > "$csv"
ok=0
for i in $(seq 1 "$runs"); do
  if out=$(PORT=$port npm run -s shop -- import --handle aurora "$csv" 2>&1); then
    ok=$((ok + 1)); echo "run $i: ok: $(echo "$out" | grep -m1 -E 'completed|failed:')"
  else
    echo "run $i: FAILED: $(echo "$out" | tail -2 | tr '\n' ' ')"
  fi
done
echo "$ok of $runs CLI imports succeeded"
