// The computer's search, off the page's thread: a module worker around the tengen-worker wasm.
// Messages are "ID\nREQUEST" in and "ID\nREPLY" out (see crates/worker).
import init, { think } from './tengen_worker.js';

const ready = init();
self.onmessage = async (event) => {
  // The first request can wait for the module to compile; the search's limit leaves that out.
  const arrived = performance.now();
  await ready;
  self.postMessage(think(event.data, performance.now() - arrived));
};
