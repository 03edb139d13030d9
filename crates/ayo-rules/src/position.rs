//! The board: [`Side`], [`Pit`], [`Position`] and set-up strings
//! (`2,5,2,0,3,2/1,0,1,3,2,0 16-11 S`).

use std::fmt;
use std::str::FromStr;

use super::packed::{Packed, pack};
use super::ruleset::{MAX_PITS, MAX_SEEDS, MIN_PITS, Ruleset};

/// See [`Position::MAX_BOARD`].
pub(crate) const MAX_BOARD: usize = 2 * MAX_PITS as usize;

/// `ROW_MASKS[pits][side]`: the bytes of `side`'s row on a [`Packed`] board of
/// `pits` pits a row (at most 8, so that both rows fit). A table, as working
/// the mask out with shifts of 128 bits took more instructions than the rest
/// of the test.
static ROW_MASKS: [[Packed; 2]; 9] = row_masks();

const fn row_masks() -> [[Packed; 2]; 9] {
    let mut masks = [[0; 2]; 9];
    let mut n = 1;
    while n <= 8 {
        let row = Packed::MAX >> (128 - 8 * n);
        masks[n] = [row, row << (8 * n)];
        n += 1;
    }
    masks
}

/// One of the two players. South owns the bottom row and moves first by default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// Bottom row, lowercase letters.
    South,
    /// Top row, uppercase letters.
    North,
}

impl Side {
    /// The other player.
    #[inline]
    pub fn opponent(self) -> Side {
        match self {
            Side::South => Side::North,
            Side::North => Side::South,
        }
    }

    /// 0 for South, 1 for North: the index of the side's store.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// `"south"` or `"north"`.
    #[inline]
    pub fn name(self) -> &'static str {
        match self {
            Side::South => "south",
            Side::North => "north",
        }
    }

    /// `"South"` or `"North"`.
    #[inline]
    pub fn title(self) -> &'static str {
        match self {
            Side::South => "South",
            Side::North => "North",
        }
    }
}

/// A pit, by its place on the sowing ring: South's pits first (`a` = 0), then
/// North's (`A` = `pits`). Sowing goes up the ring, which is counter-clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Pit(u8);

impl Pit {
    /// The `index`-th pit (from its owner's left, 0-based) of `side` on a board of
    /// `pits` pits a row; `None` unless `index < pits <= MAX_PITS`.
    #[inline]
    pub fn new(side: Side, index: u8, pits: u8) -> Option<Pit> {
        (index < pits && pits <= MAX_PITS).then(|| Pit::on_board(side, index, pits))
    }

    /// [`Pit::new`] for arguments already known to be in range.
    #[inline]
    fn on_board(side: Side, index: u8, pits: u8) -> Pit {
        debug_assert!(index < pits && pits <= MAX_PITS);
        Pit(match side {
            Side::South => index,
            Side::North => pits + index,
        })
    }

    /// The pit at ring position `ring`, which the caller knows to be on the
    /// board (`ring < 2 × pits`, so below [`Position::MAX_BOARD`]): the inverse of
    /// [`Pit::ring`], for loops over the board that cannot afford
    /// [`Pit::new`]'s checks. Elsewhere a pit is named by its side and index
    /// or its letter.
    #[inline]
    pub fn from_ring(ring: usize) -> Pit {
        debug_assert!(ring < MAX_BOARD);
        Pit(ring as u8)
    }

    /// The place on the sowing ring.
    #[inline]
    pub fn ring(self) -> usize {
        usize::from(self.0)
    }

    /// The owner of the pit.
    #[inline]
    pub fn side(self, pits: u8) -> Side {
        if self.0 < pits {
            Side::South
        } else {
            Side::North
        }
    }

    /// 0-based index in its owner's row, from the owner's left.
    #[inline]
    pub fn index(self, pits: u8) -> u8 {
        if self.0 < pits { self.0 } else { self.0 - pits }
    }

    /// The pit across the board.
    #[inline]
    pub fn opposite(self, pits: u8) -> Pit {
        Pit(2 * pits - 1 - self.0)
    }

