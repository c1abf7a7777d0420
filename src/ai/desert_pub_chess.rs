//! Desert Pub Chess's side of the AI: an evaluation of named, tunable terms (material, where
//! the pieces can go, which enemies a desert jumper could jump now, pieces standing together
//! so that nothing lands behind them, pawns marching), capture values for ordering and
//! pruning, the harness's material, and the words of hints and tactics.

use super::convert::{closeness, conversion_bonus_by, material_lead};
use super::engine::Engine;
use super::levels::{Ladder, Rung, StyleWeights, blind, rung};
use crate::rules::desert_pub_chess::tables::{KING, KNIGHT, PAWN_CAPTURES, PAWN_STEPS, squares};
use crate::rules::desert_pub_chess::{
    DesertPubChess, Event, Kind, Position, Square, Turn, generate_captures, is_chain, jumps, play, replay, side_name,
    steps,
};
use crate::rules::{Rules, Side};
use crate::terms;

terms! {
    /// The weights of Desert Pub Chess's evaluation terms, in hundredths of a Pawn, roughly.
    /// The tuned values live in `levels/desert-pub-chess/weights.ron` (`khalif-cli tune`).
    DesertWeights,
    "../../levels/desert-pub-chess/weights.ron",
    {
    wazir,
    ferz,
    knight,
    prince,
    pawn,
    /// Per square the side's pieces can move to (a desert jumper's first jumps included).
    mobility,
    /// Per enemy piece one of the side's desert jumpers could jump now (P2.4, P2.5).
    jump_threat,
    /// Per enemy piece a Knight, Prince or Pawn of the side attacks.
    attack,
    /// Per piece standing next to a friend: a jumper cannot land on an occupied square.
    cohesion,
    /// Per piece on the sixteen central squares.
    centre,
    /// Per rank a Pawn has advanced.
    pawn_advance,
    }
}

const TERM_COUNT: usize = 11;
/// The sixteen central squares, c3–f6.
const CENTRE: u64 = 0x0000_3C3C_3C3C_0000;

impl DesertWeights {
    /// A piece's material value.
    fn value(&self, kind: Kind) -> i32 {
        match kind {
            Kind::Wazir => self.wazir,
            Kind::Ferz => self.ferz,
            Kind::Knight => self.knight,
            Kind::Prince => self.prince,
            Kind::Pawn => self.pawn,
        }
    }

    /// What a turn takes: the pieces on its captured squares.
    fn taken(&self, pos: &Position, turn: &Turn) -> i32 {
        squares(turn.captured).filter_map(|s| pos.piece_at(s)).map(|p| self.value(p.kind)).sum()
    }
}

/// The counts the terms weigh, for one side, in term order.
fn side_features(pos: &Position, side: Side) -> [i32; TERM_COUNT] {
    let own = pos.side(side);
    let enemies = pos.side(side.opponent());
    let empty = !pos.occupied();
    let count = |kind| pos.pieces(side, kind).count_ones() as i32;
    let (mut mobility, mut jumpable, mut attacked) = (0, 0u64, 0u64);
    for from in squares(own) {
        let kind = pos.piece_at(from).expect("own piece").kind;
        let i = from.index();
        let reach = match kind {
            Kind::Pawn => {
                attacked |= PAWN_CAPTURES[side.index()][i] & enemies;
                (PAWN_STEPS[side.index()][i] & empty) | (PAWN_CAPTURES[side.index()][i] & enemies)
            }
            Kind::Knight => {
                attacked |= KNIGHT[i] & enemies;
                KNIGHT[i] & !own
            }
            Kind::Prince => {
                attacked |= KING[i] & enemies;
                KING[i] & !own
            }
            Kind::Wazir | Kind::Ferz => {
                let (over, land) = jumps(kind, from, enemies, empty);
                jumpable |= over;
                (steps(kind, from) & empty) | land
            }
        };
        mobility += reach.count_ones() as i32;
    }
    let cohesion = squares(own).filter(|s| KING[s.index()] & own != 0).count() as i32;
    let pawn_advance = squares(pos.pieces(side, Kind::Pawn))
        .map(|p| match side {
            Side::First => p.rank() as i32 - 1,
            Side::Second => 6 - p.rank() as i32,
        })
        .sum();
    [
        count(Kind::Wazir),
        count(Kind::Ferz),
        count(Kind::Knight),
        count(Kind::Prince),
        count(Kind::Pawn),
        mobility,
        jumpable.count_ones() as i32,
        attacked.count_ones() as i32,
        cohesion,
        (own & CENTRE).count_ones() as i32,
        pawn_advance,
    ]
}

