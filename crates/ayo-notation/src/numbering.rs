//! Move numbering: which number and which player's turn each move of a line
//! has. One home for the rule that replay checks, the writer writes and the
//! JSON output reports: a number covers a move of the first player (`n.`) and
//! the reply of the second (`n...`), and the players alternate.

/// Where a move stands in a line: its move number, and whether it is the
/// second player's (North's) move of that number, written `n...`.
///
/// ```
/// use ayo_notation::Numbering;
///
/// // A line that starts with North's reply to move 3.
/// let start = Numbering::new(3, true);
/// let texts: Vec<String> = (0..4).map(|k| start.nth(k).to_string()).collect();
/// assert_eq!(texts, ["3...", "4.", "4...", "5."]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Numbering {
    /// The move number.
    pub number: u32,
    /// North's move (the second of its number), rather than South's.
    pub north: bool,
}

impl Numbering {
    /// The place of a line's first move.
    pub fn new(number: u32, north: bool) -> Numbering {
        Numbering { number, north }
    }

    /// The place of the move after this one: the other player's, and a new
    /// number after North's move.
    pub fn next(self) -> Numbering {
        Numbering {
            number: self.number.saturating_add(u32::from(self.north)),
            north: !self.north,
        }
    }

    /// The place of the move `k` moves after this one.
    pub fn nth(self, k: usize) -> Numbering {
        let north = self.north != (k % 2 == 1);
        let steps = (k + usize::from(self.north)) / 2;
        Numbering {
            number: self
                .number
                .saturating_add(u32::try_from(steps).unwrap_or(u32::MAX)),
            north,
        }
    }
}

impl std::fmt::Display for Numbering {
    /// `n.` or `n...`, as written before a move.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}{}", self.number, if self.north { "..." } else { "." })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn next_and_nth_agree() {
        for north in [false, true] {
            let start = Numbering::new(7, north);
            let mut at = start;
            for k in 0..10 {
                assert_eq!(start.nth(k), at, "{k}");
                at = at.next();
            }
        }
        assert_eq!(Numbering::new(1, false).nth(3).to_string(), "2...");
    }
}
