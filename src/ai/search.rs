//! Iterative-deepening alpha-beta over whole turns, with a transposition table, captures
//! first, and quiescence over captures (their retaliations and chained captures included).
//! Inside a capture's resolution each decision goes to its owner: the defender minimises,
//! the mover maximises.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use super::eval::{Weights, evaluate};
use crate::rules::khalif::{Kind, Position, Square, Turn, generate_turns, khalif_lost, play};

/// A won game's score; wins sooner score higher.
pub const WIN: i32 = 1_000_000;
const INFINITY: i32 = WIN + 1;
/// How many capture plies quiescence follows at most.
const QUIESCENCE_PLIES: u32 = 6;

/// When to stop searching.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    pub depth: u32,
    pub nodes: Option<u64>,
    pub time: Option<Duration>,
}

impl Limits {
    pub fn depth(depth: u32) -> Limits {
        Limits { depth, nodes: None, time: None }
    }
}

/// What a search found: the turn to play (with the replies it expects inside the turn),
/// its score for the side to move, the depth completed and the work done.
#[derive(Clone, Debug)]
pub struct SearchResult {
    pub best: Option<Turn>,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<Turn>,
}

#[derive(Clone, Copy, Default)]
struct Entry {
    key: u64,
    depth: u8,
    bound: Bound,
    score: i32,
    best: Option<(Square, Square)>,
}

#[derive(Clone, Copy, Default, PartialEq)]
enum Bound {
    #[default]
    Exact,
    Lower,
    Upper,
}

/// A searcher keeps its transposition table between searches; `stop` cancels a running search.
pub struct Searcher {
    pub weights: Weights,
    pub stop: Arc<AtomicBool>,
    /// How a level plays below its best: evaluation noise and whether captures are followed.
    pub style: Style,
    table: Vec<Entry>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    stopped: bool,
}

/// What makes a weaker level weaker, the human way: a noisier judgement of positions and
/// not following capture sequences to the end, on top of a shallower search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Up to this much (in evaluation units) is added to or taken from each judged position,
    /// the same every time for the same position and seed.
    pub noise: i32,
    pub noise_seed: u64,
    /// Follow captures past the search depth (quiescence).
    pub quiescence: bool,
}

impl Default for Style {
    fn default() -> Style {
        Style { noise: 0, noise_seed: 0, quiescence: true }
    }
}

/// The order in which a turn's inner decisions are taken, and who takes each.
const DEFENDER_DECIDES: [bool; 7] = [true, true, false, false, true, true, false];

fn inner_keys(turn: &Turn) -> [Option<Square>; 7] {
    let chain = turn.chain;
    let res = chain.map(|c| c.resolution).unwrap_or_default();
    [
        turn.first.successor,
        turn.first.retaliator,
        turn.first.counter_successor,
        chain.map(|c| c.to),
        res.successor,
        res.retaliator,
        res.counter_successor,
    ]
}

impl Searcher {
    /// A searcher with a table of `2^table_bits` entries.
    pub fn new(weights: Weights, table_bits: u32) -> Searcher {
        Searcher {
            weights,
            stop: Arc::new(AtomicBool::new(false)),
            style: Style::default(),
            table: vec![Entry::default(); 1 << table_bits],
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            stopped: false,
        }
    }