    /// The pit's letter: `a`… for South, `A`… for North.
    #[inline]
    pub fn letter(self, pits: u8) -> char {
        let i = self.index(pits);
        match self.side(pits) {
            Side::South => char::from(b'a' + i),
            Side::North => char::from(b'A' + i),
        }
    }

    /// The pit a letter names on a board of `pits` pits a row, if any.
    pub fn from_letter(c: char, pits: u8) -> Option<Pit> {
        // The side from the case bit, not a branch on the case: moves
        // alternate between the sides, and such a branch was often
        // mispredicted. Setting the bit makes capitals lowercase and leaves
        // no other byte a letter.
        let b = u8::try_from(c).ok()?;
        let i = (b | 0x20).wrapping_sub(b'a');
        let north = b & 0x20 == 0;
        (i < 26 && i < pits && pits <= MAX_PITS).then(|| Pit(i + u8::from(north) * pits))
    }
}

/// A position: both rows, both stores, and the side to move.
///
/// Only the first `2 × pits` entries of the board are used; the array is fixed
/// so that positions are `Copy` and making a move allocates nothing.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    pub(crate) board: [u16; MAX_BOARD],
    pub(crate) stores: [u16; 2],
    pub(crate) to_move: Side,
    pub(crate) pits: u8,
    /// Every seed, board and stores. Moves only carry seeds between pits and
    /// stores, so this never changes; kept so that the majority check, made
    /// before every move, need not add up the board.
    pub(crate) total: u16,
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position({self})")
    }
}

impl Position {
    /// The most pits a board can have (two rows of [`Ruleset::MAX_PITS`]).
    pub const MAX_BOARD: usize = MAX_BOARD;

    /// The start position of a ruleset: `seeds` in every pit, empty stores, South to move.
    pub fn start(rules: &Ruleset) -> Position {
        let mut board = [0; MAX_BOARD];
        let ring = 2 * u16::from(rules.pits());
        board[..usize::from(ring)].fill(u16::from(rules.seeds()));
        Position {
            board,
            stores: [0, 0],
            to_move: Side::South,
            pits: rules.pits(),
            total: ring * u16::from(rules.seeds()),
        }
    }

    /// Builds a position from rows read from each owner's left.
    pub fn from_rows(
        south: &[u16],
        north: &[u16],
        stores: [u16; 2],
        to_move: Side,
    ) -> Result<Position, SetupError> {
        let n = south.len();
        if north.len() != n {
            return Err(SetupError::RowLengths {
                south: n,
                north: north.len(),
            });
        }
        if !(usize::from(MIN_PITS)..=usize::from(MAX_PITS)).contains(&n) {
            return Err(SetupError::PitCount(n));
        }
        let total: u64 = south
            .iter()
            .chain(north)
            .chain(&stores)
            .map(|&x| u64::from(x))
            .sum();
        // The most a start position holds (`seeds=100` in every pit), board
        // and stores together. Anything beyond is no game a ruleset can reach,
        // and would let a short record make replay print gigabytes of laps.
        let max = 2 * n as u64 * u64::from(MAX_SEEDS);
        if total > max {
            return Err(SetupError::TooManySeeds { seeds: total, max });
        }
        let mut board = [0; MAX_BOARD];
        board[..n].copy_from_slice(south);
        board[n..2 * n].copy_from_slice(north);
        Ok(Position {
            board,
            stores,
            to_move,
            // 2 to 26, checked above.
            pits: n as u8,
            // At most 2 × 26 × 100, checked above.
            total: total as u16,
        })
    }

    /// Pits in each row.
    #[inline]
    pub fn pits(&self) -> u8 {
        self.pits
    }

    /// The side to move.
    #[inline]
    pub fn to_move(&self) -> Side {
        self.to_move
    }

    /// Seeds in a pit.
    #[inline]
    pub fn seeds(&self, pit: Pit) -> u16 {
        self.board[pit.ring()]
    }

    /// The whole ring, South's row then North's.
    #[inline]
    pub fn board(&self) -> &[u16] {
        &self.board[..2 * usize::from(self.pits)]
    }

    /// One side's row, from its owner's left.
    #[inline]
    pub fn row(&self, side: Side) -> &[u16] {
        let n = usize::from(self.pits);
        // South's row first, then North's: arithmetic rather than a branch
        // that the alternating sides to move would mispredict.
        let start = side.index() * n;
        &self.board[start..start + n]
    }

