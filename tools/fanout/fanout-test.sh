#!/usr/bin/env bash
# The Kubernetes fan-out of deploy/kubernetes/, run the way Kubernetes runs it, with podman on one machine:
#
#   1. generate JOURNALS journals with `brewstats generate` in one shared input folder (some deliberately
#      broken: truncated JSON, a CSV without a date column, an empty store, a zip that is not one);
#   2. start SHARDS containers of the image, each with JOB_COMPLETION_INDEX and SHARDS in its environment and
#      the shell command of shards-job.yaml (read from the manifest, not copied), read-only root file system;
#   3. kill one of them with SIGKILL while it is working, and start it again with the same command, as the
#      Job's backoffLimitPerIndex does for an exit code its podFailurePolicy does not name (--resume is part
#      of the command);
#   4. run the merge container with merge-job.yaml's command;
#   5. compare with a single-process `brewstats batch` of the same folder in the same image: batch.csv and every
#      file of combined/ equal (allowed: the merged index.html links each journal inside its shard folder,
#      and a journal the killed shard had finished is listed `skipped` by its retry, where the single run says
#      `ok`); every journal in exactly one shard, the one its path hashes to; the failed journals exactly the
#      broken ones; each container's exit code as the README's table says; each journal's report folder equal;
#   6. merge again with one shard folder missing: exit 1 and one line naming it.
#
# Usage: tools/fanout/fanout-test.sh [IMAGE]   (default brewstats:<version of .build/release/brewstats>)
# Environment: JOURNALS (200), SHARDS (4), KEEP=1 keeps the work folder, PODMAN_RUNTIME / PODMAN_ULIMITS
# (deploy/image/podman-run.sh). Needs root (podman), /usr/bin/python3 with yaml (Debian: python3-yaml).
set -euo pipefail

repo="$(cd "$(dirname "$0")/../.." && pwd)"
journals="${JOURNALS:-200}"
shards="${SHARDS:-4}"
die() { echo "error: $*" >&2; exit 1; }
fail() { echo "FAIL: $*" >&2; failures=$((failures + 1)); }
failures=0

command -v podman >/dev/null 2>&1 || die "podman not found on PATH: the fan-out test runs the image with podman (apt-get install podman runc)"
# shellcheck source=../../deploy/image/podman-run.sh
. "$repo/deploy/image/podman-run.sh"
/usr/bin/python3 -c 'import yaml' 2>/dev/null || die "/usr/bin/python3 cannot import yaml (apt-get install python3-yaml)"
image="${1:-}"
if [ -z "$image" ]; then
  [ -x "$repo/.build/release/brewstats" ] || die "no image given and no .build/release/brewstats to name one (run: make image)"
  image="brewstats:$("$repo/.build/release/brewstats" --version)"
fi
podman image exists "$image" || die "image $image not found (build it with: make image)"

