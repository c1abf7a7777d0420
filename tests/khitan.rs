//! Khitan (`shared/rules/khitan.md`): a test per rule number, perft as the rulebook counts it
//! (X6) against a reference generator written from the rule text, the fast capture scan
//! against the whole-board one, the staged turn against copy-make play, "why not?" against
//! the generator, and the formats (X5.4, the notation, records) with round trips, named
//! errors and no panic on any input.

mod common;

use std::collections::BTreeSet;

use common::games::{self, sorted};
use common::khitan_reference;
use khalif::rules::khitan::{
    Colour, Direction, Event, FlipScan, Game, Hex, Khitan, Position, Record, START, Tile, TurnState, Version, captures,
    flipped, parse_position, parse_turn, start, write_position,
};
use khalif::rules::{Outcome, Rules, Side, Square as _, TurnMachine, WinReason};
use proptest::prelude::*;
use rand::RngExt;

fn hex(name: &str) -> Hex {
    name.parse().unwrap()
}

fn setup(pieces: &str, side: char) -> Position {
    games::setup::<Khitan>(pieces, side)
}

/// A piece list in another version, with reserves.
fn setup_in(pieces: &str, side: char, version: &str, reserves: &str) -> Position {
    let text = write_position(&setup(pieces, side)).replace("classic 0/0", &format!("{version} {reserves}"));
    parse_position(&text).unwrap()
}

fn names(pos: &Position) -> Vec<String> {
    games::names::<Khitan>(pos)
}

fn after(pos: &Position, text: &str) -> Position {
    games::after::<Khitan>(pos, text)
}

fn refusal(pos: &Position, from: &str, to: &str) -> String {
    Khitan::why_not(pos, hex(from), hex(to)).expect_err("refused").to_string()
}

fn tile(text: &str) -> Tile {
    let mut chars = text.chars();
    Tile::from_text(chars.next().unwrap(), chars.next().unwrap()).unwrap().0
}

/// Positions reached by random play from the start of `version`, preferring captures half the
/// time; placements made at random.
fn random_positions(version: Version, seed: u64, count: usize) -> Vec<Position> {
    let mut rng = common::rng(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = start(version);
        for _ in 0..rng.random_range(2..80) {
            let mut state = TurnState::begin(pos);
            if state.pending().is_none() {
                break;
            }
            let flips = state.options();
            let capturing: Vec<_> = flips
                .iter()
                .copied()
                .filter(|&d| {
                    let mut probe = state.clone();
                    probe.decide(d).unwrap();
                    probe.turn().is_capture()
                })
                .collect();
            let first = if !capturing.is_empty() && rng.random_range(0..2) == 0 {
                capturing[rng.random_range(0..capturing.len())]
            } else {
                flips[rng.random_range(0..flips.len())]
            };
            state.decide(first).unwrap();
            while state.pending().is_some() {
                let options = state.options();
                state.decide(options[rng.random_range(0..options.len())]).unwrap();
            }
            pos = *state.position();
            if rng.random_range(0..5) == 0 {
                out.push(pos);
            }
        }
        out.push(pos);
    }
    out.truncate(count);
    out
}

/// The most placements any one flip of the side to move owes (X4.3).
fn most_placements(pos: &Position) -> u32 {
    let me = pos.side_to_move();
    let mut most = 0;
    FlipScan::new(pos).for_each_flip(pos, |from, to, taken| {
        let mut next = flipped(pos, from, to);
        for h in Hex::all().filter(|h| taken & 1 << h.index() != 0) {
            next.take(h);
        }
        let free = khalif::rules::khitan::free_cells(&next, me).count_ones();
        most = most.max(khalif::rules::khitan::placements_owed(pos, taken.count_ones(), free));
    });
    most
}

// ---- X1 board and pieces ----

#[test]
fn x1_1_a_hexagon_of_61_cells_split_by_the_middle_row() {
    let geometry = Khitan::geometry();
    assert_eq!(geometry.len(), 61);
    let rows: Vec<usize> = (0..9u8).map(|r| Hex::all().filter(|h| h.row() == r).count()).collect();
    assert_eq!(rows, [5, 6, 7, 8, 9, 8, 7, 6, 5]);
    use khalif::rules::geometry::Shade;
    let shade = |name: &str| geometry.place(hex(name).cell()).shade;
    assert_eq!((shade("a4"), shade("e5"), shade("a6")), (Shade::Light, Shade::Middle, Shade::Dark));
    // Every cell's neighbours are one width away, six of them inside the board.
    for h in Hex::all() {
        for d in Direction::ALL {
            if let Some(n) = h.step(d) {
                let ((x, y), (nx, ny)) = (h.centre(), n.centre());
                assert!(((x - nx).powi(2) + (y - ny).powi(2) - 1.0).abs() < 1e-4, "{h} {d}");
                assert_eq!(n.step(d.opposite()), Some(h));
            }
        }
    }
}

