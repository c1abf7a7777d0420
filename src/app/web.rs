//! The web build's window onto the page: the game's state published as JSON in
//! `window.khalif` every frame (the frame number, the AI's longest search slice, readiness, the move list, whose turn, the legal
//! primary moves (`c2-d3`, `d4xe6`), whether the AI thinks, and where each square is on the canvas), for the
//! page's loading screen and the browser tests. Only built for wasm32.

use std::fmt::Write;

use bevy::diagnostic::FrameCount;
use bevy::prelude::*;
use wasm_bindgen::JsValue;

use super::GameSystems;
use super::geometry::square_centre;
use super::opponent::Thinking;
use super::screens::Screen;
use super::session::Session;
use crate::rules::khalif::{Pending, Square, Turn, generate_turns};

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

fn publish_state(
    frame: Res<FrameCount>,
    session: Res<Session>,
    screen: Res<State<Screen>>,
    thinking: Res<Thinking>,
    camera: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
    mut published: ResMut<Published>,
) {
    let game = &session.game;
    let moves: Vec<String> = game.history().iter().map(|t| json_string(&t.notation)).collect();
    let to_move = match game.pending() {
        Some(Pending::Primary { side }) => json_string(&side.to_string()),
        _ => "null".to_string(),
    };
    let mut turns: Vec<Turn> = Vec::new();
    if matches!(game.pending(), Some(Pending::Primary { .. })) {
        generate_turns(game.position(), &mut turns);
    }
    let pos = game.position();
    let mut legal: Vec<String> = turns
        .iter()
        .map(|t| json_string(&format!("{}{}{}", t.from, if pos.piece_at(t.to).is_some() { 'x' } else { '-' }, t.to)))
        .collect();
    legal.dedup();
    let mut squares = Vec::new();
    if let Ok((camera, transform)) = camera.single() {
        for square in Square::all() {
            if let Ok(at) = camera.world_to_viewport(transform, square_centre(square)) {
                squares.push(format!("\"{square}\":[{:.1},{:.1}]", at.x, at.y));
            }
        }
    }
    let json = format!(
        "{{\"ready\":true,\"frame\":{},\"aiSliceMs\":{:.2},\"screen\":\"{:?}\",\"moves\":[{}],\"toMove\":{to_move},\"legal\":[{}],\"thinking\":{},\
         \"outcome\":{},\"squares\":{{{}}}}}",
        frame.0,
        thinking.longest_slice_ms,
        screen.get(),
        moves.join(","),
        legal.join(","),
        thinking.is_thinking(),
        game.outcome().map_or("null".to_string(), |o| json_string(&o.describe())),
        squares.join(",")
    );
    if json != published.0 {
        if let Some(window) = web_sys::window() {
            let _ = js_sys::Reflect::set(&window, &JsValue::from_str("khalif"), &JsValue::from_str(&json));
        }
        published.0 = json;
    }
}

/// Launch options from the page's address (`?position=KFEN|start&against=N&view=top&open=lesson:1`): the
/// web's command line, used by links and by the browser tests.
pub fn page_options() -> super::LaunchOptions {
    let mut options = super::LaunchOptions { frames: 30, ..default() };
    let Some(search) = web_sys::window().and_then(|w| w.location().search().ok()) else { return options };
    for pair in search.trim_start_matches('?').split('&') {
        let (name, value) = pair.split_once('=').unwrap_or((pair, ""));
        let value =
            js_sys::decode_uri_component(&value.replace('+', " ")).ok().and_then(|v| v.as_string()).unwrap_or_default();
        match name {
            "position" => match crate::rules::khalif::parse_position_arg(&value) {
                Ok(position) => options.position = Some(position),
                Err(e) => warn!("ignoring position from the address: {e}"),
            },
            "against" => options.against = value.parse::<usize>().ok().filter(|n| (1..=6).contains(n)).map(|n| n - 1),
            "view" if value == "top" => options.view = super::View::Top,
            "open" => match value.parse() {
                Ok(destination) => options.open = Some(destination),
                Err(e) => warn!("ignoring screen from the address: {e}"),
            },
            _ => {}
        }
    }
    options
}
