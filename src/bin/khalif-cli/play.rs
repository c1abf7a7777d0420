//! `khalif-cli play`: two people at one terminal, any game. Turns are typed in the game's
//! notation or as `from to`, with prompts for the decisions inside a turn; commands manage
//! the game. Written once against `AnyGame`, like the 3D game.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use khalif::play::{AnyGame, load_record, new_game};
use khalif::rules::Rules;
use khalif::rules::view::{Ask, Cell, Choice, Effect, Motion, PieceCode, Staged};

use crate::board::draw;

const HELP: &str = "\
Type a turn in the game's notation (Khalif: `Cc2-d3`, `Dd3xe5 !Gf6xe5`; Desert Pub Chess:
`Nb1-c3`, `Wa6xa4xc4`) or a move as `from to` (`c2 d3`); you will be asked for any decision
inside the turn. Commands:
  turns        list every legal turn          why FROM TO   explain a refused move
  undo / redo  take back / replay             resign        give up the game
  draw         offer a draw                   board         draw the board again
  save FILE    save the game record           load FILE     load a game record
  help         this text                      quit          leave";

/// Runs the game loop on standard input until `quit` or end of input.
pub fn run<G: Rules>(start: G::Position, load: Option<PathBuf>) -> Result<(), String> {
    let mut game = match load {
        Some(path) => load_file(&path)?,
        None => new_game(G::ID, Some(&G::write_position(&start))).map_err(|e| e.to_string())?,
    };
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    println!("{} — type `help` for commands.", game.naming().game);
    show::<G>(game.as_ref());
    loop {
        prompt(game.as_ref());
        let Some(Ok(line)) = lines.next() else {
            println!();
            return Ok(());
        };
        let line = line.trim();
        if line.is_empty() {
            continue;
        }
        let mut words = line.split_whitespace();
        let command = words.next().unwrap_or_default();
        let argument = words.next();
        match (command, argument) {
            ("quit" | "exit", _) => return Ok(()),
            ("help" | "?", _) => println!("{HELP}"),
            ("board", _) => show::<G>(game.as_ref()),
            ("turns", _) => list_turns(game.as_ref()),
            ("undo", _) => {
                if game.undo() {
                    show::<G>(game.as_ref())
                } else {
                    println!("Nothing to take back.")
                }
            }
            ("redo", _) => {
                if game.redo() {
                    show::<G>(game.as_ref())
                } else {
                    println!("Nothing to replay.")
                }
            }
            ("resign", _) => match game.prompt().map(|p| p.side) {
                Some(side) => {
                    let _ = game.resign(side);
                    show::<G>(game.as_ref());
                }
                None => println!("The game is over."),
            },
            ("draw", _) => offer_draw(game.as_mut(), &mut lines),
            ("save", Some(path)) => match save_record(game.as_ref(), Path::new(path)) {
                Ok(()) => println!("Saved to {path}."),
                Err(e) => println!("Could not save: {e}"),
            },
            ("load", Some(path)) => match load_file(Path::new(path)) {
                Ok(loaded) if loaded.id() == G::ID => {
                    game = loaded;
                    show::<G>(game.as_ref());
                }
                Ok(loaded) => {
                    println!("{path} is a game of {}; start with `--game {}`.", loaded.id(), loaded.id().slug())
                }
                Err(e) => println!("{e}"),
            },
            ("save" | "load", None) => println!("Name a file: `{command} game.khalif`."),
            ("why", Some(from)) => why::<G>(game.as_ref(), from, words.next()),
            _ => take_input::<G>(game.as_mut(), line),
        }
    }
}

fn cell<G: Rules>(name: &str) -> Option<Cell> {
    name.parse::<G::Square>().ok().map(khalif::rules::Square::cell)
}

fn names(game: &dyn AnyGame, cells: &[Cell]) -> String {
    cells.iter().map(|c| game.geometry().place(*c).name.clone()).collect::<Vec<_>>().join(", ")
}

