//! Boards drawn as SVG pictures, seen from South like the tables of
//! [`super::board`]: North's row on top (F … A from left to right) with
//! North's store at the left, South's row below (a … f) with South's store at
//! the right.
//!
//! A picture is self-contained SVG 1.1: no external fonts, links or images,
//! the same bytes for the same position, a `viewBox` so that it scales to any
//! width, and its own board colours (a light and a dark set, chosen by
//! `prefers-color-scheme`), so that it reads the same on any page.
//!
//! It is also machine-readable, and these names are a contract (docs/GUIDE.md,
//! "Data attributes"): the root is `<svg class="ayo-board" data-ply="K"
//! data-rules="RULES">`, each pit `<g class="pit" data-pit="c"
//! data-seeds="5">` and each store `<g class="store" data-side="south"
//! data-seeds="7">`.
//!
//! The HTML viewer ([`super::html`]) draws its board with the same geometry:
//! its script reads the pits' centres from the circles drawn here and adds the
//! seeds and the marks of a move the same way (`LANE`, `dot_offsets`).

use std::fmt::Write as _;

use crate::output::table::{Laps, laps_json, laps_text};
use crate::rules::{MoveOutcome, Pit, Position, Side};

/// Distance between the centres of neighbouring pits.
pub(crate) const PITCH: u32 = 64;
/// Radius of a pit.
pub(crate) const RADIUS: u32 = 26;
/// Left edge of the first pit column (the store is to its left).
const X0: u32 = 80;
/// Centre line of North's row.
const NORTH_Y: u32 = 62;
/// Centre line of South's row: the gap between the rows is where the laps run.
const SOUTH_Y: u32 = 156;
/// The first lane of a lap, outside a pit's rim, and the step between lanes.
pub(crate) const LANE: (u32, u32) = (7, 5);
/// Lanes before they repeat: lap k runs in lane k mod LANES.
pub(crate) const LANES: usize = 4;
/// Up to this many seeds a pit shows them as dots around its count.
pub(crate) const MAX_DOTS: u16 = 12;
/// Laps drawn at most; the caption says when a relay had more.
pub(crate) const MAX_LAPS_DRAWN: usize = 24;
/// How far left of a lap's start its number sits.
pub(crate) const TAG_SHIFT: u32 = 24;
/// The radius of a lap's number.
pub(crate) const TAG_RADIUS: u32 = 7;
/// How far apart the centres of two laps' numbers are at least, across or
/// down: a number's width and a pixel.
pub(crate) const TAG_APART: u32 = 2 * TAG_RADIUS + 1;
/// The rows of the gap between the rows of pits where a lap's number goes
/// when its own place is taken: from just under North's rims to just over
/// South's, `TAG_APART` apart.
pub(crate) const TAG_ROWS: [u32; 3] = {
    let top = NORTH_Y + RADIUS + LANE.0;
    [top, top + TAG_APART, top + 2 * TAG_APART]
};
/// Colours of the laps (classes `lap0` …), taken in turn.
const LAP_COLOURS: usize = 8;

