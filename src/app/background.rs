//! A search that runs beside the frame: on a thread of its own natively, and on the web (which
//! has no threads) resumed a slice of a few milliseconds per frame. The opponent's turns and
//! the player's hints both think this way, so the frame never freezes.

use std::sync::{Arc, Mutex};

use web_time::Instant;

use crate::play::{Thought, Verdict};

/// A search under way.
pub enum SearchJob {
    /// On a thread of its own, which fills the slot when it is done.
    Thread(Arc<Mutex<Option<Option<Verdict>>>>),
    /// Resumed a slice per frame; the slice's node count adapts to take about `SLICE_MS`.
    Sliced { thought: Box<dyn Thought>, slice_nodes: u64 },
}

/// Milliseconds of search per frame where the search runs on the main thread (the web).
const SLICE_MS: f64 = 4.0;

impl SearchJob {
    /// Sets `thought` thinking.
    pub fn start(mut thought: Box<dyn Thought>) -> SearchJob {
        if cfg!(target_arch = "wasm32") {
            return SearchJob::Sliced { thought, slice_nodes: 2_000 };
        }
        let slot = Arc::new(Mutex::new(None));
        let done = slot.clone();
        std::thread::spawn(move || {
            let verdict = loop {
                if let Some(verdict) = thought.resume(u64::MAX) {
                    break verdict;
                }
            };
            if let Ok(mut done) = done.lock() {
                *done = Some(verdict);
            }
        });
        SearchJob::Thread(slot)
    }

    /// The verdict once the search is done (`None` inside where there was no turn to play);
    /// `slice_ms` keeps the longest slice run in a frame.
    pub fn poll(&mut self, slice_ms: &mut f64) -> Option<Option<Verdict>> {
        match self {
            SearchJob::Thread(slot) => slot.lock().map(|mut s| s.take()).unwrap_or(Some(None)),
            SearchJob::Sliced { thought, slice_nodes } => {
                let started = Instant::now();
                let result = thought.resume(*slice_nodes);
                let ms = started.elapsed().as_secs_f64() * 1000.0;
                *slice_ms = slice_ms.max(ms);
                *slice_nodes = if ms < SLICE_MS * 0.75 {
                    (*slice_nodes + *slice_nodes / 4).min(1_000_000)
                } else if ms > SLICE_MS * 1.25 {
                    (*slice_nodes * 3 / 4).max(256)
                } else {
                    *slice_nodes
                };
                result
            }
        }
    }
}
