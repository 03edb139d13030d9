//! The HTML viewer: one self-contained page (`ayo html`) that replays every
//! game of its input in a browser, offline, lap by lap.
//!
//! The page is the files of `viewer/` (the page, its style sheet and its
//! script, kept readable in the repository and put in the page as they are)
//! and the games as JSON in a `<script type="application/json">` element.
//! Each game is `ayo json`'s [`GameJson`], so the page and `ayo json` cannot
//! disagree, with what the script needs besides: the start position, the
//! board's size and the problems as `ayo validate` words them. The board is
//! `svg::viewer_board`, the same drawing as `ayo board --format svg`.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::notation::RawGame;
use crate::replay::Game;
use crate::rules::{Position, Ruleset, Side};

use super::json::{BoardJson, GameJson, SideJson, game_json, side_json, unparsed_json};
use super::svg::{self, escape};
use crate::diagnostics::Diagnostic;

mod site;

pub use site::Site;

/// The page around the data, with `{{TITLE}}`, `{{STYLE}}`, `{{DATA}}` and
/// `{{SCRIPT}}` to fill.
const PAGE: &str = include_str!("viewer/page.html");
/// The page's style sheet.
const STYLE: &str = include_str!("viewer/viewer.css");
/// The page's script.
const SCRIPT: &str = include_str!("viewer/viewer.js");

/// A position before any move: where the script starts a game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct StartJson {
    /// Both rows, each from its owner's left.
    pub(crate) board: BoardJson,
    /// The stores, South's first.
    pub(crate) stores: [u16; 2],
    /// Who moves first.
    pub(crate) to_move: SideJson,
}

/// A problem as `ayo validate` prints it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub(crate) struct ProblemJson {
    /// `"error"` or `"warning"`.
    pub(crate) severity: &'static str,
    /// The diagnostic: its headline and the source line with a caret.
    pub(crate) text: String,
}

/// One game of the page.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ViewerGame {
    /// `ayo json`'s object for the game.
    #[serde(flatten)]
    pub(crate) game: GameJson,
    /// The start position; `null` when the game could not start.
    pub(crate) start: Option<StartJson>,
    /// Pits a row; `null` when the game could not start.
    pub(crate) pits: Option<u8>,
    /// Every problem, rendered.
    pub(crate) problems: Vec<ProblemJson>,
    /// The start position, for the board of its size.
    #[serde(skip)]
    position: Option<Position>,
}

impl ProblemJson {
    /// A diagnostic of a game of `file` as `ayo validate` prints it (without
    /// colour): with its source line, or its headline alone for a game too
    /// large to have been read whole.
    fn of(file: &str, raw: &RawGame, d: &Diagnostic) -> ProblemJson {
        let text = if raw.too_large.is_some() {
            format!("{}: {}\n", d.severity.as_str(), d.headline(file))
        } else {
            d.render_bytes(file, &raw.bytes, raw.origin, false)
        };
        ProblemJson {
            severity: d.severity.as_str(),
            text,
        }
    }
}

impl ViewerGame {
    /// A game of `file` read as `raw` and replayed (with traces, for the
    /// laps), with its problems rendered.
    pub fn replayed(game: &Game, file: &str, raw: &RawGame) -> ViewerGame {
        let problems = game
            .errors
            .iter()
            .map(|d| ProblemJson::of(file, raw, d))
            .collect();
        ViewerGame {
            game: game_json(game, Some(file), Some(raw.index)),
            start: game.start.map(|p| StartJson {
                board: BoardJson {
                    south: p.row(Side::South).to_vec(),
                    north: p.row(Side::North).to_vec(),
                },
                stores: p.stores(),
                to_move: side_json(p.to_move()),
            }),
            pits: game.start.map(|p| p.pits()),
            problems,
            position: game.start,
        }
    }

    /// A game that could not be parsed: its syntax error, its text, and the
    /// tags and ruleset that could be read (`given`: the ruleset asked for),
    /// as in `ayo json`
    /// ([`JsonWriter::write_unparsed`](super::json::JsonWriter::write_unparsed)).
    pub fn unparsed(
        file: &str,
        raw: &RawGame,
        error: &Diagnostic,
        given: Option<Ruleset>,
    ) -> ViewerGame {
        let tags = raw.tags();
        ViewerGame {
            game: unparsed_json(file, raw.index, error, &raw.bytes, tags.as_deref(), given),
            start: None,
            pits: None,
            problems: vec![ProblemJson::of(file, raw, error)],
            position: None,
        }
    }
}

/// Everything the script reads.
#[derive(Serialize)]
struct PageData<'a> {
    /// The board of each size, by pits a row, to fill in.
    boards: BTreeMap<u8, String>,
    /// The games, in input order.
    games: &'a [ViewerGame],
}

