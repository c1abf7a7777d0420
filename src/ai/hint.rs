//! A hint: the best turn for the side to move with one line saying why, read from what the
//! turn does and from the line the search expects ("wins the Raider on c6").

use super::search::{Limits, Searcher};
use crate::rules::khalif::tables::KNIGHT;
use crate::rules::khalif::{Event, Kind, Piece, Position, Square, Turn, half, reachable_by, replay, write_turn};

/// The suggested turn, in notation, with its reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Hint {
    pub turn: Turn,
    pub notation: String,
    pub reason: String,
}

/// Searches `pos` within `limits` and explains the best turn.
pub fn hint(pos: &Position, searcher: &mut Searcher, limits: &Limits) -> Option<Hint> {
    let result = searcher.search(pos, limits);
    let turn = result.best?;
    Some(Hint { turn, notation: write_turn(pos, &turn), reason: explain(pos, &turn, &result.pv) })
}

fn name(piece: Piece, square: Square) -> String {
    format!("the {} on {square}", piece.kind)
}

/// One line on why `turn` is good in `pos`, given the expected line `pv` (starting with it).
pub fn explain(pos: &Position, turn: &Turn, pv: &[Turn]) -> String {
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
    crate::rules::khalif::play(&mut after, turn);
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
            crate::rules::khalif::play(&mut line, reply);
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
