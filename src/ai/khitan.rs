//! Khitan's side of the AI: an evaluation of named, tunable terms (pieces on the board and in
//! reserve; the opposing pieces the side to move could capture with one flip, and its own that
//! the opponent could; double threats; the flips each side has; the centre and the rim),
//! capture values for ordering and pruning, the harness's material, the placements search
//! tries, and the words of hints and tactics.
//!
//! Placements (expert, master) multiply a capturing flip into `C(n, k) · 12^k` turns. Search
//! does not try them all: for each capturing flip it keeps [`PLACEMENT_CANDIDATES`] ways to
//! place, the best by a placement's safety and reach (a piece that shows an opposing piece its
//! own colour is captured on the next move, X7.5), each completed greedily.

use super::engine::Engine;
use super::levels::{Ladder, StyleWeights, blind, rung};
use crate::rules::Side;
use crate::rules::khitan::tables::{AROUND, first_in_line, hexes};
use crate::rules::khitan::{
    Colour, Direction, Event, FlipScan, Hex, Khitan, Position, Tile, Turn, flipped, free_cells, generate_turns,
    placements_owed, play, replay, side_name,
};
use crate::terms;

terms! {
    /// The weights of Khitan's evaluation terms, in hundredths of a piece, roughly. The tuned
    /// values live in `levels/khitan/weights.ron` (`khalif-cli tune --game khitan`).
    KhitanWeights,
    "../../levels/khitan/weights.ron",
    {
    /// Per piece on the board.
    pieces,
    /// Per piece in reserve (expert, master).
    reserve,
    /// Per opposing piece the side to move could capture with one flip.
    attack,
    /// Against each piece of the side to move the opponent could capture with one flip, were
    /// it to move (counted negatively, so that the weight is positive).
    exposure,
    /// Per flip of the side to move that would capture two or more.
    double_threat,
    /// Per flip the side has.
    mobility,
    /// Per piece within two cells of the centre.
    centre,
    /// Per piece off the board's rim, where it has more ways to turn (the side's pieces not
    /// on the edge cells).
    rim,
    }
}

const TERM_COUNT: usize = 8;

/// Ways to place that search tries per capturing flip (see the module's note).
pub const PLACEMENT_CANDIDATES: usize = 3;

/// What one side's flips could capture: the pieces taken by some flip, the flips, and the
/// flips that take two or more.
struct Reach {
    capturable: u64,
    flips: u32,
    doubles: u32,
}

/// The flips of `side` (as if it were to move) and what they would capture.
fn reach(pos: &Position, side: Side) -> Reach {
    let mut view = *pos;
    view.set_side_to_move(side);
    let mut reach = Reach { capturable: 0, flips: 0, doubles: 0 };
    FlipScan::new(&view).for_each_flip(&view, |_, _, taken| {
        reach.flips += 1;
        reach.capturable |= taken;
        reach.doubles += u32::from(taken.count_ones() >= 2);
    });
    reach
}

const fn inner_cells() -> u64 {
    let mut set = 0;
    let mut i = 0;
    while i < crate::rules::khitan::CELLS {
        let (x, y) = (Hex::from_index(i).place() as i32, Hex::from_index(i).row() as i32);
        // Distance from e5 on the hexagon, in cells, from the row and the place in the row.
        let row_len = crate::rules::khitan::ROW_LENGTHS[y as usize] as i32;
        let dy = (y - 4).abs();
        let dx = (2 * x - (row_len - 1)).abs();
        let distance = if dx <= dy { dy } else { dy + (dx - dy) / 2 };
        if distance <= 2 {
            set |= 1 << i;
        }
        i += 1;
    }
    set
}

/// The cells within two steps of `e5`.
const INNER: u64 = inner_cells();

/// The cells of the board's edge.
fn rim() -> u64 {
    Hex::all().filter(|h| AROUND[h.index()].count_ones() < 6).fold(0, |set, h| set | 1 << h.index())
}