/// The style block: board colours for light and dark surroundings, and the
/// marks. The classes are part of the picture, so that a page can restyle it.
const STYLE: &str = "\
.frame{fill:#e4c48f;stroke:#8b5e34;stroke-width:2}\
.hole{fill:#7a4f2a}\
.store rect{fill:#7a4f2a}\
.seed{fill:#f6e7c8}\
.count{fill:#fff;font:bold 15px sans-serif;text-anchor:middle;dominant-baseline:central}\
.store .count{font-size:22px}\
.many .count{font-size:19px}\
.letter,.name,.caption,.legend{fill:#3d2812;font:13px sans-serif;text-anchor:middle}\
.name{fill:#f6e7c8;font-size:11px}\
.caption{font-size:14px}\
.legend{font-size:12px;text-anchor:start}\
.played{fill:none;stroke:#1565c0;stroke-width:4}\
.captured{fill:none;stroke:#c62828;stroke-width:3;stroke-dasharray:5 3}\
.capturing{fill:none;stroke:#c62828;stroke-width:2}\
.take{fill:none;stroke:#c62828;stroke-width:2;stroke-dasharray:4 3}\
path.lap{fill:none;stroke-width:2.5;stroke-linejoin:round;stroke-linecap:round;opacity:.9}\
.tag text{fill:#fff;font:bold 10px sans-serif;text-anchor:middle;dominant-baseline:central}\
.lap0{stroke:#2e7d32;fill:#2e7d32}.lap1{stroke:#6a1b9a;fill:#6a1b9a}\
.lap2{stroke:#bf360c;fill:#bf360c}.lap3{stroke:#00695c;fill:#00695c}\
.lap4{stroke:#ad1457;fill:#ad1457}.lap5{stroke:#283593;fill:#283593}\
.lap6{stroke:#6d6a00;fill:#6d6a00}.lap7{stroke:#4e342e;fill:#4e342e}\
@media (prefers-color-scheme:dark){\
.frame{fill:#4a3523;stroke:#a07a50}\
.hole,.store rect{fill:#22150b}\
.seed{fill:#e8d3ab}\
.letter,.caption,.legend{fill:#f0dcb8}\
.played{stroke:#64b5f6}\
.captured,.capturing,.take{stroke:#ff6e6e}\
.lap0{stroke:#81c784;fill:#81c784}.lap1{stroke:#ce93d8;fill:#ce93d8}\
.lap2{stroke:#ffab70;fill:#ffab70}.lap3{stroke:#4dd0c4;fill:#4dd0c4}\
.lap4{stroke:#f48fb1;fill:#f48fb1}.lap5{stroke:#9fa8da;fill:#9fa8da}\
.lap6{stroke:#dce775;fill:#dce775}.lap7{stroke:#d7b8a8;fill:#d7b8a8}\
.tag text{fill:#111}\
}";

/// What to draw: a position, where it stands in its game, and the move that
/// led to it (with its laps when replay traced them).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Drawing<'a> {
    /// The position.
    pub position: &'a Position,
    /// 0 for the start, else the ply just played.
    pub ply: u32,
    /// The canonical ruleset string.
    pub rules: &'a str,
    /// The move just played, if any: its pit, laps and capture are marked.
    pub last: Option<&'a MoveOutcome>,
    /// What happened, and who moves (drawn under the board).
    pub caption: &'a str,
}

/// The width and height of the picture of a board of `pits` pits a row,
/// with or without the line of the key under the caption.
pub(crate) fn size(pits: u8, key: bool) -> (u32, u32) {
    (
        2 * X0 + u32::from(pits) * PITCH,
        if key { 268 } else { 246 },
    )
}

/// The centre of a pit in the picture.
pub(crate) fn centre(pit: Pit, pits: u8) -> (u32, u32) {
    let i = u32::from(pit.index(pits));
    match pit.side(pits) {
        // South's a … f from left to right; North's A … F from right to left.
        Side::South => (X0 + i * PITCH + PITCH / 2, SOUTH_Y),
        Side::North => (X0 + (u32::from(pits) - 1 - i) * PITCH + PITCH / 2, NORTH_Y),
    }
}

/// Where the dots of `seeds` seeds sit, relative to the pit's centre: evenly
/// round a circle, the first at the top, so that the count fits in the middle.
pub(crate) fn dot_offsets(seeds: u16) -> Vec<(f64, f64)> {
    let n = seeds.min(MAX_DOTS);
    (0..n)
        .map(|k| {
            let a =
                std::f64::consts::TAU * f64::from(k) / f64::from(n) - std::f64::consts::FRAC_PI_2;
            (round1(17.0 * a.cos()), round1(17.0 * a.sin()))
        })
        .collect()
}

/// A number with one decimal at most, the same on every platform.
fn round1(x: f64) -> f64 {
    let r = (x * 10.0).round() / 10.0;
    // -0.0 prints as "-0".
    if r == 0.0 { 0.0 } else { r }
}

/// Escapes text for an XML attribute or element.
pub(crate) fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            // Control characters other than tab and line breaks are not XML.
            c if c.is_control() && !matches!(c, '\t' | '\n' | '\r') => out.push('\u{fffd}'),
            c => out.push(c),
        }
    }
    out
}

