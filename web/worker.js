// The computer's search, off the page's thread: a module worker around the tengen-worker wasm.
// The page posts "ID\nPOSTED\nREQUEST" (POSTED: its Date.now() when it asked); the wasm gets
// "ID\nREQUEST" and answers "ID\nREPLY" (see crates/worker).
import init, { think } from './tengen_worker.js';

const ready = init();
self.onmessage = async (event) => {
  const text = event.data;
  const id = text.indexOf('\n');
  const rest = text.indexOf('\n', id + 1);
  const posted = Number(text.slice(id + 1, rest));
  await ready;
  // The first request waits for this worker to start and its module to compile; the search's
  // limit leaves that time out.
  self.postMessage(think(text.slice(0, id) + text.slice(rest), Date.now() - posted));
};