fn features(pos: &Position) -> [i32; TERM_COUNT] {
    let me = pos.side_to_move();
    let them = me.opponent();
    let (mine, theirs) = (reach(pos, me), reach(pos, them));
    let rim = rim();
    let diff = |f: &dyn Fn(Side) -> u32| f(me) as i32 - f(them) as i32;
    [
        diff(&|s| pos.side(s).count_ones()),
        diff(&|s| u32::from(pos.reserve(s))),
        (mine.capturable & pos.side(them)).count_ones() as i32,
        -((theirs.capturable & pos.side(me)).count_ones() as i32),
        mine.doubles as i32,
        mine.flips as i32 - theirs.flips as i32,
        diff(&|s| (pos.side(s) & INNER).count_ones()),
        diff(&|s| (pos.side(s) & !rim).count_ones()),
    ]
}

impl KhitanWeights {
    /// What a turn wins: the pieces it captures.
    fn taken(&self, turn: &Turn) -> i32 {
        turn.captured.count_ones() as i32 * self.pieces
    }
}

/// What a piece placed on a cell would see along its six lines, whatever its tile: how good
/// the cell looks, and the colours the opposing pieces in sight show back towards it.
struct Sight {
    /// 10 per opposing piece seen, 3 per own piece, 5 within two cells of the centre.
    value: i32,
    /// Each opposing piece in sight: the direction it lies in and the colour it shows back.
    threats: [(Direction, Colour); 6],
    threat_count: usize,
}

/// The [`Sight`] from `hex` for `side` in `pos` (after the flip and its captures).
fn sight(pos: &Position, side: Side, hex: Hex) -> Sight {
    let occupied = pos.occupied() | 1 << hex.index();
    let theirs = pos.side(side.opponent());
    let mut sight = Sight {
        value: (INNER >> hex.index() & 1) as i32 * 5,
        threats: [(Direction::ALL[0], Colour::from_index(0)); 6],
        threat_count: 0,
    };
    for direction in Direction::ALL {
        let Some(seen) = first_in_line(hex.index(), direction, occupied) else { continue };
        if theirs & (1 << seen) != 0 {
            sight.threats[sight.threat_count] = (direction, pos.tile_on(seen).colour(direction.opposite()));
            sight.threat_count += 1;
            sight.value += 10;
        } else {
            sight.value += 3;
        }
    }
    sight
}

/// How good a placement of `tile` where the piece has `sight` looks: a piece showing an
/// opposing piece its colour along a clear line is lost on the next move (X7.5); otherwise the
/// more opposing pieces it sees, the more it may threaten.
fn placement_value(sight: &Sight, tile: Tile) -> i32 {
    let threats = &sight.threats[..sight.threat_count];
    if threats.iter().any(|&(direction, colour)| tile.colour(direction) == colour) { -1000 } else { sight.value }
}

/// The `N` best single placements for `side` on `board`, best first: by
/// [`placement_value`], ties by cell and then tile, so that they fall the same way every
/// time. Kept in a small array as the options go by, for search asks at every capturing flip
/// that owes placements.
fn best_placements<const N: usize>(board: &Position, side: Side) -> [Option<(Hex, Tile)>; N] {
    let mut best: [Option<(i32, Hex, Tile)>; N] = [None; N];
    for hex in hexes(free_cells(board, side)) {
        let sight = sight(board, side, hex);
        for tile in Tile::all() {
            let option = (-placement_value(&sight, tile), hex, tile);
            // Where it ranks among those kept (an empty slot ranks last), if at all.
            let Some(at) = best.iter().position(|kept| kept.is_none_or(|kept| option < kept)) else { continue };
            best.copy_within(at..N - 1, at + 1);
            best[at] = Some(option);
        }
    }
    best.map(|kept| kept.map(|(_, hex, tile)| (hex, tile)))
}

/// Ways to make `owed` placements for the side to move in `pos`, at most
/// [`PLACEMENT_CANDIDATES`]: the first placement the best, the second best, and so on, each
/// followed by the best single placement after it, then the best after that.
fn greedy_placements(pos: &Position, owed: u32) -> impl Iterator<Item = Vec<(Hex, Tile)>> + '_ {
    let side = pos.side_to_move();
    best_placements::<PLACEMENT_CANDIDATES>(pos, side).into_iter().map_while(move |first| {
        let mut board = *pos;
        let mut chosen = Vec::with_capacity(owed as usize);
        let mut next = first;
        for placed in 1..=owed {
            let (hex, tile) = next?;
            board.put(hex, side, tile);
            chosen.push((hex, tile));
            if placed < owed {
                next = best_placements::<1>(&board, side)[0];
            }
        }
        Some(chosen)
    })
}