fn prompt(game: &dyn AnyGame) {
    let text = match game.prompt() {
        None => "game over — undo, save, load or quit".to_string(),
        Some(prompt) => match &prompt.ask {
            Ask::Move => format!("{} (turn {})", prompt.headline, game.turn_number()),
            Ask::Cells { cells, stop, .. } => {
                let stop = if stop.is_some() { " — or `no`" } else { "" };
                format!("{} ({}){stop}", prompt.headline, names(game, cells))
            }
            Ask::Piece { kinds, .. } => {
                let choices: Vec<String> = kinds
                    .iter()
                    .map(|&k| format!("{} {}", game.kinds()[k as usize].0, game.kinds()[k as usize].1))
                    .collect();
                format!("{} ({})", prompt.headline, choices.join(", "))
            }
            Ask::Place { cells, .. } => {
                format!(
                    "{} on {} — type the cell and how it lies, e.g. `{} Y+`",
                    prompt.headline,
                    names(game, cells),
                    names(game, &cells[..1])
                )
            }
        },
    };
    print!("{text} > ");
    let _ = std::io::stdout().flush();
}

fn show<G: Rules>(game: &dyn AnyGame) {
    let history = game.history();
    let marked: Vec<Cell> = history.last().map(|t| vec![t.primary.0, t.primary.1]).unwrap_or_default();
    println!("\n{}", draw::<G>(&game.board(), &marked));
    if let Some(last) = history.last() {
        println!("Last turn: {}", last.notation);
    }
    if let Some(outcome) = game.outcome() {
        println!("{}.", outcome.describe(&game.naming()));
    }
}

/// A move, a decision or a whole turn typed at the prompt.
fn take_input<G: Rules>(game: &mut dyn AnyGame, line: &str) {
    let Some(prompt) = game.prompt() else {
        println!("The game is over. Type `undo`, `load FILE` or `quit`.");
        return;
    };
    let cells: Option<Vec<Cell>> =
        line.split(|c: char| c.is_whitespace() || c == '-').filter(|w| !w.is_empty()).map(cell::<G>).collect();
    let choice = match (&prompt.ask, cells.as_deref(), line) {
        (Ask::Move, Some([from, to]), _) => Choice::Move { from: *from, to: *to },
        (Ask::Move, _, _) => {
            match game.play_notation(line) {
                Ok(staged) => {
                    report(game, &staged);
                    show::<G>(game);
                }
                Err(e) => println!("{e}"),
            }
            return;
        }
        (Ask::Cells { stop: Some(_), .. }, _, "no" | "n" | "decline" | "pass" | "stop") => Choice::Stop,
        (Ask::Cells { .. }, Some([square]), _) => Choice::Cell(*square),
        (Ask::Piece { kinds, .. }, _, answer) => {
            let named = kinds.iter().copied().find(|&k| {
                let (letter, name) = game.kinds()[k as usize];
                answer.eq_ignore_ascii_case(&letter.to_string()) || answer.eq_ignore_ascii_case(name)
            });
            match named {
                Some(kind) => Choice::Piece(kind),
                None => {
                    println!("Answer with one of the pieces offered (its letter or name).");
                    return;
                }
            }
        }
        (Ask::Place { kinds, .. }, _, answer) => {
            let mut words = answer.split_whitespace();
            let (at, kind) = (words.next().and_then(cell::<G>), words.next());
            let kind =
                kind.and_then(|k| kinds.iter().copied().find(|&n| game.kinds()[n as usize].1.eq_ignore_ascii_case(k)));
            match (at, kind) {
                (Some(at), Some(kind)) => Choice::Place { at, kind },
                _ => {
                    let offered: Vec<&str> = kinds.iter().map(|&k| game.kinds()[k as usize].1).collect();
                    println!("Answer with a cell from the list and one of {}.", offered.join(" "));
                    return;
                }
            }
        }
        _ => {
            println!("Answer with a square from the list (or `help`).");
            return;
        }
    };
    match game.decide(choice) {
        Ok(staged) => {
            report(game, &staged);
            if !game.is_mid_turn() {
                show::<G>(game);
            }
        }
        Err(e) => println!("{e}"),
    }
}

fn piece_name(game: &dyn AnyGame, piece: PieceCode) -> String {
    format!("{} {}", game.naming().side(piece.side), game.kinds()[piece.kind as usize].1)
}

