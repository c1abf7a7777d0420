//! A deliberately simple Chafl move generator written straight from the rule text (H2–H4,
//! H7): an array board, every move tried square by square against the rule's words, captures
//! found by looking at the four neighbours of the arrival. Slow and obviously right, to check
//! the fast generator against.

use khalif::rules::Side;
use khalif::rules::chafl::{Kind, Position, Square};

type Cells = Vec<Option<(Side, Kind)>>;

fn cells(pos: &Position) -> Cells {
    Square::all().map(|s| pos.piece_at(s).map(|p| (p.side, p.kind))).collect()
}

fn get(cells: &Cells, file: i32, rank: i32) -> Option<Option<(Side, Kind)>> {
    ((0..8).contains(&file) && (0..8).contains(&rank)).then(|| cells[(rank * 8 + file) as usize])
}

/// Every turn as (from, to, promotion, the board it leaves), in no particular order; none once
/// a King is gone or a Haven was reached by the last move.
pub fn turns(pos: &Position) -> Vec<(usize, usize, Option<Kind>, Cells)> {
    let me = pos.side_to_move();
    let board = cells(pos);
    let mut out = Vec::new();
    let has_king = |side| board.contains(&Some((side, Kind::King)));
    if !has_king(Side::First) || !has_king(Side::Second) || pos.arrived().is_some() {
        return out;
    }
    let forward = if me == Side::First { 1 } else { -1 };
    for from in 0..64i32 {
        let Some((side, kind)) = board[from as usize] else { continue };
        if side != me {
            continue;
        }
        let (ff, fr) = (from % 8, from / 8);
        for to in 0..64i32 {
            let (tf, tr) = (to % 8, to / 8);
            if to == from || board[to as usize].is_some() {
                continue; // H2.1
            }
            let (df, dr) = (tf - ff, (tr - fr) * forward);
            let ok = match kind {
                Kind::King => df.abs() <= 1 && dr.abs() <= 1,
                Kind::General | Kind::Prince | Kind::Captain => {
                    let friend = (-1..=1).any(|a: i32| {
                        (-1..=1).any(|b: i32| {
                            (a, b) != (0, 0)
                                && (tf + a, tr + b) != (ff, fr)
                                && matches!(get(&board, tf + a, tr + b), Some(Some((s, _))) if s == me)
                        })
                    });
                    let same_colour = (ff + fr) % 2 == (tf + tr) % 2;
                    friend
                        && match kind {
                            Kind::Prince => same_colour,
                            Kind::Captain => !same_colour,
                            _ => true,
                        }
                }
                Kind::Horse | Kind::Foot => {
                    let reach = if kind == Kind::Horse { 2 } else { 1 };
                    let directions = [(0, 1), (1, 1), (-1, 1), (1, 0), (-1, 0)];
                    (1..=reach).any(|n| directions.iter().any(|&(a, b)| (a * n, b * n) == (df, dr)))
                }
            };
            if !ok {
                continue;
            }
            let mut after = board.clone();
            after[from as usize] = None;
            after[to as usize] = Some((me, kind));
            // H3.1, H3.2: enemies beside the arrival, caught against a friend or in a corner.
            for (a, b) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                let (nf, nr) = (tf + a, tr + b);
                if !matches!(get(&after, nf, nr), Some(Some((s, _))) if s != me) {
                    continue;
                }
                let corner = (nf == 0 || nf == 7) && (nr == 0 || nr == 7);
                let partner = matches!(get(&after, nf + a, nr + b), Some(Some((s, _))) if s == me);
                if corner || partner {
                    after[(nr * 8 + nf) as usize] = None;
                }
            }
            let far = if me == Side::First { 7 } else { 0 };
            let promotions: Vec<Option<Kind>> = match kind {
                Kind::Foot if tr == far => vec![Some(Kind::Horse), Some(Kind::Captain)],
                Kind::Horse if tr == far => vec![Some(Kind::General)],
                _ => vec![None],
            };
            for promotion in promotions {
                let mut board = after.clone();
                if let Some(into) = promotion {
                    board[to as usize] = Some((me, into));
                }
                out.push((from as usize, to as usize, promotion, board));
            }
        }
    }
    out
}

/// The board a position shows, for comparing with [`turns`].
pub fn board(pos: &Position) -> Cells {
    cells(pos)
}
