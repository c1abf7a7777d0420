//! `khalif-cli bench`: perft speed, single thread, on fixed positions; prints medians.

use std::time::Instant;

use khalif::rules::khalif::{Position, parse_position_arg, perft, perft_full};

/// The benchmark's positions, with a depth each: the start, and three reached by random play
/// (the last after a succession: Silver's Khalif is a crowned Vizier).
pub const POSITIONS: [(&str, &str, u32); 4] = [
    ("start", "start", 5),
    ("opening", "r2gkgdvr/d2cccccc/9/v1cc5/4Dc1C1/4C4/2C3C2/CCC1C2C1/R1VGKGDVR g 17", 4),
    ("middlegame", "v1dg2gvr/2ccck1cc/1c2c2d1/5Cc2/1rc2C1R1/2CCC4/V2C1V3/1CCCD4/1RDGKG3 g 31", 4),
    ("succession", "rkdg4r/c6v1/3cc1cg1/3cDc3/3c3c1/C1V4C1/4C3C/C2G1GC1C/1RD1K2VR g 45", 4),
];

fn median(mut xs: Vec<f64>) -> f64 {
    xs.sort_by(|a, b| a.total_cmp(b));
    xs[xs.len() / 2]
}

/// Times `count(pos, depth)` over `runs` runs; returns (turns, median seconds).
fn time(runs: u32, pos: &Position, depth: u32, count: fn(&Position, u32) -> u64) -> (u64, f64) {
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

pub fn run(runs: u32) {
    if cfg!(debug_assertions) {
        println!("warning: a debug build; run `cargo run --release --no-default-features --bin khalif-cli -- bench`");
    }
    println!("{:<11} {:>5} {:>12} {:>12} {:>12}", "position", "depth", "turns", "bulk M/s", "full M/s");
    let (mut turns_total, mut bulk_total, mut full_total) = (0u64, 0f64, 0f64);
    for (name, kfen, depth) in POSITIONS {
        let pos = parse_position_arg(kfen).expect("benchmark positions are valid");
        let (n, bulk) = time(runs, &pos, depth, perft);
        let (m, full) = time(runs, &pos, depth, perft_full);
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
