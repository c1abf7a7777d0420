//! The one list of the pub games. Adding a game means a variant here, an arm in
//! [`with_game!`](crate::with_game), and the game's own files (see `docs/architecture.md`).

use std::fmt;
use std::str::FromStr;

/// Which pub game.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default, PartialOrd, Ord, serde::Serialize, serde::Deserialize)]
pub enum GameId {
    #[default]
    Khalif,
    DesertPubChess,
    Chafl,
    Khitan,
    /// Assassin's Izdari, the main version (A).
    Izdari,
    /// Classic Izdari on 10×10 (B).
    IzdariClassic,
}

impl GameId {
    /// Every game, in the order the title screen lists them.
    pub const ALL: [GameId; 6] =
        [GameId::Khalif, GameId::DesertPubChess, GameId::Chafl, GameId::Khitan, GameId::Izdari, GameId::IzdariClassic];

    /// The game's name for people.
    pub fn name(self) -> &'static str {
        crate::with_game!(self, G => <G as crate::rules::Rules>::NAMING.game)
    }

    /// The game's name in command lines, files and folders (`desert-pub-chess`).
    pub fn slug(self) -> &'static str {
        match self {
            GameId::Khalif => "khalif",
            GameId::DesertPubChess => "desert-pub-chess",
            GameId::Chafl => "chafl",
            GameId::Khitan => "khitan",
            GameId::Izdari => "izdari",
            GameId::IzdariClassic => "izdari-classic",
        }
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for GameId {
    type Err = String;

    /// A slug (`desert-pub-chess`) or a name (`Desert Pub Chess`).
    fn from_str(text: &str) -> Result<GameId, String> {
        GameId::ALL.into_iter().find(|g| g.slug() == text.trim() || g.name() == text.trim()).ok_or_else(|| {
            let known: Vec<&str> = GameId::ALL.iter().map(|g| g.slug()).collect();
            format!("unknown game `{text}`: expected one of {}", known.join(", "))
        })
    }
}

/// Runs `$body` with `$G` naming the rules type of the game `$id`: the one place where a
/// game's number meets its type, so code written once over [`Rules`](crate::rules::Rules)
/// (and the AI's and the app's traits, which every game implements) serves every game.
#[macro_export]
macro_rules! with_game {
    ($id:expr, $G:ident => $body:expr) => {
        match $id {
            $crate::rules::GameId::Khalif => {
                #[allow(dead_code)]
                type $G = $crate::rules::khalif::Khalif;
                $body
            }
            $crate::rules::GameId::DesertPubChess => {
                #[allow(dead_code)]
                type $G = $crate::rules::desert_pub_chess::DesertPubChess;
                $body
            }
            $crate::rules::GameId::Chafl => {
                #[allow(dead_code)]
                type $G = $crate::rules::chafl::Chafl;
                $body
            }
            $crate::rules::GameId::Khitan => {
                #[allow(dead_code)]
                type $G = $crate::rules::khitan::Khitan;
                $body
            }
            $crate::rules::GameId::Izdari => {
                #[allow(dead_code)]
                type $G = $crate::rules::izdari::AssassinsIzdari;
                $body
            }
            $crate::rules::GameId::IzdariClassic => {
                #[allow(dead_code)]
                type $G = $crate::rules::izdari::ClassicIzdari;
                $body
            }
        }
    };
}
