//! The board as text, the second player at the top, with coordinate labels, drawn from the
//! game's geometry: upper case for the first player's pieces, lower case for the second's.

use khalif::rules::Rules;
use khalif::rules::geometry::Shade;
use khalif::rules::view::{Board, Cell};

/// Draws a square board: `.` empty, `~` an empty cell of the game's special ground (Khalif's
/// Wadi); cells in `marked` (the last move) are shown in brackets.
pub fn draw<G: Rules>(board: &Board, marked: &[Cell]) -> String {
    let geometry = G::geometry();
    let mut xs: Vec<f32> = geometry.cells.iter().map(|p| p.x).collect();
    let mut ys: Vec<f32> = geometry.cells.iter().map(|p| p.y).collect();
    for v in [&mut xs, &mut ys] {
        v.sort_by(|a, b| a.total_cmp(b));
        v.dedup();
    }
    let files: String = (0..xs.len()).map(|f| format!(" {} ", (b'a' + f as u8) as char)).collect();
    let mut out = format!("   {files}\n");
    for (row, &y) in ys.iter().enumerate().rev() {
        out.push_str(&format!("{:>2} ", row + 1));
        for &x in &xs {
            let Some(cell) = geometry.cell_at(x, y) else {
                out.push_str("   ");
                continue;
            };
            let c = match board.piece_at(cell) {
                Some(piece) => {
                    let letter = G::KINDS[piece.kind as usize].0;
                    if piece.side == khalif::rules::Side::First { letter } else { letter.to_ascii_lowercase() }
                }
                None if geometry.place(cell).shade == Shade::Special => '~',
                None => '.',
            };
            let (l, r) = if marked.contains(&cell) { ('[', ']') } else { (' ', ' ') };
            out.push(l);
            out.push(c);
            out.push(r);
        }
        out.push_str(&format!(" {}\n", row + 1));
    }
    out.push_str(&format!("   {files}\n"));
    out
}