    /// Whether one side's row holds no seeds. Looks at every pit rather than
    /// stopping at the first seed: a fixed-length loop has no branch to
    /// mispredict.
    ///
    /// On a board of up to eight pits a row (the standard one has six), the
    /// sixteen first pits are packed a byte each, as the sowing packs them,
    /// and the row's bytes tested at once: no loop over a length the
    /// compiler cannot know.
    #[inline]
    pub(crate) fn row_is_empty(&self, side: Side) -> bool {
        let n = usize::from(self.pits);
        if n <= 8 {
            return pack(&self.board) & ROW_MASKS[n][side.index()] == 0;
        }
        self.row(side).iter().fold(0, |acc, &x| acc | x) == 0
    }

    /// Seeds in one side's row.
    #[inline]
    pub fn row_total(&self, side: Side) -> u32 {
        self.row(side).iter().map(|&x| u32::from(x)).sum()
    }

    /// The stores, South's first.
    #[inline]
    pub fn stores(&self) -> [u16; 2] {
        self.stores
    }

    /// Every seed in the position, board and stores.
    #[inline]
    pub fn total_seeds(&self) -> u32 {
        u32::from(self.total)
    }

    /// The pits of one side, from its owner's left.
    #[inline]
    pub fn pits_of(
        &self,
        side: Side,
    ) -> impl DoubleEndedIterator<Item = Pit> + ExactSizeIterator + use<> {
        let pits = self.pits;
        (0..pits).map(move |i| Pit::on_board(side, i, pits))
    }

    /// Does this position fit the ruleset's board?
    pub fn check_fits(&self, rules: &Ruleset) -> Result<(), SetupError> {
        if self.pits != rules.pits() {
            return Err(SetupError::WrongBoard {
                setup: self.pits,
                rules: rules.pits(),
            });
        }
        Ok(())
    }

    /// Parses a set-up string and checks that it fits the ruleset's board.
    ///
    /// A set-up string is South's row, `/`, North's row (each from its
    /// owner's left), the stores `S-N` and the side to move.
    ///
    /// ```
    /// use ayo_rules::{Position, Ruleset, SetupError, Side};
    ///
    /// let russ = Ruleset::RUSS;
    /// let pos = Position::from_setup("2,5,2,0,3,2/1,0,1,3,2,0 16-11 S", &russ).unwrap();
    /// assert_eq!((pos.to_move(), pos.stores(), pos.total_seeds()), (Side::South, [16, 11], 48));
    ///
    /// // A 2 x 8 set-up does not fit russ's 2 x 6 board.
    /// let err = Position::from_setup("4,4,4,4,4,4,4,4/4,4,4,4,4,4,4,4 0-0 S", &russ).unwrap_err();
    /// assert!(matches!(err, SetupError::WrongBoard { .. }));
    /// ```
    #[inline]
    pub fn from_setup(setup: &str, rules: &Ruleset) -> Result<Position, SetupError> {
        let pos: Position = setup.parse()?;
        pos.check_fits(rules)?;
        Ok(pos)
    }
}

/// Why a set-up string was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// Not three space-separated parts.
    #[error(
        "expected three parts separated by spaces: rows (south/north), stores (S-N) and the side to move (S or N), e.g. `2,5,2,0,3,2/1,0,1,3,2,0 16-11 S`; found {0}"
    )]
    Parts(usize),
    /// No `/` between the rows.
    #[error("expected the two rows separated by `/`, e.g. `4,4,4,4,4,4/4,4,4,4,4,4`; found `{0}`")]
    Rows(String),
    /// A pit count that is not a number.
    #[error("{side} row, pit {pit}: expected a number of seeds, found `{found}`")]
    Seeds {
        /// `South` or `North`.
        side: &'static str,
        /// The pit's letter.
        pit: char,
        /// What stood there.
        found: String,
    },
    /// Rows of different lengths.
    #[error("the rows differ in length: South has {south} pits, North {north}")]
    RowLengths {
        /// South's pits.
        south: usize,
        /// North's pits.
        north: usize,
    },
    /// Too few or too many pits.
    #[error("expected 2 to 26 pits a row; found {0}")]
    PitCount(usize),
    /// Malformed stores.
    #[error("expected the stores as two numbers `S-N`, e.g. `16-11`; found `{0}`")]
    Stores(String),
    /// Malformed side to move.
    #[error("expected the side to move, `S` or `N`; found `{0}`")]
    ToMove(String),
    /// More seeds, board and stores together, than 100 a pit (the most a
    /// ruleset's start can hold, `seeds=100`).
    #[error(
        "the set-up holds {seeds} seeds, board and stores: at most {max} (100 a pit) are supported on this board"
    )]
    TooManySeeds {
        /// Seeds in the set-up.
        seeds: u64,
        /// 2 × pits × 100.
        max: u64,
    },
    /// The set-up's board and the ruleset's disagree.
    #[error("the set-up has {setup} pits a row, but the ruleset has pits={rules}")]
    WrongBoard {
        /// Pits a row in the set-up.
        setup: u8,
        /// `pits` of the ruleset.
        rules: u8,
    },
}