fn features(pos: &Position) -> [i32; TERM_COUNT] {
    let me = pos.side_to_move();
    let (mine, theirs) = (side_features(pos, me), side_features(pos, me.opponent()));
    std::array::from_fn(|i| mine[i] - theirs[i])
}

/// The hunt's terms (`Engine::conversion`), in hundredths of a Pawn: per hunter per square
/// closer to the nearest opposing piece, and per step an opposing piece stands nearer the edge.
const HUNT_CLOSENESS: i32 = 6;
const HUNT_EDGE: i32 = 8;
/// Per square fewer than twenty the opposing pieces can move to.
const HUNT_ROOM: i32 = 8;
/// Where mobility stands among the terms.
const MOBILITY: usize = 5;
/// Where the centre stands among the terms.
const CENTRE_TERM: usize = 9;
/// Pieces on the board, both sides and Pawns counted, at or below which a side ahead hunts
/// without the centre term (`evaluate_for_search`): the endgames suite's positions have ten
/// or fewer. With the centre dropped at any lead, a piece up in a full middle game, the
/// centre's gain over none fell from +133 to +78 at six plies; dropped in endgames only, +115
/// (docs/performance.md).
const ENDGAME_PIECES: u32 = 10;

impl Engine for DesertPubChess {
    type Weights = DesertWeights;
    /// Calibrated on 200-game matches (docs/performance.md, issue 16). A one-ply player that
    /// does not see a reply to its move hangs a piece every few turns here (a jumper takes it):
    /// seeing the reply is worth some +850 Elo, so level 1 and 2 do not, and levels 3 and 4 see
    /// it through a misjudgement that narrows from eleven Pawns to four. Then the second ply;
    /// the third comes first with a rough judgement and seeing only the first capture past it
    /// (a node bound cuts the third ply all at once here: +300 either side of it), then whole;
    /// then single plies to five; beyond, a ply is worth only about +90 (many games end
    /// drawn), so the last rungs step by two plies, up to eleven: the top reaches fifteen from
    /// the start in its clock, and two plies are worth some +130 to +200 here. The noises of
    /// levels 3, 6 and 7 were set again once a side behind defended by the evaluation alone
    /// (`DEFENDS_BY_EVALUATION`): the better defence had widened three steps past +250.
    const LADDER: Ladder = [
        blind(1, 250),
        blind(1, 125),
        rung(1, 1100),
        rung(1, 400),
        rung(2, 250),
        rung(2, 170),
        Rung { quiescence: 1, ..rung(3, 300) },
        rung(3, 70),
        rung(4, 15),
        rung(5, 15),
        rung(7, 0),
        rung(9, 0),
        rung(11, 0),
    ];
    /// Three Pawns' worth, about a piece.
    const ADJUDICATION_MARGIN: i32 = 3;
    const DEFENDS_BY_EVALUATION: bool = true;
    const TACTICS: (&'static str, &'static str) =
        (include_str!("../../levels/desert-pub-chess/tactics.ron"), "levels/desert-pub-chess/tactics.ron");
    const LESSONS: (&'static str, &'static str) =
        (include_str!("../../levels/desert-pub-chess/lessons.ron"), "levels/desert-pub-chess/lessons.ron");
    const ENDGAMES: (&'static str, &'static str) =
        (include_str!("../../levels/desert-pub-chess/endgames.ron"), "levels/desert-pub-chess/endgames.ron");
    const PUZZLES: Option<(&'static str, &'static str)> = None;
    const KEY_KINDS: &'static [u8] = &[Kind::Wazir as u8, Kind::Ferz as u8];

