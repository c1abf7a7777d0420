//! Game records as text, for every pub game: tags (the game, players, date, result, start
//! position), then one turn a line in the game's notation.
//!
//! ```text
//! [Game "Khalif"]
//! [Gold "Amira"]
//! [Silver "Tariq"]
//! [Date "2026-11-30"]
//! [Start "rvdgkgdvr/ccccccccc/9/9/9/9/9/CCCCCCCCC/RVDGKGDVR g 1"]
//! [Result "1-0"]
//! [Termination "resignation"]
//!
//! 1. Cc2-d3
//! 2. Cc8-b7
//! ```
//! Blank lines and lines starting with `;` are ignored. Loading replays and checks every turn.

use std::fmt::Write as _;

use super::game::Game;
use super::shape::Rules;
use super::{GameId, Outcome, Side, WinReason};

/// A refused record: the 1-based line, and what is wrong there.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {problem}")]
pub struct RecordError {
    pub line: usize,
    pub problem: String,
}

/// A game with its tags, as saved and loaded.
#[derive(Clone, Debug)]
pub struct Record<R: Rules> {
    /// Tags other than `Game`, `Start`, `Result` and `Termination` (those follow from the
    /// game), in order.
    pub tags: Vec<(String, String)>,
    pub game: Game<R>,
}

fn quote(value: &str) -> String {
    value.replace('\\', "\\\\").replace('"', "\\\"")
}

/// The game a record's text is of: its `Game` tag, Khalif when it has none (records written
/// before there were other games).
pub fn game_of(text: &str) -> Result<GameId, RecordError> {
    for (index, raw) in text.lines().enumerate() {
        let trimmed = raw.trim();
        if !trimmed.starts_with('[') {
            if trimmed.is_empty() || trimmed.starts_with(';') {
                continue;
            }
            break;
        }
        let (name, value) = parse_tag(trimmed).map_err(|problem| RecordError { line: index + 1, problem })?;
        if name == "Game" {
            return value.parse().map_err(|problem| RecordError { line: index + 1, problem });
        }
    }
    Ok(GameId::Khalif)
}

impl<R: Rules> Record<R> {
    pub fn new(game: Game<R>) -> Record<R> {
        Record { tags: Vec::new(), game }
    }

    /// Sets (or replaces) a tag such as `Gold`, `Silver`, `Date`, `Event`.
    pub fn set_tag(&mut self, name: &str, value: &str) {
        match self.tags.iter_mut().find(|(n, _)| n == name) {
            Some(tag) => tag.1 = value.to_string(),
            None => self.tags.push((name.to_string(), value.to_string())),
        }
    }

    pub fn tag(&self, name: &str) -> Option<&str> {
        self.tags.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }

    /// The record as text. Only finished turns are written; a turn in progress is left out.
    pub fn to_text(&self) -> String {
        let mut out = format!("[Game \"{}\"]\n", R::NAMING.game);
        for (name, value) in &self.tags {
            let _ = writeln!(out, "[{name} \"{}\"]", quote(value));
        }
        let _ = writeln!(out, "[Start \"{}\"]", R::write_position(self.game.start()));
        let outcome = self.game.outcome();
        let _ = writeln!(out, "[Result \"{}\"]", outcome.map_or("*", Outcome::result_text));
        if let Some(outcome) = outcome {
            let _ = writeln!(out, "[Termination \"{}\"]", outcome.termination(&R::NAMING));
        }
        out.push('\n');
        for played in self.game.history() {
            let _ = writeln!(out, "{}. {}", R::turn_number(&played.before), played.notation);
        }
        out
    }

