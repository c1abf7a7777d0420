//! Izdari's side of the AI, for both versions: an evaluation of named, tunable terms (material,
//! passengers counted as the pieces they are; the royal piece's guard and the enemies closing
//! on it; the enemies the Archers could shoot now; the footmen's march), capture values for
//! ordering and pruning, the harness's material, and the words of hints and tactics.

use super::engine::Engine;
use super::levels::{Ladder, Rung, StyleWeights, blind, careless, deepening, rung};
use crate::rules::Side;
use crate::rules::izdari::{
    AssassinsIzdari, ClassicIzdari, Event, Kind, OFF, ORTHOGONAL, Position, Sq, Turn, Version, archer_targets, band,
    name, rank_squares, replay, step,
};
use crate::terms;

/// The terms of both versions, in feature order.
macro_rules! izdari_terms {
    ($(#[$meta:meta])* $weights:ident, $file:literal) => {
        terms! {
            $(#[$meta])*
            $weights,
            $file,
            {
            assassin,
            templar,
            archer,
            lizard,
            wagon,
            halfling,
            knight,
            /// Per friend beside the royal piece (the Templar; classic: the Wagon).
            royal_guard,
            /// Per enemy piece within two squares of the royal piece.
            royal_exposure,
            /// Per enemy piece one of the side's Archers could shoot now (A3.1, B2).
            archer_targets,
            /// Per rank the Assassins, Halflings and Knights have advanced.
            advance,
            }
        }

        impl $weights {
            /// The kinds' worths, the first terms in term order, without the vector of all the
            /// weights: capture ordering asks for them at every node.
            fn worths(&self) -> [i32; KIND_TERMS] {
                [self.assassin, self.templar, self.archer, self.lizard, self.wagon, self.halfling, self.knight]
            }
        }
    };
}

izdari_terms!(
    /// The weights of Assassin's Izdari's terms, in evaluation units (fitted: a Halfling 173,
    /// an Assassin 410), read from `levels/izdari/weights.ron`; `khalif-cli tune --game
    /// izdari` rewrites it.
    IzdariWeights,
    "../../levels/izdari/weights.ron"
);

izdari_terms!(
    /// The weights of classic Izdari's terms (`levels/izdari-classic/weights.ron`).
    ClassicIzdariWeights,
    "../../levels/izdari-classic/weights.ron"
);

const TERM_COUNT: usize = 11;

/// The terms that count the kinds of piece, first in term order.
const KIND_TERMS: usize = 7;

/// A kind's worth under `weights` (in term order): the royal piece beyond any exchange.
fn value(weights: &[i32], version: Version, kind: Kind) -> i32 {
    if kind == version.royal() {
        return 20 * weights[0].max(100);
    }
    match kind {
        Kind::Dune => 0,
        kind => weights[kind_term(kind)],
    }
}

/// The term that counts a kind.
fn kind_term(kind: Kind) -> usize {
    match kind {
        Kind::Assassin => 0,
        Kind::Templar => 1,
        Kind::Archer => 2,
        Kind::Lizard => 3,
        Kind::Wagon => 4,
        Kind::Halfling => 5,
        Kind::Knight | Kind::Dune => 6,
    }
}

/// What a turn takes: the enemy it lands on, shoots or slays, a Wagon with its passengers.
fn taken(pos: &Position, turn: &Turn, weights: &[i32]) -> i32 {
    let me = pos.side_to_move();
    let version = pos.version();
    let victim = |sq: Sq| {
        pos.at(sq).filter(|p| p.side != me).map_or(0, |p| {
            let riders: i32 = if p.kind == Kind::Wagon {
                pos.riders(p.side).kinds().map(|k| value(weights, version, k)).sum()
            } else {
                0
            };
            value(weights, version, p.kind) + riders
        })
    };
    let landing = if turn.from == turn.to && turn.rider.is_none() { 0 } else { victim(turn.to) };
    landing + turn.slays().map_or(0, victim)
}

/// Whether a turn takes the enemy's royal piece and so wins.
fn takes_royal(pos: &Position, turn: &Turn) -> bool {
    let me = pos.side_to_move();
    let royal = pos.version().royal();
    [Some(turn.to), turn.slays()]
        .into_iter()
        .flatten()
        .any(|s| pos.at(s).is_some_and(|p| p.side != me && p.kind == royal))
}

/// The royal piece's square, if it stands.
fn royal(pos: &Position, side: Side) -> Option<Sq> {
    match pos.version() {
        Version::Assassins => pos.templar(side),
        Version::Classic => pos.wagon(side),
    }
}

/// The counts the terms weigh, for each side (indexed by `Side::index`), in term order: one
/// pass over the board for both, for it is taken at every position the search judges.
fn side_features(pos: &Position) -> [[i32; TERM_COUNT]; 2] {
    let version = pos.version();
    let mut f = [[0; TERM_COUNT]; 2];
    let homes = [Side::First, Side::Second].map(|side| royal(pos, side));
    for side in [Side::First, Side::Second] {
        for kind in pos.riders(side).kinds() {
            f[side.index()][kind_term(kind)] += 1;
        }
    }
    let dunes = pos.dunes();
    for side in [Side::First, Side::Second] {
        let (own, other) = (side.index(), side.opponent().index());
        let theirs = pos.squares_of(side);
        // A Dune beside the royal piece guards it too, but counts for nothing else.
        if let Some(home) = homes[own] {
            f[own][7] = (theirs & band(version, home, 1, 1)).count_ones() as i32;
        }
        if let Some(home) = homes[other] {
            f[other][8] = (theirs & !dunes & band(version, home, 1, 2)).count_ones() as i32;
        }
        for kind in Kind::ALL.into_iter().filter(|&k| k != Kind::Dune) {
            f[own][kind_term(kind)] += pos.count(side, kind) as i32;
        }
    }
    let footmen =
        pos.squares_of_kind(Kind::Assassin) | pos.squares_of_kind(Kind::Halfling) | pos.squares_of_kind(Kind::Knight);
    let last = i32::from(version.size()) - 1;
    for rank in 0..version.size() {
        let on_rank = footmen & rank_squares(version, rank);
        if on_rank != 0 {
            let count = |side: Side| (on_rank & pos.squares_of(side)).count_ones() as i32;
            let rank = i32::from(rank);
            f[Side::First.index()][10] += rank * count(Side::First);
            f[Side::Second.index()][10] += (last - rank) * count(Side::Second);
        }
    }
    for side in [Side::First, Side::Second] {
        f[side.index()][9] = archer_targets(pos, side).count_ones() as i32;
    }
    f
}

fn features(pos: &Position) -> [i32; TERM_COUNT] {
    let me = pos.side_to_move().index();
    let sides = side_features(pos);
    let (mine, theirs) = (sides[me], sides[1 - me]);
    std::array::from_fn(|i| mine[i] - theirs[i])
}

/// The harness's material: Halflings 2, Assassins, Archers, Lizards and Knights 3, the
/// non-royal Templar 4 and Wagon 3; passengers count; the royal piece and Dunes do not.
fn material(pos: &Position, side: Side) -> i32 {
    let version = pos.version();
    let worth = |kind: Kind| match kind {
        k if k == version.royal() => 0,
        Kind::Dune => 0,
        Kind::Halfling => 2,
        Kind::Templar => 4,
        _ => 3,
    };
    let riders: i32 = pos.riders(side).kinds().map(worth).sum();
    riders + Kind::ALL.into_iter().map(|kind| worth(kind) * pos.count(side, kind) as i32).sum::<i32>()
}

/// Per hunter, how near it stands to the enemy's royal piece (the Templar or the Wagon).
fn hunt(pos: &Position, ahead: Side) -> i32 {
    let version = pos.version();
    let Some(quarry) = royal(pos, ahead.opponent()) else { return 0 };
    let idle = pos.dunes() | pos.squares_of_kind(Kind::Wagon) | pos.squares_of_kind(version.royal());
    let hunters = pos.squares_of(ahead) & !idle;
    // A hunter `d` steps away lies within `r` steps for every `r` from `d` to the board's
    // width less two: `size - 1 - d` times in all, its closeness.
    (0..version.size() - 1).map(|r| (hunters & band(version, quarry, 0, r)).count_ones() as i32).sum()
}

/// Per hunter per square nearer the enemy's royal piece, in evaluation units.
const HUNT_CLOSENESS: i32 = 6;

/// Per square fewer that the enemy Templar could step to (`templar_confinement`): a Templar
/// hemmed in by the edge, the Dunes and pieces about it is one the hunters can pin down, and
/// at worst its side runs out of turns (A5.2). It took Assassin's Izdari's endgames suite from
/// 4 to 7 of 24. Classic's Wagon runs the length of the board (B2): counting its squares the
/// same way won 2 and 3 of 24 there, against 5 without, so classic hunts by closeness alone.
/// Tried and not kept, in `docs/performance.md`: Archers drawn towards lines onto the Templar,
/// the defender's turns counted.
const TEMPLAR_CONFINEMENT: i32 = 30;

/// How many of its four orthogonal neighbours the Templar on `quarry` could not step to freely (A3.6):
/// off the board or taken up by any piece, a Dune or not. Never negative, so that the bonus never rewards
/// giving up the lead that earns it.
fn templar_confinement(pos: &Position, quarry: Sq) -> i32 {
    let version = pos.version();
    let open = ORTHOGONAL.map(|d| step(version, quarry, d)).filter(|&s| s != OFF && pos.is_empty(s)).count();
    4 - open as i32
}

/// Progress towards taking the enemy's royal piece, for `ahead`: hunters near it, and (in
/// Assassin's Izdari) little room for the Templar to step to.
fn conversion(pos: &Position, ahead: Side) -> i32 {
    let Some(quarry) = royal(pos, ahead.opponent()) else { return 0 };
    let confinement = match pos.version() {
        Version::Assassins => TEMPLAR_CONFINEMENT * templar_confinement(pos, quarry),
        Version::Classic => 0,
    };
    HUNT_CLOSENESS * hunt(pos, ahead) + confinement
}

/// Assassin's Izdari's ladder, noise in hundredths of a Camel's worth. Levels 1 to 6 climb
/// from never looking at the reply to one's move to always looking: that sight alone was +798
/// Elo, and each overlooked share between is a step. Above, two plies overlooking the reply
/// after the opponent's now and then, three plies misjudging less and less, and four. Levels
/// 11 to 13 deepen as far as 100,000, 250,000 and 1,200,000 nodes let them (five, six and
/// seven plies from the start, more in an ending), level 11 overlooking the reply at its
/// horizon in 8 positions of 1,000: at fixed depths five plies were +186 over four, six only
/// +76 over five, and the top, deepening to its clock, +277 over seven. Measured in
/// docs/performance.md.
const ASSASSINS_LADDER: Ladder = [
    blind(1, 250),
    careless(1, 120, 500),
    careless(1, 120, 150),
    careless(1, 120, 40),
    careless(1, 120, 10),
    rung(1, 120),
    careless(2, 80, 30),
    rung(3, 350),
    rung(3, 200),
    rung(4, 15),
    Rung { noise: 15, oversight: 8, ..deepening(100_000) },
    deepening(250_000),
    deepening(1_200_000),
];

/// Classic Izdari's ladder, noise in hundredths of a Camel's worth. Levels 1 to 6 climb, as
/// Assassin's do, from never looking at the reply to one's move to always looking, overlooking
/// it in fewer positions at each step; level 7 adds the second ply but overlooks the reply
/// after the opponent's now and then, level 8 not.
///
/// Above, sight is what counts on the 10×10 board and noise moves little: levels 9 and 10
/// search three plies but stop at 7,000 and 25,000 nodes (they see the third ply of the first
/// turns they try only, the more of them the stronger, as a player does), level 11 four plies,
/// 12 five within 400,000 nodes and 13 six, each within the top level's clock (five whole
/// were only +33 over 12; six, once stop 41 made the search faster, +108). Four plies with a
/// little noise or a node bound played as four plies clean (−19 Elo), so the levels below
/// four plies are parted by how much of the third they see.
const CLASSIC_LADDER: Ladder = [
    blind(1, 250),
    careless(1, 120, 250),
    careless(1, 120, 60),
    careless(1, 120, 15),
    careless(1, 120, 4),
    rung(1, 120),
    careless(2, 80, 60),
    rung(2, 80),
    Rung { nodes: Some(7_000), ..rung(3, 70) },
    Rung { nodes: Some(25_000), ..rung(3, 70) },
    rung(4, 0),
    Rung { nodes: Some(400_000), ..rung(5, 0) },
    rung(6, 0),
];

/// One line on why `turn` is good: what it takes, shoots or slays, or how the Wagon moves.
fn explain(pos: &Position, turn: &Turn) -> String {
    let version = pos.version();
    let sq = |s: Sq| name(version, s);
    if takes_royal(pos, turn) {
        return format!("takes the enemy {} and wins", version.royal().name());
    }
    let Ok(events) = replay(pos, turn) else { return "the search's choice".to_string() };
    let me = pos.side_to_move();
    let mut after = *pos;
    crate::rules::izdari::play(&mut after, turn);
    let mut said = Vec::new();
    // A threatened royal piece first: the player most needs to know it was in danger.
    if let Some(&(by, kind)) = royal_attackers(pos, me).first()
        && royal_attackers(&after, me).is_empty()
    {
        said.push(format!("saves the {} from the {} on {}", version.royal().name(), kind.name(), sq(by)));
    }
    for event in events {
        match event {
            Event::Moved { piece, to, captured: Some(victim), .. } => {
                said.push(format!("the {} takes the {} on {}", piece.kind.name(), victim.kind.name(), sq(to)))
            }
            Event::Shot { at, piece, .. } => {
                said.push(format!("an Archer shoots the {} on {}", piece.kind.name(), sq(at)))
            }
            Event::Slain { at, piece, .. } => {
                said.push(format!("the Templar slays the {} on {}", piece.kind.name(), sq(at)))
            }
            Event::WagonMoved { from, to, dropped, loaded, .. } => {
                if let Some(p) = dropped {
                    said.push(format!("the Wagon sets {} down on {}", p.kind.a_name(), sq(from)));
                }
                if let Some(p) = loaded {
                    said.push(format!("the Wagon picks up the {} on {}", p.kind.name(), sq(to)));
                }
            }
            _ => {}
        }
    }
    if let Some(&(by, kind)) = royal_attackers(&after, me.opponent()).first() {
        said.push(format!("threatens the enemy {} with the {} on {}", version.royal().name(), kind.name(), sq(by)));
    }
    if !said.is_empty() {
        return said.join(", ");
    }
    let lines = archer_targets(&after, me).count_ones();
    if lines > archer_targets(pos, me).count_ones() {
        return format!("opens an Archer's line: {lines} enemy piece(s) in its sights");
    }
    format!("moves {}-{}", sq(turn.from), sq(turn.to))
}

/// The enemy pieces that could take `side`'s royal piece if it were their turn, by square and
/// kind: what a hint warns of first.
fn royal_attackers(pos: &Position, side: Side) -> Vec<(Sq, Kind)> {
    let mut theirs = *pos;
    theirs.set_side_to_move(side.opponent());
    let mut turns = Vec::new();
    crate::rules::izdari::generate_turns(&theirs, &mut turns);
    let mut attackers: Vec<(Sq, Kind)> = turns
        .iter()
        .filter(|t| takes_royal(&theirs, t))
        .filter_map(|t| {
            let kind = t.rider.or_else(|| theirs.at(t.from).map(|p| p.kind))?;
            Some((t.from, kind))
        })
        .collect();
    attackers.dedup();
    attackers
}

fn theme_of(pos: &Position, best: &Turn) -> Option<&'static str> {
    if takes_royal(pos, best) {
        return Some("RoyalTaken");
    }
    if best.shot {
        return Some("Shot");
    }
    best.slays().map(|_| "Slay")
}

macro_rules! izdari_engine {
    ($game:ty, $weights:ident, $dir:literal, $ladder:expr) => {
        impl Engine for $game {
            type Weights = $weights;
            const LADDER: Ladder = $ladder;
            /// An Assassin's or an Archer's worth.
            const ADJUDICATION_MARGIN: i32 = 3;
            const TACTICS: (&'static str, &'static str) = (
                include_str!(concat!("../../levels/", $dir, "/tactics.ron")),
                concat!("levels/", $dir, "/tactics.ron"),
            );
            const LESSONS: (&'static str, &'static str) = (
                include_str!(concat!("../../levels/", $dir, "/lessons.ron")),
                concat!("levels/", $dir, "/lessons.ron"),
            );
            const ENDGAMES: (&'static str, &'static str) = (
                include_str!(concat!("../../levels/", $dir, "/endgames.ron")),
                concat!("levels/", $dir, "/endgames.ron"),
            );
            const PUZZLES: Option<(&'static str, &'static str)> = None;
            const KEY_KINDS: &'static [u8] = &[Kind::Archer as u8, Kind::Assassin as u8];

            /// Wagon turns with at most one drop (`izdari::search_turns`).
            fn search_turns(pos: &Position, out: &mut Vec<Turn>) {
                crate::rules::izdari::search_turns(pos, out);
            }

            fn capture_turns(pos: &Position, out: &mut Vec<Turn>) {
                crate::rules::izdari::capture_turns(pos, out);
            }

            fn features(pos: &Position) -> Vec<i32> {
                features(pos).to_vec()
            }

            fn evaluate(pos: &Position, weights: &$weights) -> i32 {
                weights.dot(&features(pos))
            }

            fn capture_order(pos: &Position, turn: &Turn, weights: &$weights) -> i32 {
                taken(pos, turn, &weights.worths()) * 16
            }

            /// Taking the royal piece decides the game and is always followed.
            fn capture_gain(pos: &Position, turn: &Turn, weights: &$weights) -> Option<i32> {
                (!takes_royal(pos, turn)).then(|| taken(pos, turn, &weights.worths()))
            }

            /// Four pieces besides the royal one and the Dunes.
            fn null_move_safe(pos: &Position) -> bool {
                let me = pos.side_to_move();
                let royal = pos.version().royal();
                Kind::ALL.into_iter().filter(|&k| k != Kind::Dune && k != royal).map(|k| pos.count(me, k)).sum::<u32>()
                    >= 4
            }

            fn conversion(pos: &Position, ahead: Side) -> i32 {
                conversion(pos, ahead)
            }

            fn material(pos: &Position, side: Side) -> i32 {
                material(pos, side)
            }

            /// Aggression raises the Archers' lines and the march, caution the royal guard and
            /// the fear of enemies near it.
            fn styled(base: &$weights, s: &StyleWeights) -> $weights {
                let scale = |v: i32, f: f32| (v as f32 * f).round() as i32;
                $weights {
                    archer_targets: scale(base.archer_targets, s.aggression),
                    advance: scale(base.advance, s.aggression * s.footmen),
                    royal_guard: scale(base.royal_guard, s.caution),
                    royal_exposure: scale(base.royal_exposure, s.caution),
                    ..base.clone()
                }
            }

            fn explain(pos: &Position, turn: &Turn, _pv: &[Turn]) -> String {
                explain(pos, turn)
            }

            fn theme_of(pos: &Position, best: &Turn, _turns: &[Turn]) -> Option<&'static str> {
                theme_of(pos, best)
            }
        }
    };
}