    /// Only the captures, built directly: quiescence asks for them at every node it enters.
    fn capture_turns(pos: &Position, out: &mut Vec<Turn>) {
        generate_captures(pos, out);
    }

    fn features(pos: &Position) -> Vec<i32> {
        features(pos).to_vec()
    }

    fn evaluate(pos: &Position, weights: &DesertWeights) -> i32 {
        weights.dot(&features(pos))
    }

    /// While a side converts an endgame, the hunt's terms say where the pieces belong: the
    /// centre, a middle game's term, would keep the hunters in the middle and reward the quarry
    /// for standing there (at 10, a Prince, Wazir and Ferz no longer caught a lone Knight).
    fn evaluate_for_search(pos: &Position, weights: &DesertWeights) -> i32 {
        let mut features = features(pos);
        let lead = material_lead::<DesertPubChess>(pos);
        if lead.abs() >= Self::ADJUDICATION_MARGIN && pos.occupied().count_ones() <= ENDGAME_PIECES {
            features[CENTRE_TERM] = 0;
        }
        weights.dot(&features) + conversion_bonus_by::<DesertPubChess>(pos, lead, |ahead| Self::conversion(pos, ahead))
    }

    fn capture_order(pos: &Position, turn: &Turn, weights: &DesertWeights) -> i32 {
        let attacker = pos.piece_at(turn.from).map_or(0, |p| weights.value(p.kind));
        let promotion = turn.promotion.map_or(0, |k| weights.value(k) - weights.pawn);
        (weights.taken(pos, turn) + promotion) * 16 - attacker
    }

    /// A chain (its group holds chains taking other pieces) and a promotion are always
    /// followed; a plain capture gains what it takes.
    fn capture_gain(pos: &Position, turn: &Turn, weights: &DesertWeights) -> Option<i32> {
        (!is_chain(pos, turn) && turn.promotion.is_none()).then(|| weights.taken(pos, turn))
    }

    /// Two pieces besides the Pawns: with fewer, having to move can hurt.
    fn null_move_safe(pos: &Position) -> bool {
        let side = pos.side_to_move();
        (pos.side(side) & !pos.pieces(side, Kind::Pawn)).count_ones() >= 2
    }

    /// The hunt for the last pieces (P3.1, P3.3): the side ahead brings its pieces next to the
    /// opposing ones, drives them to the edge and takes their squares away (a side with no
    /// move left loses too).
    fn conversion(pos: &Position, ahead: Side) -> i32 {
        let quarry = pos.side(ahead.opponent());
        let hunters = pos.side(ahead) & !pos.pieces(ahead, Kind::Pawn);
        let closeness = closeness(squares(hunters), || squares(quarry), 7);
        let cornered: i32 = squares(quarry).map(|q| 3 - i32::from(q.edge_distance())).sum();
        let room = side_features(pos, ahead.opponent())[MOBILITY];
        HUNT_CLOSENESS * closeness + HUNT_EDGE * cornered + HUNT_ROOM * (20 - room).max(0)
    }

    /// A piece is three, a Pawn one.
    fn material(pos: &Position, side: Side) -> i32 {
        let pawns = pos.pieces(side, Kind::Pawn).count_ones() as i32;
        3 * (pos.side(side).count_ones() as i32 - pawns) + pawns
    }

    /// Aggression raises mobility and attacks, caution cohesion, the leapers factor the
    /// desert jumpers and their threats, the footmen factor the Pawns' march.
    fn styled(base: &DesertWeights, s: &StyleWeights) -> DesertWeights {
        let scale = |v: i32, f: f32| (v as f32 * f).round() as i32;
        DesertWeights {
            mobility: scale(base.mobility, s.aggression),
            attack: scale(base.attack, s.aggression),
            jump_threat: scale(base.jump_threat, s.aggression * s.leapers),
            wazir: scale(base.wazir, s.leapers.sqrt()),
            ferz: scale(base.ferz, s.leapers.sqrt()),
            cohesion: scale(base.cohesion, s.caution),
            pawn_advance: scale(base.pawn_advance, s.footmen),
            ..base.clone()
        }
    }

