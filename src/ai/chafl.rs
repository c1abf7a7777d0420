//! Chafl's side of the AI: an evaluation of named, tunable terms (material; the King and the
//! Princes' ways home to their Havens and the friends standing by those Havens; pieces with an
//! enemy on one flank and an open square on the other; the King's own flanks and guards; the
//! fighting units' march; the room the joiners have), capture values for ordering and
//! pruning, the harness's material, and the words of hints and tactics.

use super::convert::closeness;
use super::engine::Engine;
use super::levels::{Ladder, StyleWeights, blind, careless, rung};
use crate::rules::chafl::tables::{CORNERS, HAVENS, NEIGHBOURS, around, shift, squares};
use crate::rules::chafl::{
    Chafl, Event, Kind, Piece, Position, Turn, arrives_home, destinations_of, generate_captures, play, replay,
};
use crate::rules::{Rules, Side};
use crate::terms;

terms! {
    /// The weights of Chafl's evaluation terms, in hundredths of a Foot, roughly. The tuned
    /// values live in `levels/chafl/weights.ron` (`khalif-cli tune --game chafl`).
    ChaflWeights,
    "../../levels/chafl/weights.ron",
    {
    general,
    prince,
    captain,
    horse,
    foot,
    /// Per Haven the side's King or a Prince could move onto now (H4.1).
    haven_reach,
    /// Per piece of the side beside one of its Havens: the friend a Prince joins there.
    haven_support,
    /// Seven minus the King's distance to its nearer Haven, in King steps.
    king_distance,
    /// Per piece with an enemy on one flank and an empty square on the other, or alone in a
    /// corner beside an empty square: one arrival from capture (H3.1, H3.2).
    flanked,
    /// The same for the King alone, whose capture loses (H3.4).
    king_exposed,
    /// Per friend around the King.
    king_guard,
    /// Per rank a Horse or Foot has advanced.
    advance,
    /// Per empty square next to the side's pieces: where its joiners can go.
    frontier,
    }
}

const TERM_COUNT: usize = 13;

impl ChaflWeights {
    /// A piece's material value; the King's is beyond any exchange.
    fn value(&self, kind: Kind) -> i32 {
        match kind {
            Kind::King => 20 * self.general.max(100),
            Kind::General => self.general,
            Kind::Prince => self.prince,
            Kind::Captain => self.captain,
            Kind::Horse => self.horse,
            Kind::Foot => self.foot,
        }
    }

    /// What a turn takes: the pieces on its captured squares.
    fn taken(&self, pos: &Position, turn: &Turn) -> i32 {
        squares(turn.captured).filter_map(|s| pos.piece_at(s)).map(|p| self.value(p.kind)).sum()
    }
}

/// The pieces of `set` one enemy arrival away from capture: an enemy on one edge-adjacent
/// square and an empty one opposite, or in a corner with an empty edge-adjacent square.
fn flanked(set: u64, enemies: u64, empty: u64) -> u32 {
    // A piece has an enemy on its side `d` when it stands where the enemies shifted the other
    // way (`d ^ 2`) land; likewise an empty square on the opposite side.
    let lines = (0..4).fold(0, |open, d| open | (shift(enemies, d ^ 2) & shift(empty, d)));
    let cornered = CORNERS & (shift(empty, 0) | shift(empty, 1) | shift(empty, 2) | shift(empty, 3));
    (set & (lines | cornered)).count_ones()
}

/// How near `side`'s King stands to its nearest Haven: 7 less its steps home, 0 without a King.
fn king_nearness_home(pos: &Position, side: Side) -> i32 {
    pos.king_steps_home(side).map_or(0, |d| 7 - i32::from(d))
}