#[test]
fn x1_2_six_colours_in_one_order_each_with_its_own_symbol() {
    let symbols: BTreeSet<&str> = Colour::ALL.iter().map(|c| c.symbol()).collect();
    assert_eq!(symbols.len(), 6, "no rule depends on hue alone");
    // Every orientation carries all six colours, in the cyclic order or its mirror.
    for t in Tile::all() {
        let edges: Vec<usize> = Direction::ALL.iter().map(|&d| t.colour(d).index()).collect();
        let step = if t.mirrored() { 5 } else { 1 };
        for d in 0..6 {
            assert_eq!(edges[(d + 1) % 6], (edges[d] + step) % 6, "{t}");
        }
    }
    // At most 16 a side, on the board and in reserve together (X7.4).
    let err = parse_position("5/6/7/8/9/8/7/6/5 l expert 17/0").unwrap_err().to_string();
    assert!(err.contains("at most 16"), "{err}");
}

#[test]
fn x1_3_twelve_orientations_all_different() {
    let layouts: BTreeSet<Vec<Colour>> =
        Tile::all().map(|t| Direction::ALL.iter().map(|&d| t.colour(d)).collect()).collect();
    assert_eq!(layouts.len(), 12);
}

// ---- X2 moving ----

#[test]
fn x2_1_a_piece_flips_onto_an_empty_neighbouring_cell() {
    let pos = setup("R+e5 R+f5 r+a9", 'w');
    let mut flips: Vec<String> = Khitan::destinations(&pos, hex("e5")).iter().map(|h| h.to_string()).collect();
    flips.sort();
    assert_eq!(flips, sorted(&["d4", "d5", "d6", "e4", "e6"]), "f5 is taken");
    assert!(refusal(&pos, "e5", "f5").contains("f5 is taken") && refusal(&pos, "e5", "f5").contains("(X2.1)"));
    let far = refusal(&pos, "e5", "g5");
    assert!(far.contains("neighbouring cell") && far.contains("(X2.1)"), "{far}");
    assert!(refusal(&pos, "a9", "a8").contains("Dark's"));
    assert!(refusal(&pos, "a1", "a2").contains("no piece on a1"));
}

#[test]
fn x2_2_the_flip_mirrors_the_piece_across_the_edge() {
    // R+ on b4 flips north-east to c5: new side d shows old side (2·1 + 3 − d) mod 6, so the
    // east edge shows the old south-east (violet): V-.
    let pos = setup("R+b4 r+a9", 'w');
    let next = after(&pos, "b4-c5");
    assert_eq!(next.piece_at(hex("c5")), Some((Side::First, tile("V-"))));
    let (_, moved) = next.piece_at(hex("c5")).unwrap();
    assert_eq!(moved.colour(Direction::SouthWest), Colour::Orange, "the edge flipped over faces back");
    assert_eq!(tile("R+").colour(Direction::NorthEast), Colour::Orange);
}

// ---- X3 capture ----

#[test]
fn x3_1_a_piece_captures_along_a_clear_line_a_piece_showing_it_the_same_colour() {
    // After b4-c5 the piece on c5 shows violet to the east; g5's west edge is violet.
    let pos = setup("R+b4 y+g5 r+a9", 'w');
    assert_eq!(names(&pos).iter().filter(|t| t.starts_with("b4-c5")).collect::<Vec<_>>(), ["b4-c5xg5"]);
    let (_, events) = parse_turn(&pos, "b4-c5xg5").unwrap();
    let shot: Vec<(Hex, Hex, Direction)> = events
        .iter()
        .filter_map(
            |e| if let Event::Captured { at, by, direction, .. } = *e { Some((at, by, direction)) } else { None },
        )
        .collect();
    assert_eq!(shot, [(hex("g5"), hex("c5"), Direction::East)]);
    // Another colour is not captured; nor is a piece behind one of the mover's own.
    assert!(after(&setup("R+b4 r+g5 r+a9", 'w'), "b4-c5").piece_at(hex("g5")).is_some());
    assert!(after(&setup("R+b4 R+e5 y+g5 r+a9", 'w'), "b4-c5").piece_at(hex("g5")).is_some());
}

