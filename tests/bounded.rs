//! Output stays the size of its input: a cell far wider than the table (a
//! player name of 100,000 letters) is broken over lines of its column, not
//! padded into every row. Sizes are asserted, never times.

use crate::common;

use common::{ayo, run};

/// The long name or tag value: one word of a letter found nowhere else in
/// the output, so that its letters can be counted.
fn long_word() -> String {
    "Z".repeat(100_000)
}

/// `ayo ARGS` on `input`: the exit code and standard output.
fn output(args: &[&str], input: &[u8]) -> (i32, String) {
    let out = ayo().args(args).write_stdin(input).output().unwrap();
    let stdout = String::from_utf8(out.stdout).unwrap();
    (out.status.code().unwrap_or(-1), stdout)
}

/// 200 finished games between short names, and one whose South player has
/// the long name.
fn tournament() -> String {
    let mut text = String::new();
    for k in 0..200 {
        text += &format!(
            "[South \"Player {k}\"]\n[North \"Rival {k}\"]\n[Score \"25-20\"]\n\n1. cx7 1-0\n\n"
        );
    }
    text += &format!(
        "[South \"{}\"]\n[North \"Rival 0\"]\n[Score \"30-18\"]\n\n1. cx7 1-0\n",
        long_word()
    );
    text
}

#[test]
fn a_long_name_does_not_widen_every_standings_row() {
    let input = tournament();
    // Not a terminal and no COLUMNS: 100 columns.
    let (code, table) = output(&["standings"], input.as_bytes());
    assert_eq!(code, 0);
    // Before, each of the 401 rows was padded to the name: 40 MB.
    assert!(
        table.len() < 8 * input.len(),
        "{} bytes of table for {} bytes of input",
        table.len(),
        input.len()
    );
    assert!(table.lines().all(|l| l.chars().count() <= 100));
    // Broken over lines, not cut: every letter is there.
    assert_eq!(table.matches('Z').count(), 100_000);
    // Markdown is not padded at all, and CSV carries the name whole.
    let (code, markdown) = output(&["standings", "--format", "markdown"], input.as_bytes());
    assert_eq!(code, 0);
    assert!(markdown.len() < 2 * input.len(), "{} bytes", markdown.len());
    let (code, csv) = output(&["standings", "--format", "csv"], input.as_bytes());
    assert_eq!(code, 0);
    assert!(csv.lines().any(|l| l.contains(&long_word())));
    assert!(csv.len() < 2 * input.len(), "{} bytes", csv.len());
}

#[test]
fn a_long_tag_does_not_widen_every_duplicates_row() {
    // 60 games, each twice: 60 groups of two. Then one more game twice,
    // its second copy with an Event of the long word: a tag that differs.
    let games = ayo()
        .args(["generate", "--games", "61", "--seed", "3"])
        .output()
        .unwrap();
    assert_eq!(games.status.code(), Some(0));
    let text = String::from_utf8(games.stdout).unwrap();
    let at = text.rfind("[Event").unwrap();
    let (sixty, last) = text.split_at(at);
    let other = last.replacen(
        "[Event \"ayo generate\"]",
        &format!("[Event \"{}\"]", long_word()),
        1,
    );
    let input = format!("{sixty}\n{sixty}\n{last}\n{other}");
    let (code, table) = output(&["duplicates"], input.as_bytes());
    assert_eq!(code, 0, "{table}");
    // Before, each of the 122 rows was padded to the tag: 12 MB.
    assert!(
        table.len() < 8 * input.len(),
        "{} bytes of table for {} bytes of input",
        table.len(),
        input.len()
    );
    assert_eq!(table.matches('Z').count(), 100_000);
}

#[test]
fn a_word_wider_than_the_table_is_broken_at_its_column() {
    let name = format!("Adewale{}", "-Ogunleye".repeat(16));
    let input = format!(
        "[South \"{name}\"]\n[North \"Bola Ige\"]\n[Score \"25-20\"]\n\n1. cx7 1-0\n\n\
         [South \"Chidi Obi\"]\n[North \"Bola Ige\"]\n[Score \"24-24\"]\n\n1. cx7 1/2-1/2\n"
    );
    insta::assert_snapshot!(run(
        &["standings", "--width", "60", "--ascii"],
        Some(input.as_bytes())
    ));
}