fn count(s: &str) -> Option<u16> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    s.parse().ok()
}

fn parse_row(text: &str, side: Side) -> Result<Vec<u16>, SetupError> {
    text.split(',')
        .enumerate()
        .map(|(i, s)| {
            count(s).ok_or_else(|| SetupError::Seeds {
                side: side.title(),
                pit: if i < 26 {
                    let base = if side == Side::South { b'a' } else { b'A' };
                    char::from(base + i as u8)
                } else {
                    '?'
                },
                found: s.to_string(),
            })
        })
        .collect()
}

impl FromStr for Position {
    type Err = SetupError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let parts: Vec<&str> = s.split_whitespace().collect();
        let [rows, stores, to_move] = parts[..] else {
            return Err(SetupError::Parts(parts.len()));
        };
        let (south, north) = rows
            .split_once('/')
            .ok_or_else(|| SetupError::Rows(rows.to_string()))?;
        let south = parse_row(south, Side::South)?;
        let north = parse_row(north, Side::North)?;
        let stores_err = || SetupError::Stores(stores.to_string());
        let (s, n) = stores.split_once('-').ok_or_else(stores_err)?;
        let stores = [
            count(s).ok_or_else(stores_err)?,
            count(n).ok_or_else(stores_err)?,
        ];
        let to_move = match to_move {
            "S" => Side::South,
            "N" => Side::North,
            other => return Err(SetupError::ToMove(other.to_string())),
        };
        Position::from_rows(&south, &north, stores, to_move)
    }
}

