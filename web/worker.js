// The computer's search, off the page's thread: a module worker around the tengen-worker wasm.
// Messages are "ID\nREQUEST" in and "ID\nREPLY" out (see crates/worker).
import init, { think } from './tengen_worker.js';

const ready = init();
self.onmessage = async (event) => {
  await ready;
  self.postMessage(think(event.data));
};
