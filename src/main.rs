//! The game binary `khalif`: opens the desert pub and its board.

fn main() {
    khalif::app::run();
}
