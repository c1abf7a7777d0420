//! Turn notation (`docs/rules-decisions.md`, "Izdari turn notation"): one token a turn.
//!
//! - a move `Aa1-a3`, a take by landing `Hh2xe5` (every piece writes its letter);
//! - an Archer's shot `Rc1*c5`;
//! - a Templar's slaying after its move `Tb1-b2!c2`, or without moving `Tb1!b2`;
//! - a Wagon's move with what it loads (`+`) and drops (`/`) in the order of its path:
//!   `Wg1-g4/Hg1+Ag2/Ag3` (left g1 dropping a Halfling, loaded the Assassin on g2, dropped it
//!   on g3 as it left);
//! - a passenger leaving on its own `Wg1:A-g3`, `Wg1:Axg5`.

use super::board::{Sq, name, parse_square};
use super::machine::{Event, TurnState};
use super::{Kind, Position, Turn, Version};
use crate::rules::board8::NotationError;

fn error(at: Option<usize>, problem: impl Into<String>) -> NotationError {
    NotationError::new(at, problem)
}

/// Writes one turn's events as notation.
pub fn write_events(version: Version, events: &[Event]) -> String {
    let sq = |s: Sq| name(version, s);
    let mut text = String::new();
    let mut wagon: Option<(Sq, Sq)> = None;
    let mut marks: Vec<String> = Vec::new();
    for event in events {
        match *event {
            Event::Moved { piece, from, to, captured, from_wagon } => {
                let sep = if captured.is_some() { 'x' } else { '-' };
                if from_wagon {
                    text.push_str(&format!("W{}:{}{sep}{}", sq(from), piece.kind.letter(), sq(to)));
                } else {
                    text.push_str(&format!("{}{}{sep}{}", piece.kind.letter(), sq(from), sq(to)));
                }
            }
            Event::Shot { by, at, .. } => text.push_str(&format!("R{}*{}", sq(by), sq(at))),
            Event::Slain { by, at, .. } => {
                if text.is_empty() {
                    text.push_str(&format!("T{}", sq(by)));
                }
                text.push_str(&format!("!{}", sq(at)));
            }
            Event::WagonMoved { from, to, dropped, loaded, .. } => {
                wagon = Some((wagon.map_or(from, |w| w.0), to));
                if let Some(piece) = dropped {
                    marks.push(format!("/{}{}", piece.kind.letter(), sq(from)));
                }
                if let Some(piece) = loaded {
                    marks.push(format!("+{}{}", piece.kind.letter(), sq(to)));
                }
            }
            Event::TurnEnded { .. } | Event::GameOver(_) => {}
        }
    }
    if let Some((from, to)) = wagon {
        text.push_str(&format!("W{}-{}", sq(from), sq(to)));
        // In the order of the path: each step's drop, then its load.
        for mark in marks {
            text.push_str(&mark);
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
    write_events(pos.version(), &replay(pos, turn).expect("write_turn takes a legal turn"))
}

/// A little reader over a turn's text that knows where it is, for errors with columns.
struct Reader<'a> {
    text: &'a str,
    at: usize,
    version: Version,
}

impl Reader<'_> {
    fn peek(&self) -> Option<char> {
        self.text[self.at..].chars().next()
    }

    fn col(&self) -> Option<usize> {
        Some(self.at + 1)
    }

    fn eat(&mut self, c: char) -> bool {
        let found = self.peek() == Some(c);
        if found {
            self.at += c.len_utf8();
        }
        found
    }

    fn kind(&mut self) -> Result<Kind, NotationError> {
        let col = self.col();
        let c = self.peek().ok_or_else(|| error(col, "expected a piece letter"))?;
        let kind = Kind::from_letter(c)
            .filter(|k| c.is_ascii_uppercase() && self.version.has(*k))
            .ok_or_else(|| error(col, format!("`{c}` is not a piece letter of this game (upper case)")))?;
        self.at += 1;
        Ok(kind)
    }

    fn square(&mut self) -> Result<Sq, NotationError> {
        let col = self.col();
        let rest = &self.text[self.at..];
        let len = rest.char_indices().skip(1).find(|(_, c)| !c.is_ascii_digit()).map_or(rest.len(), |(i, _)| i);
        let sq = parse_square(self.version, &rest[..len])
            .ok_or_else(|| error(col, format!("`{}` is not a square of this board", &rest[..len])))?;
        self.at += len;
        Ok(sq)
    }

    fn separator(&mut self) -> Result<(), NotationError> {
        if self.eat('-') || self.eat('x') {
            return Ok(());
        }
        Err(error(self.col(), "expected `-` or `x` between the squares"))
    }
}