izdari_engine!(AssassinsIzdari, IzdariWeights, "izdari", ASSASSINS_LADDER);
izdari_engine!(ClassicIzdari, ClassicIzdariWeights, "izdari-classic", CLASSIC_LADDER);

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Rules;

    #[test]
    fn a_piece_up_is_worth_it_and_the_royal_piece_beyond_any_exchange() {
        let pos = AssassinsIzdari::parse_piece_list("Tb1 Ac3 Hd4 tb8 ah8", Side::First).unwrap();
        let w = IzdariWeights::default();
        assert!(AssassinsIzdari::evaluate(&pos, &w) > 0);
        assert_eq!(material(&pos, Side::First) - material(&pos, Side::Second), 2);
        let values = w.worths();
        assert!(
            value(&values, Version::Assassins, Kind::Templar) > 10 * value(&values, Version::Assassins, Kind::Archer)
        );
        assert_eq!(AssassinsIzdari::turns(&pos).len() as u64, AssassinsIzdari::count_turns(&pos));
    }

    #[test]
    fn a_templar_with_less_room_is_nearer_its_taking() {
        let assassins = |pieces: &str| AssassinsIzdari::parse_piece_list(pieces, Side::First).unwrap();
        let hemmed = |pos: &Position| templar_confinement(pos, royal(pos, Side::Second).unwrap());
        // A3.6: the Templar steps one square orthogonally; in the open it has all four.
        assert_eq!(hemmed(&assassins("Tb1 Rc3 Ae3 te5")), 0);
        assert_eq!(hemmed(&assassins("Tb1 Rc3 Ae3 th8")), 2, "the corner leaves two");
        assert_eq!(hemmed(&assassins("Tb1 Rc3 Ae3 th8 dg8")), 3, "its own Dune takes a third");
        // The bonus counts it for the side ahead, on top of its hunters nearing the quarry;
        // classic's Wagon is hunted by closeness alone.
        let open = assassins("Tb1 Rc3 Ae3 Lf4 te5");
        let cornered = assassins("Tb1 Rc3 Ae3 Lf4 th8 dg8");
        let hunting = |pos: &Position| HUNT_CLOSENESS * hunt(pos, Side::First);
        assert_eq!(conversion(&cornered, Side::First) - hunting(&cornered), 3 * TEMPLAR_CONFINEMENT);
        assert_eq!(conversion(&open, Side::First), hunting(&open));
        let classic = ClassicIzdari::parse_piece_list("Ta1 Nb1 Hc1 Wj2 we6", Side::First).unwrap();
        assert_eq!(conversion(&classic, Side::First), hunting(&classic));
        assert!(hunting(&classic) > 0);
    }

    #[test]
    fn a_hint_names_the_threat_to_the_templar_and_the_line_it_opens() {
        let explain = |pieces: &str, turn: &str| {
            let pos = AssassinsIzdari::parse_piece_list(pieces, Side::First).unwrap();
            let (turn, _) = crate::rules::izdari::parse_turn(&pos, turn).unwrap();
            AssassinsIzdari::explain(&pos, &turn, &[])
        };
        // A3.1: the Archer on b8 has the Templar in its sights down the b-file.
        assert_eq!(explain("Tb1 Hh2 tg8 rb8", "Tb1-c1"), "saves the Templar from the Archer on b8");
        assert_eq!(
            explain("Tb1 Hh2 tg8 rb8", "Hh2-g3"),
            "moves h2-g3",
            "a move that leaves it in danger says nothing of it"
        );
        // Moving the Halfling off the g-file opens the Archer's line to the enemy Templar.
        assert_eq!(explain("Tb1 Rg1 Hg4 tg8", "Hg4-h5"), "threatens the enemy Templar with the Archer on g1");
        // A4.2, A4.3: the Wagon loads what it meets and sets a passenger down as it leaves.
        let start = AssassinsIzdari::start();
        let (turn, _) = crate::rules::izdari::parse_turn(&start, "Wg1-d1+Rf1+Le1/Re1+Ld1").unwrap();
        let said = AssassinsIzdari::explain(&start, &turn, &[]);
        assert!(said.contains("picks up the Archer on f1") && said.contains("sets an Archer down on e1"), "{said}");
    }
}