/// The text alternative of a position: both rows, the stores, the marks.
pub(crate) fn describe(d: &Drawing) -> String {
    let pos = d.position;
    let pits = pos.pits();
    let row = |side: Side| {
        pos.pits_of(side)
            .map(|p| format!("{} {}", p.letter(pits), pos.seeds(p)))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let [south, north] = pos.stores();
    let mut text = format!(
        "North's pits: {}. South's pits: {}. Stores: South {south}, North {north}.",
        row(Side::North),
        row(Side::South)
    );
    if let Some(o) = d.last {
        let _ = write!(text, " Played: {}", o.pit.letter(pits));
        match o.laps.len() {
            0 => {}
            // The laps written out, as `ayo annotate --laps full` does, unless
            // there are more than the picture draws.
            n if n <= MAX_LAPS_DRAWN => {
                let s = if n == 1 { "" } else { "s" };
                let laps = laps_text(&laps_json(o, &o.laps), Laps::Full);
                let _ = write!(text, " ({n} lap{s}: {laps})");
            }
            n => {
                let _ = write!(text, " ({n} laps)");
            }
        }
        text.push('.');
        if let Some(c) = o.capture {
            let _ = write!(
                text,
                " Captured {} from {}, ending in {}.",
                c.seeds(),
                c.pit.letter(pits),
                o.ended_in.letter(pits)
            );
        }
    }
    text
}

/// The caption cut into lines of about `chars` characters, at spaces.
fn caption_lines(text: &str, chars: usize) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    for word in text.split_whitespace() {
        match lines.last_mut() {
            Some(line) if line.chars().count() + 1 + word.chars().count() <= chars => {
                line.push(' ');
                line.push_str(word);
            }
            _ => lines.push(word.to_string()),
        }
    }
    lines
}

/// Draws a position as an SVG picture.
pub(crate) fn board_svg(d: &Drawing) -> String {
    render(d, false)
}

/// The board of the HTML viewer, for games on boards like `start`'s: the
/// picture without its caption and key (the page shows them as text), with
/// every lap's arrowhead defined, for the viewer's script to fill in.
pub(crate) fn viewer_board(start: &Position, rules: &str) -> String {
    render(
        &Drawing {
            position: start,
            ply: 0,
            rules,
            last: None,
            caption: "",
        },
        true,
    )
}

/// The height of the viewer's board: down to South's letters.
const VIEWER_HEIGHT: u32 = 212;

/// Draws a picture, or the viewer's board.
fn render(d: &Drawing, viewer: bool) -> String {
    let pos = d.position;
    let pits = pos.pits();
    let key = d.last.is_some();
    let (w, h) = if viewer {
        (size(pits, false).0, VIEWER_HEIGHT)
    } else {
        size(pits, key)
    };
    let mut s = String::with_capacity(8192);
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" version=\"1.1\" class=\"ayo-board\" \
         data-ply=\"{}\" data-rules=\"{}\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" \
         role=\"img\">",
        d.ply,
        escape(d.rules)
    );
    // The text alternative: a `<title>` and `<desc>` as first children name
    // and describe the picture, with no ids to clash when a page holds many.
    let _ = writeln!(s, "<title>{}</title>", escape(d.caption));
    let _ = writeln!(s, "<desc>{}</desc>", escape(&describe(d)));
    let _ = writeln!(s, "<style type=\"text/css\">{STYLE}</style>");
    if viewer || d.last.is_some_and(|o| !o.laps.is_empty()) {
        s.push_str(&markers());
    }
    let _ = writeln!(
        s,
        "<rect class=\"frame\" x=\"1\" y=\"1\" width=\"{}\" height=\"{}\" rx=\"14\"/>",
        w - 2,
        h - 2
    );
    let stores = pos.stores();
    for side in [Side::North, Side::South] {
        s.push_str(&store(side, stores[side.index()], pits));
    }
    for side in [Side::North, Side::South] {
        for p in pos.pits_of(side) {
            s.push_str(&pit(p, pos.seeds(p), pits));
        }
    }
    if let Some(o) = d.last {
        s.push_str(&marks(o, pits));
    }
    if viewer {
        s.push_str("<g class=\"marks\"></g>\n</svg>\n");
        return s;
    }
    // The caption, with a note when not every lap could be drawn.
    let mut caption = d.caption.to_string();
    if let Some(o) = d.last.filter(|o| o.laps.len() > MAX_LAPS_DRAWN) {
        let _ = write!(
            caption,
            " (laps 1-{MAX_LAPS_DRAWN} of {} drawn)",
            o.laps.len()
        );
    }
    let lines = caption_lines(&caption, (w as usize - 24) / 8);
    let _ = write!(s, "<text class=\"caption\" x=\"{}\" y=\"224\">", w / 2);
    for (k, line) in lines.iter().enumerate() {
        if k == 0 {
            let _ = write!(s, "<tspan x=\"{}\">{}</tspan>", w / 2, escape(line));
        } else {
            let _ = write!(
                s,
                "<tspan x=\"{}\" dy=\"16\">{}</tspan>",
                w / 2,
                escape(line)
            );
        }
    }
    s.push_str("</text>\n");
    if key {
        s.push_str(&legend(h));
    }
    s.push_str("</svg>\n");
    s
}

