//! The board drawn as text, Silver at the top, with file and rank labels and the Wadi marked.

use khalif::rules::khalif::{Position, Square, WADI_RANK};

/// Draws the board: upper case Gold, lower case Silver, `.` empty, `~` empty Wadi squares;
/// squares in `marked` (the last move) are shown in brackets.
pub fn draw(pos: &Position, marked: &[Square]) -> String {
    let mut out = String::from("    a  b  c  d  e  f  g  h  i\n");
    for rank in (0..9u8).rev() {
        out.push_str(&format!(" {} ", rank + 1));
        for file in 0..9u8 {
            let sq = Square::new(file, rank).expect("on board");
            let c = match pos.piece_at(sq) {
                Some(piece) => piece.letter(),
                None if rank == WADI_RANK => '~',
                None => '.',
            };
            let (l, r) = if marked.contains(&sq) { ('[', ']') } else { (' ', ' ') };
            out.push(l);
            out.push(c);
            out.push(r);
        }
        out.push_str(&format!(" {}", rank + 1));
        if rank == WADI_RANK {
            out.push_str("  Wadi");
        }
        out.push('\n');
    }
    out.push_str("    a  b  c  d  e  f  g  h  i\n");
    out
}