/// JSON safe inside a `<script>` element: no `<` at all (so no `</script>`
/// nor `<!--`), which JSON allows only inside strings, where `\u003c` means
/// the same.
fn script_json(value: &impl Serialize) -> String {
    serde_json::to_string(value)
        .unwrap_or_else(|_| "null".to_string())
        .replace('<', "\\u003c")
}

/// See [`ViewerGame::page`].
pub(crate) fn page(title: &str, games: &[ViewerGame]) -> String {
    let mut boards = BTreeMap::new();
    for g in games {
        if let Some(start) = &g.position {
            let rules = g.game.rules.as_deref().unwrap_or_default();
            boards
                .entry(start.pits())
                .or_insert_with(|| svg::viewer_board(start, rules));
        }
    }
    let data = script_json(&PageData { boards, games });
    // Filled in one pass, so that nothing filled in is read as a slot.
    let mut out = String::with_capacity(PAGE.len() + STYLE.len() + SCRIPT.len() + data.len());
    let mut rest = PAGE;
    while let Some(at) = rest.find("{{") {
        out.push_str(&rest[..at]);
        let after = &rest[at + 2..];
        let Some(end) = after.find("}}") else {
            out.push_str(&rest[at..]);
            rest = "";
            break;
        };
        match &after[..end] {
            "TITLE" => out.push_str(&escape(title)),
            "STYLE" => out.push_str(STYLE),
            "SCRIPT" => out.push_str(SCRIPT),
            "DATA" => out.push_str(&data),
            other => {
                out.push_str("{{");
                out.push_str(other);
                out.push_str("}}");
            }
        }
        rest = &after[end + 2..];
    }
    out.push_str(rest);
    out
}

impl ViewerGame {
    /// The page for `games`, titled `title`.
    pub fn page(title: &str, games: &[ViewerGame]) -> String {
        page(title, games)
    }
}

/// See [`ViewerGame::page_title`].
pub(crate) fn page_title(games: &[ViewerGame], names: &[String]) -> String {
    let event = games.first().and_then(|g| {
        g.game
            .tags
            .iter()
            .find(|(k, v)| k == "Event" && !v.is_empty() && v != "?")
            .map(|(_, v)| v.clone())
    });
    event.unwrap_or_else(|| {
        let names: Vec<&str> = names
            .iter()
            .map(|n| if n == "-" { "<stdin>" } else { n.as_str() })
            .collect();
        format!("ayo: {}", names.join(", "))
    })
}

impl ViewerGame {
    /// The title of a page of `games` read from the inputs `names` (`-` for
    /// standard input): the first game's event, else the names.
    pub fn page_title(games: &[ViewerGame], names: &[String]) -> String {
        page_title(games, names)
    }
}

/// A file name as a relative link: bytes other than letters, digits and
/// `.-_` percent-encoded, so that a `#`, `?` or space in a name still links.
fn href(name: &str) -> String {
    let mut out = String::new();
    for b in name.bytes() {
        if b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b'_') {
            out.push(char::from(b));
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    out
}

/// See [`ViewerGame::index_page`].
pub(crate) fn index_page(pages: &[(String, String, usize)]) -> String {
    let mut items = String::new();
    for (file, title, games) in pages {
        items.push_str(&format!(
            "<li><a href=\"{}\">{}</a> ({games} game{})</li>\n",
            escape(&href(file)),
            escape(title),
            if *games == 1 { "" } else { "s" }
        ));
    }
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta name=\"color-scheme\" content=\"light dark\">\n<title>Games</title>\n\
         <style>body{{font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:1rem auto;\
         padding:0 1rem}}</style>\n</head>\n<body>\n<h1>Games</h1>\n<ul>\n{items}</ul>\n\
         </body>\n</html>\n"
    )
}

impl ViewerGame {
    /// A page linking pages, as `ayo html --out-dir` writes its `index.html`:
    /// each page's file name (relative), title and number of games.
    pub fn index_page(pages: &[(String, String, usize)]) -> String {
        index_page(pages)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn script_json_cannot_close_the_script() {
        let text = script_json(&"</script><!-- x");
        assert!(!text.contains('<'));
        assert_eq!(
            serde_json::from_str::<String>(&text).unwrap(),
            "</script><!-- x"
        );
    }

    #[test]
    fn the_script_and_style_have_no_end_tags_of_their_own() {
        assert!(!SCRIPT.contains("</script"));
        assert!(!STYLE.contains("</style"));
    }

    #[test]
    fn links_survive_odd_names() {
        assert_eq!(href("club night #2?.html"), "club%20night%20%232%3F.html");
        assert_eq!(href("\u{cc}w\u{f3}.html"), "%C3%8Cw%C3%B3.html");
    }
}
