//! `khalif-cli bench`: perft speed, single thread, on the game's fixed positions; prints medians.

use std::time::Instant;

use khalif::rules::Rules;

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.total_cmp(b));
    xs[xs.len() / 2]
}

/// Times `count(pos, depth)` over `runs` runs; returns (turns, median seconds).
fn time<P>(runs: u32, pos: &P, depth: u32, count: fn(&P, u32) -> u64) -> (u64, f64) {
    let mut n = 0;
    let secs = (0..runs.max(1))
        .map(|_| {
            let t = Instant::now();
            n = count(pos, depth);
            t.elapsed().as_secs_f64()
        })
        .collect();
    (n, median(secs))
}

pub fn run<G: Rules>(runs: u32) {
    if cfg!(debug_assertions) {
        println!("warning: a debug build; run `cargo run --release --no-default-features --bin khalif-cli -- bench`");
    }
    println!("{:<11} {:>5} {:>12} {:>12} {:>12}", "position", "depth", "turns", "bulk M/s", "full M/s");
    let (mut turns_total, mut bulk_total, mut full_total) = (0u64, 0f64, 0f64);
    for &(name, text, depth) in G::BENCH {
        let pos = G::parse_position_arg(text).expect("benchmark positions are valid");
        let (n, bulk) = time(runs, &pos, depth, G::perft);
        let (m, full) = time(runs, &pos, depth, G::perft_full);
        assert_eq!(n, m, "bulk and full perft disagree on {name}");
        println!("{name:<11} {depth:>5} {n:>12} {:>12.1} {:>12.1}", n as f64 / bulk / 1e6, n as f64 / full / 1e6);
        turns_total += n;
        bulk_total += bulk;
        full_total += full;
    }
    println!(
        "{:<11} {:>5} {turns_total:>12} {:>12.1} {:>12.1}",
        "all",
        "",
        turns_total as f64 / bulk_total / 1e6,
        turns_total as f64 / full_total / 1e6
    );
}
