//! The text formats of a standings report (a terminal table, Markdown): each
//! table fitted to the width, with its heading, legend, crosstable and games
//! not counted.

use crate::corpus::standings::Table;
use crate::output::table::{Style, text_width};

use super::{Layout, NOT_COUNTED, StandingJson, View, cross_lines, legend, standings_grid};

/// How the text formats write a table and the words around it.
pub(super) struct Text<'a> {
    /// A terminal table or Markdown.
    pub(super) style: Style,
    /// What the report shows.
    pub(super) view: View<'a>,
}

impl Text<'_> {
    /// The width a terminal table fits; `None` for Markdown.
    fn width(&self) -> Option<usize> {
        match self.style {
            Style::Table { width, .. } => Some(usize::from(width)),
            _ => None,
        }
    }

    /// A paragraph, wrapped to the width in a terminal.
    pub(super) fn paragraph(&self, text: &str) -> String {
        self.indented(text, "", "")
    }

    /// `text` wrapped to the width, its first line after `first`, the
    /// others after `rest` (a list item's hanging indent).
    fn indented(&self, text: &str, first: &str, rest: &str) -> String {
        let Some(width) = self.width() else {
            return format!("{first}{text}\n");
        };
        let room = width.saturating_sub(text_width(rest)).max(1);
        let mut out = String::new();
        for (k, line) in wrap_verbatim(text, room).into_iter().enumerate() {
            out += if k == 0 { first } else { rest };
            out += &line;
            out += "\n";
        }
        out
    }

    /// One table with its heading (by a tag), its legend, its crosstable as
    /// lines when its columns do not fit, and its games not counted.
    pub(super) fn table(&self, t: &Table, rows: &[StandingJson]) -> String {
        let markdown = self.style == Style::Markdown;
        let mut blocks: Vec<String> = Vec::new();
        let mut head = String::new();
        if let Some(tag) = self.view.by {
            let value = t.value.clone().unwrap_or_else(|| format!("(no {tag} tag)"));
            head = if markdown {
                format!("### {value}\n\n")
            } else {
                self.paragraph(&format!("{tag}: {value}"))
            };
        }
        if !rows.is_empty() {
            blocks.extend(self.ranking(rows));
        }
        if !t.apart.is_empty() {
            let mut list = format!("{NOT_COUNTED}:\n");
            if markdown {
                list.push('\n');
            }
            for a in &t.apart {
                list += &if markdown {
                    format!("- {a}\n")
                } else {
                    self.indented(&a.to_string(), "  ", "    ")
                };
            }
            blocks.push(list);
        }
        head + &blocks.join("\n")
    }

    /// The grid with its legend; then, when the crosstable's columns do not
    /// fit, the crosstable as lines.
    fn ranking(&self, rows: &[StandingJson]) -> Vec<String> {
        let (mut block, layout, as_lines) = self.fitted(rows);
        if let Some(words) = legend(rows, layout, self.view.order) {
            // A Markdown table goes on to the next line unless a blank
            // line ends it.
            if self.style == Style::Markdown {
                block.push('\n');
            }
            block += &self.paragraph(&words);
        }
        let mut blocks = vec![block];
        if as_lines {
            let mut list =
                self.paragraph("Crosstable (vN: the points against the player of row N):");
            for line in cross_lines(rows) {
                list += &self.indented(&line, "  ", "      ");
            }
            blocks.push(list);
        }
        blocks
    }

    /// The grid, written to fit: full headers if they fit, else short ones
    /// (whose optional columns may go); with a crosstable, its columns if
    /// they fit, else the table without them and `true`, for the
    /// crosstable to be written as lines.
    fn fitted(&self, rows: &[StandingJson]) -> (String, Layout, bool) {
        let cross = self.view.cross;
        let render = |layout: Layout| standings_grid(rows, layout, 0, false).render(self.style);
        let fits = |text: &str| {
            self.width()
                .is_none_or(|w| text.lines().all(|l| text_width(l) <= w))
        };
        // Lines of cells (the header's included), against one a row.
        let one_line_rows = |text: &str| {
            text.lines().filter(|l| l.starts_with(['│', '|'])).count() == rows.len() + 1
        };
        for family in families(cross) {
            let fitting: Vec<(String, Layout)> = family
                .iter()
                .map(|&layout| (render(layout), layout))
                .filter(|(text, _)| fits(text))
                .collect();
            let best = match fitting.iter().position(|(text, _)| one_line_rows(text)) {
                Some(k) => fitting.into_iter().nth(k),
                None => fitting.into_iter().next(),
            };
            if let Some((text, layout)) = best {
                return (text, layout, cross && !layout.cross);
            }
        }
        // Nothing fits (a word wider than the width): the most compact.
        let layout = Layout {
            cross: false,
            short: true,
            droppable: 5,
        };
        (render(layout), layout, cross)
    }
}

/// The layouts to try, in families: full headers; else short ones, leaving
/// out the fewest columns that keep each row on one line, else the fewest
/// that fit; the crosstable's columns first when asked for.
fn families(cross: bool) -> Vec<Vec<Layout>> {
    let full = |cross| Layout {
        cross,
        short: false,
        droppable: 0,
    };
    let short = |cross| {
        (0..=5)
            .map(|droppable| Layout {
                cross,
                short: true,
                droppable,
            })
            .collect::<Vec<_>>()
    };
    let mut families = Vec::new();
    if cross {
        families.extend([vec![full(true)], short(true)]);
    }
    families.extend([vec![full(false)], short(false)]);
    families
}

/// Splits `text` into lines of at most `width` columns at single spaces,
/// keeping every other space as written (a name with two spaces in a row is
/// what the note on names is about). A word wider than `width` is broken
/// where it must be.
fn wrap_verbatim(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut rest = text;
    while text_width(rest) > width {
        // The last space at which the line fits, else the most characters
        // that do (at least one).
        let mut used = 0;
        let mut space = None;
        let mut cut = 0;
        for (i, c) in rest.char_indices() {
            let w = text_width(c.encode_utf8(&mut [0; 4]));
            if used + w > width {
                if c == ' ' {
                    space = Some(i);
                }
                break;
            }
            if c == ' ' && i > 0 {
                space = Some(i);
            }
            used += w;
            cut = i + c.len_utf8();
        }
        match space {
            Some(i) => {
                lines.push(rest[..i].to_string());
                rest = &rest[i + 1..];
            }
            None => {
                let cut = cut.max(rest.chars().next().map_or(1, char::len_utf8));
                lines.push(rest[..cut].to_string());
                rest = &rest[cut..];
            }
        }
    }
    lines.push(rest.to_string());
    lines
}