impl fmt::Display for Position {
    /// The set-up string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let join = |row: &[u16]| {
            row.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(",")
        };
        write!(
            f,
            "{}/{} {}-{} {}",
            join(self.row(Side::South)),
            join(self.row(Side::North)),
            self.stores[0],
            self.stores[1],
            match self.to_move {
                Side::South => 'S',
                Side::North => 'N',
            }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The packed test of an empty row says what looking at each pit says,
    /// on every board size, with pits of more than a byte's worth too.
    #[test]
    fn row_is_empty_looks_at_the_row_alone() {
        let mut state = 7u64;
        for pits in MIN_PITS..=MAX_PITS {
            for _ in 0..300 {
                let mut board = [0u16; MAX_BOARD];
                for x in board[..2 * usize::from(pits)].iter_mut() {
                    state = state
                        .wrapping_mul(6364136223846793005)
                        .wrapping_add(1442695040888963407);
                    // Mostly empty pits, so that empty rows come up.
                    *x = match state >> 61 {
                        0 => 256 * (1 + (state >> 40) as u16 % 3),
                        1 => 1 + (state >> 32) as u16 % 300,
                        _ => 0,
                    };
                }
                let pos = Position {
                    board,
                    stores: [0, 0],
                    to_move: Side::South,
                    pits,
                    total: 0,
                };
                for side in [Side::South, Side::North] {
                    assert_eq!(
                        pos.row_is_empty(side),
                        pos.row(side).iter().all(|&x| x == 0),
                        "{pits} pits, {side:?}: {board:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn letters_and_opposites() {
        let p = 6;
        let a = Pit::from_letter('a', p).unwrap();
        let f = Pit::from_letter('f', p).unwrap();
        let big_a = Pit::from_letter('A', p).unwrap();
        let big_f = Pit::from_letter('F', p).unwrap();
        assert_eq!(a.opposite(p), big_f);
        assert_eq!(f.opposite(p), big_a);
        assert_eq!(big_a.ring(), 6);
        assert_eq!(big_f.letter(p), 'F');
        assert_eq!(Pit::from_letter('g', p), None);
        assert_eq!(Pit::from_letter('z', 26).unwrap().letter(26), 'z');
    }

    /// Every character names the pit its case and place in the alphabet say,
    /// on every board size, or none.
    #[test]
    fn from_letter_reads_case_and_place() {
        for pits in MIN_PITS..=MAX_PITS {
            for c in (0..0x300).filter_map(char::from_u32) {
                let expected = match c {
                    'a'..='z' => Some((Side::South, c as u8 - b'a')),
                    'A'..='Z' => Some((Side::North, c as u8 - b'A')),
                    _ => None,
                }
                .filter(|&(_, i)| i < pits);
                let got = Pit::from_letter(c, pits).map(|p| (p.side(pits), p.index(pits)));
                assert_eq!(got, expected, "{c:?} on {pits} pits");
                if let Some(p) = Pit::from_letter(c, pits) {
                    assert_eq!(p.letter(pits), c);
                }
            }
        }
    }

    #[test]
    fn setup_round_trip() {
        let s = "2,5,2,0,3,2/1,0,1,3,2,0 16-11 S";
        let p: Position = s.parse().unwrap();
        assert_eq!(p.to_string(), s);
        assert_eq!(p.total_seeds(), 48);
        assert_eq!(p.row(Side::North), &[1, 0, 1, 3, 2, 0]);
    }

    #[test]
    fn setup_errors() {
        let err = |s: &str| s.parse::<Position>().unwrap_err().to_string();
        insta::assert_snapshot!(err("4,4/4,4 0-0"), @"expected three parts separated by spaces: rows (south/north), stores (S-N) and the side to move (S or N), e.g. `2,5,2,0,3,2/1,0,1,3,2,0 16-11 S`; found 2");
        insta::assert_snapshot!(err("4,4,4,4 0-0 S"), @"expected the two rows separated by `/`, e.g. `4,4,4,4,4,4/4,4,4,4,4,4`; found `4,4,4,4`");
        insta::assert_snapshot!(err("4,x/4,4 0-0 S"), @"South row, pit b: expected a number of seeds, found `x`");
        insta::assert_snapshot!(err("4,4/4, 0-0 S"), @"North row, pit B: expected a number of seeds, found ``");
        insta::assert_snapshot!(err("4,4,4/4,4 0-0 S"), @"the rows differ in length: South has 3 pits, North 2");
        insta::assert_snapshot!(err("4/4 0-0 S"), @"expected 2 to 26 pits a row; found 1");
        insta::assert_snapshot!(err("4,4/4,4 0 S"), @"expected the stores as two numbers `S-N`, e.g. `16-11`; found `0`");
        insta::assert_snapshot!(err("4,4/4,4 0-0 W"), @"expected the side to move, `S` or `N`; found `W`");
        insta::assert_snapshot!(err("60000,4/4,60000 0-0 S"), @"the set-up holds 120008 seeds, board and stores: at most 400 (100 a pit) are supported on this board");
        // The record of the issue: 60,003 seeds on a 2 x 2 board.
        insta::assert_snapshot!(err("60000,1/1,1 0-0 S"), @"the set-up holds 60003 seeds, board and stores: at most 400 (100 a pit) are supported on this board");
        // Stores count too; exactly 100 a pit is fine.
        insta::assert_snapshot!(err("100,100/100,100 1-0 S"), @"the set-up holds 401 seeds, board and stores: at most 400 (100 a pit) are supported on this board");
        assert!("100,100/100,100 0-0 S".parse::<Position>().is_ok());
        let six: Ruleset = "russ".parse().unwrap();
        insta::assert_snapshot!(Position::from_setup("4,4/4,4 0-0 S", &six).unwrap_err().to_string(), @"the set-up has 2 pits a row, but the ruleset has pits=6");
    }
}
