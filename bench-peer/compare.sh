#!/usr/bin/env bash
# Times `ayo validate` against the peer (pgn-reader + shakmaty validating chess)
# on the corpora of BENCHMARKS.md, one run after the other, RUNS times each:
#
#   bench-peer/compare.sh            # from the repository's root
#   RUNS=5 bench-peer/compare.sh
#
# Prints one line a run: what ran, wall seconds, user seconds, plies a second of wall
# time. Run it on an otherwise idle machine: the figures are wall-clock times.
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
ayo_plies=$("$ayo" stats --format json "$DIR/c200k.ayo" | jq ".plies.mean * .plies.count | round")

time_one() { # label plies command...
    local label=$1 plies=$2
    shift 2
    /usr/bin/time -o "$DIR/time" -f "%e %U" "$@" > /dev/null 2>&1
    read -r wall user < "$DIR/time"
    awk -v l="$label" -v w="$wall" -v u="$user" -v p="$plies" \
        'BEGIN { printf "%-28s %6.2f s wall %6.2f s user %6.2f M plies/s\n", l, w, u, p / w / 1e6 }'
}

peer_plies() { "$peer" validate "$1" | sed -E 's/.* ([0-9]+) plies.*/\1/'; }
chess_plies=$(peer_plies "$DIR/chess.pgn")
lichess_plies=$(peer_plies "$DIR/lichess.pgn")

for _ in $(seq "$RUNS"); do
    time_one "peer, bare PGN" "$chess_plies" "$peer" validate "$DIR/chess.pgn"
    time_one "peer, lichess-shaped PGN" "$lichess_plies" "$peer" validate "$DIR/lichess.pgn"
    time_one "ayo validate --jobs 1" "$ayo_plies" "$ayo" validate --jobs 1 "$DIR/c200k.ayo"
    time_one "ayo validate (all cores)" "$ayo_plies" "$ayo" validate "$DIR/c200k.ayo"
done
