//! Any pub game as a front end plays it: one object-safe interface ([`AnyGame`]) over a
//! [`Game`] of any rules, speaking the shared vocabulary of `rules::view` (cells, boards,
//! effects, prompts, choices) and offering the AI's help (plans, hints, draw judgement).
//! The terminal and the 3D game hold a `Box<dyn AnyGame>` and never name a game's types.

use std::any::Any;

use crate::ai::ending::Stalemate;
use crate::ai::levels::{HINT_THINKING, LEVELS, Personality, level_of};
use crate::ai::{Engine, Hint, Limits, SearchResult, Searcher, SlicedSearch, explained};
use crate::rules::geometry::Geometry;
use crate::rules::text::PositionError;
use crate::rules::view::{Board, Cell, Choice, Effect, Prompt, Staged, WhyNot};
use crate::rules::{Game, GameId, Naming, Outcome, Record, Rules, Side, Square as _, TurnMachine};
use crate::with_game;

/// What a move to one of a piece's destinations does, for its mark on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    Quiet,
    /// Takes a piece, on the cell or on the way.
    Captures,
    /// Takes the piece on the cell from afar, the mover staying where it is (an Archer's shot).
    Shoots,
    /// Takes the friendly piece on the cell aboard (an Izdari Wagon loading it).
    Boards,
}

impl Reach {
    /// Whether an enemy piece is taken.
    pub fn takes(self) -> bool {
        matches!(self, Reach::Captures | Reach::Shoots)
    }
}

/// More decisions than any turn of any game takes after its first move (a Wagon's five drops).
const MOST_DECISIONS_IN_A_TURN: usize = 8;

/// One finished turn as the move list shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct TurnLine {
    /// The turn's number (both sides' turns count).
    pub number: u32,
    pub side: Side,
    pub notation: String,
    /// Where its first move started and ended, for the last-move marks.
    pub primary: (Cell, Cell),
    pub effects: Vec<Effect>,
}

/// A turn the AI settled on, for the game it was planned in.
pub struct Plan(Box<dyn Any + Send + Sync>);

/// What a finished search settled on: the turn to play, its score for the side that searched,
/// and the turn in notation with a line on why (for a hint).
pub struct Verdict {
    pub plan: Plan,
    pub score: i32,
    pub notation: String,
    pub reason: String,
}

/// A search under way for the AI's next turn or a hint; [`Thought::resume`] runs it a slice
/// at a time.
pub trait Thought: Send + Sync {
    /// Searches about `slice_nodes` more nodes; once done, its verdict (`None` inside when
    /// there was no legal turn).
    fn resume(&mut self, slice_nodes: u64) -> Option<Option<Verdict>>;
}

