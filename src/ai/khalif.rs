//! Khalif's side of the AI: the evaluation (a sum of named, tunable terms, each a weight
//! times a count taken from the position), the piece values that order and prune captures,
//! the harness's material, how a regular's style bends the weights, and the words of hints
//! and tactics.

use super::convert::conversion_bonus_by;
use super::engine::Engine;
use super::levels::{Ladder, Rung, StyleWeights, rung};
use crate::rules::khalif::tables::{ADJACENT, HALVES, KING_STEP_RINGS, KNIGHT, WITHIN};
use crate::rules::khalif::{
    Bitboard, Event, Khalif, Kind, MoveTotals, Piece, Position, Side, Square, Turn, generate_captures, half,
    move_totals, play, reachable_by, replay,
};
use crate::terms;

terms! {
    /// The weights of Khalif's evaluation terms, in hundredths of a Camel, roughly. The tuned
    /// values live in `levels/khalif/weights.ron` (written by `khalif-cli tune`).
    KhalifWeights,
    "../../levels/khalif/weights.ron",
    {
    raider,
    /// A Vizier is a piece and a life: while one is left the Khalif can be succeeded (K5.2).
    vizier,
    djinn,
    guard,
    camel,
    /// Extra for having a successor at all: without one, one capture loses the game.
    last_successor,
    /// Per legal destination of the side's pieces.
    mobility,
    /// Per piece standing in the Wadi, the crossing point of the board.
    wadi,
    /// Per piece beyond the Wadi, in the opponent's half: pressure that makes progress.
    crossed,
    /// Per square beside the opponent's Khalif or Viziers that the side's pieces reach.
    ruler_pressure,
    /// Per square beside the side's Khalif or Viziers that a Guard of its side watches.
    guard_cover,
    /// Per opposing piece a Djinn attacks.
    djinn_attack,
    /// Extra when a Djinn attacks two pieces or more (a fork, K5.4).
    djinn_fork,
    /// Per Camel beside its own Vizier (ready for the long move).
    camel_support,
    /// Per rank a Camel has advanced.
    camel_advance,
    }
}

/// The number of terms.
const TERM_COUNT: usize = 15;

impl KhalifWeights {
    /// A piece's material value (the Khalif's presence is scored by the search, not here).
    pub(crate) fn value(&self, kind: Kind) -> i32 {
        match kind {
            Kind::Raider => self.raider,
            Kind::Vizier => self.vizier,
            Kind::Djinn => self.djinn,
            Kind::Guard => self.guard,
            Kind::Camel => self.camel,
            Kind::Khalif => 0,
        }
    }
}

/// How many ranks a Camel of each side on each square stands beyond its own second rank.
const CAMEL_ADVANCE: [[u8; Square::COUNT]; 2] = {
    let mut advance = [[0; Square::COUNT]; 2];
    let mut i = 0;
    while i < Square::COUNT {
        let rank = Square::from_index(i).rank();
        advance[0][i] = rank.saturating_sub(1);
        advance[1][i] = 7u8.saturating_sub(rank);
        i += 1;
    }
    advance
};

/// How many ranks a side's Camels stand beyond their own second rank, all together.
fn camel_advance(camels: Bitboard, side: Side) -> i32 {
    camels.squares().map(|camel| i32::from(CAMEL_ADVANCE[side.index()][camel.index()])).sum()
}

/// The counts the terms weigh, for one side whose moves add up to `moves`, in [`TERMS`] order.
fn side_features(pos: &Position, side: Side, moves: &MoveTotals) -> [i32; TERM_COUNT] {
    let count = |b: Bitboard| b.count() as i32;
    let viziers = count(pos.pieces(side, Kind::Vizier));
    let own = pos.side(side);
    let in_wadi = count(own & !(HALVES[0] | HALVES[1]));
    let crossed = count(own & HALVES[side.opponent().index()]);
    let beside_theirs = Position::adjacent_to(pos.rulers(side.opponent()));
    let beside_ours = Position::adjacent_to(pos.rulers(side));
    let guarded = moves.guard_reach | Position::adjacent_to(pos.pieces(side, Kind::Guard));
    let them = pos.side(side.opponent());
    let (mut djinn_attack, mut djinn_fork) = (0, 0);
    for djinn in pos.pieces(side, Kind::Djinn) {
        let attacked = count(KNIGHT[djinn.index()] & them);
        djinn_attack += attacked;
        djinn_fork += i32::from(attacked >= 2);
    }
    let viziers_near = Position::adjacent_to(pos.pieces(side, Kind::Vizier));
    let camels = pos.pieces(side, Kind::Camel);
    let camel_advance = camel_advance(camels, side);
    [
        count(pos.pieces(side, Kind::Raider)),
        viziers,
        count(pos.pieces(side, Kind::Djinn)),
        count(pos.pieces(side, Kind::Guard)),
        count(camels),
        i32::from(viziers > 0),
        moves.count as i32,
        in_wadi,
        crossed,
        count(moves.reach & beside_theirs),
        count(beside_ours & guarded),
        djinn_attack,
        djinn_fork,
        count(camels & viziers_near),
        camel_advance,
    ]
}

