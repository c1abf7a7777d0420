//! `khalif-cli play`: two people at one terminal. Turns are typed in K8 notation or as
//! `from to`, with prompts for the decisions inside a turn; commands manage the game.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};

use khalif::rules::khalif::{
    Decision, Event, Game, Pending, Position, Record, Square, generate_turns, parse_turn, write_turn,
};

use crate::board::draw;

const HELP: &str = "\
Type a turn in K8 notation (`Cc2-d3`, `Dd3xe5 !Gf6xe5`) or a move as `from to` (`c2 d3`);
you will be asked for any decision inside the turn. Commands:
  turns        list every legal turn          why FROM TO   explain a refused move
  undo / redo  take back / replay             resign        give up the game
  draw         offer a draw                   board         draw the board again
  save FILE    save the game record           load FILE     load a game record
  help         this text                      quit          leave";

/// Runs the game loop on standard input until `quit` or end of input.
pub fn run(start: Position, load: Option<PathBuf>) -> Result<(), String> {
    let mut game = match load {
        Some(path) => load_record(&path)?,
        None => Game::new(start),
    };
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    println!("Khalif — type `help` for commands.");
    show(&game);
    loop {
        prompt(&game);
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
            ("board", _) => show(&game),
            ("turns", _) => list_turns(&game),
            ("undo", _) => {
                if game.undo() {
                    show(&game)
                } else {
                    println!("Nothing to take back.")
                }
            }
            ("redo", _) => {
                if game.redo() {
                    show(&game)
                } else {
                    println!("Nothing to replay.")
                }
            }
            ("resign", _) => match game.pending().map(|p| p.side()) {
                Some(side) => {
                    let _ = game.resign(side);
                    show(&game);
                }
                None => println!("The game is over."),
            },
            ("draw", _) => offer_draw(&mut game, &mut lines),
            ("save", Some(path)) => match save_record(&game, Path::new(path)) {
                Ok(()) => println!("Saved to {path}."),
                Err(e) => println!("Could not save: {e}"),
            },
            ("load", Some(path)) => match load_record(Path::new(path)) {
                Ok(loaded) => {
                    game = loaded;
                    show(&game);
                }
                Err(e) => println!("{e}"),
            },
            ("save" | "load", None) => println!("Name a file: `{command} game.khalif`."),
            ("why", Some(from)) => why(&game, from, words.next()),
            _ => take_input(&mut game, line),
        }
    }
}

fn prompt(game: &Game) {
    let text = match game.pending() {
        None => "game over — undo, save, load or quit".to_string(),
        Some(Pending::Primary { side }) => format!("{side} to move (turn {})", game.position().turn_number()),
        Some(Pending::Successor { side, candidates }) => {
            format!("{side}: which Vizier becomes Khalif? ({})", list(candidates.squares()))
        }
        Some(Pending::Retaliator { side, square, guards }) => {
            format!("{side}: which Guard retaliates on {square}? ({})", list(guards.squares()))
        }
        Some(Pending::SecondCapture { side, from, targets }) => {
            format!("{side}: the Djinn on {from} may capture again on {} — or `no`", list(targets.squares()))
        }
    };
    print!("{text} > ");
    let _ = std::io::stdout().flush();
}

fn list(squares: impl Iterator<Item = Square>) -> String {
    squares.map(|s| s.to_string()).collect::<Vec<_>>().join(", ")
}

fn show(game: &Game) {
    let marked: Vec<Square> = game.history().last().map(|t| vec![t.turn.from, t.turn.to]).unwrap_or_default();
    println!("\n{}", draw(game.position(), &marked));
    if let Some(last) = game.history().last() {
        println!("Last turn: {}", last.notation);
    }
    if let Some(outcome) = game.outcome() {
        println!("{}.", outcome.describe());
    }
}

