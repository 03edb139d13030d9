#!/bin/sh
# Counts the public items of the library crates, as their API docs list them:
# every struct, enum, trait, function, type alias, constant and macro on the
# crate's "All items" page (methods and associated constants belong to their
# type and are not counted). A re-export of another workspace crate (`ayo::rules`,
# `ayo::search`, ...) is counted once, in the crate that defines it.
#
#   scripts/public-items.sh          # builds the docs, then counts
#   scripts/public-items.sh --no-doc # counts the docs already built
#
# Issue 25 asks for at most 150 in total. tests/architecture.rs runs the same
# count (`public_items`) from the `cargo doc` output when it is there.
set -eu
cd "$(dirname "$0")/.."
if [ "${1:-}" != "--no-doc" ]; then
    RUSTDOCFLAGS="-D warnings" cargo doc --no-deps --workspace --release --quiet
fi
total=0
for crate in ayo_rules ayo_notation ayo_engine ayo_files ayo_spelling ayo; do
    page=""
    for dir in target/doc target/release/doc; do
        [ -f "$dir/$crate/all.html" ] && page="$dir/$crate/all.html" && break
    done
    [ -n "$page" ] || { echo "no docs for $crate: run without --no-doc" >&2; exit 2; }
    # Section links (href="#structs") are headings, not items.
    n=$(grep -o '<li><a href="[^"#][^"]*"' "$page" | wc -l)
    printf '%-14s %4d\n' "$crate" "$n"
    total=$((total + n))
done
printf '%-14s %4d\n' total "$total"
# Items hidden from the docs are public all the same: list any, so that the
# count above cannot be lowered by hiding them.
hidden=$(grep -rn -A1 '#\[doc(hidden)\]' crates/ayo*/src | grep -v ayo-testkit | grep -c 'pub' || true)
printf '%-14s %4d\n' "doc(hidden)" "$hidden"