/// The counts the terms weigh, for one side, in term order.
fn side_features(pos: &Position, side: Side) -> [i32; TERM_COUNT] {
    let own = pos.side(side);
    let enemies = pos.side(side.opponent());
    let empty = !pos.occupied();
    let count = |kind| pos.pieces(side, kind).count_ones() as i32;
    let havens = HAVENS[side.index()];
    let king = pos.pieces(side, Kind::King);
    let reach = haven_reach(pos, side);
    let king_distance = king_nearness_home(pos, side);
    let king_guard = squares(king).next().map_or(0, |k| (NEIGHBOURS[k.index()] & own).count_ones() as i32);
    let advance = squares(pos.pieces(side, Kind::Horse) | pos.pieces(side, Kind::Foot))
        .map(|s| match side {
            Side::First => s.rank() as i32 - 1,
            Side::Second => 6 - s.rank() as i32,
        })
        .sum();
    [
        count(Kind::General),
        count(Kind::Prince),
        count(Kind::Captain),
        count(Kind::Horse),
        count(Kind::Foot),
        reach.count_ones() as i32,
        (around(havens) & own & !havens).count_ones() as i32,
        king_distance,
        flanked(own & !king, enemies, empty) as i32,
        flanked(king, enemies, empty) as i32,
        king_guard,
        advance,
        (around(own) & empty).count_ones() as i32,
    ]
}

fn features(pos: &Position) -> [i32; TERM_COUNT] {
    let me = pos.side_to_move();
    let (mine, theirs) = (side_features(pos, me), side_features(pos, me.opponent()));
    std::array::from_fn(|i| mine[i] - theirs[i])
}

/// The conversion terms (`Engine::conversion`), in hundredths of a Foot: per step the King
/// stands nearer its nearest Haven, per hunter per square nearer the enemy King.
const HUNT_MARCH: i32 = 25;
const HUNT_CLOSENESS: i32 = 6;

impl Engine for Chafl {
    type Weights = ChaflWeights;
    /// Three Foot's worth, about a Captain.
    const ADJUDICATION_MARGIN: i32 = 3;
    const TACTICS: (&'static str, &'static str) =
        (include_str!("../../levels/chafl/tactics.ron"), "levels/chafl/tactics.ron");
    const LESSONS: (&'static str, &'static str) =
        (include_str!("../../levels/chafl/lessons.ron"), "levels/chafl/lessons.ron");
    const ENDGAMES: (&'static str, &'static str) =
        (include_str!("../../levels/chafl/endgames.ron"), "levels/chafl/endgames.ron");
    const PUZZLES: Option<(&'static str, &'static str)> = None;
    const KEY_KINDS: &'static [u8] = &[Kind::General as u8, Kind::Prince as u8];
    /// Noise in Chafl's units (the tuned Foot is 174). Levels 1 to 6 climb from never looking
    /// at the reply to one's move to always looking (1.75 Foot of misjudgement throughout):
    /// in Chafl that sight alone was +619 Elo, and more noise could not bridge it, for at one
    /// ply a level that sees the reply draws nearly every game with any other that does. Above,
    /// depth: two plies noisy and clean, three plies overlooking the reply to its last move now
    /// and then, three, four and five, then seven within the top's clock: six were only +91
    /// over five with the top +250 over six, and eight +160 over five with the top only +70
    /// over eight, while seven are +123 over five and the top +144 over seven (the top reaches
    /// ten from the start). Noise past two plies changed nothing (at three plies ±140 against
    /// ±26 was −23 Elo in 200 games, 141 drawn). Measured in docs/performance.md.
    const LADDER: Ladder = [
        blind(1, 437),
        careless(1, 218, 500),
        careless(1, 218, 250),
        careless(1, 218, 80),
        careless(1, 218, 30),
        rung(1, 218),
        rung(2, 140),
        rung(2, 26),
        careless(3, 26, 25),
        rung(3, 26),
        rung(4, 26),
        rung(5, 26),
        rung(7, 0),
    ];

    /// Only the captures and the arrivals home, kept as they are made: quiescence asks for
    /// them at every node it enters.
    fn capture_turns(pos: &Position, out: &mut Vec<Turn>) {
        generate_captures(pos, out);
    }

    fn features(pos: &Position) -> Vec<i32> {
        features(pos).to_vec()
    }

    fn evaluate(pos: &Position, weights: &ChaflWeights) -> i32 {
        weights.dot(&features(pos))
    }

