//! A deliberately simple Khalif move generator, written straight from the rule text with a
//! plain array board and no bitboards, to cross-check the fast one. It produces every turn
//! as K8 notation, so comparing the two also checks the notation writer.

use khalif::rules::khalif::{Kind, Piece, Position, Side, Square};

#[derive(Clone)]
pub struct Board {
    cells: [Option<Piece>; 81],
    to_move: Side,
}

fn sq(file: i32, rank: i32) -> Option<usize> {
    ((0..9).contains(&file) && (0..9).contains(&rank)).then(|| (rank * 9 + file) as usize)
}

fn name(i: usize) -> String {
    Square::from_index(i).to_string()
}

/// The half of a square: -1 Gold (ranks 1-4), 0 the Wadi (rank 5), 1 Silver (ranks 6-9).
fn half(i: usize) -> i32 {
    (i as i32 / 9 - 4).signum()
}

fn adjacent(a: usize, b: usize) -> bool {
    let (fa, ra, fb, rb) = (a as i32 % 9, a as i32 / 9, b as i32 % 9, b as i32 / 9);
    a != b && (fa - fb).abs() <= 1 && (ra - rb).abs() <= 1
}

impl Board {
    pub fn from_position(pos: &Position) -> Board {
        let mut cells = [None; 81];
        for (i, cell) in cells.iter_mut().enumerate() {
            *cell = pos.piece_at(Square::from_index(i));
        }
        Board { cells, to_move: pos.side_to_move() }
    }

    fn own_near(&self, side: Side, target: usize, kinds: &[Kind], except: usize) -> bool {
        (0..81).any(|i| {
            i != except
                && adjacent(i, target)
                && matches!(self.cells[i], Some(p) if p.side == side && kinds.contains(&p.kind))
        })
    }

    /// K3.4: every square strictly between two squares on a line is empty.
    fn path_clear(&self, from: usize, to: usize) -> bool {
        let (df, dr) = (to as i32 % 9 - from as i32 % 9, to as i32 / 9 - from as i32 / 9);
        let n = df.abs().max(dr.abs());
        (1..n).all(|k| {
            let i = sq(from as i32 % 9 + df.signum() * k, from as i32 / 9 + dr.signum() * k).unwrap();
            self.cells[i].is_none()
        })
    }

    /// Whether the side to move may make the primary move from → to (K3, K4).
    pub fn legal_primary(&self, from: usize, to: usize) -> bool {
        let Some(piece) = self.cells[from] else { return false };
        let me = self.to_move;
        if piece.side != me || from == to {
            return false;
        }
        if matches!(self.cells[to], Some(p) if p.side == me) {
            return false;
        }
        let (df, dr) = (to as i32 % 9 - from as i32 % 9, to as i32 / 9 - from as i32 / 9);
        let line = df == 0 || dr == 0 || df.abs() == dr.abs();
        let dist = df.abs().max(dr.abs());
        let wadi_ok = piece.kind == Kind::Djinn || half(from) * half(to) != -1;
        let shape = match piece.kind {
            Kind::Raider => (df == 0 || dr == 0) && self.path_clear(from, to),
            Kind::Vizier => {
                line && dist <= 2
                    && self.path_clear(from, to)
                    && !self.own_near(me, to, &[Kind::Khalif, Kind::Vizier], from)
            }
            Kind::Djinn => df.abs() * dr.abs() == 2,
            Kind::Guard => {
                line && self.path_clear(from, to)
                    && (dist == 1 || self.own_near(me, to, &[Kind::Khalif, Kind::Vizier], from))
            }
            Kind::Khalif => dist == 1 && !self.own_near(me, to, &[Kind::Vizier], from),
            Kind::Camel => {
                let fwd = dr * if me == Side::First { 1 } else { -1 };
                if self.cells[to].is_some() {
                    (df == 0 && fwd == 1) || (fwd == 0 && df.abs() == 1)
                } else {
                    let diagonal_forward = fwd > 0 && df.abs() == fwd;
                    diagonal_forward
                        && (fwd == 1
                            || (self.own_near(me, from, &[Kind::Vizier], usize::MAX) && self.path_clear(from, to)))
                }
            }
        };
        shape && wadi_ok
    }

    fn has_move(&self) -> bool {
        (0..81).any(|f| (0..81).any(|t| self.legal_primary(f, t)))
    }