#[test]
fn x3_1_several_pieces_in_line_and_several_edges_at_once() {
    // A chain: g5 and h5 both show violet back; it stops at the first that does not.
    assert_eq!(
        names(&setup("R+b4 y+g5 y+h5 r+a9", 'w')).into_iter().find(|t| t.starts_with("b4-c5")),
        Some("b4-c5xg5xh5".to_string())
    );
    assert_eq!(
        names(&setup("R+b4 y+g5 r+h5 y+i5 r+a9", 'w')).into_iter().find(|t| t.starts_with("b4-c5")),
        Some("b4-c5xg5".to_string())
    );
    // Two edges of the flipped piece: east at g5 (violet) and north-east at c7 (blue).
    assert_eq!(
        names(&setup("R+b4 y+g5 r+c7 r+a9", 'w')).into_iter().find(|t| t.starts_with("b4-c5")),
        Some("b4-c5xg5xc7".to_string())
    );
}

#[test]
fn x3_1_a_move_can_uncover_a_piece_lying_in_wait() {
    // The piece on c5 shows violet to the east, blocked by its own piece on e5 until it flips away.
    let pos = setup("V-c5 R+e5 y+g5 r+a9", 'w');
    let (turn, events) = parse_turn(&pos, "e5-e6xg5").unwrap();
    assert!(turn.is_capture());
    assert!(events.iter().any(|e| matches!(*e, Event::Captured { by, .. } if by == hex("c5"))));
}

#[test]
fn x3_2_captures_are_found_first_and_removed_together_and_only_moves_capture() {
    // Taking g5 opens the line f4–g6 (orange facing orange), but that pair was not facing when
    // the captures were found: it stands, to be taken by whoever moves next (X7.5).
    let pos = setup("R+b4 R+f4 y+g5 g+g6 r+a9", 'w');
    let next = after(&pos, "b4-c5xg5");
    assert!(next.piece_at(hex("g6")).is_some() && next.piece_at(hex("f4")).is_some());
    let reply = after(&next, "a9-a8xf4");
    assert!(reply.piece_at(hex("f4")).is_none(), "Dark's g6 looks after Dark's move and takes f4");
    // A placement facing an opposing piece captures nothing by being placed.
    let pos = setup_in("R+b4 y+g5 r+a9 r+a8", 'w', "expert", "1/0");
    // G+ on e4 shows violet north-west to a9, which shows violet back: not captured now...
    let placed = after(&pos, "b4-c5xg5@e4G+");
    assert_eq!(placed.side(Side::Second).count_ones(), 2);
    // ...but Dark, moving next, takes it (X7.5).
    let clear_of_the_line = |t: &&khalif::rules::khitan::Turn| t.from == hex("a8") && t.to != hex("b8");
    assert!(Khitan::turns(&placed).iter().filter(clear_of_the_line).all(|t| t.captured & 1 << hex("e4").index() != 0));
}

// ---- X4 setup and versions ----

#[test]
fn x4_1_the_start_is_point_symmetric_with_green_and_yellow_to_the_sides_and_no_capture() {
    let pos = Khitan::start();
    assert_eq!(write_position(&pos), START);
    assert_eq!(pos.side(Side::First).count_ones(), 10);
    for h in Hex::all() {
        let mirror = Hex::from_index(60 - h.index());
        match pos.piece_at(h) {
            Some((Side::First, t)) => {
                assert!(h.row() < 3, "Light's three rows");
                assert_eq!(pos.piece_at(mirror), Some((Side::Second, t.turned_half_round())), "{h}");
                // Green forward-left and yellow forward-right, or back-left and back-right.
                let forward = (t.colour(Direction::NorthWest), t.colour(Direction::NorthEast));
                let backward = (t.colour(Direction::SouthWest), t.colour(Direction::SouthEast));
                assert!(
                    forward == (Colour::Green, Colour::Yellow) || backward == (Colour::Green, Colour::Yellow),
                    "{h}"
                );
            }
            Some((Side::Second, _)) => assert!(h.row() > 5),
            None => {}
        }
    }
    // No two equal colours face each other: no standing capture, and no first flip captures.
    assert_eq!(captures(&pos, Side::First) | captures(&pos, Side::Second), 0);
    assert!(Khitan::turns(&pos).iter().all(|t| !t.is_capture()));
    assert_eq!(start(Version::Expert).reserve(Side::Second), 3);
    assert_eq!(start(Version::Master).reserve(Side::First), 6);
}

