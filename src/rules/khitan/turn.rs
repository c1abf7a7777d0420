//! Complete turns (X6): a flip with its captures and, in expert and master, its placements;
//! generation with one turn per distinct successor position, bulk counting, copy-make play
//! and the end of the game (X4.5).
//!
//! Captures (X3.1) are found by a scan of every piece of the mover along its six lines: one
//! precomputed mask and one bit scan per line find the first piece, so the scan costs at most
//! 96 lookups whatever the board. Two different flips never leave the same position unless
//! both place pieces (a placement can refill the cell a flip left), so only then are the
//! successors compared.

use std::collections::HashSet;

use super::hex::{Direction, Hex};
use super::position::Position;
use super::tables::{AROUND, LINES, NEIGHBOURS, NONE, bit, direction_between, first_in_line, half, hexes};
use super::tile::{Colour, Tile};
use crate::rules::Side;

/// One complete turn (X6): the flip from `from` to the adjacent `to`, the cells of the
/// opponent's pieces it captures, and the placements it makes from the reserve (X4.3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Turn {
    pub from: Hex,
    pub to: Hex,
    /// The opponent's pieces taken (X3.1, X3.2).
    pub captured: u64,
    /// The cells pieces are placed on (X4.3).
    pub placed: u64,
    /// Each placement's orientation, four bits each, in the order of `placed`'s cells.
    pub orientations: u64,
}

impl Turn {
    /// A flip with what it captures and no placement.
    pub fn flip(from: Hex, to: Hex, captured: u64) -> Turn {
        Turn { from, to, captured, placed: 0, orientations: 0 }
    }

    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// The direction of the flip.
    pub fn direction(&self) -> Direction {
        direction_between(self.from, self.to).expect("a flip goes to a neighbour")
    }

    /// The placements, in cell order.
    pub fn placements(&self) -> impl Iterator<Item = (Hex, Tile)> + '_ {
        hexes(self.placed)
            .enumerate()
            .map(|(n, hex)| (hex, Tile::from_index(((self.orientations >> (4 * n)) & 15) as usize)))
    }

    /// This turn with `placements` (any order; each cell once).
    pub fn with_placements(mut self, placements: &[(Hex, Tile)]) -> Turn {
        let mut sorted = placements.to_vec();
        sorted.sort_by_key(|(hex, _)| *hex);
        self.placed = sorted.iter().fold(0, |set, (hex, _)| set | bit(*hex));
        self.orientations = sorted.iter().enumerate().fold(0, |o, (n, (_, tile))| o | (tile.index() as u64) << (4 * n));
        self
    }
}

/// The side that has won: the other side, when the side to move has no piece on the board
/// (X4.2, X4.5, X7.6). No legal move, the other way to lose, is found by generating.
pub fn winner(pos: &Position) -> Option<Side> {
    let me = pos.side_to_move();
    (pos.side(me) == 0).then_some(me.opponent())
}

/// Looks from every piece of `mover` along its six lines (X3.1): past empty cells to the
/// first piece; an opposing piece showing the looker's colour back is taken, and so is each
/// further opposing piece in line showing that colour, until a piece of either side that
/// does not. Calls `hit(looker, direction, taken)` for each, on the board as it stands (X3.2).
#[inline]
fn look(pos: &Position, mover: Side, mut hit: impl FnMut(usize, Direction, usize)) {
    let occupied = pos.occupied();
    let theirs = pos.side(mover.opponent());
    if theirs == 0 {
        return;
    }
    for looker in hexes(pos.side(mover)) {
        let tile = pos.tile_on(looker.index());
        for direction in Direction::ALL {
            if LINES[direction.index()][looker.index()] & theirs == 0 {
                continue;
            }
            let colour = tile.colour(direction);
            let back = direction.opposite();
            let mut from = looker.index();
            while let Some(seen) = first_in_line(from, direction, occupied) {
                if theirs & (1 << seen) == 0 || pos.tile_on(seen).colour(back) != colour {
                    break;
                }
                hit(looker.index(), direction, seen);
                from = seen;
            }
        }
    }
}