/// A game of any of the pub games, seen through the shared vocabulary.
pub trait AnyGame: Send + Sync {
    fn id(&self) -> GameId;
    fn naming(&self) -> Naming;
    fn geometry(&self) -> &'static Geometry;
    /// The kinds of piece by number: (letter, name).
    fn kinds(&self) -> &'static [(char, &'static str)];
    /// What a list of pieces calls one where the kinds are ways of lying (`Rules::PIECE_NOUN`).
    fn piece_noun(&self) -> Option<&'static str>;
    fn clone_box(&self) -> Box<dyn AnyGame>;

    /// The board now, mid-turn included.
    fn board(&self) -> Board;
    /// The board after `n` finished turns (0 is the start), for browsing the move list.
    fn board_after(&self, n: usize) -> Option<Board>;
    /// The number of the turn in progress.
    fn turn_number(&self) -> u32;
    fn start_text(&self) -> String;
    fn history(&self) -> Vec<TurnLine>;
    /// What the turn in progress has done so far.
    fn turn_effects(&self) -> Vec<Effect>;
    fn prompt(&self) -> Option<Prompt>;
    fn outcome(&self) -> Option<Outcome>;
    fn draw_offer(&self) -> Option<Side>;
    fn is_mid_turn(&self) -> bool;
    fn can_redo(&self) -> bool;
    /// What a player should know about a side at a glance.
    fn side_status(&self, side: Side) -> String;
    /// How many of a side's pieces are of the kinds a regular laments losing.
    fn key_pieces(&self, side: Side) -> u32;

    /// Takes a player's choice; the effects it made, each with its stage.
    fn decide(&mut self, choice: Choice) -> Result<Vec<Staged>, String>;
    /// Plays a whole turn written in the game's notation.
    fn play_notation(&mut self, text: &str) -> Result<Vec<Staged>, String>;
    fn undo(&mut self) -> bool;
    fn redo(&mut self) -> bool;
    fn resign(&mut self, side: Side) -> Result<Outcome, String>;
    fn offer_draw(&mut self, side: Side) -> Result<(), String>;
    fn answer_draw(&mut self, side: Side, accept: bool) -> Result<Option<Outcome>, String>;

    /// Where the piece on `from` may go with the move that starts a turn, and what going
    /// there does: nothing taken, a capture (on the cell, or by jumping a piece on the way), a
    /// shot from where it stands, or a friend taken aboard.
    fn destinations(&self, from: Cell) -> Vec<(Cell, Reach)>;
    /// Why a move is refused, with its rule.
    fn why_not(&self, from: Cell, to: Cell) -> Result<(), WhyNot>;
    /// The side to move's pieces the opponent could take next.
    fn threatened(&self) -> Vec<Cell>;
    /// Every legal turn now, in notation.
    fn legal_turns(&self) -> Vec<String>;
    /// The game as a record's text with these tags.
    fn record_text(&self, tags: &[(String, String)]) -> String;

    /// Starts the AI's search for the turn in progress, as `who` plays.
    fn think(&self, who: &Personality) -> Box<dyn Thought>;
    /// The choice a plan makes at what is pending now, if it says anything about it.
    fn plan_choice(&self, plan: &Plan) -> Option<Choice>;
    /// The best open choice for `side` judged one step ahead: for the decisions a side takes
    /// inside the other side's turn (a successor, a retaliating Guard).
    fn judge_choice(&self, side: Side) -> Option<Choice>;
    /// Starts the search for a hint at a turn's start: the top level's judgement, done
    /// within a second (`HINT_THINKING`); its verdict names the turn and says why.
    fn advise(&self) -> Box<dyn Thought>;
    /// How stuck the game is (repetitions, turns without a capture).
    fn stalemate(&self) -> Stalemate;
}

impl Clone for Box<dyn AnyGame> {
    fn clone(&self) -> Box<dyn AnyGame> {
        self.clone_box()
    }
}

impl std::fmt::Debug for dyn AnyGame {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} game at turn {}", self.naming().game, self.turn_number())
    }
}

/// A new game of `id` from `position` (its position text), or from the start.
pub fn new_game(id: GameId, position: Option<&str>) -> Result<Box<dyn AnyGame>, PositionError> {
    with_game!(id, G => {
        let start = match position {
            Some(text) => G::parse_position_arg(text)?,
            None => G::start(),
        };
        Ok(Box::new(Game::<G>::new(start)) as Box<dyn AnyGame>)
    })
}

/// A record's tags other than those the game itself gives (`Event`, the players, `Date`).
pub type Tags = Vec<(String, String)>;

/// Reads a record of any game (its `Game` tag says which; Khalif when absent), with its tags.
pub fn load_record(text: &str) -> Result<(Box<dyn AnyGame>, Tags), String> {
    let id = crate::rules::record::game_of(text).map_err(|e| e.to_string())?;
    with_game!(id, G => Record::<G>::parse(text)
        .map(|r| (Box::new(r.game) as Box<dyn AnyGame>, r.tags))
        .map_err(|e| e.to_string()))
}

fn effects<G: Rules>(events: &[<G::Machine as TurnMachine>::Event]) -> Vec<Staged> {
    events.iter().flat_map(G::effects).map(|(stage, effect)| Staged { stage, effect }).collect()
}

/// The search of a [`Thought`], with its own searcher.
struct Search<G: Engine> {
    searcher: Searcher<G>,
    search: SlicedSearch<G>,
}