    /// Searches `pos` by iterative deepening until the limits; returns the deepest finished result.
    pub fn search(&mut self, pos: &Position, limits: &Limits) -> SearchResult {
        self.nodes = 0;
        self.stopped = false;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.deadline = limits.time.map(|t| Instant::now() + t);
        let mut result = SearchResult { best: None, score: 0, depth: 0, nodes: 0, pv: Vec::new() };
        for depth in 1..=limits.depth.max(1) {
            if self.stop.load(Ordering::Relaxed) && result.best.is_some() {
                break;
            }
            let (score, best) = self.root(pos, depth);
            if self.stopped && result.best.is_some() {
                break;
            }
            result =
                SearchResult { best, score, depth, nodes: self.nodes, pv: self.principal_variation(pos, best, depth) };
            if self.stopped || score.abs() > WIN - 1000 {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    fn root(&mut self, pos: &Position, depth: u32) -> (i32, Option<Turn>) {
        let groups = self.ordered_groups(pos, false);
        let (mut alpha, mut best) = (-INFINITY, None);
        for group in groups {
            let (score, turn) = self.group_value(pos, &group, depth, alpha, INFINITY, 0, false);
            if self.stopped {
                break;
            }
            if score > alpha || best.is_none() {
                alpha = score.max(alpha);
                best = Some(turn);
            }
        }
        if let Some(turn) = best {
            self.store(pos, depth, alpha, Bound::Exact, Some((turn.from, turn.to)));
        }
        (alpha, best)
    }

    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes.is_multiple_of(1024)
            && (self.stop.load(Ordering::Relaxed)
                || self.nodes >= self.node_limit
                || self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.stopped = true;
        }
        self.stopped
    }

    /// The turns of `pos` grouped by primary move, best candidates first (the table's move,
    /// then captures of valuable pieces by cheap ones, then the rest in generation order).
    fn ordered_groups(&self, pos: &Position, captures_only: bool) -> Vec<Vec<Turn>> {
        let mut turns = Vec::with_capacity(64);
        generate_turns(pos, &mut turns);
        let mut groups: Vec<Vec<Turn>> = Vec::new();
        for turn in turns {
            if captures_only && pos.piece_at(turn.to).is_none() {
                continue;
            }
            match groups.last_mut() {
                Some(g) if g[0].from == turn.from && g[0].to == turn.to => g.push(turn),
                _ => groups.push(vec![turn]),
            }
        }
        let hint = self.probe(pos).and_then(|e| e.best);
        let value =
            |kind: Option<Kind>| kind.map_or(0, |k| if k == Kind::Khalif { 10_000 } else { self.weights.value(k) });
        groups.sort_by_cached_key(|g| {
            let (from, to) = (g[0].from, g[0].to);
            if hint == Some((from, to)) {
                return i32::MIN;
            }
            let victim = pos.piece_at(to).map(|p| p.kind);
            let attacker = pos.piece_at(from).map(|p| p.kind);
            if victim.is_some() { -(value(victim) * 16 - value(attacker)) } else { 0 }
        });
        groups
    }

    /// The value of one primary move for the side to move, and the turn both sides would make
    /// of it. A move with one possible resolution is searched with the window; a capture with
    /// choices inside is resolved by minimax over its decisions, each made by its owner.
    #[allow(clippy::too_many_arguments)]
    fn group_value(
        &mut self,
        pos: &Position,
        group: &[Turn],
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: u32,
        quiescent: bool,
    ) -> (i32, Turn) {
        let child_value = |this: &mut Searcher, turn: &Turn, alpha: i32, beta: i32| {
            let mut next = *pos;
            play(&mut next, turn);
            if quiescent {
                -this.quiescence(&next, -beta, -alpha, ply + 1, depth.saturating_sub(1))
            } else {
                -this.negamax(&next, depth - 1, -beta, -alpha, ply + 1)
            }
        };
        if group.len() == 1 {
            return (child_value(self, &group[0], alpha, beta), group[0]);
        }
        let leaves: Vec<(Turn, i32)> = group.iter().map(|t| (*t, child_value(self, t, -INFINITY, INFINITY))).collect();
        minimax_inner(&leaves, 0)
    }

    fn negamax(&mut self, pos: &Position, depth: u32, mut alpha: i32, beta: i32, ply: u32) -> i32 {
        if let Some(score) = decided(pos, ply) {
            return score;
        }
        if depth == 0 {
            return self.quiescence(pos, alpha, beta, ply, QUIESCENCE_PLIES);
        }
        if self.tick() {
            return 0;
        }
        if let Some(entry) = self.probe(pos)
            && u32::from(entry.depth) >= depth
        {
            match entry.bound {
                Bound::Exact => return entry.score,
                Bound::Lower if entry.score >= beta => return entry.score,
                Bound::Upper if entry.score <= alpha => return entry.score,
                _ => {}
            }
        }
        let groups = self.ordered_groups(pos, false);
        if groups.is_empty() {
            return -(WIN - ply as i32); // K6.2: no legal move loses
        }
        let original_alpha = alpha;
        let (mut best_score, mut best_move) = (-INFINITY, None);
        for group in groups {
            let (score, _) = self.group_value(pos, &group, depth, alpha, beta, ply, false);
            if self.stopped {
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some((group[0].from, group[0].to));
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                break;
            }
        }
        let bound = if best_score <= original_alpha {
            Bound::Upper
        } else if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.store(pos, depth, best_score, bound, best_move);
        best_score
    }

    /// Captures only, until the position is quiet: standing pat is allowed (no zugzwang here).
    fn quiescence(&mut self, pos: &Position, mut alpha: i32, beta: i32, ply: u32, left: u32) -> i32 {
        if let Some(score) = decided(pos, ply) {
            return score;
        }
        if self.tick() {
            return 0;
        }
        let stand = self.judge(pos);
        if stand >= beta || left == 0 || !self.style.quiescence {
            return stand;
        }
        alpha = alpha.max(stand);
        for group in self.ordered_groups(pos, true) {
            let (score, _) = self.group_value(pos, &group, left, alpha, beta, ply, true);
            if self.stopped {
                return 0;
            }
            if score >= beta {
                return score;
            }
            alpha = alpha.max(score);
        }
        alpha
    }

    /// The evaluation, with the level's noise.
    fn judge(&self, pos: &Position) -> i32 {
        let exact = evaluate(pos, &self.weights);
        if self.style.noise == 0 {
            return exact;
        }
        let mut h = pos.hash() ^ self.style.noise_seed.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h = (h ^ (h >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h ^= h >> 29;
        let span = 2 * self.style.noise as u64 + 1;
        exact + (h % span) as i32 - self.style.noise
    }

    fn probe(&self, pos: &Position) -> Option<Entry> {
        let entry = self.table[(pos.hash() as usize) & (self.table.len() - 1)];
        (entry.key == pos.hash()).then_some(entry)
    }

    fn store(&mut self, pos: &Position, depth: u32, score: i32, bound: Bound, best: Option<(Square, Square)>) {
        let slot = (pos.hash() as usize) & (self.table.len() - 1);
        self.table[slot] = Entry { key: pos.hash(), depth: depth.min(255) as u8, bound, score, best };
    }

    /// The expected line: the best turn, then the table's choices while they last.
    fn principal_variation(&self, pos: &Position, best: Option<Turn>, depth: u32) -> Vec<Turn> {
        let mut line = Vec::new();
        let mut pos = *pos;
        let mut next = best;
        while let Some(turn) = next {
            line.push(turn);
            play(&mut pos, &turn);
            if line.len() as u32 >= depth || decided(&pos, 0).is_some() {
                break;
            }
            next = self.probe(&pos).and_then(|e| e.best).and_then(|(from, to)| {
                let mut turns = Vec::new();
                generate_turns(&pos, &mut turns);
                turns.into_iter().find(|t| t.from == from && t.to == to)
            });
        }
        line
    }
}

/// The score of a finished game for the side to move, if it is finished (K6.1).
fn decided(pos: &Position, ply: u32) -> Option<i32> {
    khalif_lost(pos).map(|loser| {
        let score = WIN - ply as i32;
        if loser == pos.side_to_move() { -score } else { score }
    })
}

/// Minimax over the decisions inside one primary move's resolutions. `leaves` hold each
/// complete turn with its value for the mover; decisions are grouped level by level.
fn minimax_inner(leaves: &[(Turn, i32)], level: usize) -> (i32, Turn) {
    if leaves.len() == 1 || level >= DEFENDER_DECIDES.len() {
        return (leaves[0].1, leaves[0].0);
    }
    let mut options: Vec<Option<Square>> = leaves.iter().map(|(t, _)| inner_keys(t)[level]).collect();
    options.sort();
    options.dedup();
    let results = options.iter().map(|option| {
        let branch: Vec<(Turn, i32)> =
            leaves.iter().copied().filter(|(t, _)| inner_keys(t)[level] == *option).collect();
        minimax_inner(&branch, level + 1)
    });
    if DEFENDER_DECIDES[level] {
        results.min_by_key(|(score, _)| *score).expect("at least one option")
    } else {
        results.max_by_key(|(score, _)| *score).expect("at least one option")
    }
}
