//! The browser's second thread for the computer: a module Web Worker running the search in its
//! own wasm instance (`crates/worker`, built by `web/build.sh` next to the game). It answers
//! requests one at a time, in the order sent; cancelling one it has not answered terminates the
//! worker (a search cannot be interrupted from outside, and a fresh worker starts in
//! milliseconds) and sends the others again to a fresh one. Where workers are unavailable,
//! `post` says so and the caller thinks between frames instead.

use std::cell::RefCell;
use std::collections::VecDeque;

use tengen_ai::remote::{Reply, Request};
use wasm_bindgen::JsCast;
use wasm_bindgen::closure::Closure;

struct Worker {
    worker: web_sys::Worker,
    /// Kept alive as long as the worker: it files the replies.
    _on_message: Closure<dyn FnMut(web_sys::MessageEvent)>,
}

#[derive(Default)]
struct State {
    worker: Option<Worker>,
    /// Workers could not be started here: don't try again.
    unavailable: bool,
    next_id: u64,
    /// The requests sent and not answered yet, oldest first, with their messages.
    pending: Vec<(u64, String)>,
}

thread_local! {
    // wasm32 without atomics has one thread: the page's. The worker handle lives there.
    static STATE: RefCell<State> = RefCell::new(State::default());
    static REPLIES: RefCell<VecDeque<(u64, String)>> = const { RefCell::new(VecDeque::new()) };
}

fn start() -> Option<Worker> {
    let worker = match early_worker() {
        Some(worker) => worker,
        None => {
            let options = web_sys::WorkerOptions::new();
            options.set_type(web_sys::WorkerType::Module);
            web_sys::Worker::new_with_options("worker.js", &options).ok()?
        }
    };
    let on_message = Closure::<dyn FnMut(web_sys::MessageEvent)>::new(|event: web_sys::MessageEvent| {
        if let Some(text) = event.data().as_string()
            && let Some((id, reply)) = text.split_once('\n')
            && let Ok(id) = id.parse::<u64>()
        {
            STATE.with(|s| s.borrow_mut().pending.retain(|(i, _)| *i != id));
            REPLIES.with(|r| r.borrow_mut().push_back((id, reply.to_string())));
        }
    });
    worker.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    Some(Worker {
        worker,
        _on_message: on_message,
    })
}

/// The worker `web/index.html` started alongside the game's own download (`window.tengenWorker`),
/// taken once: its module compiles while the game loads, so the computer's first move, often
/// asked for by the first frame, gets nearly its whole time to search.
fn early_worker() -> Option<web_sys::Worker> {
    let window = web_sys::window()?;
    let key = wasm_bindgen::JsValue::from_str("tengenWorker");
    let worker = js_sys::Reflect::get(&window, &key)
        .ok()?
        .dyn_into::<web_sys::Worker>()
        .ok()?;
    js_sys::Reflect::delete_property(&window, &key).ok()?;
    Some(worker)
}

/// Starts the worker with the page, so that its module is compiled before the first question.
pub(super) fn plugin(app: &mut bevy::prelude::App) {
    app.add_systems(bevy::prelude::Startup, start_worker);
}

fn start_worker() {
    STATE.with(|state| ensure_started(&mut state.borrow_mut()));
}

/// Whether a worker is running, starting one if there is none (once only where they fail).
fn ensure_started(state: &mut State) -> bool {
    if state.worker.is_none() && !state.unavailable {
        state.worker = start();
        if state.worker.is_none() {
            state.unavailable = true;
            crate::platform::emit("tengen:worker unavailable: the computer thinks between frames");
        }
    }
    state.worker.is_some()
}

/// A request sent to the worker. Dropping it before its reply is taken gives the request up
/// (see [`cancel`]), so whoever holds it needs no clean-up of its own.
pub struct Pending(u64);

impl Drop for Pending {
    fn drop(&mut self) {
        cancel(self.0);
    }
}

/// Sends `request` to the worker; `None` where there are no workers.
pub fn post(request: &Request) -> Option<Pending> {
    STATE.with(|state| {
        let mut state = state.borrow_mut();
        if !ensure_started(&mut state) {
            return None;
        }
        let id = state.next_id;
        state.next_id += 1;
        // The time of posting goes along: `web/worker.js` takes what the message waited for the
        // worker to start off the search's limit.
        let posted = js_sys::Date::now();
        let message = format!("{id}\n{posted}\n{}", serde_json::to_string(request).ok()?);
        state
            .worker
            .as_ref()?
            .worker
            .post_message(&message.as_str().into())
            .ok()?;
        state.pending.push((id, message));
        Some(Pending(id))
    })
}

/// The reply to `request`, once it has come.
pub fn take(request: &Pending) -> Option<Reply> {
    let id = request.0;
    let text = REPLIES.with(|r| {
        let mut replies = r.borrow_mut();
        let at = replies.iter().position(|(i, _)| *i == id)?;
        replies.remove(at).map(|(_, text)| text)
    })?;
    serde_json::from_str(&text).ok()
}

/// Gives up request `id` if it is not answered yet: the worker is terminated, and the requests
/// still waiting go again, as first sent, to a fresh one (a request's time limit counts from its
/// first sending). A request already answered is only forgotten.
fn cancel(id: u64) {
    STATE.with(|state| {
        let mut state = state.borrow_mut();
        let Some(at) = state.pending.iter().position(|(i, _)| *i == id) else {
            return;
        };
        state.pending.remove(at);
        if let Some(worker) = state.worker.take() {
            worker.worker.terminate();
        }
        if state.pending.is_empty() || !ensure_started(&mut state) {
            return;
        }
        if let Some(worker) = &state.worker {
            for (_, message) in &state.pending {
                let _ = worker.worker.post_message(&message.as_str().into());
            }
        }
    });
    REPLIES.with(|r| r.borrow_mut().retain(|(i, _)| *i != id));
}