/// The pieces of `side` a look takes first, by the look's direction and the looker's colour:
/// a look along direction `d` from a looker showing colour `c` takes the first piece in line
/// when it is one of `targets[d][c]`, a piece showing `c` back (X3.1), and [`chain`] goes on
/// through them.
fn targets(pos: &Position, side: Side) -> [[u64; 6]; 6] {
    let mut targets = [[0; 6]; 6];
    for hex in hexes(pos.side(side)) {
        let tile = pos.tile_on(hex.index());
        for direction in Direction::ALL {
            targets[direction.opposite().index()][tile.colour(direction).index()] |= 1 << hex.index();
        }
    }
    targets
}

/// The opponent's pieces that the pieces of `mover` capture in `pos` (X3.1, X3.2); one taken
/// by two lookers counts once (X7.6).
pub fn captures(pos: &Position, mover: Side) -> u64 {
    let mut taken = 0;
    look(pos, mover, |_, _, seen| taken |= 1 << seen);
    taken
}

/// Each capture of [`captures`] with the piece that makes it and the direction it looks:
/// the lines of fire front ends show and hints name.
pub fn lines_of_fire(pos: &Position, mover: Side) -> Vec<(Hex, Direction, Hex)> {
    let mut lines = Vec::new();
    look(pos, mover, |looker, direction, seen| {
        lines.push((Hex::from_index(looker), direction, Hex::from_index(seen)));
    });
    lines
}

/// The captures of every flip from one position, found cheaply (X3.1, X3.2): a flip changes
/// only the lines through the cell it leaves and the cell it lands on, so the scan of the whole
/// board is made once for the position (usually finding nothing), the lines a piece uncovers by
/// leaving its cell once for the piece, and each flip then looks only from its landing cell.
pub struct FlipScan {
    /// The captures standing before any flip: looker, direction, piece taken.
    standing: Vec<(u8, u8, u8)>,
    /// The opponent's pieces a look takes, by its direction and the looker's colour
    /// ([`targets`]).
    targets: [[u64; 6]; 6],
}

/// The chain a looker makes along `direction` from cell `at` (X3.1): each piece in line that
/// is one of `targets` (the opposing pieces showing the looker's colour back), up to the first
/// piece that is not.
#[inline]
fn chain(mut at: usize, direction: Direction, occupied: u64, targets: u64) -> u64 {
    let mut taken = 0u64;
    if LINES[direction.index()][at] & targets == 0 {
        return 0;
    }
    while let Some(seen) = first_in_line(at, direction, occupied) {
        if targets & (1 << seen) == 0 {
            break;
        }
        taken |= 1 << seen;
        at = seen;
    }
    taken
}

impl FlipScan {
    /// The scan of `pos` for its side to move.
    pub fn new(pos: &Position) -> FlipScan {
        let me = pos.side_to_move();
        let mut standing = Vec::new();
        look(pos, me, |looker, direction, seen| {
            standing.push((looker as u8, direction as u8, seen as u8));
        });
        FlipScan { standing, targets: targets(pos, me.opponent()) }
    }

    /// The opposing pieces a look along `direction` from a looker showing `colour` takes.
    fn targets(&self, direction: Direction, colour: Colour) -> u64 {
        self.targets[direction.index()][colour.index()]
    }

    /// Calls `visit(from, to, captured)` for every flip of the side to move of `pos`, in
    /// [`for_each_flip`]'s order, with what it captures: the same set as [`captures`] on the
    /// position after the flip, found without making it.
    pub fn for_each_flip(&self, pos: &Position, mut visit: impl FnMut(Hex, Hex, u64)) {
        // The flips come piece by piece: what a piece uncovers is found at its first flip.
        let mut piece = None;
        let mut uncovered = [0; 6];
        each_flip(pos, |from, direction, to| {
            if piece != Some(from) {
                piece = Some(from);
                uncovered = self.uncovered(pos, from.index());
            }
            visit(from, to, self.captures(pos, from.index(), direction, to.index(), &uncovered));
        });
    }