/// Each side's moves added up, by side index: the evaluation and the hunt both read them.
fn both_sides_moves(pos: &Position) -> [MoveTotals; 2] {
    [move_totals(pos, Side::First), move_totals(pos, Side::Second)]
}

/// The side to move's counts minus the opponent's: the evaluation is these times the weights.
fn features(pos: &Position, moves: &[MoveTotals; 2]) -> [i32; TERM_COUNT] {
    let me = pos.side_to_move();
    let them = me.opponent();
    let (mine, theirs) = (side_features(pos, me, &moves[me.index()]), side_features(pos, them, &moves[them.index()]));
    std::array::from_fn(|i| mine[i] - theirs[i])
}

/// Fixed material units for the match harness's adjudication (Raider, Vizier, Djinn, Guard,
/// Camel), independent of the tuned weights so that tuning cannot move the harness.
const MATERIAL: [(Kind, i32); 5] =
    [(Kind::Raider, 5), (Kind::Vizier, 6), (Kind::Djinn, 4), (Kind::Guard, 3), (Kind::Camel, 1)];

/// The side to move's lead in [`MATERIAL`]'s units, from its features (whose first five are
/// the differences in Raiders, Viziers, Djinns, Guards and Camels, `MATERIAL`'s order):
/// [`material_lead`](super::convert::material_lead) without counting the pieces again.
fn material_lead_of(features: &[i32; TERM_COUNT]) -> i32 {
    MATERIAL.iter().zip(features).map(|(&(_, units), difference)| units * difference).sum()
}

/// The hunt's terms (`Engine::conversion`), in hundredths of a Camel: per hunter per square
/// closer to the nearest opposing ruler, per square taken from around the opposing Khalif,
/// per step the Khalif stands nearer the edge, per Guard fewer than two the quarry has left.
const HUNT_CLOSENESS: i32 = 6;
const HUNT_ROOM: i32 = 12;
const HUNT_EDGE: i32 = 10;
const HUNT_GUARDS: i32 = 150;

/// The hunt for the Khalif (K6.1): the side ahead closes in on the opposing rulers (its
/// Viziers are the Khalif's successors, so they are quarry too) with everything but its
/// Camels, its own Khalif included (a Khalif takes a Khalif), takes away the squares around
/// the Khalif, drives it to the edge, and takes the Guards that would strike back (K5.3).
/// `reach` is every square `ahead`'s pieces could move to.
fn hunt(pos: &Position, ahead: Side, reach: Bitboard) -> i32 {
    let quarry = ahead.opponent();
    let Some(khalif) = pos.khalif(quarry) else { return 0 };
    let rulers = pos.rulers(quarry);
    let hunters = pos.side(ahead) & !pos.pieces(ahead, Kind::Camel);
    // A hunter `d` steps from the nearest ruler lies within `r` steps of one for every `r`
    // from `d` to `KING_STEP_RINGS - 1`: `KING_STEP_RINGS - d` rings in all, its closeness.
    let mut rings = [Bitboard::EMPTY; KING_STEP_RINGS];
    for ruler in rulers {
        for (ring, within) in rings.iter_mut().zip(&WITHIN[ruler.index()]) {
            *ring |= *within;
        }
    }
    let closeness: i32 = rings.iter().map(|&ring| (hunters & ring).count() as i32).sum();
    let room = (ADJACENT[khalif.index()] & !pos.side(quarry) & !reach).count() as i32;
    let guards = pos.pieces(quarry, Kind::Guard).count() as i32;
    HUNT_CLOSENESS * closeness
        + HUNT_ROOM * (8 - room)
        + HUNT_EDGE * (4 - i32::from(khalif.edge_distance()))
        + HUNT_GUARDS * (2 - guards)
}