#[test]
fn x4_2_classic_capturing_every_enemy_piece_wins() {
    let pos = setup("R+b4 y+g5", 'w');
    let mut game = Game::new(pos);
    game.play_turn(&Khitan::parse_turn(&pos, "b4-c5xg5").unwrap()).unwrap();
    assert_eq!(game.outcome(), Some(Outcome::Win { winner: Side::First, reason: WinReason::NoPiecesLeft }));
    assert_eq!(Khitan::count_turns(game.position()), 0);
}

#[test]
fn x4_3_expert_each_capture_places_a_piece_on_the_own_half() {
    let pos = setup_in("R+b4 y+g5 r+a9", 'w', "expert", "3/3");
    let capturing: Vec<String> = names(&pos).into_iter().filter(|t| t.starts_with("b4-c5")).collect();
    // Any empty cell of rows 1–4 (26 cells, the one left by the flip included), 12 ways each.
    assert_eq!(capturing.len(), 26 * 12);
    assert!(capturing.contains(&"b4-c5xg5@b4R-".to_string()));
    let next = after(&pos, "b4-c5xg5@a1G+");
    assert_eq!(next.piece_at(hex("a1")), Some((Side::First, tile("G+"))));
    assert_eq!((next.reserve(Side::First), next.reserve(Side::Second)), (2, 3), "captured pieces leave");
    let err = parse_turn(&pos, "b4-c5xg5@a6G+").unwrap_err().to_string();
    assert!(err.contains("your own half") && err.contains("(X4.3)"), "{err}");
    let err = parse_turn(&pos, "b4-c5xg5").unwrap_err().to_string();
    assert!(err.contains("must be placed"), "{err}");
    // An empty reserve places nothing.
    let pos = setup_in("R+b4 y+g5 r+a9", 'w', "expert", "0/3");
    assert_eq!(names(&pos).into_iter().filter(|t| t.starts_with("b4-c5")).collect::<Vec<_>>(), ["b4-c5xg5"]);
}

#[test]
fn x4_4_master_captured_pieces_go_back_to_their_owners_reserve() {
    let pos = setup_in("R+b4 y+g5 r+a9", 'w', "master", "6/6");
    let next = after(&pos, "b4-c5xg5@a1G+");
    assert_eq!((next.reserve(Side::First), next.reserve(Side::Second)), (5, 7), "X7.6: past six");
}

#[test]
fn x4_5_no_piece_or_no_legal_move_loses() {
    // Light's one piece on a1 is walled in by b1, a2 and b2.
    let pos = setup("R+a1 r+b1 r+a2 r+b2", 'w');
    assert!(Khitan::turns(&pos).is_empty());
    let state = TurnState::begin(pos);
    assert_eq!(state.outcome(), Some(Outcome::Win { winner: Side::Second, reason: WinReason::NoLegalMove }));
    // X7.6: no piece on the board loses, pieces in reserve or not.
    let pos = setup_in("r+a9", 'w', "expert", "3/3");
    assert_eq!(Khitan::winner(&pos), Some(Side::Second));
    assert_eq!(Khitan::count_turns(&pos), 0);
}

// ---- X5 cells, directions, text ----

#[test]
fn x5_1_cells_are_named_by_place_in_row_and_row() {
    let names: Vec<String> = Hex::all().map(|h| h.to_string()).collect();
    assert_eq!(&names[..6], ["a1", "b1", "c1", "d1", "e1", "a2"]);
    assert_eq!((names[26].as_str(), names[34].as_str(), names[60].as_str()), ("a5", "i5", "e9"));
    let err = "f9".parse::<Hex>().unwrap_err().to_string();
    assert!(err.contains("not a cell") && err.contains("a9-e9"), "{err}");
}