/// What a turn's text says, before it is checked against the position.
struct Written {
    kind: Kind,
    turn: Turn,
    loads: Vec<(Kind, Sq)>,
    drops: Vec<(Kind, Sq)>,
}

fn read(version: Version, text: &str) -> Result<Written, NotationError> {
    let mut r = Reader { text, at: 0, version };
    let kind = r.kind()?;
    let from = r.square()?;
    let mut written = Written { kind, turn: Turn::step(from, from), loads: Vec::new(), drops: Vec::new() };
    if kind == Kind::Wagon && r.eat(':') {
        let rider = r.kind()?;
        r.separator()?;
        written.turn = Turn { rider: Some(rider), ..Turn::step(from, r.square()?) };
    } else if kind == Kind::Archer && r.eat('*') {
        written.turn = Turn { shot: true, ..Turn::step(from, r.square()?) };
    } else if kind == Kind::Templar && r.peek() == Some('!') {
        // Stays and slays: read below.
    } else {
        r.separator()?;
        written.turn.to = r.square()?;
    }
    if kind == Kind::Templar && r.eat('!') {
        written.turn.slay = r.square()?;
    }
    while kind == Kind::Wagon && written.turn.rider.is_none() && r.peek().is_some() {
        let load = if r.eat('+') {
            true
        } else if r.eat('/') {
            false
        } else {
            return Err(error(r.col(), "expected `+` (loaded) or `/` (dropped) after the Wagon's move"));
        };
        let piece = r.kind()?;
        let sq = r.square()?;
        if load { written.loads.push((piece, sq)) } else { written.drops.push((piece, sq)) }
    }
    if let Some(c) = r.peek() {
        return Err(error(r.col(), format!("unexpected `{c}` after the turn")));
    }
    Ok(written)
}

/// Reads a turn in notation and checks it is legal in `pos`, returning it with its events.
pub fn parse_turn(pos: &Position, text: &str) -> Result<(Turn, Vec<Event>), NotationError> {
    let version = pos.version();
    let text = text.trim();
    let mut written = read(version, text)?;
    let from = written.turn.from;
    let on_from = pos.at(from).map(|p| p.kind);
    if on_from != Some(written.kind) {
        let found = on_from.map_or("nothing".to_string(), |k| k.a_name().to_string());
        return Err(error(Some(1), format!("{} holds {found}, not {}", name(version, from), written.kind.a_name())));
    }
    if written.kind == Kind::Wagon && written.turn.rider.is_none() {
        written.turn.drops = drops_on_path(version, from, &written.drops)?;
    }
    let events = replay(pos, &written.turn).map_err(|e| error(None, e))?;
    // What the Wagon did, square by square, against what the text says it did.
    let (mut dropped, mut loaded) = (Vec::new(), Vec::new());
    for event in &events {
        if let Event::WagonMoved { from, to, dropped: off, loaded: on, .. } = *event {
            dropped.extend(off.map(|p| (p.kind, from)));
            loaded.extend(on.map(|p| (p.kind, to)));
        }
    }
    if written.turn.rider.is_none() && by_square(written.drops) != by_square(dropped) {
        let actual = write_events(version, &events);
        return Err(error(None, format!("that Wagon turn drops differently: as played it is `{actual}` (A4.3)")));
    }
    if written.kind == Kind::Wagon && !written.loads.is_empty() && by_square(written.loads) != by_square(loaded) {
        return Err(error(None, format!("the Wagon loads {} on that path (A4.2)", write_events(version, &events))));
    }
    Ok((written.turn, events))
}

/// The drops written (`/Hg1`) as places on the Wagon's path from `from`.
fn drops_on_path(version: Version, from: Sq, drops: &[(Kind, Sq)]) -> Result<super::Drops, NotationError> {
    let mut result = super::Drops::NONE;
    for &(kind, at) in drops {
        let index = if at == from {
            0
        } else {
            super::board::line_between(version, from, at)
                .map(|(_, n)| n as usize)
                .ok_or_else(|| error(None, format!("{} is not on the Wagon's path", name(version, at))))?
        };
        if result.at(index).is_some() {
            return Err(error(None, format!("one drop a square (A4.3): {} twice", name(version, at))));
        }
        result = result.with(index, kind);
    }
    Ok(result)
}

/// Marks of a Wagon turn (a kind and a square) in square order, for comparing.
fn by_square(mut marks: Vec<(Kind, Sq)>) -> Vec<(Kind, Sq)> {
    marks.sort_by_key(|&(_, at)| at);
    marks
}
