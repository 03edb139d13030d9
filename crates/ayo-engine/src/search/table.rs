//! The transposition table: one entry a slot, always replaced.

use super::Value;

/// How an entry's value bounds the position's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Bound {
    /// The value itself.
    Exact,
    /// At least the value (the search failed high).
    Lower,
    /// At most the value (the search failed low).
    Upper,
}

/// What the search remembers about a position.
#[derive(Clone, Copy, Debug)]
pub(super) struct Entry {
    key: u64,
    value: i16,
    /// Remaining depth the value was searched to.
    depth: u8,
    /// [`Bound`] in bits 0–1; [`HORIZON`](super::negamax) in bit 2.
    flags: u8,
    /// Ring index of the best move, or `NO_MOVE`.
    best: u8,
    /// The search ([`Table::new_search`]) that wrote the entry: older ones
    /// are taken as empty, which is a clear that costs nothing.
    generation: u8,
}

const NO_MOVE: u8 = u8::MAX;

/// What a lookup found.
#[derive(Clone, Copy, Debug)]
pub(super) struct Hit {
    pub value: Value,
    pub depth: u32,
    pub bound: Bound,
    /// Some position below was scored at the horizon.
    pub horizon: bool,
    /// Ring index of the best move.
    pub best: Option<usize>,
}

/// A fixed-size table of entries, indexed by the low bits of the key.
pub(super) struct Table {
    entries: Vec<Entry>,
    mask: usize,
    generation: u8,
}

const EMPTY: Entry = Entry {
    key: 0,
    value: 0,
    depth: 0,
    flags: 0,
    best: NO_MOVE,
    generation: 0,
};

impl Table {
    /// A table of 2^bits entries (16 bytes each).
    pub fn new(bits: u32) -> Table {
        let len = 1usize << bits;
        Table {
            entries: vec![EMPTY; len],
            mask: len - 1,
            generation: 1,
        }
    }

    /// Forgets every entry, by moving to the next generation; every 255
    /// searches the slots are really cleared so that an old generation
    /// number never comes back to life.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
        if self.generation == 0 {
            self.entries.fill(EMPTY);
            self.generation = 1;
        }
    }

    #[inline]
    pub fn get(&self, key: u64) -> Option<Hit> {
        let e = self.entries[key as usize & self.mask];
        (e.generation == self.generation && e.key == key).then(|| Hit {
            value: Value::from(e.value),
            depth: u32::from(e.depth),
            bound: match e.flags & 3 {
                0 => Bound::Exact,
                1 => Bound::Lower,
                _ => Bound::Upper,
            },
            horizon: e.flags & 4 != 0,
            best: (e.best != NO_MOVE).then_some(usize::from(e.best)),
        })
    }

    #[inline]
    pub fn put(
        &mut self,
        key: u64,
        value: Value,
        depth: u32,
        bound: Bound,
        horizon: bool,
        best: Option<usize>,
    ) {
        let bound = match bound {
            Bound::Exact => 0,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        self.entries[key as usize & self.mask] = Entry {
            key,
            // Values are at most the seeds of a board (5,200) either way, and
            // the search's infinities are within i16 too.
            value: value as i16,
            depth: depth.min(u32::from(u8::MAX)) as u8,
            flags: bound | if horizon { 4 } else { 0 },
            best: best.map_or(NO_MOVE, |b| b as u8),
            generation: self.generation,
        };
    }
}