    /// What the side to move captures by flipping the piece on `from` over its edge facing
    /// `direction` onto `to`, given what the piece uncovers by leaving.
    fn captures(&self, pos: &Position, from: usize, direction: Direction, to: usize, uncovered: &[u64; 6]) -> u64 {
        let landed = pos.tile_on(from).flipped(direction);
        let occupied = pos.occupied() ^ (1 << from) ^ (1 << to);
        let mut taken = 0u64;
        // Standing captures, unless made by the piece that moved or blocked by where it landed.
        for &(looker, line, seen) in &self.standing {
            let (looker, d) = (usize::from(looker), usize::from(line));
            let blocked = LINES[d][looker] & (1 << to) != 0 && LINES[d][to] & (1 << seen) != 0;
            if looker != from && !blocked {
                taken |= 1 << seen;
            }
        }
        // The landed piece looks along its six lines.
        for line in Direction::ALL {
            taken |= chain(to, line, occupied, self.targets(line, landed.colour(line)));
        }
        taken | uncovered[direction.index()]
    }

    /// What the piece on `from` uncovers by leaving its cell, by the direction of its flip,
    /// the landing cell set aside: along each line through the cell, a looker of the mover
    /// behind it, past opposing pieces that all show the looker's colour, now sees them and on
    /// beyond the cell left. A flip lands on one of the three axes through the cell and blocks
    /// it: along the flip's own direction the landed piece ends the look beyond (only the
    /// pieces between the looker and the cell left are taken), and the other way it stands
    /// between the cell left and any looker; the other two axes are open whole.
    fn uncovered(&self, pos: &Position, from: usize) -> [u64; 6] {
        let theirs = pos.side(pos.side_to_move().opponent());
        let occupied = pos.occupied() & !(1 << from);
        // What each line's looker takes between it and the cell left, and what each axis
        // (direction % 3) uncovers whole.
        let mut between = [0u64; 6];
        let mut axes = [0u64; 3];
        for direction in Direction::ALL {
            if LINES[direction.index()][from] & theirs == 0 {
                continue;
            }
            let back = direction.opposite();
            let mut at = from;
            let looker = loop {
                match first_in_line(at, back, occupied) {
                    Some(seen) if theirs & (1 << seen) != 0 => at = seen,
                    other => break other,
                }
            };
            let Some(looker) = looker else { continue };
            let targets = self.targets(direction, pos.tile_on(looker).colour(direction));
            let line_between =
                LINES[direction.index()][looker] & !LINES[direction.index()][from] & !(1 << from) & occupied;
            if line_between & !targets == 0 {
                between[direction.index()] = line_between;
                axes[direction.index() % 3] |= line_between | chain(from, direction, occupied, targets);
            }
        }
        std::array::from_fn(|k| between[k] | axes[(k + 1) % 3] | axes[(k + 2) % 3])
    }
}

/// The position after the flip alone, before its captures: the piece mirrored onto `to`.
pub fn flipped(pos: &Position, from: Hex, to: Hex) -> Position {
    let mut next = *pos;
    let (side, tile) = next.take(from).expect("a flip starts on a piece");
    let direction = direction_between(from, to).expect("a flip goes to a neighbour");
    next.put(to, side, tile.flipped(direction));
    next
}

/// How many pieces the mover must place after capturing `captured` pieces, with `free` empty
/// cells in its half (X4.3, X7.2): one per capture while the reserve and the cells last.
pub fn placements_owed(pos: &Position, captured: u32, free: u32) -> u32 {
    if !pos.version().places() {
        return 0;
    }
    captured.min(u32::from(pos.reserve(pos.side_to_move()))).min(free)
}

/// The empty cells of `side`'s half in `pos`.
pub fn free_cells(pos: &Position, side: Side) -> u64 {
    half(side) & !pos.occupied()
}

/// Calls `visit(from, to)` for every flip of the side to move; none once the game is over.
pub fn for_each_flip(pos: &Position, mut visit: impl FnMut(Hex, Hex)) {
    each_flip(pos, |from, _, to| visit(from, to));
}