/// A store, with its count and its owner's name.
fn store(side: Side, seeds: u16, pits: u8) -> String {
    let (w, _) = size(pits, false);
    let x = match side {
        Side::North => 14,
        Side::South => w - 14 - 52,
    };
    let (top, bottom) = (NORTH_Y - RADIUS, SOUTH_Y + RADIUS);
    format!(
        "<g class=\"store\" data-side=\"{}\" data-seeds=\"{seeds}\"><rect x=\"{x}\" y=\"{top}\" \
         width=\"52\" height=\"{}\" rx=\"24\"/><text class=\"name\" x=\"{}\" y=\"{}\">{}</text>\
         <text class=\"count\" x=\"{}\" y=\"{}\">{seeds}</text></g>\n",
        side.name(),
        bottom - top,
        x + 26,
        top + 22,
        side.title(),
        x + 26,
        (top + bottom) / 2,
    )
}

/// A pit: its hole, its seeds as dots (up to [`MAX_DOTS`]), its count and its
/// letter (above North's row, below South's).
fn pit(p: Pit, seeds: u16, pits: u8) -> String {
    let (x, y) = centre(p, pits);
    let letter = p.letter(pits);
    let ly = match p.side(pits) {
        Side::North => y - RADIUS - 9,
        Side::South => y + RADIUS + 19,
    };
    let many = if seeds > MAX_DOTS { " many" } else { "" };
    let mut s = format!(
        "<g class=\"pit{many}\" data-pit=\"{letter}\" data-seeds=\"{seeds}\">\
         <circle class=\"hole\" cx=\"{x}\" cy=\"{y}\" r=\"{RADIUS}\"/>"
    );
    for (dx, dy) in dot_offsets(seeds) {
        let _ = write!(
            s,
            "<circle class=\"seed\" cx=\"{}\" cy=\"{}\" r=\"3.4\"/>",
            f64::from(x) + dx,
            f64::from(y) + dy
        );
    }
    let _ = writeln!(
        s,
        "<text class=\"count\" x=\"{x}\" y=\"{y}\">{seeds}</text>\
         <text class=\"letter\" x=\"{x}\" y=\"{ly}\">{letter}</text></g>"
    );
    s
}

/// One arrowhead per lap colour (SVG 1.1 markers cannot take the colour of
/// the line they end).
fn markers() -> String {
    let mut s = String::from("<defs>");
    for k in 0..LAP_COLOURS {
        let _ = write!(
            s,
            "<marker id=\"ayo-arrow{k}\" viewBox=\"0 0 10 10\" refX=\"8\" refY=\"5\" \
             markerWidth=\"5\" markerHeight=\"5\" orient=\"auto\">\
             <path class=\"lap{k}\" d=\"M0,0L10,5L0,10z\" style=\"fill-opacity:1\"/></marker>"
        );
    }
    s.push_str("</defs>\n");
    s
}