#[test]
fn x5_2_directions_and_neighbours_across_the_middle_row() {
    let step = |from: &str, d: Direction| hex(from).step(d).map(|h| h.to_string());
    use Direction::*;
    assert_eq!((step("d4", NorthWest), step("d4", NorthEast)), (Some("d5".into()), Some("e5".into())));
    assert_eq!((step("d5", NorthWest), step("d5", NorthEast)), (Some("c6".into()), Some("d6".into())));
    assert_eq!((step("d5", SouthWest), step("d5", SouthEast)), (Some("c4".into()), Some("d4".into())));
    assert_eq!((step("d6", SouthWest), step("d6", SouthEast)), (Some("d5".into()), Some("e5".into())));
    assert_eq!((step("a1", West), step("e1", SouthEast), step("e9", NorthEast)), (None, None, None));
    assert_eq!(Direction::ALL.map(|d| d.index()), [0, 1, 2, 3, 4, 5]);
}

#[test]
fn x5_3_a_piece_is_its_east_colour_and_the_way_its_colours_run() {
    let y = setup("Y+e5 r+a9", 'w').piece_at(hex("e5")).unwrap().1;
    let edges = Direction::ALL.map(|d| y.colour(d));
    use Colour::*;
    assert_eq!(edges, [Yellow, Green, Blue, Violet, Red, Orange]);
    assert_eq!(tile("Y-").colour(Direction::NorthEast), Orange);
    assert_eq!(Tile::all().map(|t| t.text(Side::Second)).collect::<Vec<_>>()[11], "v-");
}

#[test]
fn x5_4_position_text_round_trips_and_names_what_is_wrong() {
    // The text has no turn number (X7.4); everything else comes back.
    for pos in random_positions(Version::Master, 5, 40) {
        let back = parse_position(&write_position(&pos)).unwrap();
        assert_eq!((write_position(&back), back.hash()), (write_position(&pos), pos.hash()));
    }
    let empty = parse_position("5/6/7/8/9/8/7/6/5 l classic 0/0").unwrap();
    assert_eq!(empty.occupied(), 0);
    let cases = [
        ("5/6/7/8/9/8/7/6/4 l classic 0/0", "row 1 has 4 cells"),
        ("5/6/7/8/9/8/7/6/5 x classic 0/0", "side to move `x`"),
        ("5/6/7/8/9/8/7/6/5 l blitz 0/0", "version `blitz`"),
        ("5/6/7/8/9/8/7/6/5 l classic 0", "reserves `0`"),
        ("5/6/7/8/9/8/7/6/5 l classic", "missing the reserves"),
        ("5/6/7/8/9/8/7/6/5 l classic 0/0 9", "exactly four fields"),
        ("5/6/7/8/9/8/7/6/0 l classic 0/0", "`0`"),
        ("5/6/7/8/9/8/7/6/14 l classic 0/0", "two digits in a row"),
        ("5/6/7/8/9/8/7/6/X+4 l classic 0/0", "not a piece"),
        ("5/6/7/8/9/8/7/6/R*4 l classic 0/0", "not a piece"),
        ("5/6/7/8/9/8/7/5 l classic 0/0", "only 8 rows"),
    ];
    for (text, expected) in cases {
        let err = parse_position(text).expect_err(text).to_string();
        assert!(err.contains(expected), "{text}: {err}");
    }
}

// ---- X6 counting ----

#[test]
fn x6_perft_of_the_classic_start_is_the_rulebooks() {
    let pos = Khitan::start();
    let counts: Vec<u64> = (1..=4).map(|d| Khitan::perft(&pos, d)).collect();
    assert_eq!(counts, [28, 784, 22_004, 613_380]);
    assert_eq!(Khitan::perft_full(&pos, 3), 22_004);
}

#[test]
fn x6_two_turns_that_leave_the_same_position_are_one() {
    // d5 and g5 already face each other (green to green): every flip of b2 takes g5 and places
    // one piece, and b2 flipped to a2 with a piece placed on b3 leaves what b2 flipped to b3
    // with a piece placed on a2 leaves, when the placed pieces lie as the flips turned them.
    let pos = setup_in("R+b2 G+d5 r+g5 r+a9", 'w', "expert", "1/0");
    let reference = khitan_reference::successors(&pos);
    let turns = Khitan::turns(&pos);
    assert_eq!(turns.len(), reference.len());
    assert_eq!(Khitan::count_turns(&pos), reference.len() as u64);
    let from_b2 = turns.iter().filter(|t| t.from == hex("b2")).count();
    assert!(from_b2 < 6 * 25 * 12, "six flips, 25 free cells, 12 ways: some successors coincide ({from_b2})");
}

