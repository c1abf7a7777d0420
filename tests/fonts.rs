//! The game's cut-down fonts (`assets/fonts/`, written by `subset.py`) cover every character
//! its text can hold: a character they lack would be drawn as a box.

use std::collections::BTreeSet;
use std::path::Path;

/// Every character of the game's code and data outside comments, as `subset.py` collects them
/// (the terminal front end in `src/bin` is drawn by the terminal, not by egui).
fn game_text_chars() -> BTreeSet<char> {
    fn walk(dir: &Path, files: &mut Vec<std::path::PathBuf>) {
        for entry in std::fs::read_dir(dir).expect("readable folder").flatten() {
            let path = entry.path();
            if path.is_dir() {
                if path.file_name().is_some_and(|n| n != "bin") {
                    walk(&path, files);
                }
            } else if path.extension().is_some_and(|e| e == "rs" || e == "ron") {
                files.push(path);
            }
        }
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    walk(&root.join("src"), &mut files);
    walk(&root.join("levels"), &mut files);
    let mut chars = BTreeSet::new();
    for file in files {
        let text = std::fs::read_to_string(&file).expect("text file");
        for line in text.lines() {
            // A comment begins at `//` at the start of a line or after whitespace, as in subset.py.
            let comment = line
                .match_indices("//")
                .map(|(at, _)| at)
                .find(|&at| at == 0 || line[..at].ends_with(char::is_whitespace));
            chars.extend(line[..comment.unwrap_or(line.len())].chars().filter(|&c| c >= ' '));
        }
    }
    chars
}

fn covered(font: &str) -> BTreeSet<char> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/fonts").join(font);
    let data = std::fs::read(&path).expect("the font file");
    let face = ttf_parser::Face::parse(&data, 0).expect("a valid font");
    let mut chars = BTreeSet::new();
    for table in face.tables().cmap.expect("a cmap").subtables {
        table
            .codepoints(|c| chars.extend(char::from_u32(c).filter(|&ch| table.glyph_index(c).is_some() && ch != '\0')));
    }
    chars
}

#[test]
fn the_fonts_cover_every_character_of_the_games_text() {
    let mut fonts = covered("Ubuntu-Light-derivative-Khalif.ttf");
    fonts.extend(covered("emoji-icon-font-derivative-Khalif.ttf"));
    let missing: String = game_text_chars().difference(&fonts).collect();
    assert!(missing.is_empty(), "the fonts lack {missing:?}: run python3 assets/fonts/subset.py");
    // Names and what egui draws itself are covered too: Latin-1 and the ellipsis.
    assert!(['é', 'ñ', 'Ü', '…', '—'].iter().all(|c| fonts.contains(c)));
}
