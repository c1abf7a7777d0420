//! Turn notation (K8): a turn written as its stages, `Dd3xe5 !Gf6xe5`, `De4xe7 =b9 +xd8`.

use super::machine::{Decision, Event, Pending, TurnState};
use super::{Kind, Position, Square, Turn, side_name};

/// Why a turn's text was refused: the 1-based token number, the token, and the problem.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}: {problem}", match (token_number, token) {
    (Some(n), Some(t)) => format!("token {n} `{t}`"),
    _ => "turn".to_string(),
})]
pub struct NotationError {
    pub token_number: Option<usize>,
    pub token: Option<String>,
    pub problem: String,
}

/// The K8 token an event is written as, if any (turn ends and game ends are not tokens).
fn token(event: &Event) -> Option<String> {
    Some(match *event {
        Event::Moved { piece, from, to, captured } => {
            format!("{}{from}{}{to}", piece.kind.letter(), if captured.is_some() { 'x' } else { '-' })
        }
        Event::Succeeded { square, .. } => format!("={square}"),
        Event::Retaliated { from, to, .. } => format!("!G{from}x{to}"),
        Event::Chained { to, .. } => format!("+x{to}"),
        Event::KhalifLost { .. } | Event::TurnEnded { .. } | Event::GameOver(_) => return None,
    })
}

/// Writes the tokens of one turn's events, with `#` after the last when the game ended.
pub fn write_events(events: &[Event]) -> String {
    let mut text = events.iter().filter_map(token).collect::<Vec<_>>().join(" ");
    if events.iter().any(|e| matches!(e, Event::GameOver(_))) {
        text.push('#');
    }
    text
}

/// Replays a complete turn through the state machine, returning its events. Fails only for
/// a turn that is not legal in `pos` (every generated or parsed turn is).
pub fn replay(pos: &Position, turn: &Turn) -> Result<Vec<Event>, String> {
    crate::rules::replay::<TurnState>(pos, turn)
}

/// A turn's primary move as its notation's first token, without the game-end mark (`Dd7xe9`):
/// how puzzles, tactics and `divide` name a move whatever its resolution.
pub fn write_primary(pos: &Position, turn: &Turn) -> String {
    write_turn(pos, turn).split(' ').next().unwrap_or_default().trim_end_matches('#').to_string()
}

/// A legal turn written in K8 notation.
pub fn write_turn(pos: &Position, turn: &Turn) -> String {
    write_events(&replay(pos, turn).expect("write_turn takes a legal turn"))
}

fn square_at(token: &str, range: std::ops::Range<usize>) -> Option<Square> {
    token.get(range)?.parse().ok()
}

/// Parses one token into the decision it states, given what is pending.
fn token_decision(token: &str, pending: Pending) -> Result<Decision, String> {
    let expected = match pending {
        Pending::Primary { .. } => "a primary move such as `Cb2-c3` or `Dd3xe5`",
        Pending::Successor { .. } => "a succession `=` and the Vizier's square, such as `=h9`",
        Pending::Retaliator { .. } => "a retaliation such as `!Gf6xe5`",
        Pending::SecondCapture { .. } => "a second Djinn capture such as `+xf7`, or the end of the turn",
    };
    let bad = || format!("expected {expected}");
    match pending {
        Pending::Primary { .. } => {
            token.chars().next().and_then(Kind::from_letter).ok_or_else(bad)?;
            match (square_at(token, 1..3), token.get(3..4), square_at(token, 4..6), token.len()) {
                (Some(from), Some("-" | "x"), Some(to), 6) => Ok(Decision::Primary { from, to }),
                _ => Err(bad()),
            }
        }
        Pending::Successor { .. } => match (token.strip_prefix('='), token.len()) {
            (Some(_), 3) => square_at(token, 1..3).map(Decision::Successor).ok_or_else(bad),
            _ => Err(bad()),
        },
        Pending::Retaliator { square, .. } => {
            match (token.get(..2), square_at(token, 2..4), token.get(4..5), square_at(token, 5..7), token.len()) {
                (Some("!G"), Some(from), Some("x"), Some(to), 7) if to == square => Ok(Decision::Retaliator(from)),
                (Some("!G"), Some(_), Some("x"), Some(_), 7) => Err(format!("the retaliation is on {square}")),
                _ => Err(bad()),
            }
        }
        Pending::SecondCapture { .. } => match (token.get(..2), token.len()) {
            (Some("+x"), 4) => square_at(token, 2..4).map(Decision::SecondCapture).ok_or_else(bad),
            _ => Err(bad()),
        },
    }
}

