//! Iterative-deepening alpha-beta over whole turns, with a transposition table, captures
//! first, and quiescence over captures (their retaliations and chained captures included).
//! Inside a capture's resolution each decision goes to its owner: the defender minimises,
//! the mover maximises.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use web_time::Instant;

use super::convert::material_lead;
use super::engine::Engine;
use crate::rules::{Rules, Side, Square as _};

/// A won game's score; wins sooner score higher.
pub const WIN: i32 = 1_000_000;
const INFINITY: i32 = WIN + 1;
/// Mixed into the seed when choosing the positions a level overlooks, so that they do not
/// follow the positions it misjudges most.
const OVERSIGHT_STREAM: u64 = 0x5EE5_0F7E_A11B_0A7D;

/// How many capture plies quiescence follows at most: a full-strength search follows every
/// exchange this far; weaker levels follow fewer (`Style::quiescence`).
pub const QUIESCENCE_PLIES: u32 = 6;

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

    /// The transposition table a search within these limits wants, as a power of two: a
    /// search of seven plies or more (the top levels, millions of nodes in their two seconds)
    /// overwrites 2^16 entries many times over (Khalif's top level reached eleven plies from
    /// the start in 1.35 s with 2^16 entries, 1.11 s with 2^20); a shallower one keeps the
    /// small table, quick to set up for every turn.
    pub fn table_bits(&self) -> u32 {
        let deep = self.depth >= 7 && self.nodes.is_none_or(|n| n > 1_000_000);
        if deep { 20 } else { 16 }
    }
}

/// What a search found: the turn to play (with the replies it expects inside the turn),
/// its score for the side to move, the depth completed and the work done.
#[derive(Clone, Debug)]
pub struct SearchResult<G: Rules> {
    pub best: Option<G::Turn>,
    pub score: i32,
    pub depth: u32,
    pub nodes: u64,
    pub pv: Vec<G::Turn>,
}

/// A primary move: where a turn's first move starts and ends.
type Key<G> = (<G as Rules>::Square, <G as Rules>::Square);

/// What the table keeps of a searched position: 16 bytes, so that four share a cache line and
/// none straddles two (the table is far larger than the caches, and each probe is a miss).
#[derive(Clone, Copy)]
struct Entry<G: Rules> {
    /// The hash's upper half: the lower bits chose the slot.
    key: u32,
    depth: u8,
    bound: Bound,
    score: i32,
    best: Option<Key<G>>,
}

/// The part of a hash an entry keeps: the upper half, independent of the slot's lower bits.
fn table_key(hash: u64) -> u32 {
    (hash >> 32) as u32
}

impl<G: Rules> Default for Entry<G> {
    fn default() -> Entry<G> {
        Entry { key: 0, depth: 0, bound: Bound::Exact, score: 0, best: None }
    }
}

#[derive(Clone, Copy, Default, PartialEq)]
enum Bound {
    #[default]
    Exact,
    Lower,
    Upper,
}

/// A searcher keeps its transposition table between searches; `stop` cancels a running search.
pub struct Searcher<G: Engine> {
    pub weights: G::Weights,
    pub stop: Arc<AtomicBool>,
    /// How a level plays below its best: evaluation noise and whether captures are followed.
    pub style: Style,
    table: Vec<Entry<G>>,
    /// Two quiet moves per ply that refuted a sibling: tried early at the same ply.
    killers: Vec<[Option<Key<G>>; 2]>,
    /// How often a quiet move caused a cutoff, by side, from and to: orders the other quiet moves.
    history: Vec<i32>,
    nodes: u64,
    /// The node count at which the current slice (or the whole search) ends.
    slice_end: u64,
    node_limit: u64,
    /// When the search began and when its time ends, where it has a time limit.
    clock: Option<(Instant, Instant)>,
    stopped: bool,
    /// A primary move the root leaves out (to find the second best, for the tactics miner).
    excluded: Option<Key<G>>,
    /// The hashes of the game's positions before the search's root that could still come
    /// back. The search scores a position that came before (in the game or on the line
    /// searched) as a draw, so a side that is ahead steers away from repeating and one that is
    /// behind steers towards it. In games whose rules draw a position's third occurrence
    /// (Desert Pub Chess, P3.4) that is the rule seen early; in the others (Khalif has no
    /// automatic draw, K6.4) it is what keeps a side that is ahead from shuffling its pieces
    /// back and forth instead of making progress.
    earlier: Vec<u64>,
    /// The side to move at the root of the current search: the side it plays for.
    root_side: Side,
    /// The hashes of the positions on the line being searched, root first.
    line: Vec<u64>,
    /// Positions judged in this search, by hash: the evaluation is the costliest part of a
    /// node, and a position is judged again by later iterations, re-searches and transpositions.
    judged: Vec<Judged>,
    /// The search the `judged` entries belong to: the weights may change between searches.
    generation: u32,
    /// Buffers of nodes that are done, for the next nodes to fill: one set per ply in use at
    /// most, so that a node's turns cost no allocation once the search has reached its depth.
    spare_groups: Vec<Groups<G::Turn>>,
}