#[test]
fn x6_the_generator_equals_the_reference_on_random_positions() {
    for (version, seed, count) in [(Version::Classic, 11, 100), (Version::Expert, 12, 30), (Version::Master, 13, 30)] {
        for pos in random_positions(version, seed, count) {
            if most_placements(&pos) >= 2 {
                continue; // two placements at once: too many successors for the slow reference
            }
            let turns = Khitan::turns(&pos);
            let mine: BTreeSet<khitan_reference::Key> = turns
                .iter()
                .map(|t| {
                    let mut next = pos;
                    Khitan::play(&mut next, t);
                    khitan_reference::key(&next)
                })
                .collect();
            assert_eq!(mine.len(), turns.len(), "one turn per successor: {}", write_position(&pos));
            assert_eq!(mine, khitan_reference::successors(&pos), "{}", write_position(&pos));
            assert_eq!(Khitan::count_turns(&pos), turns.len() as u64);
        }
    }
}

#[test]
fn x6_the_flip_scan_equals_a_scan_of_the_whole_board() {
    for version in [Version::Classic, Version::Master] {
        for pos in random_positions(version, 14, 150) {
            let me = pos.side_to_move();
            let mut flips = Vec::new();
            FlipScan::new(&pos).for_each_flip(&pos, |from, to, taken| {
                let next = flipped(&pos, from, to);
                assert_eq!(taken, captures(&next, me), "{from}-{to} in {}", write_position(&pos));
                flips.push((from, to));
            });
            let mut every_flip = Vec::new();
            khalif::rules::khitan::for_each_flip(&pos, |from, to| every_flip.push((from, to)));
            assert_eq!(flips, every_flip, "the scan visits every flip, in order: {}", write_position(&pos));
        }
    }
}

// ---- X7 details ----

#[test]
fn x7_1_a_chain_goes_on_past_empty_cells() {
    assert_eq!(
        names(&setup("R+b4 y+f5 y+h5 r+a9", 'w')).into_iter().find(|t| t.starts_with("b4-c5")),
        Some("b4-c5xf5xh5".to_string())
    );
}

#[test]
fn x7_2_as_many_are_placed_as_fit() {
    // Two captures owe two placements; with one free cell in the half, one is placed.
    let pos = setup_in("R+b4 y+g5 y+h5 r+a9", 'w', "expert", "3/0");
    assert_eq!(khalif::rules::khitan::placements_owed(&pos, 2, 1), 1);
    assert_eq!(khalif::rules::khitan::placements_owed(&pos, 2, 5), 2);
    assert_eq!(khalif::rules::khitan::placements_owed(&pos, 4, 20), 3, "the reserve runs out");
}

#[test]
fn x7_3_classic_carries_the_reserve_unchanged() {
    let pos = setup_in("R+b4 y+g5 r+a9", 'w', "classic", "2/5");
    let next = after(&pos, "b4-c5xg5");
    assert_eq!((next.reserve(Side::First), next.reserve(Side::Second)), (2, 5));
    assert!(write_position(&next).ends_with("d classic 2/5"));
}

#[test]
fn x7_5_a_pair_left_facing_is_taken_by_whoever_moves_next() {
    // d5 and g5 face green to green: Light, to move, takes g5 whatever b2 does.
    let g5 = 1u64 << hex("g5").index();
    let pos = setup("R+b2 G+d5 r+g5 r+a9", 'w');
    assert!(Khitan::turns(&pos).iter().filter(|t| t.from == hex("b2")).all(|t| t.captured == g5));
    // With Dark to move, Dark's a9 takes d5 instead.
    let pos = setup("R+b2 G+d5 r+g5 r+a9", 'b');
    let d5 = 1u64 << hex("d5").index();
    assert!(Khitan::turns(&pos).iter().filter(|t| t.from == hex("a9")).all(|t| t.captured == d5));
}

#[test]
fn x7_6_a_piece_seen_twice_counts_once() {
    // g5 is seen from both ends of its row: by c5 after the flip (violet) and by i5 (yellow).
    let pos = setup_in("R+b4 V+i5 y+g5 r+a9", 'w', "expert", "3/0");
    let (turn, events) = parse_turn(&pos, "b4-c5xg5@a1R+").unwrap();
    assert_eq!(turn.captured.count_ones(), 1);
    assert_eq!(events.iter().filter(|e| matches!(e, Event::Placed { .. })).count(), 1);
}