    fn capture_order(pos: &Position, turn: &Turn, weights: &ChaflWeights) -> i32 {
        let home = pos.piece_at(turn.from).is_some_and(|p| arrives_home(p, turn.to));
        let promotion = turn.promotion.map_or(0, |k| weights.value(k) - weights.foot);
        (weights.taken(pos, turn) + promotion + if home { weights.value(Kind::King) } else { 0 }) * 16
    }

    /// A turn that takes the King or arrives home decides the game and is always followed;
    /// another capture gains what it takes.
    fn capture_gain(pos: &Position, turn: &Turn, weights: &ChaflWeights) -> Option<i32> {
        let decisive = pos.piece_at(turn.from).is_some_and(|p| arrives_home(p, turn.to))
            || squares(turn.captured).any(|s| pos.piece_at(s).is_some_and(|p| p.kind == Kind::King));
        (!decisive).then(|| weights.taken(pos, turn) + turn.promotion.map_or(0, |k| weights.value(k) - weights.foot))
    }

    /// Three pieces besides the King: with fewer, having to move can hurt.
    fn null_move_safe(pos: &Position) -> bool {
        let side = pos.side_to_move();
        pos.side(side).count_ones() >= 4
    }

    /// The two roads to a win (H4.1): the side ahead walks its King home to a Haven, and
    /// closes in on the enemy King to take it between two of its pieces.
    fn conversion(pos: &Position, ahead: Side) -> i32 {
        let march = king_nearness_home(pos, ahead);
        let quarry = pos.pieces(ahead.opponent(), Kind::King);
        let hunters = pos.side(ahead) & !pos.pieces(ahead, Kind::King);
        let closeness = closeness(squares(hunters), || squares(quarry), 7);
        HUNT_MARCH * march + HUNT_CLOSENESS * closeness
    }

    /// A Foot is one; a Horse and a Captain three; a Prince four; a General five.
    fn material(pos: &Position, side: Side) -> i32 {
        let n = |kind| pos.pieces(side, kind).count_ones() as i32;
        n(Kind::Foot) + 3 * (n(Kind::Horse) + n(Kind::Captain)) + 4 * n(Kind::Prince) + 5 * n(Kind::General)
    }

    /// Aggression raises the drive for the Havens and the march, caution the King's guard and
    /// the fear of open flanks, the leapers factor the Horses, the footmen the Foot.
    fn styled(base: &ChaflWeights, s: &StyleWeights) -> ChaflWeights {
        let scale = |v: i32, f: f32| (v as f32 * f).round() as i32;
        ChaflWeights {
            haven_support: scale(base.haven_support, s.aggression),
            king_distance: scale(base.king_distance, s.aggression),
            advance: scale(base.advance, s.aggression * s.footmen),
            flanked: scale(base.flanked, s.caution),
            king_exposed: scale(base.king_exposed, s.caution),
            king_guard: scale(base.king_guard, s.caution),
            horse: scale(base.horse, s.leapers.sqrt()),
            foot: scale(base.foot, s.footmen.sqrt()),
            ..base.clone()
        }
    }

    fn explain(pos: &Position, turn: &Turn, pv: &[Turn]) -> String {
        explain(pos, turn, pv)
    }

    fn theme_of(pos: &Position, best: &Turn, _turns: &[Turn]) -> Option<&'static str> {
        let piece = pos.piece_at(best.from)?;
        if arrives_home(piece, best.to) {
            return Some("Haven");
        }
        if squares(best.captured).any(|s| pos.piece_at(s).is_some_and(|p| p.kind == Kind::King)) {
            return Some("KingTaken");
        }
        if best.captured.count_ones() >= 2 {
            return Some("DoubleCapture");
        }
        None
    }
}

/// The Havens `side`'s King or Princes could step or join onto with their next move.
fn haven_reach(pos: &Position, side: Side) -> u64 {
    let open_havens = HAVENS[side.index()] & !pos.occupied();
    if open_havens == 0 {
        return 0;
    }
    let mut reach = 0;
    for kind in [Kind::King, Kind::Prince] {
        for from in squares(pos.pieces(side, kind)) {
            reach |= destinations_of(pos, Piece::new(side, kind), from) & open_havens;
        }
    }
    reach
}