/// One cached judgement (the exact evaluation, before a level's noise).
#[derive(Clone, Copy, Default)]
struct Judged {
    key: u64,
    generation: u32,
    value: i32,
}

/// How many judgements the cache keeps (a power of two).
const JUDGED_SLOTS: usize = 1 << 15;

/// A search in progress that [`Searcher::resume`] continues a slice at a time, for a front end
/// that cannot wait (the web build has no threads). A full search is the same thing in one slice.
#[derive(Clone, Debug)]
pub struct SlicedSearch<G: Rules> {
    position: G::Position,
    limits: Limits,
    /// The iteration under way.
    depth: u32,
    /// The deepest finished iteration's result (with a cut iteration's turn once the limits end it).
    result: SearchResult<G>,
}

/// What makes a weaker level weaker, the human way: a noisier judgement of positions and
/// not following capture sequences to the end, on top of a shallower search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Up to this much (in evaluation units) is added to or taken from each judged position,
    /// the same every time for the same position and seed.
    pub noise: i32,
    pub noise_seed: u64,
    /// How many capture plies it follows past its depth (quiescence): 0 sees no reply to
    /// its last move, 2 sees a capture and its recapture, `QUIESCENCE_PLIES` every exchange.
    pub quiescence: u32,
    /// In how many positions of a thousand at its horizon it overlooks the reply to its last
    /// move (follows no capture there), the same positions every time for the same seed: a
    /// player who sees threats now and then, between one who never looks and one who always does.
    pub oversight: u32,
    /// Whether it judges with the game's conversion terms (`Engine::evaluate_for_search`) or by
    /// the evaluation alone. Every level hunts; a defender that does not is the check on a hunt's
    /// terms (`endgames --defender`): a defender judging by the same terms can be led by them
    /// (stop 52: Desert Pub Chess's net won its self-play endings by misleading the defence).
    pub hunt: bool,
}

impl Default for Style {
    fn default() -> Style {
        Style { noise: 0, noise_seed: 0, quiescence: QUIESCENCE_PLIES, oversight: 0, hunt: true }
    }
}

/// A position's turns grouped by primary move in one buffer (generation keeps a move's
/// resolutions together), so that the search orders and visits the groups of every node
/// without an allocation per group; the buffers are kept for the next node (`spare_groups`).
pub(crate) struct Groups<T> {
    turns: Vec<T>,
    /// Where each group lies in `turns`, as generated.
    spans: Vec<std::ops::Range<usize>>,
    /// Each group's key and its index in `spans`, put in order as the groups are visited.
    keys: Vec<(i32, u32)>,
}

/// How many groups are picked one at a time before the rest are sorted: most nodes that cut
/// off do so on their first move or two, and never pay for sorting the others.
const PICKED_ONE_BY_ONE: usize = 3;

impl<T> Default for Groups<T> {
    fn default() -> Groups<T> {
        Groups { turns: Vec::with_capacity(64), spans: Vec::new(), keys: Vec::new() }
    }
}

impl<T> Groups<T> {
    /// Splits the turns put in `turns` into runs of neighbours that `same` puts together, to be
    /// visited lowest `key` first (ties as generated); the key is computed once per group.
    fn order(&mut self, same: impl Fn(&T, &T) -> bool, mut key: impl FnMut(&[T]) -> i32) {
        let Groups { turns, spans, keys } = self;
        spans.clear();
        for (i, turn) in turns.iter().enumerate() {
            match spans.last_mut() {
                Some(span) if same(&turns[span.start], turn) => span.end = i + 1,
                _ => spans.push(i..i + 1),
            }
        }
        keys.clear();
        keys.extend(spans.iter().enumerate().map(|(i, span)| (key(&turns[span.clone()]), i as u32)));
    }