/// The lane a point of lap `k` runs in next to `pit`: in the gap between the
/// rows, just outside the pit's rim, one lane further out for each lap, and
/// shifted sideways so that the laps' turns at the ends do not overlap.
pub(crate) fn lane_point(pit: Pit, pits: u8, k: usize) -> (u32, u32) {
    let (x, y) = centre(pit, pits);
    let lane = (k % LANES) as u32;
    let out = RADIUS + LANE.0 + lane * LANE.1;
    let dx = lane * 3;
    match pit.side(pits) {
        Side::North => (x + dx, y + out),
        Side::South => (x + dx, y - out),
    }
}

/// The marks of the move just played: its pit, its laps, the capture.
fn marks(o: &MoveOutcome, pits: u8) -> String {
    let mut s = String::from("<g class=\"marks\">\n");
    let ring = |s: &mut String, class: &str, pit: Pit, grow: u32| {
        let (x, y) = centre(pit, pits);
        let _ = writeln!(
            s,
            "<circle class=\"{class}\" data-mark=\"{}\" cx=\"{x}\" cy=\"{y}\" r=\"{}\"/>",
            pit.letter(pits),
            RADIUS + grow
        );
    };
    ring(&mut s, "played", o.pit, 3);
    if let Some(c) = o.capture {
        ring(&mut s, "captured", c.pit, 3);
        ring(&mut s, "capturing", o.ended_in, 6);
        // The seeds' way from the captured pit across the board.
        let (x, y1) = centre(c.pit, pits);
        let (_, y2) = centre(o.ended_in, pits);
        let (a, b) = if y1 < y2 {
            (y1 + RADIUS + 4, y2 - RADIUS - 8)
        } else {
            (y1 - RADIUS - 4, y2 + RADIUS + 8)
        };
        let _ = writeln!(
            s,
            "<path class=\"take\" d=\"M{} {a}V{b}\"/>",
            x.saturating_sub(RADIUS + 4)
        );
    }
    let mut tags = Vec::new();
    for (k, lap) in o.laps.iter().take(MAX_LAPS_DRAWN).enumerate() {
        let tag = tag_place(lap.from, pits, k, &tags);
        tags.push(tag);
        s.push_str(&lap_path(k, lap.from, &lap.sown, pits, tag));
    }
    s.push_str("</g>\n");
    s
}

/// Where the number of lap `k`, lifted from `from`, sits, clear of the
/// numbers placed before it (`placed`): on its lane just before the lap's
/// start, clear of the ring round the pit played, when that is free; else the
/// nearest free place on a grid of the gap between the rows, a number's width
/// (and a pixel) apart, nearer columns first, its own lane first. The gap lies
/// between the pits' counts, and the grid between the stores, so no number
/// covers a count. Only when the gap is full (more laps than a small board
/// has room for) does a number sit where it would have, over another.
///
/// The viewer's script places its numbers the same way (`tagPlace`).
pub(crate) fn tag_place(from: Pit, pits: u8, k: usize, placed: &[(u32, u32)]) -> (u32, u32) {
    let (x, y) = lane_point(from, pits, k);
    let first = (x.saturating_sub(TAG_SHIFT), y);
    let free = |(x, y): (u32, u32)| {
        placed
            .iter()
            .all(|&(px, py)| px.abs_diff(x) >= TAG_APART || py.abs_diff(y) >= TAG_APART)
    };
    if free(first) {
        return first;
    }
    let (left, right) = (
        X0 + TAG_RADIUS + 1,
        X0 + u32::from(pits) * PITCH - TAG_RADIUS - 1,
    );
    let rows = [first.1, TAG_ROWS[0], TAG_ROWS[1], TAG_ROWS[2]];
    for step in 1..=(right - left) / TAG_APART + 1 {
        for row in rows {
            for x in [
                first.0.checked_sub(step * TAG_APART),
                Some(first.0 + step * TAG_APART),
            ] {
                match x {
                    Some(x) if (left..=right).contains(&x) && free((x, row)) => return (x, row),
                    _ => {}
                }
            }
        }
    }
    first
}