work="$(mktemp -d /tmp/brewstats-fanout.XXXXXX)"
tag="fanout-$$"
cleanup() {
  podman ps -a --filter "name=^$tag-" --format '{{.Names}}' | while read -r c; do podman rm -f -t 0 "$c" >/dev/null 2>&1 || true; done
  if [ "${KEEP:-0}" = 1 ]; then echo "kept $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT
mkdir -p "$work/data/journals" "$work/data/out"
chown -R 10001:10001 "$work/data"

# The command (["sh", "-c"]) and the shell text of a Job's container, from the manifest itself.
manifest_script() {
  /usr/bin/python3 - "$1" <<'PY'
import sys, yaml
job = yaml.safe_load(open(sys.argv[1]))
c = job["spec"]["template"]["spec"]["containers"][0]
assert c["command"] == ["sh", "-c"], c["command"]
print(c["args"][0])
PY
}
# The exit codes a Job's podFailurePolicy does not retry.
manifest_final_codes() {
  /usr/bin/python3 - "$1" <<'PY'
import sys, yaml
job = yaml.safe_load(open(sys.argv[1]))
for rule in job["spec"]["podFailurePolicy"]["rules"]:
    print(" ".join(str(v) for v in rule["onExitCodes"]["values"]))
PY
}
shard_script="$(manifest_script "$repo/deploy/kubernetes/shards-job.yaml")"
merge_script="$(manifest_script "$repo/deploy/kubernetes/merge-job.yaml")"
final_codes=" $(manifest_final_codes "$repo/deploy/kubernetes/shards-job.yaml") "

run_opts=(--read-only --no-healthcheck -v "$work/data:/data" -e TZ=UTC -e SHARDS="$shards")
secs() { echo $(( $(date +%s%N) / 1000000 )); }
t0=$(secs)

# 1. Journals: formats in turn, sizes from 60 to 400 brews, in three folders; every 17th one broken.
podman_run --rm "${run_opts[@]}" -e N="$journals" --entrypoint sh "$image" -c '
  set -e; cd /data/journals; mkdir -p club-a club-b roastery
  i=1
  while [ "$i" -le "$N" ]; do
    case $((i % 3)) in 0) d=club-a ;; 1) d=club-b ;; *) d=roastery ;; esac
    case $((i % 3)) in 0) f=csv ;; 1) f=json ;; *) f=sqlite ;; esac
    name=$(printf "%s/journal-%03d" "$d" "$i"); brews=$((60 + (i * 37) % 341))
    if [ $((i % 17)) -eq 0 ]; then
      case $((i / 17 % 4)) in
        0) brewstats generate --brews "$brews" --seed "$i" --format json -o "/tmp/full.json" >/dev/null
           head -c 2000 /tmp/full.json > "$name.json" ;;                       # truncated JSON
        1) printf "when,what\n2026-11-20,espresso\n" > "$name.csv" ;;          # no brew date column
        2) : > "$name.sqlite" ;;                                               # empty store
        3) printf "not a zip archive\n" > "$name.zip" ;;                       # zip that is not one
      esac
      echo "$name" >> /data/broken.txt
    else
      brewstats generate --brews "$brews" --seed "$i" --format "$f" -o "$name.$f" >/dev/null
    fi
    i=$((i + 1))
  done'
find "$work/data/journals" -type f -printf '%P\n' | sort > "$work/inputs.txt"
[ "$(wc -l < "$work/inputs.txt")" -eq "$journals" ] || die "generated $(wc -l < "$work/inputs.txt") journals, expected $journals"
broken_count=$(wc -l < "$work/data/broken.txt")
t1=$(secs)
echo "fan-out: $journals journals ($broken_count broken) generated in $(( (t1 - t0) / 1000 )) s"

# Which shard each journal belongs to, computed here (FNV-1a 64 of the path relative to the input folder,
# modulo SHARDS, plus one) — not read from brewstats.
/usr/bin/python3 - "$work/inputs.txt" "$shards" > "$work/expected-shards.txt" <<'PY'
import sys
n = int(sys.argv[2])
for path in open(sys.argv[1]).read().split():
    h = 0xcbf29ce484222325
    for b in path.encode():
        h = ((h ^ b) * 0x100000001b3) & 0xFFFFFFFFFFFFFFFF
    stem = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    print(h % n + 1, stem)
PY

# What a batch over a set of journals exits with (README): 0 none failed or none there, 4 all failed, 3 some.
expected_code() { # expected_code TOTAL FAILED
  if [ "$2" -eq 0 ]; then echo 0; elif [ "$2" -eq "$1" ]; then echo 4; else echo 3; fi
}
broken_stems="$(sed 's#.*/##' "$work/data/broken.txt" | sort)"

# 2. The shards, as the indexed Job starts them.
start_shard() { # start_shard INDEX NAME
  podman_run -d --name "$2" "${run_opts[@]}" -e JOB_COMPLETION_INDEX="$1" --entrypoint sh "$image" -c "$shard_script" >/dev/null
}
for ((i = 0; i < shards; i++)); do start_shard "$i" "$tag-shard-$i"; done
victim=1
victim_out="$work/data/out/shard-$((victim + 1))"
victim_total=$(awk -v k=$((victim + 1)) '$1 == k' "$work/expected-shards.txt" | wc -l)
kill_at=$(( victim_total / 3 > 1 ? victim_total / 3 : 1 ))

# 3. Kill the victim once a third of its journals have a finished report, then start it again.
killed_after=""
for _ in $(seq 1 3000); do
  done_now=$(find "$victim_out" -mindepth 2 -maxdepth 2 -name manifest.json 2>/dev/null | wc -l)
  if [ "$done_now" -ge "$kill_at" ]; then
    podman kill -s KILL "$tag-shard-$victim" >/dev/null 2>&1 && killed_after=$done_now
    break
  fi
  [ "$(podman inspect -f '{{.State.Running}}' "$tag-shard-$victim")" = true ] || break
  sleep 0.1
