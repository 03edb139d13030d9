//! Boards drawn as tables, seen from South: North's row on top read from its
//! far end (F … A), North's store at the left, South's row below (a … f) and
//! South's store at the right, the way sowing runs counter-clockwise.

use comfy_table::{CellAlignment, ContentArrangement, Table, presets};
use serde::Serialize;

use crate::replay::Game;
use crate::rules::{Engine, GameEnd, MoveOutcome, Pit, Position, Ruleset, Side, Status};

use super::json::{BoardJson, SideJson, side_json};

mod draw;
mod pictures;

use super::svg::{Drawing, board_svg};
use super::table::{Grid, Style, text_width, wrap_lines};
pub use draw::BoardOptions;
pub use pictures::Pictures;

/// One position, as `ayo board --format json` prints it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct PositionJson {
    /// The file the game came from; absent for `--setup`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    /// The game's place in its file, counted from 1; absent for `--setup`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub game: Option<usize>,
    /// The canonical ruleset string the game was replayed under.
    pub rules: String,
    /// 0 for the start, else the ply just played.
    pub ply: u32,
    /// The position as a set-up string.
    pub setup: String,
    /// Both rows, each from its owner's left.
    pub board: BoardJson,
    /// The stores, South's first.
    pub stores: [u16; 2],
    /// Whose turn it is.
    pub to_move: SideJson,
    /// The pit just played, or `null`.
    pub played: Option<char>,
    /// The pit just captured from, or `null`.
    pub captured: Option<char>,
    /// What happened, and who moves.
    pub caption: String,
}

impl PositionJson {
    /// A view in JSON, with its place (file, game) when it came from a record.
    pub(crate) fn new(
        view: &BoardView,
        rules: String,
        place: Option<(&str, usize)>,
    ) -> PositionJson {
        let pos = &view.position;
        let pits = pos.pits();
        PositionJson {
            file: place.map(|p| p.0.to_string()),
            game: place.map(|p| p.1),
            rules,
            ply: view.ply,
            setup: pos.to_string(),
            board: BoardJson {
                south: pos.row(Side::South).to_vec(),
                north: pos.row(Side::North).to_vec(),
            },
            stores: pos.stores(),
            to_move: side_json(pos.to_move()),
            played: view.played.map(|p| p.letter(pits)),
            captured: view.captured.map(|p| p.letter(pits)),
            caption: view.caption.clone(),
        }
    }
}

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

/// See [`BoardView::setup`].
pub(crate) fn setup_view(pos: &Position, engine: &Engine) -> BoardView {
    let end = match engine.status(pos) {
        Ok(Status::Over(end)) => Some(end),
        _ => None,
    };
    start_view(pos, end.as_ref())
}

impl BoardView {
    /// A view of a set-up under an engine's rules, saying whether the game is over.
    pub fn setup(pos: &Position, engine: &Engine) -> BoardView {
        setup_view(pos, engine)
    }
}

/// A view of a set-up or start position.
pub(crate) fn start_view(pos: &Position, end: Option<&GameEnd>) -> BoardView {
    BoardView {
        ply: 0,
        position: *pos,
        played: None,
        captured: None,
        caption: format!("Start. {}", to_move_text(pos, end)),
    }
}

