//! Turn notation (P4): `e2-e3`, `Nb1-c3`, `Sd1xd2`, a jump chain with every landing square
//! `Wa6xa4xc4xe4`, a promotion `d7-d8=W`.

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
            Event::Moved { piece, from, to, captured } => {
                if piece.kind != Kind::Pawn {
                    text.push(piece.kind.letter());
                }
                let sep = if captured.is_some() { 'x' } else { '-' };
                text.push_str(&format!("{from}{sep}{to}"));
            }
            Event::Jumped { to, .. } => text.push_str(&format!("x{to}")),
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

/// The parts of a turn's text: the piece letter, squares with the separator before each
/// (none before the first) and their columns, and the promotion.
struct Parts {
    letter: Option<char>,
    squares: Vec<(Option<char>, Square, usize)>,
    promotion: Option<(char, usize)>,
}

fn split(text: &str) -> Result<Parts, NotationError> {
    let chars: Vec<char> = text.chars().collect();
    let mut i = 0;
    let letter = match chars.first() {
        Some(&c) if c.is_ascii_uppercase() => {
            i = 1;
            if c == 'P' {
                return Err(error(Some(1), "a Pawn's move is written without a letter, e.g. `e2-e3` (P4)"));
            }
            Kind::from_letter(c).ok_or_else(|| error(Some(1), format!("`{c}` is not a piece letter (W F N S)")))?;
            Some(c)
        }
        _ => None,
    };
    let mut squares = Vec::new();
    let mut promotion = None;
    while i < chars.len() {
        let column = i + 1;
        match chars[i] {
            '=' => {
                let kind = chars.get(i + 1).copied().ok_or_else(|| error(Some(column), "`=` needs a piece letter"))?;
                if chars.len() > i + 2 {
                    return Err(error(Some(i + 3), "nothing may follow the promotion"));
                }
                promotion = Some((kind, i + 2));
                i += 2;
            }
            sep @ ('-' | 'x') if !squares.is_empty() => {
                let name: String = chars.iter().skip(i + 1).take_while(|c| c.is_ascii_alphanumeric()).collect();
                let square = name.get(..2).and_then(|n| n.parse::<Square>().ok()).ok_or_else(|| {
                    error(Some(column + 1), format!("expected a square after `{sep}`, found `{name}`"))
                })?;
                squares.push((Some(sep), square, column + 1));
                i += 3;
            }
            _ if squares.is_empty() => {
                let name: String = chars.iter().skip(i).take(2).collect();
                let square = name
                    .parse::<Square>()
                    .map_err(|e| error(Some(column), format!("expected the square the move starts from: {e}")))?;
                squares.push((None, square, column));
                i += 2;
            }
            c => return Err(error(Some(column), format!("unexpected `{c}`: expected `-`, `x` or `=`"))),
        }
    }
    if squares.len() < 2 {
        return Err(error(None, "a turn is written origin, `-` or `x`, destination, e.g. `Nb1-c3` (P4)"));
    }
    Ok(Parts { letter, squares, promotion })
}

/// Parses a turn in notation, checking it against `pos`. Returns the turn and its events.
pub fn parse_turn(pos: &Position, text: &str) -> Result<(Turn, Vec<Event>), NotationError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(error(None, "empty turn"));
    }
    let parts = split(text)?;
    let (_, from, _) = parts.squares[0];
    let piece = pos.piece_at(from).ok_or_else(|| error(Some(parts.squares[0].2), format!("no piece on {from}")))?;
    let written = parts.letter.map_or(Kind::Pawn, |c| Kind::from_letter(c).expect("checked"));
    if written != piece.kind {
        let how = if piece.kind == Kind::Pawn { "no letter".to_string() } else { format!("`{}`", piece.kind.letter()) };
        return Err(error(Some(1), format!("the piece on {from} is a {}, written with {how}", piece.kind)));
    }
    let mut state = TurnState::new(*pos);
    let mut events = Vec::new();
    for (n, &(sep, square, column)) in parts.squares.iter().enumerate().skip(1) {
        let decision = if n == 1 { Decision::Primary { from, to: square } } else { Decision::Jump(square) };
        if n > 1 && !matches!(state.pending(), Some(Pending::Jump { .. })) {
            return Err(error(Some(column), "the turn is already over: only a jump chain goes on"));
        }
        let new = state.decide(decision).map_err(|e| error(Some(column), e.to_string()))?;
        let captured = new.iter().any(|e| matches!(e, Event::Moved { captured: Some(_), .. } | Event::Jumped { .. }));
        match (sep, captured) {
            (Some('-'), true) => return Err(error(Some(column - 1), "a capture is written with `x`")),
            (Some('x'), false) => {
                return Err(error(Some(column - 1), "`x` marks a capture, and this move takes nothing"));
            }
            _ => {}
        }
        events.extend(new);
    }
    match (state.pending(), parts.promotion) {
        (Some(Pending::Jump { .. }), None) => events.extend(state.decide(Decision::Stop).expect("stopping is open")),
        (Some(Pending::Promotion { .. }), Some((letter, column))) => {
            let kind = Kind::from_letter(letter).filter(|k| Kind::PROMOTIONS.contains(k)).ok_or_else(|| {
                error(Some(column), format!("`={letter}`: a Pawn promotes to =W, =N, =F or =S (P2.1)"))
            })?;
            events.extend(state.decide(Decision::Promote(kind)).expect("a promotion is open"));
        }
        (Some(Pending::Promotion { .. }), None) => {
            return Err(error(None, "a Pawn reaching the last rank must promote: add =W, =N, =F or =S (P2.1)"));
        }
        (_, Some((_, column))) => return Err(error(Some(column - 1), "only a Pawn reaching the last rank promotes")),
        _ => {}
    }
    Ok((state.turn(), events))
}