impl Engine for Khalif {
    type Weights = KhalifWeights;
    /// Seven plies, level 11: the suite's Khalif figures (issue 18) were measured there.
    const ENDGAME_DEPTH: u32 = 7;
    /// Calibrated on 200-game matches (docs/performance.md, issue 16). Level 1 follows captures
    /// (it takes a free piece when it sees one) but misjudges by up to two and a half Camels;
    /// the noise falls to nothing by level 3, a clean one-ply player. The second ply comes
    /// with some misjudgement (a clean two-ply player was only +51 over it); the third comes
    /// in three steps, cut at 1,500 and 3,000 nodes (it sees the third ply of the first moves
    /// it tries only) and then whole; each ply beyond is a level of its own, up to nine, below
    /// the top level's ten or eleven.
    const LADDER: Ladder = [
        rung(1, 250),
        rung(1, 70),
        rung(1, 0),
        rung(2, 80),
        Rung { nodes: Some(1_500), ..rung(3, 0) },
        Rung { nodes: Some(3_000), ..rung(3, 0) },
        rung(3, 0),
        rung(4, 0),
        rung(5, 0),
        rung(6, 0),
        rung(7, 0),
        rung(8, 0),
        rung(9, 0),
    ];
    /// A Guard's worth of material.
    const ADJUDICATION_MARGIN: i32 = 3;
    const TACTICS: (&'static str, &'static str) =
        (include_str!("../../levels/khalif/tactics.ron"), "levels/khalif/tactics.ron");
    const LESSONS: (&'static str, &'static str) =
        (include_str!("../../levels/khalif/lessons.ron"), "levels/khalif/lessons.ron");
    const ENDGAMES: (&'static str, &'static str) =
        (include_str!("../../levels/khalif/endgames.ron"), "levels/khalif/endgames.ron");
    const PUZZLES: Option<(&'static str, &'static str)> =
        Some((include_str!("../../levels/khalif/puzzles.ron"), "levels/khalif/puzzles.ron"));
    const KEY_KINDS: &'static [u8] = &[Kind::Vizier as u8];

    /// Only the captures, built directly: quiescence asks for them at every node it enters.
    fn capture_turns(pos: &Position, out: &mut Vec<Turn>) {
        generate_captures(pos, out);
    }

    fn features(pos: &Position) -> Vec<i32> {
        features(pos, &both_sides_moves(pos)).to_vec()
    }

    fn evaluate(pos: &Position, weights: &KhalifWeights) -> i32 {
        weights.dot(&features(pos, &both_sides_moves(pos)))
    }

    /// The hunt reads the side ahead's reach from the moves the evaluation added up.
    /// The material lead comes from the features' piece counts too.
    fn evaluate_for_search(pos: &Position, weights: &KhalifWeights) -> i32 {
        let moves = both_sides_moves(pos);
        let features = features(pos, &moves);
        weights.dot(&features)
            + conversion_bonus_by::<Khalif>(pos, material_lead_of(&features), |ahead| {
                hunt(pos, ahead, moves[ahead.index()].reach)
            })
    }

    fn capture_order(pos: &Position, turn: &Turn, weights: &KhalifWeights) -> i32 {
        let value = |kind: Option<Kind>| kind.map_or(0, |k| if k == Kind::Khalif { 10_000 } else { weights.value(k) });
        let victim = pos.piece_at(turn.to).map(|p| p.kind);
        let attacker = pos.piece_at(turn.from).map(|p| p.kind);
        value(victim) * 16 - value(attacker)
    }

    /// A Djinn's capture (it may take a second piece) and a capture of a ruler (succession or
    /// the game) are always followed.
    fn capture_gain(pos: &Position, turn: &Turn, weights: &KhalifWeights) -> Option<i32> {
        let (mover, victim) = (pos.piece_at(turn.from)?, pos.piece_at(turn.to)?);
        let rulers = matches!(victim.kind, Kind::Khalif | Kind::Vizier);
        (!rulers && mover.kind != Kind::Djinn).then(|| weights.value(victim.kind))
    }

    /// Pieces to spare beyond the rulers and Camels.
    fn null_move_safe(pos: &Position) -> bool {
        let side = pos.side_to_move();
        let spare = [Kind::Raider, Kind::Djinn, Kind::Guard].iter().map(|&k| pos.pieces(side, k).count()).sum::<u32>();
        spare >= 2
    }

    fn conversion(pos: &Position, ahead: Side) -> i32 {
        hunt(pos, ahead, reachable_by(pos, ahead))
    }

