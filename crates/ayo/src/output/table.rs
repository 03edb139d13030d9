//! Tables: one grid type written as a terminal table, Markdown or CSV, and the
//! annotate view of a game built on it.
//!
//! Terminal tables fit a width: when the columns do not fit, the long-text
//! columns move to an indented line under their row (wrapped inside the
//! table: no column is widened for them), then list-like cells (relays)
//! wrap at spaces to a comfortable width, then optional columns are left
//! out (the caption says which), then cells wrap further, at spaces and
//! then after a `/`, `=`, `-`, `:` or `,` inside a word. A word wider than
//! the table (`--width`) is cut into pieces as wide as its column, nothing
//! of it left out (`--format csv` and `json` carry every value whole, on
//! one line). When the columns still do not fit side by side, each row is
//! stacked as lines of a column title and its value: no line is wider than
//! asked, and no column wider than its cells. Markdown and CSV are not
//! padded at all.
//!
//! The terminal tables are drawn here, not by comfy-table (which draws
//! `board`'s tables), on purpose: their output is pinned byte for byte by the
//! snapshot tests, and comfy-table cannot produce it. It has no cell that
//! spans a row, which the long-text lines under a row are; and its own width
//! arrangement and word splitting pick other widths and break points than the
//! steps above (breaking after `/`, `=`, `-`, `:` or `,`, leaving optional
//! columns out with a note, stacking rows). Fixing every width and wrapping
//! every cell beforehand would leave it only the borders to draw.

use serde::Serialize;
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use crate::notation::{Comment, Move, Record};
use crate::replay::{Game, Ply};
use crate::rules::{Lap, MoveOutcome, Ruleset, Side};

use super::json::{CaptureJson, CommentsJson, LapJson, serialize_side};
use super::visible;

/// How a grid is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Style {
    /// A terminal table with box-drawing borders, fitted to `width` columns.
    Table {
        /// Plain ASCII borders.
        ascii: bool,
        /// The widest the table may be, in terminal columns.
        width: u16,
    },
    /// A GitHub-flavoured Markdown table.
    Markdown,
    /// RFC 4180 CSV with a header line.
    Csv,
}

/// What a terminal table may do with a column that does not fit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Fit {
    /// Always a column, never wrapped: a move or a score reads as one piece.
    #[default]
    Keep,
    /// Always a column; its cells may wrap at spaces (a list of laps).
    Wrap,
    /// Long text: moves to an indented line under its row when the table is
    /// too wide; lower ranks move first.
    Below(u8),
    /// Left out when the table is still too wide; lower ranks go first.
    Optional(u8),
}

/// Rows of text cells under a header.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct Grid {
    /// Column titles.
    pub header: Vec<String>,
    /// The rows, each as long as the header.
    pub rows: Vec<Vec<String>>,
    /// How each column fits a narrow terminal; missing entries are [`Fit::Keep`].
    pub fit: Vec<Fit>,
    /// Never stacked: a table whose columns cannot fit is printed wider
    /// than asked instead. Only `standings` sets it, until its table is
    /// fitted on its own terms (issue 24).
    pub never_stacked: bool,
}

/// The display width of a text in terminal columns.
pub(crate) fn text_width(s: &str) -> usize {
    UnicodeWidthStr::width(s)
}

/// Where a word too wide for its line may break: after one of these, as a
/// path breaks at `/` and a ruleset at `=` and `-`.
const BREAKS: [char; 5] = ['/', '=', '-', ':', ','];

/// The pieces of a word, each ending after a break character (the last
/// ending with the word).
fn pieces(word: &str) -> impl Iterator<Item = &str> {
    word.split_inclusive(BREAKS)
}