impl Engine for Khitan {
    type Weights = KhitanWeights;
    /// Two pieces.
    const ADJUDICATION_MARGIN: i32 = 2;
    const TACTICS: (&'static str, &'static str) =
        (include_str!("../../levels/khitan/tactics.ron"), "levels/khitan/tactics.ron");
    const LESSONS: (&'static str, &'static str) =
        (include_str!("../../levels/khitan/lessons.ron"), "levels/khitan/lessons.ron");
    const ENDGAMES: (&'static str, &'static str) =
        (include_str!("../../levels/khitan/endgames.ron"), "levels/khitan/endgames.ron");
    const PUZZLES: Option<(&'static str, &'static str)> = None;
    const KEY_KINDS: &'static [u8] = &[];
    /// Half of the openings of four random flips were already a piece or more apart at depth 5
    /// (102 of 200): the harness opens with flips within half a piece of the best.
    const OPENING_MARGIN: Option<i32> = Some(50);
    /// Eight plies, the old top level: Khitan's narrow tree allows it within the suite's minutes.
    const ENDGAME_DEPTH: u32 = 8;
    /// Calibrated on 200-game matches (docs/performance.md, issue 16). Khitan's strength lies
    /// in the first plies: past four, a ply is worth little (six plies beat four by +58 to
    /// +104, eight by +135; the top level reaches eight or nine in its 2 s), so twelve rungs
    /// stand at four plies or fewer. Levels 1 to 5 do not see the reply to their flip and
    /// misjudge less and less; 6 to 8 see it; then the second ply, the third with a rough
    /// and then a finer judgement, the fourth (with some misjudgement: six plies were only
    /// +74 over a clean four), and six plies below the top.
    const LADDER: Ladder = [
        blind(1, 550),
        blind(1, 400),
        blind(1, 250),
        blind(1, 180),
        blind(1, 125),
        rung(1, 300),
        rung(1, 200),
        rung(1, 120),
        rung(2, 80),
        rung(3, 150),
        rung(3, 70),
        rung(4, 60),
        rung(6, 0),
    ];

    /// Every flip, each capturing flip that owes placements with a few promising ways to make
    /// them rather than all `C(n, k) · 12^k`.
    fn search_turns(pos: &Position, out: &mut Vec<Turn>) {
        if !pos.version().places() || pos.reserve(pos.side_to_move()) == 0 {
            return generate_turns(pos, out);
        }
        let me = pos.side_to_move();
        FlipScan::new(pos).for_each_flip(pos, |from, to, captured| {
            let mut after = flipped(pos, from, to);
            for hex in hexes(captured) {
                after.take(hex);
            }
            let turn = Turn::flip(from, to, captured);
            let owed = placements_owed(pos, captured.count_ones(), free_cells(&after, me).count_ones());
            if owed == 0 {
                out.push(turn);
                return;
            }
            let start = out.len();
            for placements in greedy_placements(&after, owed) {
                let candidate = turn.with_placements(&placements);
                if !out[start..].contains(&candidate) {
                    out.push(candidate);
                }
            }
        });
    }

    fn features(pos: &Position) -> Vec<i32> {
        features(pos).to_vec()
    }

    fn evaluate(pos: &Position, weights: &KhitanWeights) -> i32 {
        weights.dot(&features(pos))
    }

    fn capture_order(_pos: &Position, turn: &Turn, weights: &KhitanWeights) -> i32 {
        weights.taken(turn) * 16
    }

    /// Taking the last pieces decides the game and is always followed; another capture gains
    /// what it takes.
    fn capture_gain(pos: &Position, turn: &Turn, weights: &KhitanWeights) -> Option<i32> {
        let them = pos.side(pos.side_to_move().opponent());
        (turn.captured != them).then(|| weights.taken(turn))
    }

    /// Three pieces: with fewer, having to move can hurt.
    fn null_move_safe(pos: &Position) -> bool {
        pos.side(pos.side_to_move()).count_ones() >= 3
    }