/// A move, a decision or a whole turn typed at the prompt.
fn take_input(game: &mut Game, line: &str) {
    let Some(pending) = game.pending() else {
        println!("The game is over. Type `undo`, `load FILE` or `quit`.");
        return;
    };
    let squares: Vec<Square> = line
        .split(|c: char| c.is_whitespace() || c == '-')
        .filter(|w| !w.is_empty())
        .map(str::parse)
        .collect::<Result<_, _>>()
        .unwrap_or_default();
    let decision = match (pending, squares.as_slice(), line) {
        (Pending::Primary { .. }, [from, to], _) => Decision::Primary { from: *from, to: *to },
        (Pending::Primary { .. }, _, _) => {
            match parse_turn(game.position(), line) {
                Ok((turn, _)) => {
                    let events = game.play_turn(&turn).expect("a parsed turn is legal");
                    report(&events);
                    show(game);
                }
                Err(e) => println!("{e}"),
            }
            return;
        }
        (Pending::SecondCapture { .. }, _, "no" | "n" | "decline" | "pass") => Decision::Decline,
        (Pending::SecondCapture { .. }, [to], _) => Decision::SecondCapture(*to),
        (Pending::Successor { .. }, [square], _) => Decision::Successor(*square),
        (Pending::Retaliator { .. }, [square], _) => Decision::Retaliator(*square),
        _ => {
            println!("Answer with a square from the list (or `help`).");
            return;
        }
    };
    match game.decide(decision) {
        Ok(events) => {
            report(&events);
            if !game.is_mid_turn() {
                show(game);
            }
        }
        Err(e) => println!("{e}"),
    }
}

/// Describes what happened in words.
fn report(events: &[Event]) {
    for event in events {
        let line = match *event {
            Event::Moved { piece, from, to, captured: Some(victim) } => {
                format!("{piece} {from}→{to} captures the {} {}.", victim.side, victim.kind)
            }
            Event::Moved { .. } | Event::TurnEnded { .. } => continue,
            Event::Succeeded { side, square } => format!("{side}'s Vizier on {square} becomes Khalif."),
            Event::Retaliated { guard, from, to, captured } => {
                format!("{guard} dashes {from}→{to} and takes the {} {}.", captured.side, captured.kind)
            }
            Event::Chained { from, to, captured, .. } => {
                format!("The Djinn leaps again {from}→{to} and takes the {} {}.", captured.side, captured.kind)
            }
            Event::KhalifLost { side } => format!("{side}'s last Khalif has fallen."),
            Event::GameOver(outcome) => format!("{}.", outcome.describe()),
        };
        println!("{line}");
    }
}

fn list_turns(game: &Game) {
    if game.is_mid_turn() || game.pending().is_none() {
        println!("Finish the turn in progress first.");
        return;
    }
    let mut turns = Vec::new();
    generate_turns(game.position(), &mut turns);
    let names: Vec<String> = turns.iter().map(|t| write_turn(game.position(), t)).collect();
    println!("{} turns: {}", names.len(), names.join(", "));
}

fn why(game: &Game, from: &str, to: Option<&str>) {
    let parsed = (from.parse::<Square>(), to.map(str::parse::<Square>));
    match parsed {
        (Ok(from), Some(Ok(to))) => match khalif::rules::khalif::why_not(game.position(), from, to) {
            Ok(()) => println!("{from}-{to} is legal."),
            Err(refusal) => println!("{refusal} ({}).", refusal.rule()),
        },
        _ => println!("Usage: why FROM TO, e.g. `why e4 e6`."),
    }
}

fn offer_draw(game: &mut Game, lines: &mut impl Iterator<Item = std::io::Result<String>>) {
    let Some(side) = game.pending().map(|p| p.side()) else {
        println!("The game is over.");
        return;
    };
    if game.offer_draw(side).is_err() {
        return;
    }
    print!("{side} offers a draw. {}, do you accept? (yes/no) > ", side.opponent());
    let _ = std::io::stdout().flush();
    let accept = matches!(lines.next(), Some(Ok(answer)) if matches!(answer.trim(), "y" | "yes"));
    match game.answer_draw(side.opponent(), accept) {
        Ok(Some(outcome)) => println!("{}.", outcome.describe()),
        _ => println!("The draw is declined; play on."),
    }
}

fn save_record(game: &Game, path: &Path) -> Result<(), String> {
    let text = Record::new(game.clone()).to_text();
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text).map_err(|e| format!("{}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("{}: {e}", path.display()))
}

fn load_record(path: &Path) -> Result<Game, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))?;
    Record::parse(&text).map(|r| r.game).map_err(|e| format!("{}: {e}", path.display()))
}