/// Describes what happened in words.
fn report(game: &dyn AnyGame, staged: &[Staged]) {
    let place = |c: Cell| game.geometry().place(c).name.clone();
    for Staged { effect, .. } in staged {
        let line = match *effect {
            Effect::Move { piece, from, to, captured: Some((_, victim)), motion } => {
                let verb = match motion {
                    Motion::Slide => "moves",
                    Motion::Leap => "leaps",
                    Motion::Dash => "dashes",
                    Motion::Hop => "jumps",
                    Motion::Roll => "flips",
                };
                format!(
                    "{} {verb} {}→{} and takes the {}.",
                    piece_name(game, piece),
                    place(from),
                    place(to),
                    piece_name(game, victim)
                )
            }
            Effect::Taken { at, piece, partner, .. } => match partner {
                Some(partner) => format!(
                    "The {} on {} is caught against {} and taken.",
                    piece_name(game, piece),
                    place(at),
                    place(partner)
                ),
                None => format!("The {} in the corner on {} is taken.", piece_name(game, piece), place(at)),
            },
            Effect::Shot { at, piece, by } => format!(
                "The {} on {} {}.",
                piece_name(game, piece),
                place(at),
                game.naming().shot.replace("{by}", &place(by))
            ),
            Effect::Placed { at, piece } => {
                format!(
                    "{} places a piece from the reserve on {}, lying {}.",
                    game.naming().side(piece.side),
                    place(at),
                    game.kinds()[piece.kind as usize].1
                )
            }
            Effect::Boarded { at, piece, carrier } => {
                format!(
                    "The {} on {} climbs into the carrier on {}.",
                    piece_name(game, piece),
                    place(at),
                    place(carrier)
                )
            }
            Effect::Alighted { piece, carrier, to, captured } => {
                let takes =
                    captured.map(|(_, v)| format!(" and takes the {}", piece_name(game, v))).unwrap_or_default();
                format!(
                    "The {} leaves the carrier on {} for {}{takes}.",
                    piece_name(game, piece),
                    place(carrier),
                    place(to)
                )
            }
            Effect::Move { .. } | Effect::TurnEnded { .. } => continue,
            Effect::Change { at, from, into } => format!(
                "{}'s {} on {} becomes {}.",
                game.naming().side(from.side),
                game.kinds()[from.kind as usize].1,
                place(at),
                game.kinds()[into.kind as usize].1
            ),
            Effect::RoyalLost { side } => {
                format!("{}'s {} has fallen.", game.naming().side(side), game.naming().royal)
            }
            Effect::GameOver(outcome) => format!("{}.", outcome.describe(&game.naming())),
        };
        println!("{line}");
    }
}

fn list_turns(game: &dyn AnyGame) {
    if game.is_mid_turn() || game.prompt().is_none() {
        println!("Finish the turn in progress first.");
        return;
    }
    let names = game.legal_turns();
    println!("{} turns: {}", names.len(), names.join(", "));
}

fn why<G: Rules>(game: &dyn AnyGame, from: &str, to: Option<&str>) {
    match (cell::<G>(from), to.and_then(cell::<G>)) {
        (Some(from_cell), Some(to_cell)) => match game.why_not(from_cell, to_cell) {
            Ok(()) => println!("{from}-{} is legal.", to.unwrap_or_default()),
            Err(refusal) => println!("{refusal}."),
        },
        _ => println!("Usage: why FROM TO, e.g. `why e4 e6`."),
    }
}

fn offer_draw(game: &mut dyn AnyGame, lines: &mut impl Iterator<Item = std::io::Result<String>>) {
    let Some(side) = game.prompt().map(|p| p.side) else {
        println!("The game is over.");
        return;
    };
    if game.offer_draw(side).is_err() {
        return;
    }
    let naming = game.naming();
    print!("{} offers a draw. {}, do you accept? (yes/no) > ", naming.side(side), naming.side(side.opponent()));
    let _ = std::io::stdout().flush();
    let accept = matches!(lines.next(), Some(Ok(answer)) if matches!(answer.trim(), "y" | "yes"));
    match game.answer_draw(side.opponent(), accept) {
        Ok(Some(outcome)) => println!("{}.", outcome.describe(&naming)),
        _ => println!("The draw is declined; play on."),
    }
}

fn save_record(game: &dyn AnyGame, path: &Path) -> Result<(), String> {
    khalif::persist::write_atomic(path, game.record_text(&[]).as_bytes())
        .map_err(|e| format!("{}: {e}", path.display()))
}

fn load_file(path: &Path) -> Result<Box<dyn AnyGame>, String> {
    let text = crate::read_text(path)?;
    load_record(&text).map(|(game, _)| game).map_err(|e| format!("{}: {e}", path.display()))
}
