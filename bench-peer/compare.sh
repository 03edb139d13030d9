#!/usr/bin/env bash
# Times `ayo validate` against the peer (pgn-reader + shakmaty validating chess)
# on the corpora of BENCHMARKS.md, one run after the other, RUNS times each:
#
#   bench-peer/compare.sh            # from the repository's root
#   RUNS=5 bench-peer/compare.sh
#   PIN=1 RUNS=40 bench-peer/compare.sh
#
# PIN=N runs the one-core commands (both peer runs and `ayo validate --jobs 1`)
# on CPU N alone (taskset), so that they do not move between cores; the
# all-cores run is never pinned.
#
# Prints one line a run: what ran, wall seconds, user seconds, plies a second of wall
# time; after each round of the four runs, ayo's speed over the peer's in that round;
# at the end the median of each ratio. Run it on an otherwise idle machine: the
# figures are wall-clock times, and on a shared machine whose speed drifts the
# ratios of a round are the figures to trust.
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${RUNS:-3}
DIR=${DIR:-/tmp/ayo-bench}
mkdir -p "$DIR"

cargo build --release --quiet
(cd bench-peer && cargo build --release --quiet)
peer=bench-peer/target/release/bench-peer
ayo=target/release/ayo

[ -s "$DIR/c200k.ayo" ] || cargo run --release --quiet --example corpus -- 200000 > "$DIR/c200k.ayo"
[ -s "$DIR/chess.pgn" ] || "$peer" generate 100000 > "$DIR/chess.pgn"
[ -s "$DIR/lichess.pgn" ] || "$peer" lichess 100000 > "$DIR/lichess.pgn"

# Main-line plies of the ayo corpus, from `ayo stats` (its mean is rounded to
# two decimals: within 0.02% here).
ayo_plies=$("$ayo" stats --format json "$DIR/c200k.ayo" | jq ".plies_per_game.mean * .plies_per_game.count | round")

# The one-core commands, pinned when PIN is set.
one_cpu=()
[ -n "${PIN:-}" ] && one_cpu=(taskset -c "$PIN")

time_one() { # label plies command...
    local label=$1 plies=$2
    shift 2
    # Bash's own timer: milliseconds (GNU time rounds to 10 ms, too coarse
    # for runs of a quarter of a second).
    local TIMEFORMAT="%3R %3U"
    { time "$@" > /dev/null 2>&1; } 2> "$DIR/time"
    read -r wall user < "$DIR/time"
    awk -v l="$label" -v w="$wall" -v u="$user" -v p="$plies" \
        'BEGIN { printf "%-28s %6.3f s wall %6.3f s user %6.2f M plies/s\n", l, w, u, p / w / 1e6 }'
}

peer_plies() { "$peer" validate "$1" | sed -E 's/.* ([0-9]+) plies.*/\1/'; }
chess_plies=$(peer_plies "$DIR/chess.pgn")
lichess_plies=$(peer_plies "$DIR/lichess.pgn")

rate() { awk -v w="$1" -v p="$2" 'BEGIN { print p / w }'; }
: > "$DIR/ratios"
for _ in $(seq "$RUNS"); do
    time_one "peer, bare PGN" "$chess_plies" "${one_cpu[@]}" "$peer" validate "$DIR/chess.pgn"
    bare=$(rate "$wall" "$chess_plies")
    time_one "peer, lichess-shaped PGN" "$lichess_plies" "${one_cpu[@]}" "$peer" validate "$DIR/lichess.pgn"
    lichess=$(rate "$wall" "$lichess_plies")
    time_one "ayo validate --jobs 1" "$ayo_plies" "${one_cpu[@]}" "$ayo" validate --jobs 1 "$DIR/c200k.ayo"
    one=$(rate "$wall" "$ayo_plies")
    time_one "ayo validate (all cores)" "$ayo_plies" "$ayo" validate "$DIR/c200k.ayo"
    all=$(rate "$wall" "$ayo_plies")
    # The ratios of this round, whose four runs came one after the other:
    # steadier than ratios of medians where the machine's speed drifts.
    echo "$one $all $lichess $bare" | awk '{ printf "ratios  one core %.2fx  all cores %.2fx the lichess-shaped peer;  %.2fx  %.2fx the bare peer\n", $1/$3, $2/$3, $1/$4, $2/$4 }' | tee -a "$DIR/ratios"
done
# The median of each ratio over the rounds, the middle half of the rounds
# (first to third quartile), and how many rounds met each aim of the issue
# against the lichess-shaped peer (2x on one core, 3.5x on all cores).
awk '{ a[NR]=$4+0; b[NR]=$7+0; c[NR]=$11+0; d[NR]=$12+0; one += ($4+0 >= 2); all += ($7+0 >= 3.5) }
     function sort(x, n,   i, j, t) { for (i = 1; i <= n; i++) for (j = i + 1; j <= n; j++) if (x[j] < x[i]) { t = x[i]; x[i] = x[j]; x[j] = t } }
     function q(x, n, f) { return x[int(f * (n - 1) + 1.5)] }
     END {
         sort(a, NR); sort(b, NR); sort(c, NR); sort(d, NR)
         printf "median  one core %.2fx  all cores %.2fx the lichess-shaped peer;  %.2fx  %.2fx the bare peer\n", q(a, NR, .5), q(b, NR, .5), q(c, NR, .5), q(d, NR, .5)
         printf "middle half  one core %.2f-%.2fx  all cores %.2f-%.2fx the lichess-shaped peer\n", q(a, NR, .25), q(a, NR, .75), q(b, NR, .25), q(b, NR, .75)
         printf "rounds at the aims  one core (2x) %d of %d  all cores (3.5x) %d of %d\n", one, NR, all, NR
     }' "$DIR/ratios"
