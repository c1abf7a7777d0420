//! The web build's window onto the page: the game's state published as JSON in
//! `window.khalif` every frame (the game, the frame number, the AI's longest search slice,
//! readiness, the move list, whose turn, the legal first moves (`c2-d3`, `d4xe6`), what a
//! decision inside the turn asks for, whether the AI thinks, where each cell is on the canvas,
//! how many onlookers are in view and which capture's vignette plays), for the page's loading
//! screen and the browser tests. Only built for wasm32.

use std::fmt::Write;

use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use wasm_bindgen::JsValue;

use super::GameSystems;
use super::crowd::Onlooker;
use super::geometry::cell_centre;
use super::opponent::Thinking;
use super::screens::Screen;
use super::session::Session;
use super::vignette::Vignette;
use crate::rules::view::Ask;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Published>().add_systems(Update, publish_state.in_set(GameSystems::Present));
}

/// The last JSON published, so the page is only written to when something changed.
#[derive(Resource, Default)]
struct Published(String);

fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

#[allow(clippy::too_many_arguments)]
fn publish_state(
    frame: Res<FrameCount>,
    session: Res<Session>,
    screen: Res<State<Screen>>,
    thinking: Res<Thinking>,
    camera: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
    onlookers: Query<&Visibility, With<Onlooker>>,
    vignettes: Query<&Vignette>,
    mut published: ResMut<Published>,
) {
    let game = session.game.as_ref();
    let name = |cell| session.name(cell).to_string();
    let moves: Vec<String> = game.history().iter().map(|t| json_string(&t.notation)).collect();
    let prompt = game.prompt();
    let (to_move, ask) = match &prompt {
        Some(p) if p.ask == Ask::Move => (json_string(game.naming().side(p.side)), "\"move\"".to_string()),
        Some(p) => {
            let ask = match &p.ask {
                Ask::Cells { cells, stop, .. } => format!(
                    "{{\"cells\":[{}],\"stop\":{}}}",
                    cells.iter().map(|c| json_string(&name(*c))).collect::<Vec<_>>().join(","),
                    stop.is_some()
                ),
                Ask::Piece { kinds, stop, .. } => format!(
                    "{{\"pieces\":[{}],\"stop\":{}}}",
                    kinds.iter().map(|k| json_string(game.kinds()[*k as usize].1)).collect::<Vec<_>>().join(","),
                    stop.is_some()
                ),
                Ask::Place { cells, .. } => format!(
                    "{{\"place\":[{}]}}",
                    cells.iter().map(|c| json_string(&name(*c))).collect::<Vec<_>>().join(",")
                ),
                Ask::Move => unreachable!("matched above"),
            };
            ("null".to_string(), ask)
        }
        None => ("null".to_string(), "null".to_string()),
    };
    let mut legal = Vec::new();
    if let Some(p) = prompt.as_ref().filter(|p| p.ask == Ask::Move) {
        for from in game.board().cells_of(p.side) {
            for (to, reach) in game.destinations(from) {
                legal.push(json_string(&format!(
                    "{}{}{}",
                    name(from),
                    if reach.takes() { 'x' } else { '-' },
                    name(to)
                )));
            }
        }
    }
    let mut squares = Vec::new();
    if let Ok((camera, transform)) = camera.single() {
        for cell in session.geometry().all() {
            if let Ok(at) = camera.world_to_viewport(transform, cell_centre(session.geometry(), cell)) {
                squares.push(format!("\"{}\":[{:.1},{:.1}]", name(cell), at.x, at.y));
            }
        }
    }
    let in_view = onlookers.iter().filter(|v| **v != Visibility::Hidden).count();
    let vignette = vignettes.iter().next().map_or("null".to_string(), |v| format!("\"{:?}\"", v.kind));
    let json = format!(
        "{{\"ready\":true,\"game\":\"{}\",\"frame\":{},\"aiSliceMs\":{:.2},\"screen\":\"{:?}\",\"moves\":[{}],\"toMove\":{to_move},\
         \"ask\":{ask},\"legal\":[{}],\"thinking\":{},\"outcome\":{},\"onlookers\":{in_view},\"vignette\":{vignette},\
         \"squares\":{{{}}}}}",
        game.id().slug(),
        frame.0,
        thinking.longest_slice_ms,
        screen.get(),
        moves.join(","),
        legal.join(","),
        thinking.is_thinking(),
        game.outcome().map_or("null".to_string(), |o| json_string(&o.describe(&game.naming()))),
        squares.join(",")
    );
    if json != published.0 {
        if let Some(window) = web_sys::window() {
            let _ = js_sys::Reflect::set(&window, &JsValue::from_str("khalif"), &JsValue::from_str(&json));
        }
        published.0 = json;
    }
}

/// Launch options from the page's address (`?game=desert-pub-chess&position=TEXT|start&against=N&view=top&open=lesson:1`):
/// the web's command line, used by links and by the browser tests.
pub fn page_options() -> super::LaunchOptions {
    let mut options = super::LaunchOptions { frames: 30, ..default() };
    let Some(search) = web_sys::window().and_then(|w| w.location().search().ok()) else { return options };
    for pair in search.trim_start_matches('?').split('&') {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        let value =
            js_sys::decode_uri_component(&value.replace('+', " ")).ok().and_then(|v| v.as_string()).unwrap_or_default();
        match name {
            "game" => match value.parse() {
                Ok(game) => options.game = game,
                Err(e) => warn!("ignoring game from the address: {e}"),
            },
            "position" => options.position = Some(value),
            "against" => options.against = value.parse::<usize>().ok().filter(|n| (1..=6).contains(n)).map(|n| n - 1),
            "view" if value == "top" => options.view = super::View::Top,
            "view" if value == "wide" => options.view = super::View::Wide,
            "venue" => match value.parse() {
                Ok(venue) => options.venue = Some(venue),
                Err(e) => warn!("ignoring venue from the address: {e}"),
            },
            "open" => match value.parse() {
                Ok(destination) => options.open = Some(destination),
                Err(e) => warn!("ignoring screen from the address: {e}"),
            },
            _ => {}
        }
    }
    if let Some(Err(e)) = options.start_game() {
        warn!("ignoring position from the address: {e}");
        options.position = None;
        options.moves.clear();
    }
    options
}