/// Parses a turn in K8 notation, checking it against `pos`: every token must be legal and every
/// stage that happened must be written. Returns the turn and its events.
pub fn parse_turn(pos: &Position, text: &str) -> Result<(Turn, Vec<Event>), NotationError> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let at = |i: usize, problem: String| NotationError {
        token_number: Some(i + 1),
        token: tokens.get(i).map(|t| t.to_string()),
        problem,
    };
    if tokens.is_empty() {
        return Err(NotationError { token_number: None, token: None, problem: "empty turn".into() });
    }
    if let Some(i) = tokens.iter().position(|t| t.contains('#'))
        && (i + 1 != tokens.len() || !tokens[i].ends_with('#') || tokens[i].matches('#').count() > 1)
    {
        return Err(at(i, "`#` may only end the last token".into()));
    }
    let mut state = TurnState::new(*pos);
    let mut events: Vec<Event> = Vec::new();
    let mut next = 0;
    while let Some(pending) = state.pending() {
        let Some(raw) = tokens.get(next) else {
            if let Pending::SecondCapture { .. } = pending {
                events.extend(state.decide(Decision::Decline).expect("declining is always open"));
                break;
            }
            return Err(NotationError {
                token_number: Some(next + 1),
                token: None,
                problem: format!("the turn is not finished: expected {}", describe_pending(pending)),
            });
        };
        let written = raw.trim_end_matches('#');
        let decision = token_decision(written, pending).map_err(|p| at(next, p))?;
        if let (Decision::Primary { from, .. }, Some(letter)) = (decision, written.chars().next())
            && let Some(piece) = pos.piece_at(from)
            && piece.kind.letter() != letter
        {
            return Err(at(
                next,
                format!("the piece on {from} is a {}, written `{}`", piece.kind, piece.kind.letter()),
            ));
        }
        let new_events = state.decide(decision).map_err(|e| at(next, e.to_string()))?;
        // The first event is the token just read; forced stages that followed must be written too.
        for event in &new_events {
            let Some(expected) = token(event) else { continue };
            let written = tokens.get(next).map(|t| t.trim_end_matches('#'));
            if written != Some(expected.as_str()) {
                return Err(match written {
                    Some(_) => at(next, format!("expected `{expected}` here")),
                    None => NotationError {
                        token_number: Some(next + 1),
                        token: None,
                        problem: format!("the turn is not finished: `{expected}` follows by the rules"),
                    },
                });
            }
            next += 1;
        }
        events.extend(new_events);
    }
    if next < tokens.len() {
        return Err(at(next, "the turn is already over".into()));
    }
    let ended = events.iter().any(|e| matches!(e, Event::GameOver(_)));
    if text.contains('#') && !ended {
        return Err(at(tokens.len() - 1, "`#` marks a turn that ends the game, and this one does not".into()));
    }
    Ok((state.turn(), events))
}

fn describe_pending(pending: Pending) -> String {
    match pending {
        Pending::Primary { side } => format!("{}'s primary move", side_name(side)),
        Pending::Successor { side, .. } => {
            format!("{}'s choice of successor (`=` and a Vizier's square)", side_name(side))
        }
        Pending::Retaliator { side, square, .. } => {
            format!("{}'s choice of Guard to retaliate on {square} (`!G<from>x{square}`)", side_name(side))
        }
        Pending::SecondCapture { .. } => "a second capture".to_string(),
    }
}
