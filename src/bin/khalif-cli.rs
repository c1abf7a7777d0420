//! `khalif-cli`: the terminal front end (placeholder while the core is written).
fn main() {
    let p = khalif::rules::khalif::Position::start();
    for d in 1..=5 { println!("{}", khalif::rules::khalif::perft(&p, d)); }
}