    fn is_empty(&self) -> bool {
        self.spans.is_empty()
    }

    /// The groups in their order: the first few found one at a time, the rest sorted once when
    /// the search gets to them (the same order as one sort of them all, for no two keys tie).
    fn iter(&mut self) -> impl Iterator<Item = &[T]> {
        let Groups { turns, spans, keys } = self;
        let (turns, spans): (&[T], &[std::ops::Range<usize>]) = (turns, spans);
        let mut next = 0;
        std::iter::from_fn(move || {
            if next >= keys.len() {
                return None;
            }
            if next < PICKED_ONE_BY_ONE {
                let lowest = (next..keys.len()).min_by_key(|&k| keys[k]).expect("a group left");
                keys.swap(next, lowest);
            } else if next == PICKED_ONE_BY_ONE {
                keys[next..].sort_unstable();
            }
            let span = spans[keys[next].1 as usize].clone();
            next += 1;
            Some(&turns[span])
        })
    }
}

impl<G: Rules> SlicedSearch<G> {
    /// The position searched.
    pub fn position(&self) -> &G::Position {
        &self.position
    }
}

/// Complete turns grouped by primary move (generation keeps a move's resolutions together).
pub(crate) fn group_by_primary<G: Rules>(turns: impl IntoIterator<Item = G::Turn>) -> Vec<Vec<G::Turn>> {
    let mut groups: Vec<Vec<G::Turn>> = Vec::new();
    for turn in turns {
        match groups.last_mut() {
            Some(g) if G::primary(&g[0]) == G::primary(&turn) => g.push(turn),
            _ => groups.push(vec![turn]),
        }
    }
    groups
}

/// `turns` (one primary move's resolutions) split by the choice taken at decision `level`
/// (an index into [`Rules::INNER`]), in a fixed order.
pub(crate) fn split_at_level<G: Rules>(turns: &[G::Turn], level: usize) -> Vec<Vec<G::Turn>> {
    let mut options: Vec<u64> = turns.iter().map(|t| G::inner_key(t, level)).collect();
    options.sort_unstable();
    options.dedup();
    options
        .into_iter()
        .map(|option| turns.iter().copied().filter(|t| G::inner_key(t, level) == option).collect())
        .collect()
}

/// Plies the killer table covers; deeper plies go without killers.
const MAX_PLY: usize = 128;
/// Scores beyond this are wins or losses found by the search.
const WIN_BOUND: i32 = WIN - 1000;

impl<G: Engine> Searcher<G> {
    /// A searcher with a table of `2^table_bits` entries.
    pub fn new(weights: G::Weights, table_bits: u32) -> Searcher<G> {
        Searcher {
            weights,
            stop: Arc::new(AtomicBool::new(false)),
            style: Style::default(),
            table: vec![Entry::default(); 1 << table_bits],
            killers: vec![[None; 2]; MAX_PLY],
            history: vec![0; 2 * G::Square::COUNT * G::Square::COUNT],
            nodes: 0,
            slice_end: u64::MAX,
            node_limit: u64::MAX,
            clock: None,
            stopped: false,
            excluded: None,
            earlier: Vec::new(),
            line: Vec::new(),
            judged: vec![Judged::default(); JUDGED_SLOTS],
            generation: 0,
            root_side: Side::First,
            spare_groups: Vec::new(),
        }
    }

    /// Searches `pos` by iterative deepening until the limits; returns the deepest finished
    /// iteration's result, or a cut iteration's best turn where it found one.
    pub fn search(&mut self, pos: &G::Position, limits: &Limits) -> SearchResult<G> {
        let mut search_state = self.start(pos, limits);
        loop {
            if let Some(result) = self.resume(&mut search_state, u64::MAX) {
                return result;
            }
        }
    }