    fn material(pos: &Position, side: Side) -> i32 {
        MATERIAL.iter().map(|&(kind, units)| units * pos.pieces(side, kind).count() as i32).sum()
    }

    /// Aggression raises mobility and Djinn attacks, caution Guard cover and the value of
    /// successors, the leapers factor the Djinn, the footmen factor the Camels.
    fn styled(base: &KhalifWeights, s: &StyleWeights) -> KhalifWeights {
        let scale = |v: i32, f: f32| (v as f32 * f).round() as i32;
        KhalifWeights {
            mobility: scale(base.mobility, s.aggression),
            djinn_attack: scale(base.djinn_attack, s.aggression * s.leapers),
            djinn_fork: scale(base.djinn_fork, s.leapers),
            djinn: scale(base.djinn, s.leapers.sqrt()),
            guard_cover: scale(base.guard_cover, s.caution),
            vizier: scale(base.vizier, s.caution.sqrt()),
            last_successor: scale(base.last_successor, s.caution),
            camel_advance: scale(base.camel_advance, s.footmen),
            camel_support: scale(base.camel_support, s.footmen),
            ..base.clone()
        }
    }

    fn explain(pos: &Position, turn: &Turn, pv: &[Turn]) -> String {
        explain(pos, turn, pv)
    }

    fn theme_of(pos: &Position, best: &Turn, turns: &[Turn]) -> Option<&'static str> {
        let events = replay(pos, best).ok()?;
        let mover = pos.side_to_move();
        let succeeded = events.iter().any(|e| matches!(e, Event::Succeeded { side, .. } if *side != mover));
        if events.iter().any(|e| matches!(e, Event::KhalifLost { side } if *side != mover)) {
            return Some(if succeeded { "Succession" } else { "LastKhalif" });
        }
        if best.chain.is_some() {
            return Some("DjinnDouble");
        }
        // A capture of something worth more than the Camel that a Guard would take back.
        let tempting = turns.iter().any(|t| {
            (t.from, t.to) != (best.from, best.to)
                && t.first.retaliator.is_some()
                && pos.piece_at(t.to).is_some_and(|p| p.kind != Kind::Camel)
        });
        (tempting && pos.piece_at(best.to).is_some()).then_some("AvoidRetaliation")
    }
}

fn name(piece: Piece, square: Square) -> String {
    format!("the {} on {square}", piece.kind)
}

/// One line on why `turn` is good in `pos`, read from what it does and from the expected line
/// `pv` (starting with it): "wins the Raider on c6".
fn explain(pos: &Position, turn: &Turn, pv: &[Turn]) -> String {
    let mover = pos.side_to_move();
    let Ok(events) = replay(pos, turn) else { return "the search's choice".to_string() };
    if events.iter().any(|e| matches!(e, Event::KhalifLost { side } if *side != mover)) {
        return "takes the last Khalif and wins the game".to_string();
    }
    let mut won = Vec::new();
    let mut lost = Vec::new();
    for event in &events {
        match *event {
            Event::Moved { to, captured: Some(victim), .. } | Event::Chained { to, captured: victim, .. } => {
                won.push(name(victim, to))
            }
            Event::Retaliated { to, captured, .. } => lost.push(name(captured, to)),
            _ => {}
        }
    }
    if !won.is_empty() {
        return match lost.first() {
            None => format!("wins {}", won.join(" and ")),
            Some(loss) => format!("gives {loss} for {}", won.join(" and ")),
        };
    }
    let mut after = *pos;
    play(&mut after, turn);
    let piece = pos.piece_at(turn.from).expect("a primary move starts on a piece");
    let was_attacked = reachable_by(pos, mover.opponent()).contains(turn.from);
    let is_attacked = reachable_by(&after, mover.opponent()).contains(turn.to);
    if was_attacked && !is_attacked && piece.kind != Kind::Camel {
        return format!("saves the {} from capture", piece.kind);
    }
    if piece.kind == Kind::Djinn && (KNIGHT[turn.to.index()] & after.side(mover.opponent())).count() >= 2 {
        return "forks two pieces with the Djinn".to_string();
    }
    if let Some(threat) = pv.get(2) {
        let mut line = after;
        if let Some(reply) = pv.get(1) {
            play(&mut line, reply);
            if let Some(victim) = line.piece_at(threat.to) {
                return format!("prepares to win {}", name(victim, threat.to));
            }
        }
    }
    if half(turn.to).is_none() && half(turn.from).is_some() {
        return format!("brings the {} into the Wadi", piece.kind);
    }
    format!("improves the {}", piece.kind)
}