impl<G: Engine> Search<G> {
    /// Starts `searcher` on the turn in progress of `game` within `limits`, knowing the game's
    /// earlier positions (a return to one scores as a draw).
    fn start(game: &Game<G>, mut searcher: Searcher<G>, limits: &Limits) -> Box<dyn Thought> {
        searcher.remember_earlier(game.turn_start(), Game::history(game).iter().map(|t| &t.before));
        let search = searcher.start(game.turn_start(), limits);
        Box::new(Search { searcher, search })
    }
}

impl<G: Engine> Thought for Search<G> {
    fn resume(&mut self, slice_nodes: u64) -> Option<Option<Verdict>> {
        let result: SearchResult<G> = self.searcher.resume(&mut self.search, slice_nodes)?;
        Some(explained(self.search.position(), &result).map(|hint: Hint<G>| Verdict {
            plan: Plan(Box::new(hint.turn)),
            score: result.score,
            notation: hint.notation,
            reason: hint.reason,
        }))
    }
}

impl<G: Engine> AnyGame for Game<G> {
    fn id(&self) -> GameId {
        G::ID
    }

    fn naming(&self) -> Naming {
        G::NAMING
    }

    fn geometry(&self) -> &'static Geometry {
        G::geometry()
    }

    fn kinds(&self) -> &'static [(char, &'static str)] {
        G::KINDS
    }

    fn piece_noun(&self) -> Option<&'static str> {
        G::PIECE_NOUN
    }

    fn clone_box(&self) -> Box<dyn AnyGame> {
        Box::new(self.clone())
    }

    fn board(&self) -> Board {
        G::board(self.position())
    }

    fn board_after(&self, n: usize) -> Option<Board> {
        self.position_after(n).map(|p| G::board(&p))
    }

    fn turn_number(&self) -> u32 {
        G::turn_number(self.turn_start())
    }

    fn start_text(&self) -> String {
        G::write_position(self.start())
    }

    fn history(&self) -> Vec<TurnLine> {
        Game::history(self)
            .iter()
            .map(|played| {
                let (from, to) = G::primary(&played.turn);
                TurnLine {
                    number: G::turn_number(&played.before),
                    side: G::side_to_move(&played.before),
                    notation: played.notation.clone(),
                    primary: (from.cell(), to.cell()),
                    effects: effects::<G>(&played.events).into_iter().map(|s| s.effect).collect(),
                }
            })
            .collect()
    }

    fn turn_effects(&self) -> Vec<Effect> {
        effects::<G>(self.turn_events()).into_iter().map(|s| s.effect).collect()
    }

    fn prompt(&self) -> Option<Prompt> {
        self.pending().map(|p| G::prompt(&p))
    }

    fn outcome(&self) -> Option<Outcome> {
        Game::outcome(self)
    }

    fn draw_offer(&self) -> Option<Side> {
        Game::draw_offer(self)
    }

    fn is_mid_turn(&self) -> bool {
        Game::is_mid_turn(self)
    }

    fn can_redo(&self) -> bool {
        Game::can_redo(self)
    }

    fn side_status(&self, side: Side) -> String {
        G::side_status(self.position(), side)
    }

    fn key_pieces(&self, side: Side) -> u32 {
        let board = self.board();
        board.cells.iter().flatten().filter(|p| p.side == side && G::KEY_KINDS.contains(&p.kind)).count() as u32
    }

    fn decide(&mut self, choice: Choice) -> Result<Vec<Staged>, String> {
        let pending = self.pending().ok_or("the game is over")?;
        let decision = G::decision(&pending, choice).ok_or("that does not answer what is asked now")?;
        Game::decide(self, decision).map(|events| effects::<G>(&events)).map_err(|e| e.to_string())
    }

    fn play_notation(&mut self, text: &str) -> Result<Vec<Staged>, String> {
        let turn = G::parse_turn(self.turn_start(), text)?;
        self.play_turn(&turn).map(|events| effects::<G>(&events)).map_err(|e| e.to_string())
    }

    fn undo(&mut self) -> bool {
        Game::undo(self)
    }

    fn redo(&mut self) -> bool {
        Game::redo(self)
    }

    fn resign(&mut self, side: Side) -> Result<Outcome, String> {
        Game::resign(self, side).map_err(|e| e.to_string())
    }

    fn offer_draw(&mut self, side: Side) -> Result<(), String> {
        Game::offer_draw(self, side).map_err(|e| e.to_string())
    }

    fn answer_draw(&mut self, side: Side, accept: bool) -> Result<Option<Outcome>, String> {
        Game::answer_draw(self, side, accept).map_err(|e| e.to_string())
    }

    fn destinations(&self, from: Cell) -> Vec<(Cell, Reach)> {
        G::destinations(self.position(), G::Square::of_cell(from))
            .into_iter()
            .map(|to| {
                let mut trial = self.current().clone();
                let choice = Choice::Move { from, to: to.cell() };
                let mut effects: Vec<Effect> = trial
                    .pending()
                    .and_then(|p| G::decision(&p, choice))
                    .and_then(|d| trial.decide(d).ok())
                    .map(|events| events.iter().flat_map(G::effects).map(|(_, e)| e).collect())
                    .unwrap_or_default();
                let reach = if effects.iter().any(|e| matches!(e, Effect::Shot { by, .. } if *by == from)) {
                    Reach::Shoots
                } else if effects.iter().any(|e| e.taken().is_some()) {
                    Reach::Captures
                } else {
                    // A carrier may stop to decide on the way (an Izdari Wagon's drops): the
                    // rest of the turn, each decision taken by its first option, says whether
                    // it takes aboard the piece it stops on.
                    for _ in 0..MOST_DECISIONS_IN_A_TURN {
                        let Some(&next) = trial.options().first() else { break };
                        let Ok(events) = trial.decide(next) else { break };
                        effects.extend(events.iter().flat_map(G::effects).map(|(_, e)| e));
                    }
                    if effects.iter().any(|e| matches!(e, Effect::Boarded { at, .. } if *at == to.cell())) {
                        Reach::Boards
                    } else {
                        Reach::Quiet
                    }
                };
                (to.cell(), reach)
            })
            .collect()
    }

    fn why_not(&self, from: Cell, to: Cell) -> Result<(), WhyNot> {
        G::why_not(self.position(), G::Square::of_cell(from), G::Square::of_cell(to))
    }

    fn threatened(&self) -> Vec<Cell> {
        G::threatened(self.position()).into_iter().map(|s| s.cell()).collect()
    }

    fn legal_turns(&self) -> Vec<String> {
        let pos = self.turn_start();
        G::turns(pos).iter().map(|t| G::write_turn(pos, t)).collect()
    }

    fn record_text(&self, tags: &[(String, String)]) -> String {
        let mut record = Record::new(self.clone());
        for (name, value) in tags {
            record.set_tag(name, value);
        }
        record.to_text()
    }

    fn think(&self, who: &Personality) -> Box<dyn Thought> {
        let player = who.player::<G>();
        Search::start(self, player.searcher(), &player.limits)
    }

    fn plan_choice(&self, plan: &Plan) -> Option<Choice> {
        let turn = plan.0.downcast_ref::<G::Turn>()?;
        self.current().decision_of(turn).map(|d| G::choice(&d))
    }

    fn judge_choice(&self, side: Side) -> Option<Choice> {
        let weights = G::Weights::default();
        let state = self.current();
        state
            .options()
            .into_iter()
            .max_by_key(|&option| {
                let mut trial = state.clone();
                let _ = trial.decide(option);
                let pos = trial.position();
                let value = G::evaluate(pos, &weights);
                if G::side_to_move(pos) == side { value } else { -value }
            })
            .map(|d| G::choice(&d))
    }

    fn advise(&self) -> Box<dyn Thought> {
        // The top level's judgement, on the hint's shorter clock.
        let top = level_of::<G>(LEVELS).expect("every game has a top level");
        let limits = Limits { time: Some(HINT_THINKING), ..top.limits };
        let mut searcher = Searcher::<G>::new(G::Weights::default(), limits.table_bits());
        searcher.style = top.style;
        Search::start(self, searcher, &limits)
    }

    fn stalemate(&self) -> Stalemate {
        let positions: Vec<G::Position> =
            (0..=Game::history(self).len()).filter_map(|n| self.position_after(n)).collect();
        Stalemate::of::<G>(&positions)
    }
}
