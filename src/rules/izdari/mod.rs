//! Izdari (rulebook `shared/rules/izdari.md`): Assassin's Izdari on 8×8 (rules A1–A5), the main
//! version, and classic Izdari on 10×10 (B1–B3, D1–D8). Pieces that move, shoot and slay,
//! Dunes that block everything, and the Wagon that carries friends and drops them on its way;
//! the Templar (classic: the Wagon) taken loses. Board, pieces, generation with C2's counting,
//! the staged turn, position text (C1), notation and "why not?".

mod board;
mod machine;
mod notation;
mod piece;
mod position;
mod rules;
mod text;
mod turn;
mod wagon;
mod why;

pub use board::{OFF, ORTHOGONAL, Sq, band, name, parse_square, rank_squares, step};
pub use machine::{Decision, DecisionError, Event, Kinds, Pending, Stage, TurnState};
pub use notation::{parse_turn, replay, write_events, write_turn};
pub use piece::{Kind, Piece, Version};
pub use position::{Position, Riders, SEATS};
pub use rules::{AssassinsIzdari, ClassicIzdari, code};
pub use text::{ASSASSINS_START, CLASSIC_START, parse_piece_list, parse_position, start, write_position};
pub use turn::{
    Squares, Turn, archer_targets, bit, capture_turns, count_turns, generate_turns, has_turn, play, search_turns,
    squares, winner,
};
pub use wagon::Drops;
pub use why::{Explained, Reading, Refusal, read_move, why_not};

/// Perft (C2): the distinct sequences of `depth` turns.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if depth == 1 {
        return count_turns(pos);
    }
    let mut turns = Vec::with_capacity(128);
    generate_turns(pos, &mut turns);
    turns
        .iter()
        .map(|turn| {
            let mut next = *pos;
            play(&mut next, turn);
            perft(&next, depth - 1)
        })
        .sum()
}

/// A game of Assassin's Izdari.
pub type Game = crate::rules::Game<AssassinsIzdari>;
/// A game of classic Izdari.
pub type ClassicGame = crate::rules::Game<ClassicIzdari>;