    /// Parses and replays a record; every error names its line.
    pub fn parse(text: &str) -> Result<Record<R>, RecordError> {
        let mut tags = Vec::new();
        let mut start: Option<R::Position> = None;
        let mut result: Option<(usize, String)> = None;
        let mut ending: Option<(usize, String)> = None;
        let mut game: Option<Game<R>> = None;
        for (index, raw) in text.lines().enumerate() {
            let line = index + 1;
            let err = |problem: String| RecordError { line, problem };
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.starts_with(';') {
                continue;
            }
            if trimmed.starts_with('[') {
                if game.is_some() {
                    return Err(err("tags must come before the turns".into()));
                }
                let (name, value) = parse_tag(trimmed).map_err(err)?;
                match name.as_str() {
                    "Game" if value.parse::<GameId>() == Ok(R::ID) => {}
                    "Game" => return Err(err(format!("a record of {value}, not of {}", R::NAMING.game))),
                    "Start" => start = Some(R::parse_position(&value).map_err(|e| err(format!("Start tag: {e}")))?),
                    "Result" => result = Some((line, value)),
                    "Termination" => ending = Some((line, value)),
                    _ => tags.push((name, value)),
                }
                continue;
            }
            let game = game.get_or_insert_with(|| Game::new(start.unwrap_or_else(R::start)));
            let (number, turn_text) = trimmed
                .split_once(". ")
                .or_else(|| trimmed.split_once('.'))
                .ok_or_else(|| err(format!("expected a numbered turn such as `1. Cc2-d3`, found `{trimmed}`")))?;
            let expected = R::turn_number(game.position());
            if number.trim().parse::<u32>().ok() != Some(expected) {
                return Err(err(format!("turn number `{}`: expected {expected}", number.trim())));
            }
            if game.outcome().is_some() {
                return Err(err("the game is already over".into()));
            }
            let turn = R::parse_turn(game.position(), turn_text).map_err(err)?;
            game.play_turn(&turn).map_err(|e| err(e.to_string()))?;
        }
        let mut game = game.unwrap_or_else(|| Game::new(start.unwrap_or_else(R::start)));
        apply_result(&mut game, result, ending)?;
        Ok(Record { tags, game })
    }
}

fn parse_tag(line: &str) -> Result<(String, String), String> {
    let inner = line
        .strip_prefix('[')
        .and_then(|l| l.strip_suffix(']'))
        .ok_or_else(|| format!("a tag is `[Name \"value\"]`, found `{line}`"))?;
    let (name, rest) = inner.split_once(' ').ok_or_else(|| format!("tag `{inner}` has no value"))?;
    if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return Err(format!("tag name `{name}`: letters, digits and `_` only"));
    }
    let body = rest
        .trim()
        .strip_prefix('"')
        .and_then(|r| r.strip_suffix('"'))
        .ok_or_else(|| format!("tag {name}: the value must be in double quotes"))?;
    let mut value = String::new();
    let mut chars = body.chars();
    while let Some(c) = chars.next() {
        match c {
            '\\' => match chars.next() {
                Some(e @ ('\\' | '"')) => value.push(e),
                _ => return Err(format!("tag {name}: `\\` must be followed by `\\` or `\"`")),
            },
            '"' => return Err(format!("tag {name}: a `\"` inside the value must be written `\\\"`")),
            c => value.push(c),
        }
    }
    Ok((name.to_string(), value))
}

/// Checks the Result tag against the replayed game, and applies a result decided off the board.
fn apply_result<R: Rules>(
    game: &mut Game<R>,
    result: Option<(usize, String)>,
    ending: Option<(usize, String)>,
) -> Result<(), RecordError> {
    let Some((line, result)) = result else { return Ok(()) };
    let err = |problem: String| RecordError { line, problem };
    let played = game.outcome();
    let claimed = match result.as_str() {
        "*" => None,
        "1-0" => Some(Some(Side::First)),
        "0-1" => Some(Some(Side::Second)),
        "1/2-1/2" => Some(None),
        other => return Err(err(format!("result `{other}`: expected 1-0, 0-1, 1/2-1/2 or *"))),
    };
    match (played, claimed) {
        (Some(outcome), _) if outcome.result_text() == result => Ok(()),
        (Some(outcome), _) => Err(err(format!("the turns end the game {}, not {result}", outcome.result_text()))),
        (None, None) => Ok(()),
        (None, Some(winner)) => {
            let ending_text = ending.as_ref().map(|(_, t)| t.as_str());
            let outcome = match (winner, ending_text) {
                (None, Some("agreement") | None) => Outcome::DrawAgreed,
                (Some(winner), Some("resignation") | None) => Outcome::Win { winner, reason: WinReason::Resignation },
                (_, Some(other)) => {
                    let line = ending.as_ref().map_or(line, |(l, _)| *l);
                    return Err(RecordError {
                        line,
                        problem: format!("termination `{other}` does not fit result {result} after these turns"),
                    });
                }
            };
            game.settle(outcome);
            Ok(())
        }
    }
}
