//! Hash keys for recognising positions (search tables, repetitions), made at compile time
//! from a fixed seed so every build and every platform hashes alike.

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
