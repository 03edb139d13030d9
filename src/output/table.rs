//! Tables: one grid type written as a terminal table (comfy-table), Markdown or
//! CSV, and the annotate view of a game built on it.

use comfy_table::{ContentArrangement, Table, presets};
use serde::Serialize;

use crate::notation::{Move, Record};
use crate::replay::{Game, Ply};
use crate::rules::{MoveOutcome, Ruleset, Side};

/// How a grid is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// A terminal table with box-drawing borders, wrapped to `width` columns.
    Table {
        /// Plain ASCII borders.
        ascii: bool,
        /// Wrap long cells to keep the table this wide.
        width: u16,
    },
    /// A GitHub-flavoured Markdown table.
    Markdown,
    /// RFC 4180 CSV with a header line.
    Csv,
}

/// Rows of text cells under a header.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Grid {
    /// Column titles.
    pub header: Vec<String>,
    /// The rows, each as long as the header.
    pub rows: Vec<Vec<String>>,
}

impl Grid {
    /// The grid written in a style, ending with a newline.
    pub fn render(&self, style: Style) -> String {
        match style {
            Style::Table { ascii, width } => {
                let mut t = Table::new();
                t.load_preset(if ascii {
                    presets::ASCII_FULL_CONDENSED
                } else {
                    presets::UTF8_FULL_CONDENSED
                })
                .force_no_tty()
                .set_content_arrangement(ContentArrangement::Dynamic)
                .set_width(width)
                .set_header(self.header.clone());
                for row in &self.rows {
                    t.add_row(row.clone());
                }
                format!("{t}\n")
            }
            Style::Markdown => {
                let cell = |s: &str| s.replace('|', "\\|").replace('\n', "<br>");
                let line = |cells: &[String]| {
                    let inner: Vec<String> = cells.iter().map(|c| cell(c)).collect();
                    format!("| {} |\n", inner.join(" | "))
                };
                let mut out = line(&self.header);
                out += &format!("|{}\n", "---|".repeat(self.header.len()));
                for row in &self.rows {
                    out += &line(row);
                }
                out
            }
            Style::Csv => {
                let field = |s: &str| {
                    if s.contains([',', '"', '\n', '\r']) {
                        format!("\"{}\"", s.replace('"', "\"\""))
                    } else {
                        s.to_string()
                    }
                };
                let line = |cells: &[String]| {
                    let f: Vec<String> = cells.iter().map(|c| field(c)).collect();
                    format!("{}\r\n", f.join(","))
                };
                let mut out = line(&self.header);
                for row in &self.rows {
                    out += &line(row);
                }
                out
            }
        }
    }
}

/// How much of each relay the annotate view shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Laps {
    /// Each lap's origin and seeds: `c4 A5 F5 e6 E6`.
    Compact,
    /// Each lap with every pit sown: `c4:defA A5:BCDEF …`.
    Full,
}

/// One row of the annotate view.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AnnotatedMove {
    /// 1-based ply.
    pub ply: u32,
    /// `South` or `North`.
    pub side: String,
    /// The move as written canonically: number, letter, claim, glyph.
    pub mv: String,
    /// Seeds lifted from the pit played (empty when not played).
    pub seeds: String,
    /// The relay, lap by lap; or why the move could not be played.
    pub relay: String,
    /// `+7 from D`, or empty.
    pub capture: String,
    /// Stores after the move, `S-N`.
    pub stores: String,
    /// Glyph, NAGs, and how many variations the move has.
    pub notes: String,
    /// Comments before and after the move.
    pub comments: String,
}

fn relay_text(o: &MoveOutcome, laps: Laps) -> String {
    let pits = o.position.pits();
    o.laps
        .iter()
        .map(|l| {
            let mut s = format!("{}{}", l.from.letter(pits), l.seeds);
            if laps == Laps::Full {
                s.push(':');
                s.extend(l.sown.iter().map(|p| p.letter(pits)));
            }
            s
        })
        .collect::<Vec<_>>()
        .join(" ")
}

fn move_text(m: &Move, ply: &Ply) -> String {
    let dots = if ply.side == Side::South { "." } else { "..." };
    let mut s = format!("{}{dots} {}", ply.number, m.pit);
    if let Some(c) = m.claim {
        s += &format!("x{c}");
    }
    if let Some(g) = m.glyph {
        s += g.as_str();
    }
    s
}