/// Splits a text into lines of at most `width` columns at spaces. A word
/// wider than `width` (and only such a word) is broken: after a `/`, `=`,
/// `-`, `:` or `,` where it has one, else into pieces of `width` columns;
/// its last piece may share its line with the next words.
pub(crate) fn wrap(text: &str, width: usize) -> Vec<String> {
    let width = width.max(1);
    let mut lines = Vec::new();
    let mut line = String::new();
    // The width of `line`, kept as it grows: a long line is not measured
    // again for each word.
    let mut used = 0;
    for word in text.split_whitespace() {
        let w = text_width(word);
        if !line.is_empty() && used + 1 + w > width {
            lines.push(std::mem::take(&mut line));
            used = 0;
        }
        if !line.is_empty() {
            line.push(' ');
            used += 1;
        }
        if w <= width {
            line.push_str(word);
            used += w;
            continue;
        }
        for piece in pieces(word) {
            let pw = text_width(piece);
            if used > 0 && used + pw > width {
                lines.push(std::mem::take(&mut line));
                used = 0;
            }
            if pw <= width {
                line.push_str(piece);
                used += pw;
                continue;
            }
            for c in piece.chars() {
                let cw = UnicodeWidthChar::width(c).unwrap_or(0);
                if used > 0 && used + cw > width {
                    lines.push(std::mem::take(&mut line));
                    used = 0;
                }
                line.push(c);
                used += cw;
            }
        }
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// A text wrapped at spaces to `width` columns, each line ending with a newline.
/// Control characters are shown, not sent (see [`visible`]).
pub(crate) fn wrap_lines(text: &str, width: u16) -> String {
    wrap(&visible(text), usize::from(width))
        .into_iter()
        .map(|l| l + "\n")
        .collect()
}

impl Style {
    /// A heading above a table in this style: wrapped to a terminal
    /// table's width, or a Markdown `###` heading; a line of its own.
    ///
    /// ```
    /// use ayo::output::table::Style;
    /// let table = Style::Table { ascii: false, width: 12 };
    /// assert_eq!(table.heading("game 2, after ply 7"), "game 2,\nafter ply 7\n");
    /// assert_eq!(Style::Markdown.heading("game 2"), "### game 2\n");
    /// assert_eq!(Style::Markdown.line("game 2"), "game 2\n");
    /// ```
    pub fn heading(self, text: &str) -> String {
        match self {
            Style::Table { width, .. } => wrap_lines(text, width),
            _ => format!("### {}\n", visible(text)),
        }
    }

    /// A line of text beside a table in this style: wrapped to a terminal
    /// table's width, else as it is, ended by a newline.
    pub fn line(self, text: &str) -> String {
        match self {
            Style::Table { width, .. } => wrap_lines(text, width),
            _ => format!("{}\n", visible(text)),
        }
    }
}

impl Style {
    /// The width text fits when none is asked: the terminal's (when
    /// standard output is one), else `$COLUMNS`, else 100. `asked` (a
    /// `--width`) wins. Tables and plain text lines wrap to it alike.
    pub fn width(asked: Option<u16>) -> u16 {
        use std::io::IsTerminal;
        asked
            .or_else(|| {
                std::io::stdout()
                    .is_terminal()
                    .then(|| comfy_table::Table::new().width())
                    .flatten()
            })
            .or_else(|| {
                std::env::var("COLUMNS")
                    .ok()
                    .and_then(|c| c.trim().parse::<u16>().ok())
                    .filter(|&c| c > 0)
            })
            .unwrap_or(100)
    }

    /// Writes one game's output, rendered in `style` (`None`: JSON lines),
    /// in its place after the games before it (`first`: none yet). A table
    /// after the first is set off by a blank line; JSON lines go as they
    /// are; a CSV game's rows follow the first game's, whose header alone
    /// is kept (each game may be rendered with the header, on a worker that
    /// does not know which comes first).
    ///
    /// ```
    /// use ayo::output::table::Style;
    /// let (mut out, mut first) = (Vec::new(), true);
    /// Style::write_game(&mut out, Some(Style::Csv), &mut first, b"a\r\n1\r\n").unwrap();
    /// Style::write_game(&mut out, Some(Style::Csv), &mut first, b"a\r\n2\r\n").unwrap();
    /// assert_eq!(out, b"a\r\n1\r\n2\r\n");
    /// ```
    pub fn write_game(
        out: &mut impl std::io::Write,
        style: Option<Style>,
        first: &mut bool,
        rendered: &[u8],
    ) -> std::io::Result<()> {
        match style {
            Some(Style::Csv) if !*first => {
                let rows =
                    memchr::memmem::find(rendered, b"\r\n").map_or(&[][..], |i| &rendered[i + 2..]);
                out.write_all(rows)?;
            }
            None | Some(Style::Csv) => out.write_all(rendered)?,
            Some(_) => {
                if !*first {
                    out.write_all(b"\n")?;
                }
                out.write_all(rendered)?;
            }
        }
        *first = false;
        Ok(())
    }
}

impl Grid {
    /// The grid as CSV rows with the file and game number in front, so
    /// that the rows of many games make one CSV table: the header line only
    /// for the `first` game.
    pub(crate) fn csv_rows(mut self, file: &str, number: usize, first: bool) -> String {
        self.header
            .splice(0..0, ["file".to_string(), "game".to_string()]);
        for row in &mut self.rows {
            row.splice(0..0, [file.to_string(), number.to_string()]);
        }
        let text = self.render(Style::Csv);
        if first {
            text
        } else {
            text.split_once("\r\n")
                .map_or(String::new(), |(_, rest)| rest.to_string())
        }
    }
}

/// The characters a terminal table is drawn with.
struct Borders {
    /// Top: left, fill, join, right.
    top: [&'static str; 4],
    /// Under the header.
    head: [&'static str; 4],
    /// Bottom.
    bottom: [&'static str; 4],
    /// Between the rows of the stacked layout.
    mid: [&'static str; 4],
    /// Outer vertical edge, and the one between columns.
    edge: &'static str,
    inner: &'static str,
}

const UTF8: Borders = Borders {
    top: ["┌", "─", "┬", "┐"],
    head: ["╞", "═", "╪", "╡"],
    bottom: ["└", "─", "┴", "┘"],
    mid: ["├", "─", "┼", "┤"],
    edge: "│",
    inner: "┆",
};

const ASCII: Borders = Borders {
    top: ["+", "-", "+", "+"],
    head: ["+", "=", "+", "+"],
    bottom: ["+", "-", "+", "+"],
    mid: ["+", "-", "+", "+"],
    edge: "|",
    inner: "|",
};

/// Cells that may wrap are first wrapped no narrower than this, before any
/// column is left out.
const COMFORTABLE: usize = 24;

/// Width of a table whose columns have these widths: one space each side of
/// every cell, and a border between and around.
fn table_width(widths: &[usize]) -> usize {
    widths.iter().map(|w| w + 3).sum::<usize>() + 1
}

fn pad(s: &str, width: usize) -> String {
    let fill = width.saturating_sub(text_width(s));
    format!("{s}{}", " ".repeat(fill))
}

impl Grid {
    /// A grid whose columns all stay.
    pub(crate) fn new(header: Vec<String>, rows: Vec<Vec<String>>) -> Grid {
        Grid {
            header,
            rows,
            fit: Vec::new(),
            never_stacked: false,
        }
    }

    /// The header's cells, then the rows'.
    fn cells(&self) -> impl Iterator<Item = &String> {
        self.header.iter().chain(self.rows.iter().flatten())
    }

    fn fit_of(&self, col: usize) -> Fit {
        self.fit.get(col).copied().unwrap_or_default()
    }

    /// The grid written in a style, ending with a newline. In a terminal
    /// table and in Markdown, control characters are shown, not sent (`␛`
    /// for an escape); CSV is data and keeps them.
    pub(crate) fn render(&self, style: Style) -> String {
        if style != Style::Csv && self.cells().any(|c| visible(c) != c.as_str()) {
            let shown = |cells: &[String]| cells.iter().map(|c| visible(c).into_owned()).collect();
            let grid = Grid {
                header: shown(&self.header),
                rows: self.rows.iter().map(|r| shown(r)).collect(),
                ..self.clone()
            };
            return grid.render(style);
        }
        match style {
            Style::Table { ascii, width } => self.terminal(ascii, usize::from(width)),
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

    /// The widest any cell of a column is, its title included.
    fn natural_width(&self, col: usize) -> usize {
        self.rows
            .iter()
            .filter_map(|r| r.get(col))
            .chain(self.header.get(col))
            .map(|c| text_width(c))
            .max()
            .unwrap_or(0)
    }

    /// The narrowest a column can be without breaking a word: its widest
    /// word when it may wrap, else its widest cell (`natural`).
    fn word_width(&self, col: usize, natural: usize) -> usize {
        if self.fit_of(col) != Fit::Wrap {
            return natural;
        }
        self.rows
            .iter()
            .filter_map(|r| r.get(col))
            .chain(self.header.get(col))
            .flat_map(|c| c.split_whitespace())
            .map(text_width)
            .max()
            .unwrap_or(0)
    }

    /// The narrowest a column that may wrap can be without breaking a word
    /// anywhere but after a `/`, `=`, `-`, `:` or `,` (see [`wrap`]); else
    /// `words`.
    fn piece_width(&self, col: usize, words: usize) -> usize {
        if self.fit_of(col) != Fit::Wrap {
            return words;
        }
        self.rows
            .iter()
            .filter_map(|r| r.get(col))
            .chain(self.header.get(col))
            .flat_map(|c| c.split_whitespace())
            .flat_map(pieces)
            .map(text_width)
            .max()
            .unwrap_or(0)
    }

    /// A terminal table at most `max` columns wide: a table when its columns
    /// fit, else each row stacked as lines of a title and a value.
    fn terminal(&self, ascii: bool, max: usize) -> String {
        let b = if ascii { &ASCII } else { &UTF8 };
        match self.layout(max) {
            Some(layout) => self.draw(b, max, &layout),
            None => self.stacked(b, max),
        }
    }

    /// The columns of `shown` whose fit `rank` ranks, lowest rank first.
    fn ranked(&self, shown: &[usize], rank: impl Fn(Fit) -> Option<u8>) -> Vec<usize> {
        let mut ranked: Vec<(u8, usize)> = shown
            .iter()
            .filter_map(|&c| rank(self.fit_of(c)).map(|r| (r, c)))
            .collect();
        ranked.sort();
        ranked.into_iter().map(|(_, c)| c).collect()
    }

    /// How the columns fit in `max` columns, by the steps of the [module](self)
    /// documentation; `None` when they cannot and the rows are to be stacked.
    fn layout(&self, max: usize) -> Option<Layout> {
        let n = self.header.len();
        // Measured once: the steps below ask for them many times.
        let natural: Vec<usize> = (0..n).map(|c| self.natural_width(c)).collect();
        let words: Vec<usize> = (0..n).map(|c| self.word_width(c, natural[c])).collect();
        let broken: Vec<usize> = (0..n).map(|c| self.piece_width(c, words[c])).collect();
        let mut shown: Vec<usize> = (0..n).collect();
        let mut widths = natural.clone();
        // 1. Long text under its row, lowest rank first, until the rest fits.
        let long = self.ranked(&shown, |f| match f {
            Fit::Below(rank) => Some(rank),
            _ => None,
        });
        let mut below = take_out(&mut shown, &widths, max, long);
        // Under the row in column order, whichever moved first.
        below.sort();
        // 2. Wrap what may wrap, while its lines stay a comfortable length.
        shrink(&shown, &mut widths, max, |c| {
            words[c].max(COMFORTABLE).min(natural[c])
        });
        // 3. Optional columns out, lowest rank first.
        let optional = self.ranked(&shown, |f| match f {
            Fit::Optional(rank) => Some(rank),
            _ => None,
        });
        let dropped = take_out(&mut shown, &widths, max, optional);
        // 4. Wrap at spaces as far as it takes, never below the widest word;
        // then inside words after their `/`, `=`, `-`, `:` or `,`.
        shrink(&shown, &mut widths, max, |c| words[c]);
        if !self.never_stacked {
            shrink(&shown, &mut widths, max, |c| broken[c]);
        }
        // 5. A column holding a word wider than the table itself (a cell of
        // one piece, in a column that does not wrap) breaks it, down to a
        // comfortable width: no row is padded to the width of that word.
        let room = max.saturating_sub(4);
        shrink(&shown, &mut widths, max, |c| {
            if words[c] > room {
                words[c].min(COMFORTABLE)
            } else {
                words[c]
            }
        });
        // 6. Columns that cannot fit even so: each row stacked.
        if width_of(&shown, &widths) > max && !self.never_stacked {
            return None;
        }
        Some(Layout {
            shown,
            below,
            dropped,
            widths,
        })
    }

    /// The table as `layout` fits it, and a note naming the columns left out.
    fn draw(&self, b: &Borders, max: usize, layout: &Layout) -> String {
        let Layout {
            shown,
            below,
            dropped,
            widths,
        } = layout;
        // Lines under rows wrap inside the table: no column is widened for
        // them, so each is as wide as its cells.
        let cols: Vec<usize> = shown.iter().map(|&c| widths[c]).collect();
        let total = table_width(&cols);
        let rule = |parts: &[&str; 4]| {
            let segs: Vec<String> = cols.iter().map(|w| parts[1].repeat(w + 2)).collect();
            format!("{}{}{}\n", parts[0], segs.join(parts[2]), parts[3])
        };
        let mut out = rule(&b.top);
        out += &row_lines(b, shown, &cols, &self.header);
        out += &rule(&b.head);
        let inner = total.saturating_sub(4);
        for row in &self.rows {
            out += &row_lines(b, shown, &cols, row);
            for &c in below {
                let Some(text) = row.get(c).filter(|t| !t.is_empty()) else {
                    continue;
                };
                let labelled = format!("{}: {text}", self.header[c]);
                for l in wrap(&labelled, inner.saturating_sub(4)) {
                    out += &format!(
                        "{} {} {}\n",
                        b.edge,
                        pad(&format!("    {l}"), inner),
                        b.edge
                    );
                }
            }
        }
        out += &rule(&b.bottom);
        if !dropped.is_empty() {
            let names: Vec<&str> = dropped.iter().map(|&c| self.header[c].as_str()).collect();
            let note = format!(
                "Left out at {max} columns: {}. A wider --width, or --format csv, shows every column.",
                names.join(", ")
            );
            out += &wrap_lines(&note, u16::try_from(max).unwrap_or(u16::MAX));
        }
        out
    }
}

/// Which columns a terminal table shows and how wide, and which moved under
/// their rows or were left out.
struct Layout {
    shown: Vec<usize>,
    below: Vec<usize>,
    dropped: Vec<usize>,
    widths: Vec<usize>,
}

/// The width of the table of the `shown` columns.
fn width_of(shown: &[usize], widths: &[usize]) -> usize {
    shown.iter().map(|&c| widths[c] + 3).sum::<usize>() + 1
}

/// Takes `candidates` out of `shown`, in order, until the table fits in
/// `max`; returns those taken.
fn take_out(
    shown: &mut Vec<usize>,
    widths: &[usize],
    max: usize,
    candidates: Vec<usize>,
) -> Vec<usize> {
    let mut taken = Vec::new();
    for c in candidates {
        if width_of(shown, widths) <= max {
            break;
        }
        shown.retain(|&s| s != c);
        taken.push(c);
    }
    taken
}

/// Narrows the widest column that may narrow (the first of those level),
/// down to `floor(column)`, until the table fits in `max`. A column wider
/// than all the others goes at once to the width of the next widest, or to
/// the width that fits: as narrowing a column at a time would, without a step
/// a column (a name of a million letters).
fn shrink(shown: &[usize], widths: &mut [usize], max: usize, floor: impl Fn(usize) -> usize) {
    while width_of(shown, widths) > max {
        let excess = width_of(shown, widths) - max;
        let Some(&c) = shown
            .iter()
            .filter(|&&c| widths[c] > floor(c))
            .max_by_key(|&&c| (widths[c], std::cmp::Reverse(c)))
        else {
            break;
        };
        let next = shown
            .iter()
            .filter(|&&o| o != c && widths[o] > floor(o))
            .map(|&o| widths[o])
            .max()
            .unwrap_or(0);
        let to = floor(c).max(next).max(widths[c].saturating_sub(excess));
        widths[c] = if to < widths[c] { to } else { widths[c] - 1 };
    }
}

/// One row of the `shown` columns, each cell wrapped at spaces to its column
/// (`cols`); the row is as tall as its tallest cell.
fn row_lines(b: &Borders, shown: &[usize], cols: &[usize], cells: &[String]) -> String {
    let wrapped: Vec<Vec<String>> = shown
        .iter()
        .zip(cols)
        .map(|(&c, &w)| wrap(cells.get(c).map_or("", String::as_str), w))
        .collect();
    let height = wrapped.iter().map(Vec::len).max().unwrap_or(1);
    let mut out = String::new();
    for k in 0..height {
        let parts: Vec<String> = wrapped
            .iter()
            .zip(cols)
            .map(|(lines, &w)| pad(lines.get(k).map_or("", String::as_str), w))
            .collect();
        out += &format!(
            "{} {} {}\n",
            b.edge,
            parts.join(&format!(" {} ", b.inner)),
            b.edge
        );
    }
    out
}

impl Grid {
    /// Each row as lines of a column title and its value, rows apart, for
    /// a terminal too narrow for the columns side by side: at most `max`
    /// columns wide, the titles wrapped to at most half of it, every value
    /// shown (none left out), and an empty value not written.
    fn stacked(&self, b: &Borders, max: usize) -> String {
        // A border each side and one between: `│ title ┆ value │`.
        const FRAME: usize = 7;
        let room = max.saturating_sub(FRAME).max(2);
        let title = self
            .header
            .iter()
            .map(|h| text_width(h))
            .max()
            .unwrap_or(0)
            .clamp(1, room / 2);
        let value = self
            .rows
            .iter()
            .flatten()
            .map(|c| text_width(c))
            .max()
            .unwrap_or(0)
            .clamp(1, room - title);
        // As wide as its widest line once wrapped, no wider.
        let value = self
            .rows
            .iter()
            .flatten()
            .flat_map(|c| wrap(c, value))
            .map(|l| text_width(&l))
            .max()
            .unwrap_or(1)
            .max(1);
        let rule = |parts: &[&str; 4]| {
            format!(
                "{}{}{}{}{}\n",
                parts[0],
                parts[1].repeat(title + 2),
                parts[2],
                parts[1].repeat(value + 2),
                parts[3]
            )
        };
        let mut out = rule(&b.top);
        for (k, row) in self.rows.iter().enumerate() {
            if k > 0 {
                out += &rule(&b.mid);
            }
            let mut cells: Vec<(&String, &String)> = self
                .header
                .iter()
                .zip(row)
                .filter(|(_, v)| !v.is_empty())
                .collect();
            if cells.is_empty() {
                cells.extend(self.header.iter().zip(row).take(1));
            }
            for (h, v) in cells {
                let names = wrap(h, title);
                let values = wrap(v, value);
                for i in 0..names.len().max(values.len()) {
                    out += &format!(
                        "{} {} {} {} {}\n",
                        b.edge,
                        pad(names.get(i).map_or("", String::as_str), title),
                        b.inner,
                        pad(values.get(i).map_or("", String::as_str), value),
                        b.edge
                    );
                }
            }
        }
        out += &rule(&b.bottom);
        out
    }
}

/// How much of each relay the annotate table shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Laps {
    /// Each lap's origin and seeds: `c4 A5 F5 e6 E6`.
    Compact,
    /// Each lap with every pit sown: `c4:defA A5:BCDEF …`.
    Full,
}

/// One move of the annotate view, in the field names every command shares.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub struct AnnotatedMove {
    /// 1-based ply.
    pub ply: u32,
    /// The move number: South's n-th turn and the North turn after it.
    pub number: u32,
    /// Whose turn it was.
    #[serde(serialize_with = "serialize_side")]
    #[cfg_attr(feature = "schema", schemars(with = "super::json::SideJson"))]
    pub side: Side,
    /// The pit letter played.
    pub pit: char,
    /// The capture claimed in the record (`dx7`), or `null`.
    pub claim: Option<u32>,
    /// Seeds lifted from the pit played; `null` when the move was not played.
    pub seeds: Option<u16>,
    /// Every lap of the relay; empty when the move was not played.
    pub(crate) laps: Vec<LapJson>,
    /// What went to the store, or `null`.
    pub(crate) capture: Option<CaptureJson>,
    /// The stores after the move, South's first; `null` when it was not played.
    pub stores: Option<[u16; 2]>,
    /// Why the move was not played (`null` when it was): the rule it breaks,
    /// or `not played` after an illegal move.
    pub illegal: Option<String>,
    /// Suffix glyphs (`!`, `?`, `!!`, `??`, `!?`, `?!`).
    pub glyphs: Vec<String>,
    /// Numeric annotation glyphs.
    pub nags: Vec<u8>,
    /// How many variations the record gives in place of this move (`ayo
    /// json` gives the variations themselves).
    pub variation_count: usize,
    /// Comments before and after the move, each with its spacing collapsed.
    pub(crate) comments: CommentsJson,
    /// Whether replay found the move's claim wrong (`ayo validate`'s "wrong
    /// claim"): the tables say so in the notes. Not in the JSON, whose
    /// `claim` and `capture` tell it.
    #[serde(skip)]
    pub wrong_claim: bool,
}

/// The laps of a move, as JSON gives them; `laps` are the move's own or,
/// when it was played untraced, traced apart.
pub(crate) fn laps_json(o: &MoveOutcome, laps: &[Lap]) -> Vec<LapJson> {
    let pits = o.position.pits();
    laps.iter()
        .map(|l| LapJson {
            from: l.from.letter(pits),
            seeds: l.seeds,
            sown: l.sown.iter().map(|p| p.letter(pits)).collect(),
            skipped: l.skipped.map(|p| p.letter(pits)),
        })
        .collect()
}

/// See [`AnnotatedMove::of_game`].
pub(crate) fn annotate(game: &Game) -> Vec<AnnotatedMove> {
    let mut illegal_seen = false;
    // The position each move was played from; `None` after a move not played.
    let mut before = game.start;
    game.record
        .moves
        .iter()
        .zip(&game.moves)
        .map(|(m, ply): (&Move, &Ply)| {
            let laps = match &before {
                Some(b) => game.laps(b, ply),
                None => std::borrow::Cow::Borrowed(&[][..]),
            };
            before = ply.outcome.as_ref().map(|o| o.position);
            let collapse = |cs: &[Comment]| -> Vec<String> {
                cs.iter()
                    .map(|c| c.text.split_whitespace().collect::<Vec<_>>().join(" "))
                    .collect()
            };
            let comments = CommentsJson {
                before: collapse(m.before()),
                after: collapse(m.after()),
            };
            let illegal = match &ply.outcome {
                Some(_) => None,
                None if illegal_seen => Some("not played".to_string()),
                None => {
                    illegal_seen = true;
                    Some(game.errors.iter().find(|d| d.span == m.span).map_or(
                        "illegal".to_string(),
                        |d| {
                            // The message starts with the ply and move, which
                            // the row already shows.
                            let msg = d.message.as_str();
                            msg.split_once(": ")
                                .map_or(msg, |(_, rest)| rest)
                                .to_string()
                        },
                    ))
                }
            };
            let o = ply.outcome.as_ref();
            let wrong_claim = o.is_some()
                && game
                    .errors
                    .iter()
                    .any(|d| d.span == m.span && d.label == WRONG_CLAIM);
            AnnotatedMove {
                ply: ply.ply,
                number: ply.number,
                side: ply.side,
                pit: m.pit,
                claim: m.claim,
                // As `MoveOutcome::seeds`, from the laps traced here.
                seeds: o.map(|_| laps.first().map_or(0, |l| l.seeds)),
                laps: o.map_or_else(Vec::new, |o| laps_json(o, &laps)),
                capture: o.and_then(|o| {
                    o.capture.map(|c| CaptureJson {
                        pit: c.pit.letter(o.position.pits()),
                        seeds: c.seeds(),
                        capturing_seed: c.capturing_seed,
                    })
                }),
                stores: o.map(MoveOutcome::stores),
                illegal,
                glyphs: m.glyph.iter().map(|g| g.as_str().to_string()).collect(),
                nags: m.nags().iter().map(|n| n.value).collect(),
                variation_count: m.variations().len(),
                comments,
                wrong_claim,
            }
        })
        .collect()
}

impl AnnotatedMove {
    /// The rows of a game's main line. Moves that were not played say why.
    ///
    /// Each move's laps are those its ply keeps or, when the game was replayed
    /// without lap traces, traced here ([`Game::laps`]): so a big game can be
    /// replayed without them.
    pub fn of_game(game: &Game) -> Vec<AnnotatedMove> {
        annotate(game)
    }
}

fn move_text(m: &AnnotatedMove) -> String {
    let dots = if m.side == Side::South { "." } else { "..." };
    let mut s = format!("{}{dots} {}", m.number, m.pit);
    if let Some(c) = m.claim {
        s += &format!("x{c}");
    }
    for g in &m.glyphs {
        s += g;
    }
    s
}

fn relay_text(m: &AnnotatedMove, laps: Laps) -> String {
    if let Some(why) = &m.illegal {
        return match why.as_str() {
            "not played" => why.clone(),
            _ => format!("illegal: {why}"),
        };
    }
    laps_text(&m.laps, laps)
}

/// A relay's laps as the tables write them: `c4 A5 F5 e6 E6`, or with
/// [`Laps::Full`] every pit sown, `c4:defA A5:BCDEF …`.
pub(crate) fn laps_text(relay: &[LapJson], laps: Laps) -> String {
    relay
        .iter()
        .map(|l| {
            let mut s = format!("{}{}", l.from, l.seeds);
            if laps == Laps::Full {
                s.push(':');
                s.extend(l.sown.iter());
            }
            s
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A capture as the tables write it: `+7 from B`.
pub(crate) fn capture_text(c: &CaptureJson) -> String {
    format!("+{} from {}", c.seeds, c.pit)
}

/// The label of replay's error on a move whose claim is wrong.
const WRONG_CLAIM: &str = "wrong claim";

/// The notes of a row: a wrong claim first (with what the move captures),
/// then the glyphs, the NAGs and the variations.
fn notes_text(m: &AnnotatedMove) -> String {
    let mut notes: Vec<String> = Vec::new();
    if m.wrong_claim {
        notes.push(match &m.capture {
            Some(c) => format!("wrong claim: captures {} from {}", c.seeds, c.pit),
            None => "wrong claim: captures nothing".to_string(),
        });
    }
    notes.extend(m.glyphs.iter().cloned());
    notes.extend(m.nags.iter().map(|n| format!("${n}")));
    match m.variation_count {
        0 => {}
        1 => notes.push("1 variation".to_string()),
        n => notes.push(format!("{n} variations")),
    }
    notes.join(" ")
}

/// See [`AnnotatedMove::grid`].
pub(crate) fn annotate_grid(rows: &[AnnotatedMove], laps: Laps, csv: bool) -> Grid {
    let opt = |s: Option<String>| s.unwrap_or_default();
    let mut header: Vec<&str> = vec!["ply", "side", "move", "seeds", "relay", "capture"];
    let mut fit = vec![
        Fit::Keep,
        Fit::Optional(1),
        Fit::Keep,
        Fit::Optional(2),
        if laps == Laps::Full {
            Fit::Below(3)
        } else {
            Fit::Wrap
        },
        Fit::Optional(3),
    ];
    if csv {
        header.extend(["south_store", "north_store"]);
        fit.extend([Fit::Keep, Fit::Keep]);
    } else {
        header.push("stores");
        fit.push(Fit::Keep);
    }
    header.extend(["notes", "comments"]);
    fit.extend([Fit::Below(2), Fit::Below(1)]);
    Grid {
        header: header.into_iter().map(str::to_string).collect(),
        rows: rows
            .iter()
            .map(|r| {
                let mut row = vec![
                    r.ply.to_string(),
                    match (r.side, csv) {
                        (Side::South, false) => "South",
                        (Side::North, false) => "North",
                        (Side::South, true) => "south",
                        (Side::North, true) => "north",
                    }
                    .to_string(),
                    move_text(r),
                    opt(r.seeds.map(|s| s.to_string())),
                    relay_text(r, laps),
                    opt(r.capture.as_ref().map(capture_text)),
                ];
                match (r.stores, csv) {
                    (Some([s, n]), true) => row.extend([s.to_string(), n.to_string()]),
                    (None, true) => row.extend([String::new(), String::new()]),
                    (Some([s, n]), false) => row.push(format!("{s}-{n}")),
                    (None, false) => row.push(String::new()),
                }
                row.push(notes_text(r));
                let comments: Vec<&str> = r
                    .comments
                    .before
                    .iter()
                    .chain(&r.comments.after)
                    .map(String::as_str)
                    .collect();
                row.push(comments.join(" / "));
                row
            })
            .collect(),
        fit,
        never_stacked: false,
    }
}

impl AnnotatedMove {
    /// The annotate rows as a grid. For `csv`, the stores take two columns
    /// (`south_store`, `north_store`: `7-11` reads as a date in a spreadsheet)
    /// and sides are written as in JSON (`south`).
    pub(crate) fn grid(rows: &[AnnotatedMove], laps: Laps, csv: bool) -> Grid {
        annotate_grid(rows, laps, csv)
    }
}

/// How a title names the ruleset a game was replayed under: `rules: russ`,
/// with where it came from when that was not the record's `Rules` tag.
/// `None` when the `Rules` tag could not be read (the game is invalid, and
/// its diagnostics say why).
pub(crate) fn rules_label(
    record: &Record,
    rules: Option<&Ruleset>,
    forced: bool,
) -> Option<String> {
    let rules = rules?;
    Some(if forced {
        format!("rules: {rules} (--rules)")
    } else if record.tag("Rules").is_none() {
        format!("rules: {rules} (no Rules tag)")
    } else {
        format!("rules: {rules}")
    })
}

/// A title line for a game: players, event, and the ruleset label.
pub(crate) fn title(r: &Record, rules: Option<&str>, number: usize) -> String {
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
        parts.push(rules.to_string());
    }
    parts.join(", ")
}

impl Game {
    /// The title line of game `number`: players, event, round, date, and
    /// the ruleset it was replayed under, with where that came from when it
    /// was not the record's `Rules` tag (`forced`: a `--rules` given).
    ///
    /// ```
    /// use ayo::notation::Record;
    /// use ayo::replay::{Game, Options};
    /// let record = Record::parse("[South \"Ade\"]\n[Round \"2\"]\n\n1. c *\n").unwrap();
    /// let game = Game::replay(record, &Options::default());
    /// assert_eq!(game.title(3, false), "Game 3: Ade (South), round 2, rules: russ (no Rules tag)");
    /// ```
    pub fn title(&self, number: usize, forced: bool) -> String {
        let label = rules_label(&self.record, self.rules.as_ref(), forced);
        title(&self.record, label.as_deref(), number)
    }
}

impl AnnotatedMove {
    /// Game `number` of `file` annotated, as `ayo annotate` prints it in
    /// `style` (`forced`: the ruleset was given with `--rules`): a heading,
    /// the table of the main line's moves (`laps` as asked) and the result;
    /// CSV rows with the file and game in front and the header line; or
    /// (`None`) one JSON line.
    pub fn render_game(
        game: &Game,
        (file, number): (&str, usize),
        forced: bool,
        laps: Laps,
        style: Option<Style>,
    ) -> serde_json::Result<String> {
        let rows = AnnotatedMove::of_game(game);
        let heading = game.title(number, forced);
        Ok(match style {
            None => {
                let json = AnnotateJson::new(game, file, number, heading, rows);
                serde_json::to_string(&json)? + "\n"
            }
            Some(Style::Csv) => AnnotatedMove::grid(&rows, laps, true).csv_rows(file, number, true),
            Some(style) => {
                let table = AnnotatedMove::grid(&rows, laps, false).render(style);
                let (heading, result) = (style.heading(&heading), style.line(&game.result_line()));
                format!("{heading}\n{table}\n{result}")
            }
        })
    }
}

/// See [`Game::result_line`].
pub(crate) fn result_line(game: &Game) -> String {
    use crate::replay::DecidedBy;
    let token = game.record.result.outcome;
    let verdict = game.verdict();
    let plies = |n: usize| format!("{n} {}", if n == 1 { "ply" } else { "plies" });
    let who = |score: String| match verdict.winner() {
        Some(Some(s)) => format!("{} wins{score}", s.title()),
        Some(None) => format!("draw{score}"),
        None => "not decided".to_string(),
    };
    match (&game.end, verdict.decided_by) {
        (Some(end), Some(DecidedBy::Board)) => {
            let line = format!(
                "Result {token}: {}; {}.",
                who(format!(" {}-{}", end.score[0], end.score[1])),
                end.reason
            );
            match &verdict.not_counted {
                // The record says otherwise: the board decides, and the
                // line says what is wrong.
                Some(why) => format!("{line} Not counted in standings: {why}."),
                None => line,
            }
        }
        _ => {
            let played = game
                .moves
                .iter()
                .take_while(|p| p.outcome.is_some())
                .count();
            let by_token = if verdict.decided_by == Some(DecidedBy::Token) {
                " by the token"
            } else {
                ""
            };
            let mut line = match game.final_position() {
                Some(pos) if game.moves.iter().all(|p| p.outcome.is_some()) => format!(
                    "Result {token}: {}{by_token}; unfinished after {}; stores {}-{}, {} to move.",
                    who(String::new()),
                    plies(played),
                    pos.stores()[0],
                    pos.stores()[1],
                    pos.to_move().title()
                ),
                _ => format!(
                    "Result {token}: not decided; the record is invalid after {}.",
                    plies(played)
                ),
            };
            if verdict.decided_by.is_some()
                && let Some(why) = &verdict.not_counted
            {
                line += &format!(" Not counted in standings: {why}.");
            }
            line
        }
    }
}

impl Game {
    /// The line under a game: the result, as the game's
    /// [`Verdict`](crate::replay::Verdict) gives it, and how the game ended.
    pub fn result_line(&self) -> String {
        result_line(self)
    }
}

/// One game's annotation, as `ayo annotate --format json` prints it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
pub(crate) struct AnnotateJson {
    /// The file the game came from (`<stdin>` for standard input).
    pub file: String,
    /// The game's place in its file, counted from 1.
    pub game: usize,
    /// The canonical ruleset string the game was replayed under; `null` when
    /// the `Rules` tag could not be read.
    pub rules: Option<String>,
    /// The title line: players, event, date, ruleset.
    pub title: String,
    /// The main line, one object a move.
    pub moves: Vec<AnnotatedMove>,
    /// The result, in the shape `ayo json` gives it.
    pub result: super::json::ResultJson,
    /// The line under the table: the result and how the game ended.
    pub summary: String,
}

impl AnnotateJson {
    /// A replayed game's annotation with its place and title.
    pub(crate) fn new(
        game: &Game,
        file: &str,
        number: usize,
        title: String,
        moves: Vec<AnnotatedMove>,
    ) -> AnnotateJson {
        AnnotateJson {
            file: file.to_string(),
            game: number,
            rules: game.rules.map(|r| r.to_string()),
            title,
            moves,
            result: super::json::result_json(game),
            summary: result_line(game),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_a_word_wider_than_the_line_is_broken() {
        assert_eq!(wrap("ab cd ef", 5), ["ab cd", "ef"]);
        assert_eq!(wrap("ab abcdefgh cd", 3), ["ab", "abc", "def", "gh", "cd"]);
        assert_eq!(wrap("abcdefgh", 4), ["abcd", "efgh"]);
        // Double-width characters are measured as such.
        assert_eq!(wrap("ööö 日本語", 4), ["ööö", "日本", "語"]);
        assert_eq!(wrap("", 4), [""]);
    }

    #[test]
    fn a_word_too_wide_breaks_after_its_punctuation_first() {
        assert_eq!(
            wrap("russ skip-origin=beyond-lap", 12),
            ["russ", "skip-origin=", "beyond-lap"]
        );
        assert_eq!(
            wrap("fixtures/corpus/copies.ayo", 10),
            ["fixtures/", "corpus/", "copies.ayo"]
        );
    }

    #[test]
    fn columns_that_cannot_fit_stack_their_rows() {
        let grid = Grid::new(
            ["name", "games", "1-0", "0-1", "1/2-1/2", "*"]
                .map(String::from)
                .to_vec(),
            vec![
                ["a long name here", "12", "3", "4", "5", ""]
                    .map(String::from)
                    .to_vec(),
            ],
        );
        let text = grid.render(Style::Table {
            ascii: true,
            width: 24,
        });
        assert!(text.lines().all(|l| text_width(l) <= 24), "{text}");
        // Every value is there, an empty one not written.
        assert_eq!(
            text,
            "+---------+-----------+\n\
             | name    | a long    |\n\
             |         | name here |\n\
             | games   | 12        |\n\
             | 1-0     | 3         |\n\
             | 0-1     | 4         |\n\
             | 1/2-1/2 | 5         |\n\
             +---------+-----------+\n"
        );
    }

    #[test]
    fn a_cell_wider_than_the_table_does_not_widen_every_row() {
        let long = "x".repeat(100_000);
        let mut rows: Vec<Vec<String>> = (0..50)
            .map(|k| vec![k.to_string(), format!("name {k}")])
            .collect();
        rows.push(vec!["50".to_string(), long.clone()]);
        for fit in [Fit::Keep, Fit::Wrap] {
            let mut grid = Grid::new(vec!["#".into(), "name".into()], rows.clone());
            grid.fit = vec![Fit::Keep, fit];
            let text = grid.render(Style::Table {
                ascii: true,
                width: 40,
            });
            assert!(text.lines().all(|l| text_width(l) <= 40), "{fit:?}");
            // Every letter is there, broken over lines of the column's width.
            assert_eq!(text.matches('x').count(), long.len());
            assert!(text.len() < 3 * long.len(), "{fit:?}: {} bytes", text.len());
        }
    }
}

#[cfg(test)]
mod grid_csv_rows_example {
    #[test]
    fn grid_csv_rows() {
        use crate::output::table::Grid;
        let grid = Grid::new(vec!["ply".into()], vec![vec!["1".into()]]);
        assert_eq!(
            grid.clone().csv_rows("a.ayo", 2, true),
            "file,game,ply\r\na.ayo,2,1\r\n"
        );
        assert_eq!(grid.csv_rows("a.ayo", 3, false), "a.ayo,3,1\r\n");
    }
}