    /// Every legal turn in K8 notation.
    pub fn turns(&self) -> Vec<String> {
        let mut out = Vec::new();
        if (0..81).filter(|&i| matches!(self.cells[i], Some(p) if p.kind == Kind::Khalif)).count() < 2 {
            return out;
        }
        for from in 0..81 {
            for to in 0..81 {
                if !self.legal_primary(from, to) {
                    continue;
                }
                let piece = self.cells[from].unwrap();
                let mut b = self.clone();
                let captured = b.cells[to].take();
                b.cells[to] = b.cells[from].take();
                let token = format!(
                    "{}{}{}{}",
                    piece.kind.letter(),
                    name(from),
                    if captured.is_some() { 'x' } else { '-' },
                    name(to)
                );
                match captured {
                    None => b.finish(vec![token], &mut out),
                    Some(c) => b.resolve(to, c, vec![token], piece.kind == Kind::Djinn, &mut out),
                }
            }
        }
        out
    }

    /// K5.2 after `captured` was taken on `square`.
    fn resolve(&self, square: usize, captured: Piece, tokens: Vec<String>, chain: bool, out: &mut Vec<String>) {
        if captured.kind != Kind::Khalif {
            return self.retaliate(square, captured.side, tokens, chain, out);
        }
        let heirs: Vec<usize> =
            (0..81).filter(|&i| self.cells[i] == Some(Piece::new(captured.side, Kind::Vizier))).collect();
        if heirs.is_empty() {
            return out.push(ended(tokens));
        }
        for v in heirs {
            let mut b = self.clone();
            b.cells[v] = Some(Piece::new(captured.side, Kind::Khalif));
            let mut t = tokens.clone();
            t.push(format!("={}", name(v)));
            b.retaliate(square, captured.side, t, chain, out);
        }
    }

    /// K5.3, then K5.4.
    fn retaliate(&self, square: usize, victim: Side, tokens: Vec<String>, chain: bool, out: &mut Vec<String>) {
        let beside_ruler = self.own_near(victim, square, &[Kind::Khalif, Kind::Vizier], usize::MAX);
        let guards: Vec<usize> = (0..81)
            .filter(|&g| {
                let (df, dr) = (square as i32 % 9 - g as i32 % 9, square as i32 / 9 - g as i32 / 9);
                self.cells[g] == Some(Piece::new(victim, Kind::Guard))
                    && (df == 0 || dr == 0 || df.abs() == dr.abs())
                    && self.path_clear(g, square)
                    && half(g) * half(square) != -1
            })
            .collect();
        if beside_ruler && !guards.is_empty() {
            for g in guards {
                let mut b = self.clone();
                let taken = b.cells[square].take().unwrap();
                b.cells[square] = b.cells[g].take();
                let mut t = tokens.clone();
                t.push(format!("!G{}x{}", name(g), name(square)));
                if taken.kind != Kind::Khalif {
                    b.finish(t, out);
                    continue;
                }
                let heirs: Vec<usize> =
                    (0..81).filter(|&i| b.cells[i] == Some(Piece::new(taken.side, Kind::Vizier))).collect();
                if heirs.is_empty() {
                    out.push(ended(t.clone()));
                }
                for v in heirs {
                    let mut c = b.clone();
                    c.cells[v] = Some(Piece::new(taken.side, Kind::Khalif));
                    let mut t2 = t.clone();
                    t2.push(format!("={}", name(v)));
                    c.finish(t2, out);
                }
            }
            return;
        }
        let mover = victim.opponent();
        if chain && self.cells[square] == Some(Piece::new(mover, Kind::Djinn)) {
            let (f, r) = (square as i32 % 9, square as i32 / 9);
            for (df, dr) in [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)] {
                let Some(t) = sq(f + df, r + dr) else { continue };
                let Some(target) = self.cells[t] else { continue };
                if target.side != victim {
                    continue;
                }
                let mut b = self.clone();
                b.cells[t] = b.cells[square].take();
                let mut toks = tokens.clone();
                toks.push(format!("+x{}", name(t)));
                b.resolve(t, target, toks, false, out);
            }
        }
        self.finish(tokens, out); // no second capture, or declined
    }

    /// K5.6; `#` when the next side has no legal move (K6.2).
    fn finish(&self, tokens: Vec<String>, out: &mut Vec<String>) {
        let mut next = self.clone();
        next.to_move = self.to_move.opponent();
        out.push(if next.has_move() { tokens.join(" ") } else { ended(tokens) });
    }
}

fn ended(tokens: Vec<String>) -> String {
    tokens.join(" ") + "#"
}