/// The Havens the side to move could reach with its next move.
fn haven_threats(pos: &Position) -> u64 {
    haven_reach(pos, pos.side_to_move())
}

/// The opponent's pieces the side to move could take now, by square.
fn takeable(pos: &Position) -> u64 {
    Chafl::turns(pos).iter().fold(0, |set, t| set | t.captured)
}

/// The position with the other side to move, the same board.
fn their_view(pos: &Position) -> Position {
    let mut theirs = *pos;
    theirs.set_side_to_move(pos.side_to_move().opponent());
    theirs
}

/// One line on why `turn` is good in `pos`: what it wins or takes, which Haven or flank it
/// threatens or closes, or the threat it prepares along the expected line `pv`.
fn explain(pos: &Position, turn: &Turn, pv: &[Turn]) -> String {
    let Ok(events) = replay(pos, turn) else { return "the search's choice".to_string() };
    let piece = pos.piece_at(turn.from).expect("a turn starts on a piece");
    if arrives_home(piece, turn.to) {
        return format!("brings the {} home to the Haven on {} and wins", piece.kind, turn.to);
    }
    if events.iter().any(|e| matches!(e, Event::Captured { piece, .. } if piece.kind == Kind::King)) {
        return "closes on the King from both sides and wins".to_string();
    }
    let taken: Vec<String> = events
        .iter()
        .filter_map(|e| match *e {
            Event::Captured { at, piece, partner, .. } => Some(match partner {
                Some(p) => format!("the {} on {at} (between {} and {p})", piece.kind, turn.to),
                None => format!("the {} in the corner on {at}", piece.kind),
            }),
            _ => None,
        })
        .collect();
    let mut after = *pos;
    play(&mut after, turn);
    // After the move the opponent is to move: the Havens it could reach before and cannot now.
    let shut = squares(haven_threats(&their_view(pos)) & !haven_threats(&after))
        .next()
        .map(|haven| format!("shuts the way to the Haven on {haven}"));
    let mut lines: Vec<String> = Vec::new();
    if !taken.is_empty() {
        lines.push(format!("takes {}", taken.join(" and ")));
    }
    if let Some(kind) = turn.promotion {
        lines.push(format!("promotes to a {kind}"));
    }
    lines.extend(shut);
    if !lines.is_empty() {
        return lines.join(" and ");
    }
    let me = pos.side_to_move();
    let rescued = takeable(&their_view(pos)) & !takeable(&after) & after.side(me);
    if let Some(saved) = squares(rescued).next() {
        return format!("covers the open flank of the piece on {saved}");
    }
    if let Some(haven) = squares(haven_threats(&their_view(&after))).next() {
        return format!("threatens to reach the Haven on {haven}");
    }
    if let (Some(reply), Some(threat)) = (pv.get(1), pv.get(2)) {
        let mut line = after;
        play(&mut line, reply);
        if let Some(first) = squares(threat.captured).next()
            && let Some(victim) = line.piece_at(first)
        {
            return format!("prepares to close on the {} on {first}", victim.kind);
        }
    }
    format!("brings the {} to {}", piece.kind, turn.to)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::chafl::Square;
    use crate::rules::chafl::tables::bit;

    fn sq(name: &str) -> Square {
        name.parse().expect("a square")
    }

    #[test]
    fn a_piece_between_an_enemy_and_an_open_square_is_flanked() {
        // H3.1: an enemy on d5's west, e5 empty: one arrival on e5 takes it.
        let enemies = bit(sq("c5"));
        let empty = !(bit(sq("c5")) | bit(sq("d5")));
        assert_eq!(flanked(bit(sq("d5")), enemies, empty), 1);
        assert_eq!(flanked(bit(sq("d5")), 0, empty), 0);
        // H3.2: a corner piece with an open neighbour.
        assert_eq!(flanked(bit(sq("a1")), 0, !bit(sq("a1"))), 1);
    }
}
