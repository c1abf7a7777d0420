//! A deliberately simple Khitan generator written straight from the rule text (X2–X4, X6):
//! cells found by their centres on screen (a neighbour is one width away at a multiple of 60°),
//! each piece's six colours as a plain array, lines walked cell by cell, every placement set
//! tried, successors collected in a set. Slow and obviously right, to check the fast generator.

use std::collections::BTreeSet;

use khalif::rules::Side;
use khalif::rules::khitan::{Hex, Position, Version};

/// A piece: its owner and the colour (0 red … 5 violet) on each side 0 (east) … 5 (south-east).
type Piece = (Side, [u8; 6]);

/// A successor as the rules see it: every cell, the reserves, the side to move.
pub type Key = (Vec<Option<(Side, [u8; 6])>>, [u8; 2], Side);

fn colours_of(pos: &Position, hex: Hex) -> Option<Piece> {
    // X5.3: the east colour and `+` (counterclockwise R→O→Y→G→B→V) or `-`, read from the text.
    let (side, tile) = pos.piece_at(hex)?;
    let text = tile.to_string();
    let east = "ROYGBV".find(text.chars().next()?)? as u8;
    let sign: i32 = if text.ends_with('+') { 1 } else { -1 };
    let mut edges = [0u8; 6];
    for (d, edge) in edges.iter_mut().enumerate() {
        *edge = (east as i32 + sign * d as i32).rem_euclid(6) as u8;
    }
    Some((side, edges))
}

/// The cell one step in direction `d` (0 east, counterclockwise by 60°), found by the centres
/// once for every cell and direction.
fn step(hex: Hex, d: usize) -> Option<Hex> {
    static STEPS: std::sync::OnceLock<Vec<[Option<Hex>; 6]>> = std::sync::OnceLock::new();
    let steps = STEPS.get_or_init(|| {
        Hex::all()
            .map(|from| {
                let (x, y) = from.centre();
                std::array::from_fn(|d| {
                    let angle = d as f32 * std::f32::consts::PI / 3.0;
                    let (tx, ty) = (x + angle.cos(), y + angle.sin());
                    Hex::all().find(|h| {
                        let (hx, hy) = h.centre();
                        (hx - tx).abs() < 0.01 && (hy - ty).abs() < 0.01
                    })
                })
            })
            .collect()
    });
    steps[hex.index()][d]
}

struct Board {
    cells: Vec<Option<Piece>>,
    reserves: [u8; 2],
    version: Version,
    to_move: Side,
}

fn board(pos: &Position) -> Board {
    Board {
        cells: Hex::all().map(|h| colours_of(pos, h)).collect(),
        reserves: [pos.reserve(Side::First), pos.reserve(Side::Second)],
        version: pos.version(),
        to_move: pos.side_to_move(),
    }
}

/// X3.1: every piece of `mover` looks along its six lines, past empty cells; an opposing piece
/// showing the same colour back is captured, then each further one in line showing it, until
/// one that does not. X3.2: all found before any is removed.
fn captures(cells: &[Option<Piece>], mover: Side) -> BTreeSet<usize> {
    let mut taken = BTreeSet::new();
    for looker in Hex::all() {
        let Some((side, edges)) = cells[looker.index()] else { continue };
        if side != mover {
            continue;
        }
        for d in 0..6 {
            let colour = edges[d];
            let mut at = looker;
            while let Some(next) = step(at, d) {
                at = next;
                match cells[at.index()] {
                    None => continue,
                    Some((owner, other)) if owner != mover && other[(d + 3) % 6] == colour => {
                        taken.insert(at.index());
                    }
                    Some(_) => break,
                }
            }
        }
    }
    taken
}

/// Every successor of `pos` (X6), as a set; empty once the side to move has lost (X4.5).
pub fn successors(pos: &Position) -> BTreeSet<Key> {
    let b = board(pos);
    let me = b.to_move;
    let mut out = BTreeSet::new();
    if !b.cells.iter().any(|c| c.is_some_and(|(s, _)| s == me)) {
        return out;
    }
    for from in Hex::all() {
        let Some((side, edges)) = b.cells[from.index()] else { continue };
        if side != me {
            continue;
        }
        for k in 0..6 {
            // X2.1: onto the adjacent empty cell.
            let Some(to) = step(from, k) else { continue };
            if b.cells[to.index()].is_some() {
                continue;
            }
            // X2.2: new side d shows old side (2k + 3 − d) mod 6.
            let mut turned = [0u8; 6];
            for (d, edge) in turned.iter_mut().enumerate() {
                *edge = edges[(2 * k + 3 + 6 - d) % 6];
            }
            let mut cells = b.cells.clone();
            cells[from.index()] = None;
            cells[to.index()] = Some((me, turned));
            let taken = captures(&cells, me);
            for &t in &taken {
                cells[t] = None;
            }
            let mut reserves = b.reserves;
            if b.version == Version::Master {
                reserves[me.opponent().index()] += taken.len() as u8;
            }
            // X4.3, X7.2: one placement per capture while the reserve and the free cells last.
            let half: Vec<usize> = Hex::all()
                .filter(|h| if me == Side::First { h.row() < 4 } else { h.row() > 4 })
                .map(|h| h.index())
                .filter(|&i| cells[i].is_none())
                .collect();
            let owed = if b.version == Version::Classic {
                0
            } else {
                taken.len().min(usize::from(b.reserves[me.index()])).min(half.len())
            };
            reserves[me.index()] -= owed as u8;
            place(&cells, &half, owed, me, reserves, &mut out);
        }
    }
    out
}

/// Every way to put `owed` pieces of `me` on distinct cells of `half`, in any of the twelve
/// orientations, each successor added to `out`.
fn place(cells: &[Option<Piece>], half: &[usize], owed: usize, me: Side, reserves: [u8; 2], out: &mut BTreeSet<Key>) {
    if owed == 0 {
        out.insert((cells.to_vec(), reserves, me.opponent()));
        return;
    }
    for (i, &cell) in half.iter().enumerate() {
        for east in 0..6u8 {
            for sign in [1i32, -1] {
                let mut edges = [0u8; 6];
                for (d, edge) in edges.iter_mut().enumerate() {
                    *edge = (east as i32 + sign * d as i32).rem_euclid(6) as u8;
                }
                let mut next = cells.to_vec();
                next[cell] = Some((me, edges));
                place(&next, &half[i + 1..], owed - 1, me, reserves, out);
            }
        }
    }
}

/// A position as the reference keys it.
pub fn key(pos: &Position) -> Key {
    let b = board(pos);
    (b.cells, b.reserves, b.to_move)
}