/// [`for_each_flip`] with each flip's direction: piece by piece, in cell order, and each
/// piece's flips in the order of [`Direction::ALL`].
fn each_flip(pos: &Position, mut visit: impl FnMut(Hex, Direction, Hex)) {
    if winner(pos).is_some() {
        return;
    }
    let empty = !pos.occupied();
    for from in hexes(pos.side(pos.side_to_move())) {
        if AROUND[from.index()] & empty == 0 {
            continue;
        }
        for direction in Direction::ALL {
            let to = NEIGHBOURS[direction.index()][from.index()];
            if to != NONE && empty & (1 << to) != 0 {
                visit(from, direction, Hex::from_index(usize::from(to)));
            }
        }
    }
}

/// The position after a flip and its captures, with the count of placements it owes.
fn after_captures(pos: &Position, from: Hex, to: Hex, captured: u64) -> (Position, u32) {
    let me = pos.side_to_move();
    let mut next = flipped(pos, from, to);
    for hex in hexes(captured) {
        next.take(hex);
    }
    let owed = placements_owed(pos, captured.count_ones(), free_cells(&next, me).count_ones());
    (next, owed)
}

/// Appends every placement set of `owed` pieces on `cells` (each set of cells once, each cell
/// in any of the 12 orientations) to `base`.
fn push_placements(base: Turn, cells: &[Hex], owed: usize, out: &mut Vec<Turn>) {
    fn choose(base: Turn, cells: &[Hex], owed: usize, chosen: &mut Vec<(Hex, Tile)>, out: &mut Vec<Turn>) {
        if chosen.len() == owed {
            out.push(base.with_placements(chosen));
            return;
        }
        let still = owed - chosen.len();
        for (i, &hex) in cells.iter().enumerate().take(cells.len() + 1 - still) {
            for tile in Tile::all() {
                chosen.push((hex, tile));
                choose(base, &cells[i + 1..], owed, chosen, out);
                chosen.pop();
            }
        }
    }
    choose(base, cells, owed, &mut Vec::with_capacity(owed), out);
}

/// One flip with what it captures, the board after its captures and the placements it owes.
struct Flip {
    turn: Turn,
    after: Position,
    owed: u32,
}

/// Every flip of the side to move with its captures (X3), found with one [`FlipScan`].
fn flips(pos: &Position) -> Vec<Flip> {
    let mut out = Vec::new();
    FlipScan::new(pos).for_each_flip(pos, |from, to, captured| {
        let (after, owed) = after_captures(pos, from, to, captured);
        out.push(Flip { turn: Turn::flip(from, to, captured), after, owed });
    });
    out
}

/// Whether two placing flips could leave the same position: only when they capture the same
/// pieces and place as many (then a placement may refill the cell the other flip left, or
/// take the other's landing cell, with the orientation that flip gives).
fn may_coincide(a: &Flip, b: &Flip) -> bool {
    a.owed > 0 && a.owed == b.owed && a.turn.captured == b.turn.captured
}

/// What tells apart the successors of flips that may coincide (same pieces taken, as many
/// placed, so the same opposing pieces and reserves): the mover's cells, each one's
/// orientation in cell order, and the pieces taken. Exact, and cheaper than the position.
fn successor_key(flip: &Flip, turn: &Turn, me: Side) -> (u64, u64, u64) {
    let cells = flip.after.side(me) | turn.placed;
    let mut placed = turn.placements();
    let mut next_placed = placed.next();
    let mut tiles = 0u64;
    for (n, hex) in hexes(cells).enumerate() {
        let tile = match next_placed {
            Some((at, tile)) if at == hex => {
                next_placed = placed.next();
                tile
            }
            _ => flip.after.tile_on(hex.index()),
        };
        tiles |= (tile.index() as u64) << (4 * n);
    }
    (cells, tiles, turn.captured)
}

/// Appends `flip`'s turns: the flip alone, or with each distinct set of placements.
fn push_flip(flip: &Flip, me: Side, out: &mut Vec<Turn>) {
    if flip.owed == 0 {
        out.push(flip.turn);
    } else {
        let cells: Vec<Hex> = hexes(free_cells(&flip.after, me)).collect();
        push_placements(flip.turn, &cells, flip.owed as usize, out);
    }
}

