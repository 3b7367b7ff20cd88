//! The browser's other threads for the computer: module Web Workers, each running the search in
//! its own wasm instance (`crates/worker`, built by `web/build.sh` next to the game) — one for
//! the computer's moves (the mover) and a helper for the rest when the mover is busy. Each
//! answers its requests one at a time, in the order sent; cancelling one it has not answered
//! terminates that worker (a search cannot be interrupted from outside, and a fresh worker starts
//! in milliseconds) and sends its others again to a fresh one. Where workers are unavailable,
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

/// One worker and the requests it was sent and has not answered yet, oldest first, with their
/// messages (to send again to a fresh one).
#[derive(Default)]
struct Slot {
    worker: Option<Worker>,
    pending: Vec<(u64, String)>,
}

/// The computer's moves go to the first worker, the mover, which keeps the tree of the last one
/// for the next ([`tengen_ai::remote::Answerer`]; other requests leave it be). Other work — the
/// review's positions, 形势判断, a hint — goes to whichever worker is idle, the mover first (its
/// module compiled with the page: a helper's first answer waits about 0.4 s for its own), and
/// to a helper started for it when none is: so the review's two positions in flight
/// (`src/review/analysis.rs`) run on two cores, and 形势判断 asked while the computer thinks
/// does not wait for its move.
const HELPERS: usize = 1;

#[derive(Default)]
struct State {
    /// The mover first, then the helpers started so far.
    slots: Vec<Slot>,
    /// Workers could not be started here: don't try again.
    unavailable: bool,
    next_id: u64,
}

thread_local! {
    // wasm32 without atomics has one thread: the page's. The worker handles live there.
    static STATE: RefCell<State> = RefCell::new(State::default());
    static REPLIES: RefCell<VecDeque<(u64, String)>> = const { RefCell::new(VecDeque::new()) };
}

fn start(early: bool) -> Option<Worker> {
    let worker = match early.then(early_worker).flatten() {
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
            STATE.with(|s| {
                for slot in &mut s.borrow_mut().slots {
                    slot.pending.retain(|(i, _)| *i != id);
                }
            });
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

/// Starts the mover with the page, so that its module is compiled before the first question.
pub(super) fn plugin(app: &mut bevy::prelude::App) {
    app.add_systems(bevy::prelude::Startup, start_worker);
}

fn start_worker() {
    STATE.with(|state| ensure_mover(&mut state.borrow_mut()));
}

/// Whether the mover is running, starting it if it is not (once only where workers fail: then
/// no request goes to a worker).
fn ensure_mover(state: &mut State) -> bool {
    if state.slots.is_empty() && !state.unavailable {
        match start(true) {
            Some(worker) => state.slots.push(Slot {
                worker: Some(worker),
                pending: Vec::new(),
            }),
            None => {
                state.unavailable = true;
                crate::platform::emit("tengen:worker unavailable: the computer thinks between frames");
            }
        }
    }
    !state.unavailable
}

/// The slot a request goes to: a move to the mover; other work to the first idle worker, else
/// to a new helper while there are fewer than [`HELPERS`], else to the least busy helper (the
/// mover where no helper starts).
fn slot_for(state: &mut State, request: &Request) -> Option<usize> {
    if !ensure_mover(state) {
        return None;
    }
    if matches!(request, Request::Move { .. }) {
        return Some(0);
    }
    if let Some(idle) = state.slots.iter().position(|slot| slot.pending.is_empty()) {
        return Some(idle);
    }
    if state.slots.len() <= HELPERS
        && let Some(worker) = start(false)
    {
        state.slots.push(Slot {
            worker: Some(worker),
            pending: Vec::new(),
        });
        return Some(state.slots.len() - 1);
    }
    (1..state.slots.len())
        .min_by_key(|&at| state.slots[at].pending.len())
        .or(Some(0))
}

/// A request sent to a worker. Dropping it before its reply is taken gives the request up
/// (see [`cancel`]), so whoever holds it needs no clean-up of its own.
pub struct Pending(u64);

impl Drop for Pending {
    fn drop(&mut self) {
        cancel(self.0);
    }
}

/// Sends `request` to a worker; `None` where there are no workers.
pub fn post(request: &Request) -> Option<Pending> {
    STATE.with(|state| {
        let mut state = state.borrow_mut();
        let at = slot_for(&mut state, request)?;
        let id = state.next_id;
        state.next_id += 1;
        // The time of posting goes along: `web/worker.js` takes what the message waited for the
        // worker to start off the search's limit.
        let posted = js_sys::Date::now();
        let message = format!("{id}\n{posted}\n{}", serde_json::to_string(request).ok()?);
        let slot = &mut state.slots[at];
        if slot.worker.is_none() {
            // Terminated by a cancel with nothing else waiting: a fresh one.
            slot.worker = start(false);
        }
        slot.worker
            .as_ref()?
            .worker
            .post_message(&message.as_str().into())
            .ok()?;
        slot.pending.push((id, message));
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

/// Gives up request `id` if it is not answered yet: its worker is terminated, and the requests
/// still waiting there go again, as first sent, to a fresh one (a request's time limit counts
/// from its first sending). A request already answered is only forgotten.
fn cancel(id: u64) {
    STATE.with(|state| {
        let mut state = state.borrow_mut();
        let Some((at, n)) = state.slots.iter().enumerate().find_map(|(at, slot)| {
            let n = slot.pending.iter().position(|(i, _)| *i == id)?;
            Some((at, n))
        }) else {
            return;
        };
        let slot = &mut state.slots[at];
        slot.pending.remove(n);
        if let Some(worker) = slot.worker.take() {
            worker.worker.terminate();
        }
        if slot.pending.is_empty() {
            return;
        }
        slot.worker = start(false);
        if let Some(worker) = &slot.worker {
            for (_, message) in &slot.pending {
                let _ = worker.worker.post_message(&message.as_str().into());
            }
        }
    });
    REPLIES.with(|r| r.borrow_mut().retain(|(i, _)| *i != id));
}
