//! Hash keys for recognising positions (search tables, repetitions), made from a fixed seed so
//! every build and every platform hashes alike.

/// Declares a table of hash keys: a constant made at compile time natively, built on first use
/// in the web build. Random numbers do not compress, so as constants the six games' tables
/// cost the web download their full size (about 48 KB gzip); natively the constant spares the
/// hot paths of perft and search the check a lazily built table makes on each use.
#[macro_export]
macro_rules! key_table {
    ($(#[$doc:meta])* $vis:vis static $name:ident: $ty:ty = $init:expr;) => {
        $(#[$doc])*
        #[cfg(not(target_arch = "wasm32"))]
        $vis static $name: $ty = $init;
        $(#[$doc])*
        #[cfg(target_arch = "wasm32")]
        $vis static $name: std::sync::LazyLock<$ty> = std::sync::LazyLock::new(|| $init);
    };
}

/// One step of SplitMix64: the next state and a well-mixed 64-bit value.
pub const fn splitmix(state: u64) -> (u64, u64) {
    let state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (state, z ^ (z >> 31))
}

/// `SIDES × KINDS × CELLS` keys drawn from `seed`, one per piece on a square.
pub const fn keys<const KINDS: usize, const CELLS: usize>(seed: u64) -> [[[u64; CELLS]; KINDS]; 2] {
    let mut t = [[[0; CELLS]; KINDS]; 2];
    let mut state = seed;
    let mut side = 0;
    while side < 2 {
        let mut kind = 0;
        while kind < KINDS {
            let mut s = 0;
            while s < CELLS {
                let (next, value) = splitmix(state);
                state = next;
                t[side][kind][s] = value;
                s += 1;
            }
            kind += 1;
        }
        side += 1;
    }
    t
}
