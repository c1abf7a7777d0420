//! The board as text, the second player at the top, drawn from the game's geometry, square or
//! hexagonal: each row of cells in its place, upper case for the first player's pieces, lower
//! case for the second's.

use khalif::rules::geometry::Shade;
use khalif::rules::view::{Board, Cell, PieceCode};
use khalif::rules::{Rules, Side};

/// A piece as two or three characters: its kind's letter (upper case for the first player),
/// or its kind's name where names are as short as letters (Khitan's orientations, `R+`).
fn piece_text<G: Rules>(piece: PieceCode) -> String {
    let (letter, name) = G::KINDS[piece.kind as usize];
    let text = if name.len() <= 2 { name.to_string() } else { letter.to_string() };
    if piece.side == Side::First { text.to_ascii_uppercase() } else { text.to_ascii_lowercase() }
}

/// Draws the board: `.` empty, `~` an empty cell of the game's special ground (Khalif's Wadi);
/// cells in `marked` (the last move) are shown in brackets. Square boards get file letters
/// above and below; every row its number at both ends.
pub fn draw<G: Rules>(board: &Board, marked: &[Cell]) -> String {
    let geometry = G::geometry();
    let distinct = |mut v: Vec<f32>| {
        v.sort_by(|a, b| a.total_cmp(b));
        v.dedup_by(|a, b| (*a - *b).abs() < 0.01);
        v
    };
    let xs = distinct(geometry.cells.iter().map(|p| p.x).collect());
    let ys = distinct(geometry.cells.iter().map(|p| p.y).collect());
    // Columns half a cell apart on a hexagonal board (rows staggered), a cell apart on a square one.
    let step = xs.windows(2).map(|w| w[1] - w[0]).fold(1.0f32, f32::min);
    let width = if step < 0.99 { 2 } else { 3 };
    let column = |x: f32| ((x - xs[0]) / step).round() as usize;
    let square = (step - 1.0).abs() < 0.01;
    let files: String = (0..xs.len()).map(|f| format!(" {} ", (b'a' + f as u8) as char)).collect();
    let mut out = if square { format!("   {files}\n") } else { String::new() };
    for (row, &y) in ys.iter().enumerate().rev() {
        let mut cells: Vec<Cell> = geometry.all().filter(|&c| (geometry.place(c).y - y).abs() < 0.01).collect();
        cells.sort_by(|a, b| geometry.place(*a).x.total_cmp(&geometry.place(*b).x));
        let mut line = format!("{:>2} ", row + 1);
        let mut at = 0;
        for cell in cells {
            let col = column(geometry.place(cell).x);
            line.push_str(&" ".repeat((col - at) * width));
            let text = match board.piece_at(cell) {
                Some(piece) => piece_text::<G>(piece),
                None if geometry.place(cell).shade == Shade::Special && square => "~".to_string(),
                None => ".".to_string(),
            };
            let (l, r) = if marked.contains(&cell) { ('[', ']') } else { (' ', ' ') };
            let body = format!("{l}{text:^w$}{r}", w = if square { 1 } else { 2 });
            line.push_str(&body);
            at = col + if square { 1 } else { 2 };
            if !square {
                line.push_str(&" ".repeat(2 * width - body.len()));
            }
        }
        let pad = (xs.len().saturating_sub(at)) * width;
        out.push_str(&format!("{line}{} {}\n", " ".repeat(pad), row + 1));
    }
    if square {
        out.push_str(&format!("   {files}\n"));
    }
    out
}