/// See [`BoardView::of_game`].
pub(crate) fn game_views(game: &Game) -> Vec<BoardView> {
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

impl BoardView {
    /// The start and the position after every main-line move that was played.
    /// The last view says how the game ended, when it did.
    pub fn of_game(game: &Game) -> Vec<BoardView> {
        game_views(game)
    }
}

/// The CSV columns of a position, after `file` and `game`.
const CSV_HEADER: [&str; 9] = [
    "rules",
    "ply",
    "setup",
    "south_store",
    "north_store",
    "to_move",
    "played",
    "captured",
    "caption",
];

/// See [`BoardView::grid`].
pub(crate) fn views_grid(
    views: &[&BoardView],
    rules: &Ruleset,
    place: Option<(&str, usize)>,
) -> Grid {
    let rows = views
        .iter()
        .map(|v| {
            let j = PositionJson::new(v, rules.to_string(), place);
            let letter = |c: Option<char>| c.map_or(String::new(), String::from);
            vec![
                j.rules,
                j.ply.to_string(),
                j.setup,
                j.stores[0].to_string(),
                j.stores[1].to_string(),
                v.position.to_move().name().to_string(),
                letter(j.played),
                letter(j.captured),
                j.caption,
            ]
        })
        .collect();
    Grid::new(CSV_HEADER.map(str::to_string).to_vec(), rows)
}

impl BoardView {
    /// One CSV row a view, as `ayo board --format csv` has them (its `file`
    /// and `game` columns are the caller's to add).
    pub(crate) fn grid(
        views: &[&BoardView],
        rules: &Ruleset,
        place: Option<(&str, usize)>,
    ) -> Grid {
        views_grid(views, rules, place)
    }
}

/// See [`BoardView::text`].
pub(crate) fn views_text(views: &[&BoardView], style: Style) -> String {
    let mut out = String::new();
    for v in views {
        match style {
            Style::Table { ascii, width } => {
                out += &render(v, ascii, width);
                out.push('\n');
            }
            _ => {
                let grid = board_grid(v, ["North", "South"]);
                out += &format!("{}\n\n{}\n", v.caption, grid.render(Style::Markdown));
            }
        }
    }
    out
}

impl BoardView {
    /// The chosen views of one game (`place`: its file and number; `None`
    /// for a set-up) as `ayo board` prints them in `style`: the `heading`
    /// over the boards of a terminal or Markdown table; CSV rows with the
    /// file and game in front (the header line only when `first`); or
    /// (`None`) a JSON line a view.
    pub fn render_views(
        views: &[&BoardView],
        (rules, place): (&Ruleset, Option<(&str, usize)>),
        heading: &str,
        style: Option<Style>,
        first: bool,
    ) -> serde_json::Result<String> {
        Ok(match style {
            None => {
                let mut text = String::new();
                for v in views {
                    text +=
                        &serde_json::to_string(&PositionJson::new(v, rules.to_string(), place))?;
                    text.push('\n');
                }
                text
            }
            Some(Style::Csv) => {
                let (file, number) = place.unwrap_or(("", 0));
                BoardView::grid(views, rules, place).csv_rows(file, number, first)
            }
            Some(style @ Style::Table { .. }) => {
                style.line(heading) + "\n" + &BoardView::text(views, style)
            }
            Some(style) => {
                format!("### {}\n\n", super::visible(heading)) + &BoardView::text(views, style)
            }
        })
    }
}

impl BoardView {
    /// The views drawn one after the other in a terminal table or Markdown
    /// `style`, each with its caption. (CSV is a grid of its own.)
    pub fn text(views: &[&BoardView], style: Style) -> String {
        views_text(views, style)
    }
}

/// See [`BoardView::game_svg`].
pub(crate) fn view_svg(game: &Game, views: &[BoardView], k: usize, rules: &Ruleset) -> String {
    let view = &views[k];
    let last = k
        .checked_sub(1)
        .and_then(|m| game.moves.get(m))
        .and_then(|p| p.outcome.as_ref());
    board_svg(&Drawing {
        position: &view.position,
        ply: view.ply,
        rules: &rules.to_string(),
        last,
        caption: &view.caption,
    })
}

impl BoardView {
    /// The `k`-th of a game's views (from [`BoardView::of_game`]) as an SVG picture,
    /// the move that led to it (the `k`-th of the main line) marked.
    pub fn game_svg(game: &Game, views: &[BoardView], k: usize, rules: &Ruleset) -> String {
        view_svg(game, views, k, rules)
    }
}

/// See [`BoardView::svg`].
pub(crate) fn setup_svg(view: &BoardView, rules: &Ruleset) -> String {
    board_svg(&Drawing {
        position: &view.position,
        ply: 0,
        rules: &rules.to_string(),
        last: None,
        caption: &view.caption,
    })
}

impl BoardView {
    /// A set-up's view (from [`BoardView::setup`]) as an SVG picture.
    pub fn svg(&self, rules: &Ruleset) -> String {
        setup_svg(self, rules)
    }

    /// The view of the position a move led to (from [`BoardView::setup`] on
    /// that position) as an SVG picture with the move marked: its pit, its
    /// laps and its capture. `ply` is the move's number from 1.
    /// The caption says the move, as a game's view does, with no move number
    /// (a set-up has none).
    pub fn svg_after(&self, rules: &Ruleset, ply: u32, last: &MoveOutcome) -> String {
        let pits = last.position.pits();
        let capture = last.capture.map_or(String::new(), |c| {
            format!(", +{} from {}", c.seeds(), c.pit.letter(pits))
        });
        let end = match Engine::new(*rules).status(&self.position) {
            Ok(Status::Over(end)) => Some(end),
            _ => None,
        };
        let caption = format!(
            "Ply {ply}: {} ({}){capture}. {}",
            last.pit.letter(pits),
            last.pit.side(pits).title(),
            to_move_text(&self.position, end.as_ref())
        );
        board_svg(&Drawing {
            position: &self.position,
            ply,
            rules: &rules.to_string(),
            last: Some(last),
            caption: &caption,
        })
    }
}

/// See [`BoardView::render`].
pub(crate) fn render(view: &BoardView, ascii: bool, width: u16) -> String {
    let fits = |t: &String| t.lines().next().map_or(0, text_width) <= usize::from(width);
    let board = [(["North", "South"], 1), (["N", "S"], 1), (["N", "S"], 0)]
        .into_iter()
        .map(|(names, padding)| draw(view, ascii, names, padding))
        .reduce(|wide, narrower| if fits(&wide) { wide } else { narrower })
        .unwrap_or_default();
    let mut out = wrap_lines(&view.caption, width);
    out += &board;
    let mut key = Vec::new();
    if view.played.is_some() {
        key.push("[n] pit played");
    }
    if view.captured.is_some() {
        key.push("(n) pit captured from");
    }
    if !key.is_empty() {
        out += &wrap_lines(
            &format!(
                "{}; stores at the ends: North's left, South's right.",
                key.join(", ")
            ),
            width,
        );
    }
    out
}

impl BoardView {
    /// Draws a board, with its caption above and a key below when pits are marked,
    /// fitted to `width` columns where it can be: the caption and key wrap at
    /// spaces, and a board too wide names its rows `N` and `S` instead of `North`
    /// and `South`, then drops the spaces around cells. Pits are never left out.
    pub fn render(&self, ascii: bool, width: u16) -> String {
        render(self, ascii, width)
    }
}

/// The board as a grid, seen from South, its rows named by `names`
/// (North's, South's): the header is North's pit letters, then North's pits
/// with North's store at the left, South's pits with South's store at the
/// right, and South's pit letters.
pub(crate) fn board_grid(view: &BoardView, names: [&str; 2]) -> Grid {
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
    Grid::new(
        row(
            names[0].to_string(),
            north.iter().map(|p| p.letter(pits).to_string()).collect(),
            String::new(),
        ),
        vec![
            row(
                stores[1].to_string(),
                north.iter().map(|&p| mark(p)).collect(),
                String::new(),
            ),
            row(
                String::new(),
                south.iter().map(|&p| mark(p)).collect(),
                stores[0].to_string(),
            ),
            row(
                String::new(),
                south.iter().map(|p| p.letter(pits).to_string()).collect(),
                names[1].to_string(),
            ),
        ],
    )
}

/// The board itself, its rows named by `names` (North's, South's), with
/// `padding` spaces each side of a cell.
fn draw(view: &BoardView, ascii: bool, names: [&str; 2], padding: u16) -> String {
    let grid = board_grid(view, names);
    let mut t = Table::new();
    t.load_preset(if ascii {
        presets::ASCII_FULL
    } else {
        presets::UTF8_FULL
    })
    .force_no_tty()
    .set_content_arrangement(ContentArrangement::Disabled)
    .set_header(grid.header);
    for r in grid.rows {
        t.add_row(r);
    }
    for col in t.column_iter_mut() {
        col.set_cell_alignment(CellAlignment::Center);
        col.set_padding((padding, padding));
    }
    format!("{t}\n")
}