done
[ -n "$killed_after" ] || die "shard $((victim + 1)) finished before it could be killed (raise JOURNALS)"
killed_code=$(podman wait "$tag-shard-$victim")
[ "$killed_code" -eq 137 ] || fail "the killed shard exited $killed_code, expected 137 (SIGKILL)"
case "$final_codes" in *" $killed_code "*) fail "the podFailurePolicy would not retry exit $killed_code" ;; esac
[ ! -e "$victim_out/batch.csv" ] || fail "the killed shard left a batch.csv although it was killed midway"
echo "fan-out: shard $((victim + 1)) killed after $killed_after of its $victim_total journals (exit $killed_code); started again"
start_shard "$victim" "$tag-shard-$victim-retry"

declare -a codes
for ((i = 0; i < shards; i++)); do
  name="$tag-shard-$i"; [ "$i" -eq "$victim" ] && name="$tag-shard-$i-retry"
  codes[i]=$(podman wait "$name")
done
t2=$(secs)
echo "fan-out: $shards shards done in $(( (t2 - t1) / 1000 )) s (exit codes ${codes[*]})"

# 4. The merge Job.
merge_code=0
podman_run --rm "${run_opts[@]}" --entrypoint sh "$image" -c "$merge_script" > "$work/merge.log" 2>&1 || merge_code=$?
t3=$(secs)
echo "fan-out: merge in $(( (t3 - t2) / 1000 )) s (exit $merge_code)"

# 5. The single-process batch of the same folder.
single_code=0
podman_run --rm "${run_opts[@]}" "$image" batch /data/journals --out /data/single --quiet > "$work/single.log" 2>&1 || single_code=$?
t4=$(secs)
echo "fan-out: single-process batch in $(( (t4 - t3) / 1000 )) s (exit $single_code)"

# Exit codes per the README's table, from the inputs (expected shards and broken journals computed here).
for ((k = 1; k <= shards; k++)); do
  total=$(awk -v k="$k" '$1 == k' "$work/expected-shards.txt" | wc -l)
  failed=$(awk -v k="$k" '$1 == k {print $2}' "$work/expected-shards.txt" | sort | comm -12 - <(echo "$broken_stems") | wc -l)
  want=$(expected_code "$total" "$failed")
  [ "${codes[k-1]}" -eq "$want" ] || fail "shard $k ($total journals, $failed broken) exited ${codes[k-1]}, expected $want"
done
want=$(expected_code "$journals" "$broken_count")
[ "$merge_code" -eq "$want" ] || fail "the merge exited $merge_code, expected $want: $(tail -n1 "$work/merge.log")"
[ "$single_code" -eq "$want" ] || fail "the single-process batch exited $single_code, expected $want"

# Each journal in exactly one shard, the expected one; none lost, none twice.
for ((k = 1; k <= shards; k++)); do
  tail -n +2 "$work/data/out/shard-$k/batch.csv" | cut -d, -f1 | sed "s/^/$k /"
done | sort -k2 > "$work/actual-shards.txt"
sort -k2 "$work/expected-shards.txt" | diff - "$work/actual-shards.txt" > "$work/shards.diff" \
  || fail "journals are not in the shards their paths hash to (or lost, or twice): $(head -n3 "$work/shards.diff" | tr '\n' ' ')"
merged_journals=$(tail -n +2 "$work/data/out/all/batch.csv" | cut -d, -f1 | sort)
[ "$(echo "$merged_journals" | wc -l)" -eq "$journals" ] || fail "merged batch.csv lists $(echo "$merged_journals" | wc -l) journals, expected $journals"
dupes=$(echo "$merged_journals" | uniq -d | head -n3 | tr '\n' ' ')
[ -z "$dupes" ] || fail "journals reported twice in the merged batch.csv: $dupes"
failed_journals=$(tail -n +2 "$work/data/out/all/batch.csv" | awk -F, '$3 == "failed" {print $1}' | sort)
[ "$failed_journals" = "$broken_stems" ] || fail "the failed journals are not exactly the broken ones"

