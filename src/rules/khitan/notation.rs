//! Turn notation (this project's design, `docs/rules-decisions.md`): the flip as its cell,
//! `-` and the neighbour it lands on (the direction is the one between them), then `x` and
//! each captured cell in cell order (`a1` first), then `@`, a cell and an orientation for
//! each placement from the reserve (X4.3), in cell order: `c3-c4`, `c3-c4xd7xd8`,
//! `c3-c4xd7@b2Y+@c1G-`.

use super::hex::Hex;
use super::machine::{Decision, Event, Pending, TurnState};
use super::position::Position;
use super::tile::Tile;
use super::turn::Turn;
pub use crate::rules::board8::NotationError;

fn error(at: Option<usize>, problem: impl Into<String>) -> NotationError {
    NotationError::new(at, problem)
}

/// Writes one turn's events as notation.
pub fn write_events(events: &[Event]) -> String {
    let mut text = String::new();
    for event in events {
        match *event {
            Event::Flipped { from, to, .. } => text.push_str(&format!("{from}-{to}")),
            Event::Captured { at, .. } => text.push_str(&format!("x{at}")),
            Event::Placed { at, tile, .. } => text.push_str(&format!("@{at}{tile}")),
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

/// Reads a cell name at `chars[i..]`, with the column for errors.
fn hex_at(chars: &[char], i: usize, what: &str) -> Result<Hex, NotationError> {
    let name: String = chars.iter().skip(i).take(2).collect();
    name.parse::<Hex>().map_err(|e| error(Some(i + 1), format!("expected {what}: {e}")))
}

/// Parses a turn in notation, checking it against `pos`; returns the turn and its events.
/// The captured cells written must be exactly those the flip takes (in any order), and a
/// turn that owes placements must make every one.
pub fn parse_turn(pos: &Position, text: &str) -> Result<(Turn, Vec<Event>), NotationError> {
    let chars: Vec<char> = text.trim().chars().collect();
    if chars.is_empty() {
        return Err(error(None, "empty turn"));
    }
    let from = hex_at(&chars, 0, "the cell of the piece that flips")?;
    if chars.get(2) != Some(&'-') {
        return Err(error(Some(3), "expected `-` between the two cells, e.g. `c3-c4`"));
    }
    let to = hex_at(&chars, 3, "the cell the piece flips onto")?;
    let mut written = Vec::new();
    let mut i = 5;
    while chars.get(i) == Some(&'x') {
        written.push((hex_at(&chars, i + 1, "a captured cell after `x`")?, i + 2));
        i += 3;
    }
    let mut placements = Vec::new();
    while chars.get(i) == Some(&'@') {
        let at = hex_at(&chars, i + 1, "the cell of a placement after `@`")?;
        let (letter, sign) = (chars.get(i + 3).copied().unwrap_or(' '), chars.get(i + 4).copied().unwrap_or(' '));
        let (tile, _) = Tile::from_text(letter, sign).ok_or_else(|| {
            error(
                Some(i + 4),
                format!("`{letter}{sign}` is not an orientation: a colour letter and `+` or `-`, e.g. `@b2Y+`"),
            )
        })?;
        placements.push((at, tile, i + 2));
        i += 5;
    }
    if let Some(&c) = chars.get(i) {
        return Err(error(Some(i + 1), format!("unexpected `{c}`: expected `x`, `@` or the end")));
    }

    let mut state = TurnState::new(*pos);
    let mut events = state.decide(Decision::Primary { from, to }).map_err(|e| error(Some(1), e.to_string()))?;
    let taken: Vec<Hex> =
        events.iter().filter_map(|e| if let Event::Captured { at, .. } = *e { Some(at) } else { None }).collect();
    if let Some(&(hex, column)) = written.iter().find(|(h, _)| !taken.contains(h)) {
        return Err(error(Some(column), format!("this flip does not capture the piece on {hex} (X3.1)")));
    }
    if written.len() != taken.len() {
        let all: String = taken.iter().map(|h| format!("x{h}")).collect();
        return Err(error(
            None,
            format!("this flip captures {}: write every captured cell, `{from}-{to}{all}` (X3.1)", taken.len()),
        ));
    }
    for &(at, tile, column) in &placements {
        match state.pending() {
            Some(Pending::Placement { .. }) => {
                let placed =
                    state.decide(Decision::Place { at, tile }).map_err(|e| error(Some(column), e.to_string()))?;
                events.extend(placed);
            }
            _ => {
                return Err(error(
                    Some(column - 1),
                    "no placement is owed here: each capture places one piece from the reserve while it lasts (X4.3)",
                ));
            }
        }
    }
    if let Some(Pending::Placement { left, .. }) = state.pending() {
        return Err(error(
            None,
            format!(
                "{left} more piece(s) from the reserve must be placed: add `@` and a cell and orientation, e.g. `@b2Y+` (X4.3)"
            ),
        ));
    }
    Ok((state.turn(), events))
}