/// Appends every legal turn of the side to move, one per distinct successor position (X6):
/// the turns of flips that may coincide are compared by what they leave.
pub fn generate_turns(pos: &Position, out: &mut Vec<Turn>) {
    let me = pos.side_to_move();
    if !pos.version().places() || pos.reserve(me) == 0 {
        // Nothing is placed, so every flip is one turn of its own (see the module's head),
        // and the board after it is not needed.
        FlipScan::new(pos).for_each_flip(pos, |from, to, captured| out.push(Turn::flip(from, to, captured)));
        return;
    }
    let flips = flips(pos);
    let mut seen = HashSet::new();
    for (i, flip) in flips.iter().enumerate() {
        if !flips.iter().enumerate().any(|(j, other)| i != j && may_coincide(flip, other)) {
            push_flip(flip, me, out);
            continue;
        }
        let start = out.len();
        push_flip(flip, me, out);
        let mut kept = start;
        for n in start..out.len() {
            let turn = out[n];
            if seen.insert(successor_key(flip, &turn, me)) {
                out[kept] = turn;
                kept += 1;
            }
        }
        out.truncate(kept);
    }
}

/// `n` choose `k`, saturating.
fn binomial(n: u64, k: u64) -> u64 {
    (0..k).fold(1u64, |acc, i| acc.saturating_mul(n - i) / (i + 1))
}

/// The number of legal turns (X6). In classic every flip is one turn, counted by popcount; a
/// flip that places `k` pieces on `n` free cells is `C(n, k) · 12^k` turns; the turns of flips
/// that may coincide are generated and compared.
pub fn count_turns(pos: &Position) -> u64 {
    let me = pos.side_to_move();
    if winner(pos).is_some() {
        return 0;
    }
    let empty = !pos.occupied();
    if !pos.version().places() || pos.reserve(me) == 0 {
        return hexes(pos.side(me)).map(|from| u64::from((AROUND[from.index()] & empty).count_ones())).sum();
    }
    let flips = flips(pos);
    let mut n = 0u64;
    let mut seen = HashSet::new();
    let mut turns = Vec::new();
    for (i, flip) in flips.iter().enumerate() {
        if flips.iter().enumerate().any(|(j, other)| i != j && may_coincide(flip, other)) {
            turns.clear();
            push_flip(flip, me, &mut turns);
            for turn in &turns {
                n += u64::from(seen.insert(successor_key(flip, turn, me)));
            }
        } else if flip.owed == 0 {
            n += 1;
        } else {
            let free = u64::from(free_cells(&flip.after, me).count_ones());
            n = n.saturating_add(binomial(free, u64::from(flip.owed)).saturating_mul(12u64.saturating_pow(flip.owed)));
        }
    }
    n
}

/// Whether the side to move has a legal move (X4.5).
pub fn has_turn(pos: &Position) -> bool {
    let empty = !pos.occupied();
    winner(pos).is_none() && hexes(pos.side(pos.side_to_move())).any(|from| AROUND[from.index()] & empty != 0)
}

/// Plays a generated turn (copy-make): the flip, the captures, the placements and the reserves
/// (X4.3, X4.4); the side to move passes.
pub fn play(pos: &mut Position, turn: &Turn) {
    let me = pos.side_to_move();
    let (side, tile) = pos.take(turn.from).expect("a turn starts on a piece");
    pos.put(turn.to, side, tile.flipped(turn.direction()));
    for hex in hexes(turn.captured) {
        pos.take(hex);
    }
    if turn.placed != 0 {
        for (hex, tile) in turn.placements() {
            pos.put(hex, me, tile);
        }
        pos.set_reserve(me, pos.reserve(me) - turn.placed.count_ones() as u8);
    }
    if pos.version() == super::Version::Master && turn.captured != 0 {
        let them = me.opponent();
        pos.set_reserve(them, pos.reserve(them) + turn.captured.count_ones() as u8);
    }
    pos.pass_turn();
}
