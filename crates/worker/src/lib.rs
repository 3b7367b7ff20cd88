//! Tengen's computer player in a Web Worker. The browser runs Bevy on one thread; the search
//! here runs beside it in a second wasm instance (no shared memory, so any web server will do),
//! answering one request at a time. A message reaches [`think`] as `ID\nREQUEST`, JSON of a
//! [`tengen_ai::remote::Request`], and goes back as `ID\nREPLY` (`web/worker.js` carries the
//! messages and takes off the time of posting the game adds). Cancelling is the game
//! terminating the worker, which also forgets the search kept for the next move.

use std::cell::RefCell;
use std::time::Duration;

use tengen_ai::remote::{Answerer, Reply, Request};
use wasm_bindgen::prelude::*;

thread_local! {
    /// This worker's side of the conversation, for as long as the worker lives.
    static ANSWERER: RefCell<Answerer> = RefCell::new(Answerer::default());
}

/// Answers one message: `ID\nREQUEST` → `ID\nREPLY`. `waited_ms`: how long since the game
/// posted it (the worker starting, this module compiling), which the search's time limit
/// leaves out.
#[wasm_bindgen]
pub fn think(message: &str, waited_ms: f64) -> String {
    let (id, request) = message.split_once('\n').unwrap_or(("0", message));
    let waited = Duration::from_secs_f64(waited_ms.max(0.0) / 1000.0);
    let reply = match serde_json::from_str::<Request>(request) {
        Ok(request) => ANSWERER.with_borrow_mut(|answerer| answerer.answer(&request, waited)),
        Err(e) => Reply::Refused {
            reason: e.to_string(),
        },
    };
    format!("{id}\n{}", serde_json::to_string(&reply).unwrap_or_default())
}

#[cfg(test)]
mod tests {
    use super::*;
    use tengen_ai::Level;
    use tengen_rules::{Game, RuleSet};

    #[test]
    fn a_message_is_answered_with_its_id() {
        let request = Request::Move {
            record: Game::new(9, RuleSet::Chinese).to_record(),
            level: Level::EASY,
            seed: 1,
            time_ms: None,
        };
        let reply = think(&format!("17\n{}", serde_json::to_string(&request).unwrap()), 0.0);
        let (id, reply) = reply.split_once('\n').unwrap();
        assert_eq!(id, "17");
        let reply: Reply = serde_json::from_str(reply).unwrap();
        assert!(
            matches!(
                reply,
                Reply::Move {
                    play: tengen_ai::remote::Play::Stone(..),
                    ..
                }
            ),
            "{reply:?}"
        );
        let garbage = think("3\nnot json", 0.0);
        assert!(
            garbage.starts_with("3\n") && garbage.contains("Refused"),
            "{garbage}"
        );
    }
}