# batch.csv equal; `skipped` only for journals of the killed shard, which it had finished before the kill.
skipped=$(tail -n +2 "$work/data/out/all/batch.csv" | awk -F, '$3 == "skipped" {print $1}' | sort)
victim_stems=$(awk -v k=$((victim + 1)) '$1 == k {print $2}' "$work/expected-shards.txt" | sort)
if [ -n "$skipped" ] && [ -n "$(comm -23 <(echo "$skipped") <(echo "$victim_stems"))" ]; then
  fail "journals outside the killed shard are listed skipped"
fi
skipped_count=$( [ -n "$skipped" ] && echo "$skipped" | wc -l || echo 0)
[ "$skipped_count" -le "$killed_after" ] || fail "$skipped_count journals skipped on retry, but only $killed_after were finished before the kill"
sed 's/^\([^,]*,[^,]*\),skipped,/\1,ok,/' "$work/data/out/all/batch.csv" | diff - "$work/data/single/batch.csv" > "$work/batch.diff" \
  || fail "merged batch.csv differs from the single-process one: $(head -n4 "$work/batch.diff" | tr '\n' ' ')"

# combined/: the same files, byte for byte; index.html after the links into the shard folders are reduced to
# the journal's folder name.
(cd "$work/data/out/all/combined" && find . -type f | sort) > "$work/merged-files.txt"
(cd "$work/data/single/combined" && find . -type f | sort) > "$work/single-files.txt"
diff "$work/merged-files.txt" "$work/single-files.txt" > /dev/null || fail "combined/ holds other files than the single run's"
compared=0
while read -r f; do
  a="$work/data/out/all/combined/$f"; b="$work/data/single/combined/$f"
  [ -f "$b" ] || continue
  if [ "$f" = ./index.html ]; then
    diff <(sed -E 's#href="[^"]*/([^/"]+)/index\.html"#href="\1/index.html"#g' "$a") \
         <(sed -E 's#href="[^"]*/([^/"]+)/index\.html"#href="\1/index.html"#g' "$b") > "$work/index.diff" \
      || fail "combined/index.html differs beyond the journal links: $(head -n3 "$work/index.diff" | tr '\n' ' ')"
  else
    cmp -s "$a" "$b" || fail "combined/$f differs from the single-process batch"
  fi
  compared=$((compared + 1))
done < "$work/merged-files.txt"

# Every journal's report folder equal to the single run's (manifest.json records when it was made).
reports_compared=0
while read -r k stem; do
  grep -qx "$stem" <(echo "$broken_stems") && continue
  diff -r -x manifest.json "$work/data/out/shard-$k/$stem" "$work/data/single/$stem" > /dev/null \
    || fail "the report of $stem in shard $k differs from the single-process one"
  reports_compared=$((reports_compared + 1))
done < "$work/expected-shards.txt"
leftovers=$(find "$work/data/out" -mindepth 2 -maxdepth 2 -name '.*' | head -n3 | tr '\n' ' ')
[ -z "$leftovers" ] || fail "staging folders left behind in the shard outputs: $leftovers"

# 6. The merge with one shard folder missing.
mv "$work/data/out/shard-$shards" "$work/data/out/moved-away"
missing_code=0
podman_run --rm "${run_opts[@]}" --entrypoint sh "$image" -c "${merge_script//\/data\/out\/all//data/out/all-again}" \
  > "$work/missing.log" 2>&1 || missing_code=$?
mv "$work/data/out/moved-away" "$work/data/out/shard-$shards"
[ "$missing_code" -eq 1 ] || fail "merging with shard-$shards missing exited $missing_code, expected 1"
[ "$(wc -l < "$work/missing.log")" -eq 1 ] && grep -q "shard-$shards" "$work/missing.log" \
  || fail "merging with shard-$shards missing did not say so in one line: $(head -c 300 "$work/missing.log")"
[ ! -e "$work/data/out/all-again" ] || fail "the failed merge wrote an output folder"
echo "fan-out: merge without shard-$shards: exit $missing_code, \"$(cat "$work/missing.log")\""

t5=$(secs)
echo "fan-out: compared batch.csv, $compared files of combined/ and $reports_compared journal reports; $skipped_count journals skipped by the retry"
echo "fan-out: total $(( (t5 - t0) / 1000 )) s"
if [ "$failures" -ne 0 ]; then echo "fan-out test: $failures checks failed"; exit 1; fi
echo "fan-out test: passed ($journals journals, $shards shards, one killed and resumed; merged = single-process)"