    fn explain(pos: &Position, turn: &Turn, pv: &[Turn]) -> String {
        explain(pos, turn, pv)
    }

    fn theme_of(pos: &Position, best: &Turn, _turns: &[Turn]) -> Option<&'static str> {
        let mut after = *pos;
        play(&mut after, best);
        if after.side(after.side_to_move()) == 0 {
            return Some("LastPiece");
        }
        if best.captured.count_ones() >= 2 {
            return Some("JumpChain");
        }
        if best.promotion.is_some() {
            return Some("Promotion");
        }
        None
    }
}

fn name(kind: Kind, square: Square) -> String {
    format!("the {kind} on {square}")
}

/// The opponent's pieces the side to move could take now, by square.
fn takeable(pos: &Position) -> u64 {
    DesertPubChess::turns(pos).iter().fold(0, |set, t| set | t.captured)
}

/// One line on why `turn` is good in `pos`: what it takes, promotes or saves, or the threat
/// it prepares along the expected line `pv` (starting with it).
fn explain(pos: &Position, turn: &Turn, pv: &[Turn]) -> String {
    let mover = pos.side_to_move();
    let Ok(events) = replay(pos, turn) else { return "the search's choice".to_string() };
    let won: Vec<String> = events
        .iter()
        .filter_map(|e| match *e {
            Event::Moved { captured: Some((at, piece)), .. } | Event::Jumped { over: at, captured: piece, .. } => {
                Some(name(piece.kind, at))
            }
            _ => None,
        })
        .collect();
    let mut after = *pos;
    play(&mut after, turn);
    if after.side(mover.opponent()) == 0 {
        return format!("takes {}'s last piece and wins the game", side_name(mover.opponent()));
    }
    let piece = pos.piece_at(turn.from).expect("a turn starts on a piece");
    if let Some(kind) = turn.promotion {
        return format!("promotes the Pawn to a {kind}");
    }
    match won.len() {
        0 => {}
        1 if piece.kind.is_jumper() => return format!("jumps {}", won[0]),
        1 => return format!("wins {}", won[0]),
        _ => return format!("jumps {} in one chain", won.join(" and ")),
    }
    let mut theirs = *pos;
    theirs.set_side_to_move(mover.opponent());
    let was_attacked = takeable(&theirs) & (1 << turn.from.index()) != 0;
    let is_attacked = takeable(&after) & (1 << turn.to.index()) != 0;
    if was_attacked && !is_attacked {
        return format!("saves the {} from capture", piece.kind);
    }
    if let (Some(reply), Some(threat)) = (pv.get(1), pv.get(2)) {
        let mut line = after;
        play(&mut line, reply);
        if let Some(first) = squares(threat.captured).next()
            && let Some(victim) = line.piece_at(first)
        {
            return format!("prepares to win {}", name(victim.kind, first));
        }
    }
    format!("improves the {}", piece.kind)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The search's judgement of `text` under the fitted weights and under the same with the
    /// centre at 0.
    fn judged_with_and_without_centre(text: &str) -> (i32, i32) {
        let pos = crate::rules::desert_pub_chess::parse_position(text).expect("a position");
        let weights = DesertWeights::default();
        assert_ne!(weights.centre, 0, "the fitted weights weigh the centre");
        let without = DesertWeights { centre: 0, ..weights };
        (DesertPubChess::evaluate_for_search(&pos, &weights), DesertPubChess::evaluate_for_search(&pos, &without))
    }

    #[test]
    fn a_side_converting_an_endgame_hunts_without_the_centre_but_a_middle_game_keeps_it() {
        // P3.1: the Prince, Wazir and Ferz must take the lone Knight, which stands on d5 in the
        // middle: the centre changes nothing.
        let (with, without) = judged_with_and_without_centre("8/8/8/3n4/8/7F/3S4/W7 w");
        assert_eq!(with, without);
        // Black a Knight down with all the rest on the board, a White Pawn on e4: the centre counts.
        let (with, without) = judged_with_and_without_centre("w1fssfnw/pppppppp/8/8/4P3/8/PPPP1PPP/WNFSSFNW b");
        assert_ne!(with, without);
    }
}
