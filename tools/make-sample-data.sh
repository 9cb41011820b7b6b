#!/usr/bin/env bash
# Regenerates the generated files of sample-data/ (the journal in its three encodings) with the given
# brewstats binary. messy.csv, foreign.csv and mapping.toml are written by hand and left alone.
set -euo pipefail
bin=${1:-.build/release/brewstats}
cd "$(dirname "$0")/.."
common=(--brews 360 --seed 2026 --start 2026-06-22 --days 154 --force)
"$bin" generate "${common[@]}" --to sqlite -o sample-data/journal.sqlite
"$bin" generate "${common[@]}" --to csv -o sample-data/journal.csv
"$bin" generate "${common[@]}" --to json -o sample-data/journal.json
echo "sample-data/ regenerated"
