//! Boards drawn as tables, seen from South: North's row on top read from its
//! far end (F … A), North's store at the left, South's row below (a … f) and
//! South's store at the right, the way sowing runs counter-clockwise.

use comfy_table::{CellAlignment, ContentArrangement, Table, presets};

use crate::replay::Game;
use crate::rules::{Engine, GameEnd, Pit, Position, Side, Status};

/// A position to draw, with the marks and caption that explain it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardView {
    /// 0 for the start, else the ply just played.
    pub ply: u32,
    /// The position.
    pub position: Position,
    /// The pit just played.
    pub played: Option<Pit>,
    /// The pit just captured from.
    pub captured: Option<Pit>,
    /// What happened, and who moves.
    pub caption: String,
}

fn to_move_text(pos: &Position, end: Option<&GameEnd>) -> String {
    match end {
        Some(end) => match end.winner {
            Some(s) => format!(
                "Game over: {} wins {}-{} ({}).",
                s.title(),
                end.score[0],
                end.score[1],
                end.reason
            ),
            None => format!(
                "Game over: draw {}-{} ({}).",
                end.score[0], end.score[1], end.reason
            ),
        },
        None => format!("{} to move.", pos.to_move().title()),
    }
}

/// A view of a set-up under an engine's rules, saying whether the game is over.
pub fn setup_view(pos: &Position, engine: &Engine) -> BoardView {
    let end = match engine.status(pos) {
        Ok(Status::Over(end)) => Some(end),
        _ => None,
    };
    start_view(pos, end.as_ref())
}

/// A view of a set-up or start position.
pub fn start_view(pos: &Position, end: Option<&GameEnd>) -> BoardView {
    BoardView {
        ply: 0,
        position: *pos,
        played: None,
        captured: None,
        caption: format!("Start. {}", to_move_text(pos, end)),
    }
}

/// The start and the position after every main-line move that was played.
/// The last view says how the game ended, when it did.
pub fn game_views(game: &Game) -> Vec<BoardView> {
    let Some(start) = game.start else {
        return Vec::new();
    };
    let played: Vec<_> = game
        .record
        .moves
        .iter()
        .zip(&game.moves)
        .map_while(|(m, p)| p.outcome.as_ref().map(|o| (m, p, o)))
        .collect();
    let last = played.len();
    let end_at = |k: usize| if k == last { game.end.as_ref() } else { None };
    let mut views = vec![start_view(&start, end_at(0))];
    for (k, (m, p, o)) in played.into_iter().enumerate() {
        let pits = o.position.pits();
        let dots = if p.side == Side::South { "." } else { "..." };
        let capture = o.capture.map_or(String::new(), |c| {
            format!(", +{} from {}", c.seeds(), c.pit.letter(pits))
        });
        views.push(BoardView {
            ply: p.ply,
            position: o.position,
            played: Some(o.pit),
            captured: o.capture.map(|c| c.pit),
            caption: format!(
                "Ply {}: {}{dots} {} ({}){capture}. {}",
                p.ply,
                p.number,
                m.pit,
                p.side.title(),
                to_move_text(&o.position, end_at(k + 1))
            ),
        });
    }
    views
}

/// Draws a board, with its caption above and a key below when pits are marked.
pub fn render(view: &BoardView, ascii: bool) -> String {
    let pos = &view.position;
    let pits = pos.pits();
    let n = usize::from(pits);
    let mark = |pit: Pit| {
        let seeds = pos.seeds(pit);
        if view.played == Some(pit) {
            format!("[{seeds}]")
        } else if view.captured == Some(pit) {
            format!("({seeds})")
        } else {
            seeds.to_string()
        }
    };
    let north: Vec<Pit> = pos.pits_of(Side::North).rev().collect();
    let south: Vec<Pit> = pos.pits_of(Side::South).collect();
    let stores = pos.stores();
    let row = |first: String, cells: Vec<String>, last: String| {
        let mut r = Vec::with_capacity(n + 2);
        r.push(first);
        r.extend(cells);
        r.push(last);
        r
    };
    let mut t = Table::new();
    t.load_preset(if ascii {
        presets::ASCII_FULL
    } else {
        presets::UTF8_FULL
    })
    .force_no_tty()
    .set_content_arrangement(ContentArrangement::Disabled);
    t.set_header(row(
        "North".to_string(),
        north.iter().map(|p| p.letter(pits).to_string()).collect(),
        String::new(),
    ));
    t.add_row(row(
        stores[1].to_string(),
        north.iter().map(|&p| mark(p)).collect(),
        String::new(),
    ));
    t.add_row(row(
        String::new(),
        south.iter().map(|&p| mark(p)).collect(),
        stores[0].to_string(),
    ));
    t.add_row(row(
        String::new(),
        south.iter().map(|p| p.letter(pits).to_string()).collect(),
        "South".to_string(),
    ));
    for col in t.column_iter_mut() {
        col.set_cell_alignment(CellAlignment::Center);
    }
    let mut out = format!("{}\n{t}\n", view.caption);
    let mut key = Vec::new();
    if view.played.is_some() {
        key.push("[n] pit played");
    }
    if view.captured.is_some() {
        key.push("(n) pit captured from");
    }
    if !key.is_empty() {
        out += &format!(
            "{}; stores at the ends: North's left, South's right.\n",
            key.join(", ")
        );
    }
    out
}
