#!/usr/bin/env bash
# Regenerates the pictures of the README and docs/GUIDE.md, in docs/images/:
# a board drawn by `ayo board --format svg` (the SVG itself, and screenshots
# of it at desktop and phone widths) and the page of `ayo html` (desktop,
# phone, dark, and in the middle of sowing a move). Needs Chromium (`chromium`, or $AYO_CHROMIUM).
#
#   scripts/screenshots.sh
set -euo pipefail
cd "$(dirname "$0")/.."

cargo build --release --quiet
ayo=target/release/ayo
out=docs/images
chromium=${AYO_CHROMIUM:-chromium}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$out"

# shot WIDTH HEIGHT PNG URL [CHROMIUM FLAGS...]
shot() {
  local w=$1 h=$2 png=$3 url=$4
  shift 4
  "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
    --user-data-dir="$tmp/profile" --window-size="$w,$h" --screenshot="$png" "$@" "$url" \
    >/dev/null 2>&1
  echo "$png"
}

# The board after the first move of the lecture: five laps and a capture.
$ayo board fixtures/opening-lecture.ayo --ply 1 --format svg > "$out/board.svg"
cat > "$tmp/board.html" <<HTML
<!DOCTYPE html><html><body style="margin:0;background:#fff">
<img src="file://$PWD/$out/board.svg" style="display:block;width:100%" alt="">
</body></html>
HTML
# The picture is 544 by 268: the windows keep that shape.
shot 1000 493 "$out/board-desktop.png" "file://$tmp/board.html"
shot 390 192 "$out/board-phone.png" "file://$tmp/board.html"
shot 1000 493 "$out/board-dark.png" "file://$tmp/board.html" --force-dark-mode

# The viewer, at the third ply of the lecture.
$ayo html fixtures/opening-lecture.ayo --out "$tmp/lecture.html"
shot 1280 760 "$out/viewer-desktop.png" "file://$tmp/lecture.html#game=1&ply=3"
shot 390 1000 "$out/viewer-phone.png" "file://$tmp/lecture.html#game=1&ply=3"
shot 1280 760 "$out/viewer-dark.png" "file://$tmp/lecture.html#game=1&ply=3" --force-dark-mode

# Sowing the first move: the page in a frame gets a Right arrow once loaded,
# and the screenshot is taken 1.6 s (of the browser's virtual time) later.
cat > "$tmp/sowing.html" <<HTML
<!DOCTYPE html><html><body style="margin:0">
<iframe id="f" src="lecture.html#game=1&amp;ply=0" style="width:1280px;height:760px;border:0"></iframe>
<script>
document.getElementById("f").onload = function () {
  this.contentDocument.dispatchEvent(new KeyboardEvent("keydown", { key: "ArrowRight", bubbles: true }));
};
</script></body></html>
HTML
shot 1280 760 "$out/viewer-sowing.png" "file://$tmp/sowing.html" \
  --allow-file-access-from-files --virtual-time-budget=1600