    /// A piece on the board or in reserve is one.
    fn material(pos: &Position, side: Side) -> i32 {
        pos.side(side).count_ones() as i32 + i32::from(pos.reserve(side))
    }

    /// Aggression raises the threats and the mobility, caution the fear of exposure.
    fn styled(base: &KhitanWeights, s: &StyleWeights) -> KhitanWeights {
        let scale = |v: i32, f: f32| (v as f32 * f).round() as i32;
        KhitanWeights {
            attack: scale(base.attack, s.aggression),
            double_threat: scale(base.double_threat, s.aggression),
            mobility: scale(base.mobility, s.aggression),
            exposure: scale(base.exposure, s.caution),
            ..base.clone()
        }
    }

    fn explain(pos: &Position, turn: &Turn, pv: &[Turn]) -> String {
        explain(pos, turn, pv)
    }

    fn theme_of(pos: &Position, best: &Turn, _turns: &[Turn]) -> Option<&'static str> {
        let events = replay(pos, best).ok()?;
        let them = pos.side(pos.side_to_move().opponent());
        if best.captured == them {
            return Some("LastPiece");
        }
        let shooters: Vec<Hex> =
            events.iter().filter_map(|e| if let Event::Captured { by, .. } = *e { Some(by) } else { None }).collect();
        if shooters.iter().any(|&by| by != best.to) {
            return Some("Uncovered");
        }
        if best.captured.count_ones() >= 2 {
            return Some("DoubleCapture");
        }
        None
    }
}

/// The colour a capture along a line matched: the looker's edge facing the piece taken.
fn matched(pos: &Position, by: Hex, direction: Direction) -> String {
    pos.piece_at(by).map_or_else(String::new, |(_, tile)| {
        let colour = tile.colour(direction);
        format!("{colour} ({}) facing {colour}", colour.symbol())
    })
}

/// One line on why `turn` is good in `pos`: what it captures and along which line, the
/// threat it escapes or blocks, or the capture it prepares along the expected line `pv`.
fn explain(pos: &Position, turn: &Turn, pv: &[Turn]) -> String {
    let me = pos.side_to_move();
    let Ok(events) = replay(pos, turn) else { return "the search's choice".to_string() };
    let mut after_flip = *pos;
    if let Some(Event::Flipped { .. }) = events.first() {
        events[0].apply(&mut after_flip);
    }
    let shots: Vec<String> = events
        .iter()
        .filter_map(|e| match *e {
            Event::Captured { at, by, direction, .. } => {
                let how = if by == turn.to {
                    "the flipped piece".to_string()
                } else {
                    format!("the piece on {by}, uncovered,")
                };
                Some(format!(
                    "the piece on {at}: {how} looks along the line {direction} from {by}, {}",
                    matched(&after_flip, by, direction)
                ))
            }
            _ => None,
        })
        .collect();
    let mut after = *pos;
    play(&mut after, turn);
    if after.side(me.opponent()) == 0 {
        return format!("captures {}'s last piece and wins", side_name(me.opponent()));
    }
    if !shots.is_empty() {
        return format!("captures {}", shots.join("; and "));
    }
    let exposed_before = reach(pos, me.opponent()).capturable & pos.side(me);
    let exposed_after = reach(&after, me.opponent()).capturable & after.side(me);
    if exposed_after.count_ones() < exposed_before.count_ones() {
        if let Some(saved) = hexes(exposed_before & !exposed_after).next() {
            let moved = if saved == turn.from { format!(", now on {}", turn.to) } else { String::new() };
            return format!("takes the piece on {saved}{moved} out of a line of fire");
        }
        return "closes a line of fire on one of your pieces".to_string();
    }
    if let (Some(reply), Some(threat)) = (pv.get(1), pv.get(2)) {
        let mut line = after;
        play(&mut line, reply);
        if let Some(target) = hexes(threat.captured).next() {
            return format!("prepares a capture of the piece on {target} with {}-{}", threat.from, threat.to);
        }
    }
    let threats = (reach(&after, me).capturable & after.side(me.opponent())).count_ones();
    if threats > 0 {
        return format!("flips {}-{} and lines up {threats} piece(s) to capture", turn.from, turn.to);
    }
    format!("flips the piece on {} onto {}", turn.from, turn.to)
}
