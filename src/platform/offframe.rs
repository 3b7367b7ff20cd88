//! Work the game hands off so that the picture keeps moving — the dead-stone proposal, 形势判断,
//! a hint: on the desktop a task on Bevy's `AsyncComputeTaskPool`; in the browser the same work
//! as a request to the Web Worker (`worker`), or done on the spot where there are no workers.
//! Dropping a [`Job`] gives the work up. (The computer's own move has more to it — slices
//! between frames, pacing — and keeps its own machinery in `game::computer`.)

use tengen_ai::remote::{Reply, Request};
use tengen_ai::{CancelOnDrop, StopSignal};

/// One piece of work under way; [`Job::poll`] gives its result once, when it is there.
pub struct Job<T> {
    state: State<T>,
    /// Raises the signal `here` was given when the job is dropped: a task cannot be interrupted
    /// otherwise, and a search would hold the pool's thread until its time is up.
    _stop: CancelOnDrop,
}

enum State<T> {
    #[cfg(not(target_arch = "wasm32"))]
    Task(bevy::tasks::Task<T>),
    /// Asked of the Web Worker; `read` turns its reply into the result.
    #[cfg(target_arch = "wasm32")]
    Remote {
        pending: super::worker::Pending,
        read: Box<dyn Fn(Reply) -> Option<T> + Send + Sync>,
    },
    /// Done on the spot (a browser without workers), or taken.
    Ready(Option<T>),
}

impl<T: Send + 'static> Job<T> {
    /// Starts `here` off the frame — or, in the browser, sends the worker `request` and reads
    /// its reply with `read`. `here` is given the signal the job raises when it is dropped
    /// (for a search to stop by: `Search::stopped_by`).
    pub fn start(
        here: impl FnOnce(StopSignal) -> T + Send + 'static,
        request: impl FnOnce() -> Request,
        read: impl Fn(Reply) -> Option<T> + Send + Sync + 'static,
    ) -> Job<T> {
        let stop = CancelOnDrop::default();
        let signal = stop.signal();
        #[cfg(not(target_arch = "wasm32"))]
        let state = {
            // The worker's side of the work is the browser's only.
            let _ = (request, read);
            State::Task(bevy::tasks::AsyncComputeTaskPool::get().spawn(async move { here(signal) }))
        };
        #[cfg(target_arch = "wasm32")]
        let state = match super::worker::post(&request()) {
            Some(pending) => State::Remote {
                pending,
                read: Box::new(read),
            },
            None => State::Ready(Some(here(signal))),
        };
        Job { state, _stop: stop }
    }

    /// The result, in the frame it is first there; `None` before, and after it was taken.
    pub fn poll(&mut self) -> Option<T> {
        let result = match &mut self.state {
            #[cfg(not(target_arch = "wasm32"))]
            State::Task(task) => bevy::tasks::block_on(bevy::tasks::poll_once(task)),
            #[cfg(target_arch = "wasm32")]
            State::Remote { pending, read } => super::worker::take(pending).and_then(read),
            State::Ready(result) => result.take(),
        };
        if result.is_some() {
            // A finished task is not polled again; the worker's request is let go.
            self.state = State::Ready(None);
        }
        result
    }
}

/// An analysis of `game`'s position (`tengen_ai::analyse`), for the review and the teaching
/// game: here, or in the browser's worker.
pub fn analysis(game: &tengen_rules::Game, seed: u64, depth: tengen_ai::Depth) -> Job<tengen_ai::Analysed> {
    let here = game.clone();
    let record = game.to_record();
    Job::start(
        move |_| tengen_ai::analyse(&here, seed, depth),
        move || Request::Analyse { record, seed, depth },
        |reply| match reply {
            Reply::Analysed(a) => Some(a),
            _ => None,
        },
    )
}
