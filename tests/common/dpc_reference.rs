//! A deliberately simple Desert Pub Chess move generator written straight from the rule text
//! (P2, P6): an array board, every step, leap and capture tried square by square, every jump
//! chain followed path by path with no memory, and the distinct successor boards collected
//! in a set. Slow and obviously right, to check the fast generator against.

use std::collections::BTreeSet;

use khalif::rules::Side;
use khalif::rules::desert_pub_chess::{Kind, Position, Square};

/// A board as 64 cells of (side, kind), `a1` first, and the side to move.
pub type Board = (Vec<Option<(Side, Kind)>>, Side);

pub fn board(pos: &Position) -> Board {
    (Square::all().map(|s| pos.piece_at(s).map(|p| (p.side, p.kind))).collect(), pos.side_to_move())
}

fn at(cells: &[Option<(Side, Kind)>], file: i32, rank: i32) -> Option<Option<(Side, Kind)>> {
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| cells[(rank * 8 + file) as usize])
}

fn index(file: i32, rank: i32) -> usize {
    (rank * 8 + file) as usize
}

/// Every distinct board the side to move can leave (P6), or none when it has no piece (P3.1).
pub fn successors(pos: &Position) -> BTreeSet<Vec<Option<(Side, Kind)>>> {
    let (cells, me) = board(pos);
    let mut out = BTreeSet::new();
    if !cells.iter().any(|c| matches!(c, Some((s, _)) if *s == me)) {
        return out;
    }
    let enemy = |c: Option<Option<(Side, Kind)>>| matches!(c, Some(Some((s, _))) if s != me);
    let empty = |c: Option<Option<(Side, Kind)>>| matches!(c, Some(None));
    let forward = if me == Side::First { 1 } else { -1 };
    for rank in 0..8 {
        for file in 0..8 {
            let Some((side, kind)) = cells[index(file, rank)] else { continue };
            if side != me {
                continue;
            }
            let mut land = |to: (i32, i32), into: Kind| {
                let mut next = cells.clone();
                next[index(file, rank)] = None;
                next[index(to.0, to.1)] = Some((me, into));
                out.insert(next);
            };
            match kind {
                Kind::Pawn => {
                    let last = if me == Side::First { 7 } else { 0 };
                    let mut pawn_to = |to: (i32, i32)| {
                        if to.1 == last {
                            for into in [Kind::Knight, Kind::Wazir, Kind::Ferz, Kind::Prince] {
                                land(to, into);
                            }
                        } else {
                            land(to, Kind::Pawn);
                        }
                    };
                    if empty(at(&cells, file, rank + forward)) {
                        pawn_to((file, rank + forward));
                    }
                    for df in [-1, 1] {
                        if enemy(at(&cells, file + df, rank + forward)) {
                            pawn_to((file + df, rank + forward));
                        }
                    }
                }
                Kind::Knight | Kind::Prince => {
                    let offsets: &[(i32, i32)] = if kind == Kind::Knight {
                        &[(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
                    } else {
                        &[(0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1), (-1, 0), (-1, 1)]
                    };
                    for (df, dr) in offsets {
                        let to = (file + df, rank + dr);
                        if empty(at(&cells, to.0, to.1)) || enemy(at(&cells, to.0, to.1)) {
                            land(to, kind);
                        }
                    }
                }
                Kind::Wazir | Kind::Ferz => {
                    let lines: [(i32, i32); 4] = if kind == Kind::Wazir {
                        [(0, 1), (1, 0), (0, -1), (-1, 0)]
                    } else {
                        [(1, 1), (1, -1), (-1, -1), (-1, 1)]
                    };
                    for (df, dr) in lines {
                        if empty(at(&cells, file + df, rank + dr)) {
                            land((file + df, rank + dr), kind);
                        }
                    }
                    // Chains: the jumper lifted off its origin (which counts as empty), every
                    // path followed, each jump's piece removed at once, each landing a turn.
                    let mut lifted = cells.clone();
                    lifted[index(file, rank)] = None;
                    chains(&lifted, (file, rank), me, kind, &lines, &mut out);
                }
            }
        }
    }
    out
}

fn chains(
    cells: &[Option<(Side, Kind)>],
    from: (i32, i32),
    me: Side,
    kind: Kind,
    lines: &[(i32, i32); 4],
    out: &mut BTreeSet<Vec<Option<(Side, Kind)>>>,
) {
    for (df, dr) in lines {
        let over = (from.0 + df, from.1 + dr);
        let to = (from.0 + 2 * df, from.1 + 2 * dr);
        let jumpable = matches!(at(cells, over.0, over.1), Some(Some((s, _))) if s != me);
        if !jumpable || !matches!(at(cells, to.0, to.1), Some(None)) {
            continue;
        }
        let mut next = cells.to_vec();
        next[index(over.0, over.1)] = None;
        let mut landed = next.clone();
        landed[index(to.0, to.1)] = Some((me, kind));
        out.insert(landed);
        chains(&next, to, me, kind, lines, out);
    }
}