/// The rows of a game's main line. Moves that were not played say why in the
/// relay column.
pub fn annotate(game: &Game, laps: Laps) -> Vec<AnnotatedMove> {
    let mut illegal_seen = false;
    game.record
        .moves
        .iter()
        .zip(&game.moves)
        .map(|(m, ply)| {
            let mut notes: Vec<String> = m.nags.iter().map(|n| format!("${}", n.value)).collect();
            if let Some(g) = m.glyph {
                notes.insert(0, g.as_str().to_string());
            }
            match m.variations.len() {
                0 => {}
                1 => notes.push("1 variation".to_string()),
                n => notes.push(format!("{n} variations")),
            }
            let comments = m
                .before
                .iter()
                .chain(&m.after)
                .map(|c| c.text.split_whitespace().collect::<Vec<_>>().join(" "))
                .collect::<Vec<_>>()
                .join(" / ");
            let (seeds, relay, capture, stores) = match &ply.outcome {
                Some(o) => (
                    o.seeds().to_string(),
                    relay_text(o, laps),
                    o.capture.map_or(String::new(), |c| {
                        format!("+{} from {}", c.seeds(), c.pit.letter(o.position.pits()))
                    }),
                    format!("{}-{}", o.stores()[0], o.stores()[1]),
                ),
                None => {
                    let why = if illegal_seen {
                        "not played".to_string()
                    } else {
                        illegal_seen = true;
                        game.errors.iter().find(|d| d.span == m.span).map_or(
                            "illegal".to_string(),
                            |d| {
                                // The message starts with the ply and move, which
                                // the row already shows.
                                let msg = d.message.as_str();
                                format!(
                                    "illegal: {}",
                                    msg.split_once(": ").map_or(msg, |(_, rest)| rest)
                                )
                            },
                        )
                    };
                    (String::new(), why, String::new(), String::new())
                }
            };
            AnnotatedMove {
                ply: ply.ply,
                side: ply.side.title().to_string(),
                mv: move_text(m, ply),
                seeds,
                relay,
                capture,
                stores,
                notes: notes.join(" "),
                comments,
            }
        })
        .collect()
}

/// The annotate rows as a grid.
pub fn annotate_grid(rows: &[AnnotatedMove]) -> Grid {
    Grid {
        header: [
            "ply", "side", "move", "seeds", "relay", "capture", "stores", "notes", "comments",
        ]
        .map(str::to_string)
        .to_vec(),
        rows: rows
            .iter()
            .map(|r| {
                vec![
                    r.ply.to_string(),
                    r.side.clone(),
                    r.mv.clone(),
                    r.seeds.clone(),
                    r.relay.clone(),
                    r.capture.clone(),
                    r.stores.clone(),
                    r.notes.clone(),
                    r.comments.clone(),
                ]
            })
            .collect(),
    }
}

/// A title line for a game: players, event, and the ruleset when given.
pub fn title(r: &Record, rules: Option<&Ruleset>, number: usize) -> String {
    let players = match (r.tag("South"), r.tag("North")) {
        (Some(s), Some(n)) => format!("{s} (South) v {n} (North)"),
        (Some(s), None) => format!("{s} (South)"),
        (None, Some(n)) => format!("{n} (North)"),
        (None, None) => "South v North".to_string(),
    };
    let mut parts = vec![format!("Game {number}: {players}")];
    for tag in ["Event", "Round", "Date"] {
        if let Some(v) = r.tag(tag).filter(|v| !matches!(*v, "" | "?" | "-")) {
            parts.push(if tag == "Round" {
                format!("round {v}")
            } else {
                v.to_string()
            });
        }
    }
    if let Some(rules) = rules {
        parts.push(format!("rules: {rules}"));
    }
    parts.join(", ")
}

/// The line under a game: the result and how the game ended.
pub fn result_line(game: &Game) -> String {
    let token = game.record.result.outcome;
    match &game.end {
        Some(end) => {
            let who = match end.winner {
                Some(s) => format!("{} wins {}-{}", s.title(), end.score[0], end.score[1]),
                None => format!("draw {}-{}", end.score[0], end.score[1]),
            };
            format!("Result {token}: {who}; {}.", end.reason)
        }
        None => {
            let played = game
                .moves
                .iter()
                .take_while(|p| p.outcome.is_some())
                .count();
            match game.final_position() {
                Some(pos) if game.moves.iter().all(|p| p.outcome.is_some()) => format!(
                    "Result {token}: unfinished after {played} plies; stores {}-{}, {} to move.",
                    pos.stores()[0],
                    pos.stores()[1],
                    pos.to_move().title()
                ),
                _ => format!("Result {token}: the record is invalid after {played} plies."),
            }
        }
    }
}