    /// Tells the search which positions of the game came before `root`. Only those with as
    /// many pieces as the root are kept: no capture is ever undone, so no other can come back,
    /// and the search compares each of its positions with every one kept.
    pub fn remember_earlier<'a>(&mut self, root: &G::Position, positions: impl IntoIterator<Item = &'a G::Position>) {
        let pieces = G::piece_count(root);
        self.earlier = positions.into_iter().filter(|p| G::piece_count(p) == pieces).map(G::hash).collect();
    }

    /// The best turn other than those with the primary move `excluded`: how much worse the
    /// second best is tells whether a position has one clear solution.
    pub fn search_excluding(&mut self, pos: &G::Position, limits: &Limits, excluded: Key<G>) -> SearchResult<G> {
        self.table.fill(Entry::default());
        self.excluded = Some(excluded);
        let result = self.search(pos, limits);
        self.excluded = None;
        self.table.fill(Entry::default());
        result
    }

    /// Begins a search to be continued by [`Searcher::resume`]; the limits count from now.
    pub fn start(&mut self, pos: &G::Position, limits: &Limits) -> SlicedSearch<G> {
        self.nodes = 0;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        let now = Instant::now();
        self.clock = limits.time.map(|t| (now, now + t));
        self.killers.fill([None; 2]);
        self.history.iter_mut().for_each(|h| *h /= 8);
        self.generation = self.generation.wrapping_add(1);
        self.root_side = G::side_to_move(pos);
        SlicedSearch {
            position: *pos,
            limits: limits.clone(),
            depth: 1,
            result: SearchResult { best: None, score: 0, depth: 0, nodes: 0, pv: Vec::new() },
        }
    }

    /// Runs the search for about `slice_nodes` more nodes; returns the result once a limit is
    /// reached or the deepest iteration is done, `None` while there is more to do. An iteration
    /// cut by the slice's end is searched again from the start in the next slice: what it
    /// finished is in the transposition table, so it goes quickly up to where it stopped.
    pub fn resume(&mut self, search_state: &mut SlicedSearch<G>, slice_nodes: u64) -> Option<SearchResult<G>> {
        let pos = search_state.position;
        while search_state.depth <= search_state.limits.depth.max(1) {
            let first = search_state.result.best.is_none();
            // The first iteration always finishes: there must be a turn to play.
            self.slice_end = if first { u64::MAX } else { self.nodes.saturating_add(slice_nodes) };
            self.stopped = false;
            if self.stop.load(Ordering::Relaxed) && !first {
                break;
            }
            let depth = search_state.depth;
            let (score, best) = self.root(&pos, depth);
            if self.stopped && !first {
                if self.out_of_limits() {
                    // The cut iteration searched its first groups in full, the last
                    // iteration's best among them: the best of those is the better founded.
                    if let Some(best) = best {
                        search_state.result.best = Some(best);
                        search_state.result.score = score;
                        search_state.result.pv = self.principal_variation(&pos, Some(best), depth);
                    }
                    break;
                }
                return None; // only the slice ended
            }
            search_state.result =
                SearchResult { best, score, depth, nodes: self.nodes, pv: self.principal_variation(&pos, best, depth) };
            search_state.depth += 1;
            if self.stopped || score.abs() > WIN_BOUND || self.next_iteration_would_be_cut() {
                break;
            }
        }
        search_state.depth = u32::MAX; // finished: further calls return the same result
        search_state.result.nodes = self.nodes;
        Some(search_state.result.clone())
    }

    /// Whether the time spent so far is over half the time limit: the next iteration takes
    /// longer than all the earlier ones together, so it would be cut, and the time is better
    /// left to the player. (A cut iteration still plays the best of the turns it finished.)
    fn next_iteration_would_be_cut(&self) -> bool {
        self.clock.is_some_and(|(started, deadline)| {
            let now = Instant::now();
            now >= deadline || now - started > (deadline - started) / 2
        })
    }

    fn out_of_limits(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
            || self.nodes >= self.node_limit
            || self.clock.is_some_and(|(_, deadline)| Instant::now() >= deadline)
    }

    fn root(&mut self, pos: &G::Position, depth: u32) -> (i32, Option<G::Turn>) {
        let hint = self.probe(pos).and_then(|e| e.best);
        let mut groups = self.ordered_groups(pos, false, 0, hint);
        let (mut alpha, mut best) = (-INFINITY, None);
        let excluded = self.excluded;
        for (i, group) in groups.iter().filter(|g| Some(G::primary(&g[0])) != excluded).enumerate() {
            // Principal variation search: later moves are first proved worse with a null window.
            let null_window = i > 0;
            let beta = if null_window { alpha + 1 } else { INFINITY };
            let (mut score, mut turn) = self.group_value(pos, group, depth - 1, alpha, beta, 0, false);
            if null_window && score > alpha && !self.stopped {
                (score, turn) = self.group_value(pos, group, depth - 1, alpha, INFINITY, 0, false);
            }
            if self.stopped {
                break;
            }
            if score > alpha || best.is_none() {
                alpha = score.max(alpha);
                best = Some(turn);
            }
        }
        self.recycle(groups);
        if let Some(turn) = best
            && !self.stopped
        {
            self.store(pos, depth, alpha, Bound::Exact, Some(G::primary(&turn)), 0);
        }
        (alpha, best)
    }

    fn tick(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.slice_end || (self.nodes.is_multiple_of(256) && self.out_of_limits()) {
            self.stopped = true;
        }
        self.stopped
    }

    /// The turns of `pos` grouped by primary move, best candidates first: the table's move,
    /// captures of valuable pieces by cheap ones, this ply's killers, then quiet moves by history.
    fn ordered_groups(
        &mut self,
        pos: &G::Position,
        captures_only: bool,
        ply: u32,
        hint: Option<Key<G>>,
    ) -> Groups<G::Turn> {
        let mut groups = self.spare_groups.pop().unwrap_or_default();
        groups.turns.clear();
        if captures_only {
            G::capture_turns(pos, &mut groups.turns);
        } else {
            G::search_turns(pos, &mut groups.turns);
        }
        let killers = self.killers.get(ply as usize).copied().unwrap_or_default();
        let side = G::side_to_move(pos).index();
        groups.order(
            |a, b| G::primary(a) == G::primary(b),
            |g| {
                let key = G::primary(&g[0]);
                if hint == Some(key) {
                    return i32::MIN;
                }
                if G::is_capture(pos, &g[0]) {
                    return -1_000_000_000 - G::capture_order(pos, &g[0], &self.weights);
                }
                if let Some(k) = killers.iter().position(|k| *k == Some(key)) {
                    return -900_000_000 + k as i32;
                }
                -self.history[history_index::<G>(side, key)]
            },
        );
        groups
    }

    /// Keeps a finished node's buffers for the next node.
    fn recycle(&mut self, groups: Groups<G::Turn>) {
        self.spare_groups.push(groups);
    }

    /// The value of one primary move for the side to move, and the turn both sides would make
    /// of it, searching `depth` plies below it. A capture with choices inside is resolved by
    /// alpha-beta over its decisions, each made by its owner.
    #[allow(clippy::too_many_arguments)]
    fn group_value(
        &mut self,
        pos: &G::Position,
        group: &[G::Turn],
        depth: u32,
        alpha: i32,
        beta: i32,
        ply: u32,
        quiescent: bool,
    ) -> (i32, G::Turn) {
        self.inner_value(pos, group, 0, depth, alpha, beta, ply, quiescent)
    }

    /// Alpha-beta over the decisions inside a turn, level by level in the order they are
    /// taken: the defender's choices minimise the mover's value, the mover's maximise it.
    #[allow(clippy::too_many_arguments)]
    fn inner_value(
        &mut self,
        pos: &G::Position,
        turns: &[G::Turn],
        level: usize,
        depth: u32,
        mut alpha: i32,
        mut beta: i32,
        ply: u32,
        quiescent: bool,
    ) -> (i32, G::Turn) {
        if turns.len() == 1 || level >= G::INNER.len() {
            let mut next = *pos;
            G::play(&mut next, &turns[0]);
            self.line.push(G::hash(pos));
            let score = if quiescent {
                -self.quiescence(&next, -beta, -alpha, ply + 1, depth)
            } else if self.repeats(&next) {
                0
            } else {
                -self.negamax(&next, depth, -beta, -alpha, ply + 1, true)
            };
            self.line.pop();
            return (score, turns[0]);
        }
        let defender = G::INNER[level];
        let mut best: Option<(i32, G::Turn)> = None;
        for branch in split_at_level::<G>(turns, level) {
            let (score, turn) = self.inner_value(pos, &branch, level + 1, depth, alpha, beta, ply, quiescent);
            if self.stopped {
                return (0, turn);
            }
            let better = best.is_none_or(|(b, _)| if defender { score < b } else { score > b });
            if better {
                best = Some((score, turn));
            }
            if defender {
                beta = beta.min(score);
            } else {
                alpha = alpha.max(score);
            }
            if alpha >= beta {
                break;
            }
        }
        best.expect("at least one option")
    }

    fn negamax(&mut self, pos: &G::Position, depth: u32, mut alpha: i32, beta: i32, ply: u32, allow_null: bool) -> i32 {
        if let Some(score) = decided::<G>(pos, ply) {
            return score;
        }
        if depth == 0 {
            let plies = if self.overlooks(pos) { 0 } else { self.style.quiescence };
            return self.quiescence(pos, alpha, beta, ply, plies);
        }
        if self.tick() {
            return 0;
        }
        let entry = self.probe(pos);
        if let Some(entry) = entry
            && u32::from(entry.depth) >= depth
        {
            let score = from_table(entry.score, ply);
            match entry.bound {
                Bound::Exact => return score,
                Bound::Lower if score >= beta => return score,
                Bound::Upper if score <= alpha => return score,
                _ => {}
            }
        }
        let pv_node = beta - alpha > 1;
        // Null move: if passing still holds the opponent above beta, a real move will too. Not
        // with few pieces left, where having to move can hurt.
        if allow_null && !pv_node && depth >= 3 && beta.abs() < WIN_BOUND && G::null_move_safe(pos) {
            let mut passed = *pos;
            G::pass(&mut passed);
            let reduction = if depth >= 6 { 3 } else { 2 };
            let score = -self.negamax(&passed, depth - 1 - reduction.min(depth - 1), -beta, -beta + 1, ply + 1, false);
            if self.stopped {
                return 0;
            }
            if score >= beta {
                return beta;
            }
        }
        let mut groups = self.ordered_groups(pos, false, ply, entry.and_then(|e| e.best));
        if groups.is_empty() {
            self.recycle(groups);
            return -(WIN - ply as i32); // K6.2: no legal move loses
        }
        let original_alpha = alpha;
        let (mut best_score, mut best_move) = (-INFINITY, None);
        let side = G::side_to_move(pos).index();
        let killers = self.killers.get(ply as usize).copied().unwrap_or_default();
        for (i, group) in groups.iter().enumerate() {
            let key = G::primary(&group[0]);
            let quiet = !G::is_capture(pos, &group[0]);
            let score = if i == 0 {
                self.group_value(pos, group, depth - 1, alpha, beta, ply, false).0
            } else {
                // Late quiet moves are searched shallower first; a surprise is searched again.
                let late = quiet && depth >= 3 && i >= 3 && !killers.contains(&Some(key));
                let reduction = if !late {
                    0
                } else if i >= 10 && depth >= 5 {
                    2
                } else {
                    1
                };
                let mut score = self.group_value(pos, group, depth - 1 - reduction, alpha, alpha + 1, ply, false).0;
                if score > alpha && reduction > 0 {
                    score = self.group_value(pos, group, depth - 1, alpha, alpha + 1, ply, false).0;
                }
                if score > alpha && score < beta {
                    score = self.group_value(pos, group, depth - 1, alpha, beta, ply, false).0;
                }
                score
            };
            if self.stopped {
                break;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(key);
            }
            alpha = alpha.max(score);
            if alpha >= beta {
                if quiet {
                    self.remember_cutoff(side, key, ply, depth);
                }
                break;
            }
        }
        self.recycle(groups);
        if self.stopped {
            return 0;
        }
        let bound = if best_score <= original_alpha {
            Bound::Upper
        } else if best_score >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.store(pos, depth, best_score, bound, best_move, ply);
        best_score
    }

    /// Whether the position stood before, in the game or on the line searched.
    fn repeats(&self, pos: &G::Position) -> bool {
        let hash = G::hash(pos);
        self.line.contains(&hash) || self.earlier.contains(&hash)
    }

    fn remember_cutoff(&mut self, side: usize, key: Key<G>, ply: u32, depth: u32) {
        if let Some(killers) = self.killers.get_mut(ply as usize)
            && killers[0] != Some(key)
        {
            killers[1] = killers[0];
            killers[0] = Some(key);
        }
        let h = &mut self.history[history_index::<G>(side, key)];
        *h = (*h + (depth * depth) as i32).min(1 << 24);
    }

    /// Captures only, until the position is quiet: standing pat is allowed (no zugzwang here).
    fn quiescence(&mut self, pos: &G::Position, mut alpha: i32, beta: i32, ply: u32, left: u32) -> i32 {
        if let Some(score) = decided::<G>(pos, ply) {
            return score;
        }
        if self.tick() {
            return 0;
        }
        let stand = self.judge(pos);
        if stand >= beta || left == 0 {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut groups = self.ordered_groups(pos, true, ply, None);
        let mut ended = None;
        for group in groups.iter() {
            if self.futile(pos, &group[0], stand, alpha) {
                continue;
            }
            let (score, _) = self.group_value(pos, group, left - 1, alpha, beta, ply, true);
            if self.stopped {
                ended = Some(0);
                break;
            }
            if score >= beta {
                ended = Some(score);
                break;
            }
            alpha = alpha.max(score);
        }
        self.recycle(groups);
        ended.unwrap_or(alpha)
    }

    /// Delta pruning: a capture that could not lift the score to `alpha` even if it won what
    /// it takes for free is not worth following. The game says which captures to follow always.
    fn futile(&self, pos: &G::Position, turn: &G::Turn, stand: i32, alpha: i32) -> bool {
        const MARGIN: i32 = 200;
        G::capture_gain(pos, turn, &self.weights).is_some_and(|gain| stand + gain + MARGIN <= alpha)
    }

    /// The evaluation, with the push of a side ahead towards its win (unless the style leaves
    /// it out, or the game has a side behind defend by the evaluation alone) and the level's
    /// noise.
    fn judge(&mut self, pos: &G::Position) -> i32 {
        let hash = G::hash(pos);
        let index = (hash as usize) & (JUDGED_SLOTS - 1);
        let slot = self.judged[index];
        let exact = if slot.key == hash && slot.generation == self.generation {
            slot.value
        } else {
            // Which way to judge is fixed for a position within a search (the root's side is),
            // so only a miss needs to work it out.
            let hunts = self.style.hunt && !(G::DEFENDS_BY_EVALUATION && self.root_side_behind(pos));
            let value =
                if hunts { G::evaluate_for_search(pos, &self.weights) } else { G::evaluate(pos, &self.weights) };
            self.judged[index] = Judged { key: hash, generation: self.generation, value };
            value
        };
        if self.style.noise == 0 {
            return exact;
        }
        let span = 2 * self.style.noise as u64 + 1;
        exact + (self.style_hash(hash, 0) % span) as i32 - self.style.noise
    }

    /// Whether the side this search plays for (the root's side to move) is behind in `pos` by
    /// the adjudication margin: a hunt against it is under way (`Engine::DEFENDS_BY_EVALUATION`).
    fn root_side_behind(&self, pos: &G::Position) -> bool {
        let lead = material_lead::<G>(pos);
        let root_lead = if G::side_to_move(pos) == self.root_side { lead } else { -lead };
        root_lead <= -G::ADJUDICATION_MARGIN
    }

    /// Whether the level overlooks the replies in this position (`Style::oversight`).
    fn overlooks(&self, pos: &G::Position) -> bool {
        self.style.oversight > 0
            && self.style_hash(G::hash(pos), OVERSIGHT_STREAM) % 1000 < u64::from(self.style.oversight)
    }

    /// A position's hash mixed with the level's seed: the same for the same position and seed,
    /// unrelated between positions; `stream` keeps the noise and the oversight independent.
    fn style_hash(&self, hash: u64, stream: u64) -> u64 {
        let mut h = hash ^ (self.style.noise_seed ^ stream).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        h = (h ^ (h >> 31)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        h ^ (h >> 29)
    }

    fn probe(&self, pos: &G::Position) -> Option<Entry<G>> {
        let hash = G::hash(pos);
        let entry = self.table[(hash as usize) & (self.table.len() - 1)];
        (entry.key == table_key(hash)).then_some(entry)
    }

    fn store(&mut self, pos: &G::Position, depth: u32, score: i32, bound: Bound, best: Option<Key<G>>, ply: u32) {
        let hash = G::hash(pos);
        let slot = (hash as usize) & (self.table.len() - 1);
        let score = to_table(score, ply);
        self.table[slot] = Entry { key: table_key(hash), depth: depth.min(255) as u8, bound, score, best };
    }

    /// The expected line: the best turn, then the table's choices while they last.
    fn principal_variation(&self, pos: &G::Position, best: Option<G::Turn>, depth: u32) -> Vec<G::Turn> {
        let mut line = Vec::new();
        let mut pos = *pos;
        let mut next = best;
        while let Some(turn) = next {
            line.push(turn);
            G::play(&mut pos, &turn);
            if line.len() as u32 >= depth || decided::<G>(&pos, 0).is_some() {
                break;
            }
            next = self.probe(&pos).and_then(|e| e.best).and_then(|key| {
                let mut turns = Vec::new();
                G::search_turns(&pos, &mut turns);
                turns.into_iter().find(|t| G::primary(t) == key)
            });
        }
        line
    }
}

fn history_index<G: Rules>(side: usize, (from, to): Key<G>) -> usize {
    let count = G::Square::COUNT;
    (side * count + from.index()) * count + to.index()
}

/// A win's score counts plies from the root; the table stores it from the node instead, so
/// that it stays right when the node is reached by another path.
fn to_table(score: i32, ply: u32) -> i32 {
    if score > WIN_BOUND {
        score + ply as i32
    } else if score < -WIN_BOUND {
        score - ply as i32
    } else {
        score
    }
}

fn from_table(score: i32, ply: u32) -> i32 {
    if score > WIN_BOUND {
        score - ply as i32
    } else if score < -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

/// The score of a game the board has already decided, for the side to move.
fn decided<G: Rules>(pos: &G::Position, ply: u32) -> Option<i32> {
    G::winner(pos).map(|winner| {
        let score = WIN - ply as i32;
        if winner == G::side_to_move(pos) { score } else { -score }
    })
}

#[cfg(test)]
mod tests {
    use super::Entry;
    use crate::rules::chafl::Chafl;
    use crate::rules::desert_pub_chess::DesertPubChess;
    use crate::rules::izdari::{AssassinsIzdari, ClassicIzdari};
    use crate::rules::khalif::Khalif;
    use crate::rules::khitan::Khitan;

    #[test]
    fn a_table_entry_fits_a_quarter_of_a_cache_line_in_every_game() {
        assert_eq!(size_of::<Entry<Khalif>>(), 16);
        assert_eq!(size_of::<Entry<DesertPubChess>>(), 16);
        assert_eq!(size_of::<Entry<Chafl>>(), 16);
        assert_eq!(size_of::<Entry<Khitan>>(), 16);
        assert_eq!(size_of::<Entry<AssassinsIzdari>>(), 16);
        assert_eq!(size_of::<Entry<ClassicIzdari>>(), 16);
    }

    #[test]
    fn in_desert_pub_chess_a_side_behind_defends_by_the_evaluation_alone() {
        use super::{Limits, Searcher};
        use crate::ai::desert_pub_chess::DesertWeights;
        use crate::ai::engine::Engine;
        use crate::rules::desert_pub_chess::parse_position;
        // White is a Prince and a Wazir up against a lone Knight, both sides to move in turn.
        let white = parse_position("8/8/8/3n4/8/8/8/S6W w").unwrap();
        let black = parse_position("8/8/8/3n4/8/8/8/S6W b").unwrap();
        let weights = DesertWeights::default();
        let hunted = DesertPubChess::evaluate_for_search(&white, &weights);
        assert_ne!(hunted, DesertPubChess::evaluate(&white, &weights), "the hunt counts here");
        // Searching for White, the side ahead: every position is judged with the hunt, its
        // own (White to move) and its opponent's (Black to move).
        let mut searcher = Searcher::<DesertPubChess>::new(weights.clone(), 10);
        searcher.start(&white, &Limits::depth(1));
        assert_eq!(searcher.judge(&white), hunted);
        assert_eq!(searcher.judge(&black), DesertPubChess::evaluate_for_search(&black, &weights));
        // Searching for Black, the side behind: by the evaluation alone, whoever is to move.
        let mut searcher = Searcher::<DesertPubChess>::new(weights.clone(), 10);
        searcher.start(&black, &Limits::depth(1));
        assert_eq!(searcher.judge(&black), DesertPubChess::evaluate(&black, &weights));
        assert_eq!(searcher.judge(&white), DesertPubChess::evaluate(&white, &weights));
        // A player told to leave the hunt out (`Style::hunt`) does so ahead as well.
        let mut searcher = Searcher::<DesertPubChess>::new(weights.clone(), 10);
        searcher.style.hunt = false;
        searcher.start(&white, &Limits::depth(1));
        assert_eq!(searcher.judge(&white), DesertPubChess::evaluate(&white, &weights));
    }
}
