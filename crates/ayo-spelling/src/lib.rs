//! "Did you mean": the one test of whether an unknown name is a slip for a
//! known one, shared by tag names and ruleset keys.
//!
//! # Public API
//!
//! - [`close_to`]: the known name an unknown one is probably a slip for.
//!
//! ```
//! assert_eq!(ayo_spelling::close_to("sedes", &["pits", "seeds"]), Some("seeds"));
//! assert_eq!(ayo_spelling::close_to("houses", &["pits", "seeds"]), None);
//! ```

#![warn(missing_docs)]

/// The name of `known` that `name` is probably a slip for: the same but for
/// letter case, or one edit away (a letter added, dropped, changed, or two
/// swapped), or two edits away for names of six letters or more. The first
/// such name in `known`'s order wins.
pub fn close_to<'a>(name: &str, known: &[&'a str]) -> Option<&'a str> {
    let lower = name.to_ascii_lowercase();
    known.iter().copied().find(|k| {
        let d = edit_distance(&lower, &k.to_ascii_lowercase());
        d <= 1 || (d == 2 && name.len() >= 6)
    })
}

/// Optimal string alignment distance: insertions, deletions, substitutions
/// and swaps of neighbours, in bytes (the names compared are ASCII).
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    let mut rows = vec![vec![0usize; b.len() + 1]; a.len() + 1];
    for (i, row) in rows.iter_mut().enumerate() {
        row[0] = i;
    }
    for (j, cell) in rows[0].iter_mut().enumerate() {
        *cell = j;
    }
    for i in 1..=a.len() {
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            let mut d = (rows[i - 1][j] + 1)
                .min(rows[i][j - 1] + 1)
                .min(rows[i - 1][j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                d = d.min(rows[i - 2][j - 2] + 1);
            }
            rows[i][j] = d;
        }
    }
    rows[a.len()][b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slips_are_close_and_other_words_are_not() {
        let known = ["pits", "seeds", "skip-origin"];
        assert_eq!(close_to("pit", &known), Some("pits"));
        assert_eq!(close_to("PITS", &known), Some("pits"));
        assert_eq!(close_to("sedes", &known), Some("seeds"));
        assert_eq!(close_to("skip-orgn", &known), Some("skip-origin"));
        assert_eq!(close_to("houses", &known), None);
        // Two edits only for long names: `pt` is not `pits`.
        assert_eq!(close_to("pt", &known), None);
    }
}
