//! Turn notation (H5): the letter, origin, `-`, destination, then `x` and each captured square
//! (from rank 8 down, from file a within a rank), a promotion last: `Pg3-d4xd5xc4`,
//! `Hc2-c1xd1=G`, `Fb7-b8=C`.

use super::machine::{Decision, Event, Pending, TurnState};
use super::{Kind, Position, Square, Turn};
pub use crate::rules::board8::NotationError;

fn error(at: Option<usize>, problem: impl Into<String>) -> NotationError {
    NotationError::new(at, problem)
}

/// Writes one turn's events as notation.
pub fn write_events(events: &[Event]) -> String {
    let mut text = String::new();
    for event in events {
        match *event {
            Event::Moved { piece, from, to } => text.push_str(&format!("{}{from}-{to}", piece.kind.letter())),
            Event::Captured { at, .. } => text.push_str(&format!("x{at}")),
            Event::Promoted { into, .. } => text.push_str(&format!("={}", into.letter())),
            Event::TurnEnded { .. } | Event::GameOver(_) => {}
        }
    }
    text
}

/// Replays a complete turn through the state machine, returning its events.
pub fn replay(pos: &Position, turn: &Turn) -> Result<Vec<Event>, String> {
    crate::rules::replay::<TurnState>(pos, turn)
}

/// A legal turn written in notation.
pub fn write_turn(pos: &Position, turn: &Turn) -> String {
    write_events(&replay(pos, turn).expect("write_turn takes a legal turn"))
}

/// Reads a square name at `chars[i..]`, with the column for errors.
fn square_at(chars: &[char], i: usize, what: &str) -> Result<Square, NotationError> {
    let name: String = chars.iter().skip(i).take(2).collect();
    name.parse::<Square>().map_err(|e| error(Some(i + 1), format!("expected {what}: {e}")))
}

/// Parses a turn in notation, checking it against `pos`. Returns the turn and its events.
/// The captured squares written must be exactly those the move takes.
pub fn parse_turn(pos: &Position, text: &str) -> Result<(Turn, Vec<Event>), NotationError> {
    let text = text.trim();
    let chars: Vec<char> = text.chars().collect();
    let &letter = chars.first().ok_or_else(|| error(None, "empty turn"))?;
    let kind = Kind::from_letter(letter).ok_or_else(|| {
        error(Some(1), format!("`{letter}` is not a piece letter: a turn starts with K, G, P, C, H or F (H5)"))
    })?;
    let from = square_at(&chars, 1, "the square the move starts from")?;
    if chars.get(3) != Some(&'-') {
        return Err(error(Some(4), "expected `-` between the two squares, e.g. `Fe2-e3` (H5)"));
    }
    let to = square_at(&chars, 4, "the square the move goes to")?;
    let mut written = Vec::new();
    let mut i = 6;
    while chars.get(i) == Some(&'x') {
        written.push((square_at(&chars, i + 1, "a captured square after `x`")?, i + 2));
        i += 3;
    }
    let promotion = match chars.get(i) {
        None => None,
        Some('=') => {
            let c = chars.get(i + 1).copied().ok_or_else(|| error(Some(i + 1), "`=` needs a piece letter"))?;
            if chars.len() > i + 2 {
                return Err(error(Some(i + 3), "nothing may follow the promotion"));
            }
            Some((c, i + 2))
        }
        Some(c) => return Err(error(Some(i + 1), format!("unexpected `{c}`: expected `x`, `=` or the end"))),
    };

    let piece = pos.piece_at(from).ok_or_else(|| error(Some(2), format!("no piece on {from}")))?;
    if piece.kind != kind {
        return Err(error(
            Some(1),
            format!("the piece on {from} is a {}, written `{}`", piece.kind, piece.kind.letter()),
        ));
    }
    let mut state = TurnState::new(*pos);
    let mut events = state.decide(Decision::Primary { from, to }).map_err(|e| error(Some(5), e.to_string()))?;
    let taken: Vec<Square> =
        events.iter().filter_map(|e| if let Event::Captured { at, .. } = *e { Some(at) } else { None }).collect();
    if let Some(&(square, column)) = written.iter().find(|(s, _)| !taken.contains(s)) {
        return Err(error(Some(column), format!("this move does not take the piece on {square} (H3.1)")));
    }
    if written.len() != taken.len() || written.iter().zip(&taken).any(|((w, _), t)| w != t) {
        let all: String = taken.iter().map(|s| format!("x{s}")).collect();
        return Err(error(
            None,
            format!(
                "this move takes {}: write every captured square, rank 8 first, `{letter}{from}-{to}{all}` (H5)",
                taken.len()
            ),
        ));
    }
    match (state.pending(), promotion) {
        (Some(Pending::Promotion { .. }), Some((letter, column))) => {
            let kind = Kind::from_letter(letter).filter(|k| Kind::FOOT_PROMOTIONS.contains(k)).ok_or_else(|| {
                error(Some(column), format!("`={letter}`: a Foot becomes a Horse or a Captain, `=H` or `=C` (H2.9)"))
            })?;
            events.extend(state.decide(Decision::Promote(kind)).expect("a promotion is open"));
        }
        (Some(Pending::Promotion { .. }), None) => {
            return Err(error(None, "a Foot reaching the far rank must promote: add =H or =C (H2.9)"));
        }
        (_, Some((letter, column))) => {
            let promoted =
                events.iter().find_map(|e| if let Event::Promoted { into, .. } = *e { Some(into) } else { None });
            if promoted.map(Kind::letter) != Some(letter) {
                let what = match promoted {
                    Some(into) => format!("this Horse becomes a {into}: write `={}` (H2.9)", into.letter()),
                    None => "only a Foot or a Horse reaching the far rank promotes (H2.9)".to_string(),
                };
                return Err(error(Some(column - 1), what));
            }
        }
        (_, None) => {
            if events.iter().any(|e| matches!(e, Event::Promoted { .. })) {
                return Err(error(None, "a Horse reaching the far rank becomes a General: add =G (H2.9)"));
            }
        }
    }
    Ok((state.turn(), events))
}