/// One lap: from the pit lifted, along the gap between the rows under every
/// pit sown, with an arrow into the last one, and its number at `tag`.
fn lap_path(k: usize, from: Pit, sown: &[Pit], pits: u8, tag: (u32, u32)) -> String {
    let colour = k % LAP_COLOURS;
    let (fx, fy) = centre(from, pits);
    let toward_gap = |p: Pit, y: u32| match p.side(pits) {
        Side::North => y + RADIUS,
        Side::South => y - RADIUS,
    };
    let mut d = format!("M{} {}", fx + (k % LANES) as u32 * 3, toward_gap(from, fy));
    let mut points = std::iter::once(from).chain(sown.iter().copied()).peekable();
    while let Some(p) = points.next() {
        let (x, y) = lane_point(p, pits, k);
        let _ = write!(d, "L{x} {y}");
        if points.peek().is_none() {
            // The arrow goes into the last pit sown.
            let (_, cy) = centre(p, pits);
            let _ = write!(d, "L{x} {}", toward_gap(p, cy));
        }
    }
    let (tx, ty) = tag;
    format!(
        "<g class=\"tag\" data-lap=\"{}\"><path class=\"lap lap{colour}\" d=\"{d}\" \
         marker-end=\"url(#ayo-arrow{colour})\"/><circle class=\"lap{colour}\" cx=\"{tx}\" \
         cy=\"{ty}\" r=\"{TAG_RADIUS}\"/><text x=\"{tx}\" y=\"{ty}\">{}</text></g>\n",
        k + 1,
        k + 1
    )
}

/// The key to the marks, in the bottom line.
fn legend(h: u32) -> String {
    let y = h - 16;
    format!(
        "<g class=\"key\"><circle class=\"played\" cx=\"24\" cy=\"{c}\" r=\"6\"/>\
         <text class=\"legend\" x=\"36\" y=\"{y}\">pit played</text>\
         <path class=\"lap lap0\" d=\"M118 {c}H146\"/>\
         <text class=\"legend\" x=\"152\" y=\"{y}\">laps, numbered</text>\
         <circle class=\"captured\" cx=\"262\" cy=\"{c}\" r=\"6\"/>\
         <text class=\"legend\" x=\"274\" y=\"{y}\">captured from</text>\
         <circle class=\"capturing\" cx=\"382\" cy=\"{c}\" r=\"6\"/>\
         <text class=\"legend\" x=\"394\" y=\"{y}\">capturing pit</text></g>\n",
        c = y - 4
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Engine, Ruleset};

    #[test]
    fn escape_keeps_xml_well_formed() {
        assert_eq!(
            escape("a<b & \"c\" 'd'>"),
            "a&lt;b &amp; &quot;c&quot; &apos;d&apos;&gt;"
        );
        assert_eq!(escape("x\u{1}y"), "x\u{fffd}y");
    }

    #[test]
    fn dots_sit_round_the_count_and_stop_at_the_limit() {
        assert_eq!(dot_offsets(0), vec![]);
        assert_eq!(dot_offsets(1), vec![(0.0, -17.0)]);
        assert_eq!(
            dot_offsets(4),
            vec![(0.0, -17.0), (17.0, 0.0), (0.0, 17.0), (-17.0, 0.0)]
        );
        assert_eq!(dot_offsets(40).len(), usize::from(MAX_DOTS));
    }

    #[test]
    fn rows_are_seen_from_south() {
        let pits = 6;
        let at = |c| centre(Pit::from_letter(c, pits).unwrap(), pits);
        // a under F, f under A: sowing runs counter-clockwise.
        assert_eq!(at('a').0, at('F').0);
        assert_eq!(at('f').0, at('A').0);
        assert!(at('a').0 < at('f').0 && at('a').1 > at('F').1);
    }

    #[test]
    fn a_move_is_marked() {
        let rules = Ruleset::RUSS;
        let start = Position::start(&rules);
        let engine = Engine::new(rules);
        let c = Pit::from_letter('c', 6).unwrap();
        let o = engine.play_traced(&start, c).unwrap();
        let svg = board_svg(&Drawing {
            position: &o.position,
            ply: 1,
            rules: "russ",
            last: Some(&o),
            caption: "Ply 1",
        });
        assert_eq!(svg.matches("class=\"tag\"").count(), o.laps.len());
        assert!(svg.contains("<circle class=\"played\" data-mark=\"c\""));
        assert!(svg.contains("<circle class=\"captured\" data-mark=\"B\""));
        assert!(svg.contains("<circle class=\"capturing\" data-mark=\"e\""));
    }
}