// ---- the staged turn, why-not, records, formats ----

#[test]
fn the_staged_turn_ends_where_copy_make_play_does() {
    let mut rng = common::rng(34);
    for version in [Version::Classic, Version::Expert, Version::Master] {
        for pos in random_positions(version, 35, 60) {
            let mut state = TurnState::begin(pos);
            while state.pending().is_some() {
                let options = state.options();
                state.decide(options[rng.random_range(0..options.len())]).unwrap();
            }
            if state.outcome().is_some() && state.turn().captured == 0 && Khitan::count_turns(&pos) == 0 {
                continue;
            }
            let turn = state.turn();
            let mut played = pos;
            Khitan::play(&mut played, &turn);
            assert_eq!(state.position(), &played, "{}", write_position(&pos));
            let mut replayed = pos;
            for event in khalif::rules::khitan::replay(&pos, &turn).unwrap() {
                event.apply(&mut replayed);
            }
            assert_eq!(replayed, played);
            // The notation reads back as the same turn.
            let text = Khitan::write_turn(&pos, &turn);
            assert_eq!(Khitan::parse_turn(&pos, &text), Ok(turn), "{text}");
        }
    }
}

#[test]
fn why_not_agrees_with_the_generator_on_every_cell_pair() {
    for pos in random_positions(Version::Classic, 36, 60) {
        let moves: BTreeSet<(usize, usize)> =
            Khitan::turns(&pos).iter().map(|t| (t.from.index(), t.to.index())).collect();
        for from in Hex::all() {
            for to in Hex::all() {
                let legal = Khitan::why_not(&pos, from, to).is_ok();
                assert_eq!(
                    legal,
                    moves.contains(&(from.index(), to.index())),
                    "{from}-{to} in {}",
                    write_position(&pos)
                );
            }
        }
    }
}

#[test]
fn the_notation_names_what_is_wrong() {
    let pos = setup("R+b4 y+g5 r+a9", 'w');
    let cases = [
        ("", "empty turn"),
        ("b4c5", "expected `-`"),
        ("b4-c5", "captures 1"),
        ("b4-c5xh5", "does not capture the piece on h5"),
        ("b4-c5xg5@a1R+", "no placement is owed"),
        ("z4-c5", "not a cell"),
        ("b4-c5xg5!", "unexpected `!`"),
        ("b4-g5", "g5 does not touch b4"),
        ("b4-b3xg5", "does not capture the piece on g5"),
    ];
    for (text, expected) in cases {
        let err = parse_turn(&pos, text).expect_err(text).to_string();
        assert!(err.contains(expected), "{text}: {err}");
    }
}

#[test]
fn records_name_their_game_and_replay() {
    let mut game = Game::new(Khitan::start());
    for _ in 0..3 {
        let turn = Khitan::turns(game.position())[0];
        game.play_turn(&turn).unwrap();
    }
    let text = Record::new(game.clone()).to_text();
    assert!(text.starts_with("[Game \"Khitan\"]"), "{text}");
    let back = Record::parse(&text).unwrap();
    assert_eq!(back.game.position(), game.position());
    let (loaded, _) = khalif::play::load_record(&text).unwrap();
    assert_eq!(loaded.id(), khalif::rules::GameId::Khitan);
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, ..ProptestConfig::default() })]

    #[test]
    fn no_input_panics_the_parsers(text in "\\PC{0,80}") {
        let _ = parse_position(&text);
        let _ = parse_turn(&Khitan::start(), &text);
        let _ = Record::parse(&text);
        let _ = Khitan::parse_piece_list(&text, Side::First);
    }

    #[test]
    fn mutated_valid_texts_are_refused_or_read_never_a_panic(cut in 0usize..80, byte in 0u8..128) {
        let mut position = START.as_bytes().to_vec();
        let at = cut % position.len();
        position[at] = byte;
        let _ = parse_position(&String::from_utf8_lossy(&position));
        let mut turn = b"b4-c5xg5@a1R+".to_vec();
        let at = cut % turn.len();
        turn[at] = byte;
        let _ = parse_turn(&setup_in("R+b4 y+g5 r+a9", 'w', "expert", "3/3"), &String::from_utf8_lossy(&turn));
    }
}
