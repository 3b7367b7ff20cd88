// The browser build played for real in Debian's headless Chromium, driven by playwright-core:
// a mouse game and a touch game against the computer, a reload mid-game that comes back to the
// game, 「回大厅」 + 「继续上一局」, a dialog over the board that lets no click through, the hard
// level's frame times, the page without WebGL2, and the installed site offline and updated. Follows
// the game through the `tengen:` lines.
// Usage: node web/e2e.mjs [DIST] [OUT]   (after web/build.sh; OUT receives screenshots + numbers)
import assert from 'node:assert/strict';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { chromium } from 'playwright-core';

const here = path.dirname(new URL(import.meta.url).pathname);
const dist = path.resolve(process.argv[2] ?? path.join(here, 'dist'));
const out = path.resolve(process.argv[3] ?? path.join(here, 'e2e-out'));
fs.mkdirSync(out, { recursive: true });

// Search limit on 9×9 (crates/ai/src/search.rs) plus room for a few slow software-rendered frames.
const HARD_LIMIT_MS = 1350;
const ANSWER_ALLOWANCE_MS = HARD_LIMIT_MS + 2000;

const types = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json', '.png': 'image/png',
};
// The site being served (step 8 publishes a new build), and whether the server is down.
let root = dist;
let down = false;
const server = http.createServer((request, response) => {
  if (down) {
    response.writeHead(503).end();
    return;
  }
  const pathname = new URL(request.url, 'http://localhost').pathname;
  const file = path.join(root, pathname === '/' ? 'index.html' : path.normalize(pathname));
  if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) {
    response.writeHead(404).end();
    return;
  }
  // As ordinary static servers do: the service worker's check of a file it has costs a 304.
  const modified = fs.statSync(file).mtime.toUTCString();
  if (request.headers['if-modified-since'] === modified) {
    response.writeHead(304).end();
    return;
  }
  response.writeHead(200, {
    'content-type': types[path.extname(file)] ?? 'application/octet-stream',
    'last-modified': modified,
  });
  fs.createReadStream(file).pipe(response);
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${server.address().port}`;

const chromiumArgs = [
  '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update',
  '--disable-sync', '--no-first-run', '--disable-quic',
  // WebGL2 without a GPU.
  '--use-angle=swiftshader', '--enable-unsafe-swiftshader',
];
const launch = (extra = []) =>
  chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: [...chromiumArgs, ...extra] });
const browser = await launch();

const report = {};
const note = (key, value) => {
  report[key] = value;
  console.log(`tengen:e2e ${key}=${typeof value === 'object' ? JSON.stringify(value) : value}`);
};

// Runs in the page before its own scripts: keeps every `tengen:` line and every animation
// frame with its page time, so timings are measured where they happen.
function instrument() {
  window.__lines = [];
  const log = console.log.bind(console);
  console.log = (...args) => {
    if (typeof args[0] === 'string' && args[0].startsWith('tengen:')) {
      window.__lines.push([performance.now(), args[0]]);
    }
    log(...args);
  };
  window.__frames = [];
  let last;
  const tick = (time) => {
    if (last !== undefined) window.__frames.push([time, time - last]);
    last = time;
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
}

async function openPage(context, query) {
  const page = await context.newPage();
  page.errors = [];
  page.on('pageerror', (error) => {
    if (!String(error).includes('Using exceptions for control flow')) page.errors.push(String(error));
  });
  page.on('console', (message) => {
    if (message.type() === 'error') page.errors.push(message.text());
  });
  page.on('response', (response) => {
    if (response.status() >= 400) page.errors.push(`${response.status()} ${response.url()}`);
  });
  await page.addInitScript(instrument);
  await page.goto(`${base}/${query}`);
  await page.waitForFunction(() => window.tengenReadyAt !== undefined, null, { timeout: 90_000 });
  return page;
}

const pageTime = (page) => page.evaluate(() => performance.now());

/** The first `tengen:` line matching `pattern` written at or after page time `after`. */
async function waitLine(page, pattern, after, timeout = 30_000) {
  try {
    const handle = await page.waitForFunction(
      ([source, since]) => window.__lines.find(([time, line]) => time >= since && new RegExp(source).test(line)) ?? null,
      [pattern.source, after],
      { timeout, polling: 20 },
    );
    return await handle.jsonValue();
  } catch (error) {
    const seen = await page.evaluate(() => window.__lines.map(([time, line]) => `${Math.round(time)} ${line}`));
    throw new Error(`no line matching ${pattern} after ${Math.round(after)} ms; the page wrote:\n${seen.join('\n')}`, { cause: error });
  }
}

async function linesSince(page, after) {
  return page.evaluate((since) => window.__lines.filter(([time]) => time >= since).map(([, line]) => line), after);
}

/** The newest line matching `pattern` once none has come for half a second (the canvas may
 * still be taking its final size). */
async function settled(page, pattern) {
  await waitLine(page, pattern, 0);
  for (;;) {
    const [time, line] = await page.evaluate(
      (source) => window.__lines.filter(([, l]) => new RegExp(source).test(l)).pop(),
      pattern.source,
    );
    if ((await pageTime(page)) - time >= 500) return line;
    await page.waitForTimeout(100);
  }
}

/** The centre of a lobby button, from its `tengen:button` line. */
async function button(page, name) {
  const line = await settled(page, new RegExp(`^tengen:button ${name} `));
  const [, x, y] = line.match(/x=([\d.]+) y=([\d.]+)/).map(Number);
  return { x, y };
}

/** The board's geometry. */
async function layout(page, size) {
  const line = await settled(page, new RegExp(`^tengen:layout size=${size} `));
  const [, x0, y0, step] = line.match(/x0=([\d.]+) y0=([\d.]+) step=([\d.]+)/).map(Number);
  return { size, at: (col, row) => ({ x: x0 + col * step, y: y0 + row * step }) };
}

/** The GTP name of a vertex: columns A–T without I, rows counted from the bottom. */
const vertex = (size, col, row) => 'ABCDEFGHJKLMNOPQRST'[col] + (size - row);

/** A deliberate mouse click: egui and the board both see the pointer arrive, then press, release. */
async function click(page, { x, y }) {
  await page.mouse.move(x, y);
  await page.waitForTimeout(80);
  await page.mouse.down();
  await page.waitForTimeout(80);
  await page.mouse.up();
}

/** Plays `col,row` as the human and waits for the computer's answer; returns both page times. */
async function playAndAnswer(page, board, col, row, human, timeout = 30_000) {
  const since = await pageTime(page);
  await click(page, board.at(col, row));
  const [placed] = await waitLine(page, new RegExp(`^tengen:move ${human} ${vertex(board.size, col, row)}$`), since);
  const computer = human === 'B' ? 'W' : 'B';
  const [answered, line] = await waitLine(page, new RegExp(`^tengen:move ${computer} `), placed, timeout);
  return { placed, answered, answer: line.split(' ')[2] };
}

function frameStats(frames, from, to) {
  const deltas = frames.filter(([time]) => time > from && time <= to).map(([, delta]) => delta);
  const sorted = [...deltas].sort((a, b) => a - b);
  return {
    frames: deltas.length,
    longest_ms: Math.round(sorted.at(-1) ?? 0),
    p95_ms: Math.round(sorted[Math.floor(sorted.length * 0.95)] ?? 0),
    mean_ms: Math.round(deltas.reduce((a, b) => a + b, 0) / Math.max(1, deltas.length)),
  };
}

try {
  // 1. Desktop: straight into a 9×9 game from the address, a mouse click, the computer answers.
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  let page = await openPage(desktop, '?mode=ai&size=9&level=easy&pacing=instant&color=black');
  note('desktop_first_frame_ms', Math.round(await page.evaluate(() => window.tengenReadyAt)));
  note('desktop_wasm_downloaded_ms', Math.round(await page.evaluate(() => window.tengenDownloadedAt)));
  assert.equal(await page.isHidden('#status'), true, 'the loading indicator goes once the game is drawn');
  let board = await layout(page, 9);
  const first = await playAndAnswer(page, board, 4, 4, 'B');
  note('easy_answer_ms', Math.round(first.answered - first.placed));
  assert.ok(first.answered - first.placed < ANSWER_ALLOWANCE_MS, 'the computer answers within its limit');
  note('audio_after_click', await page.evaluate(() => window.tengenAudioStates()));
  await page.screenshot({ path: path.join(out, 'desktop-game.png') });
  assert.ok(
    (await page.evaluate(() => Object.keys(localStorage).length)) > 0,
    'the game is saved in localStorage',
  );

  // The start flags leave the address, so a reload cannot start another game over this one.
  assert.equal(new URL(page.url()).search, '', 'the address loses its start flags');

  // 2. Reload mid-game: straight back into the same game, not the lobby.
  await page.reload();
  await page.waitForFunction(() => window.tengenReadyAt !== undefined, null, { timeout: 90_000 });
  await waitLine(page, /^tengen:phase playing$/, 0);
  board = await layout(page, 9);
  let since = await pageTime(page);
  await click(page, board.at(4, 4));
  await waitLine(page, /^tengen:refused B E5 occupied$/, since);
  const free = [[2, 2], [6, 6], [2, 6], [6, 2]].find(([c, r]) => vertex(9, c, r) !== first.answer);
  await playAndAnswer(page, board, free[0], free[1], 'B');
  note('reload_returns_to_the_game', true);
  // 2a. 形势判断 in the middle of the game: the worker judges, the page says who leads, and the
  // next move puts it away.
  since = await pageTime(page);
  await click(page, await button(page, 'judge'));
  const [judgedAt, judged] = await waitLine(page, /^tengen:judgement lead=-?[\d.]+$/, since);
  note('judgement_ms', Math.round(judgedAt - since));
  note('judgement', judged);
  // 2b. 提示: the worker's hard search names up to three moves (and puts the judgement away).
  since = await pageTime(page);
  await click(page, await button(page, 'hint'));
  const [hintedAt, hinted] = await waitLine(page, /^tengen:hint moves=[123] best=[\d.]+$/, since);
  note('hint_ms', Math.round(hintedAt - since));
  note('hint', hinted);
  assert.deepEqual(page.errors, [], 'no errors in the desktop page');
  await page.close();

  // 3. Two players on 19×19: 「认输」 opens its question over the board; a click on the dialog's
  // text and one on its 「取消」 place nothing on the points beneath them.
  page = await openPage(desktop, '?mode=two&size=19');
  board = await layout(page, 19);
  since = await pageTime(page);
  await click(page, board.at(3, 3));
  await waitLine(page, /^tengen:move B D16$/, since);
  await click(page, await button(page, 'resign'));
  const no = await button(page, 'dialog-no');
  const asked = await button(page, 'dialog-text');
  const [corner, far] = [board.at(0, 0), board.at(18, 18)];
  const overBoard = ({ x, y }) => x > corner.x && x < far.x && y > corner.y && y < far.y;
  assert.ok(overBoard(asked) && overBoard(no), 'the dialog lies over the board');
  await page.screenshot({ path: path.join(out, 'desktop-dialog.png') });
  since = await pageTime(page);
  await click(page, asked);
  await click(page, no);
  await page.waitForTimeout(600);
  const through = (await linesSince(page, since)).filter((line) => line.startsWith('tengen:move'));
  assert.deepEqual(through, [], 'no click reaches the board through the dialog');
  since = await pageTime(page);
  await click(page, board.at(9, 9));
  await waitLine(page, /^tengen:move W K10$/, since);
  note('dialog_lets_nothing_through', true);
  assert.deepEqual(page.errors, [], 'no errors in the two-player page');
  await page.close();

  // 3b. A game record: saved as a download when the game is over, opened again through the
  // file picker from 棋局记录 — the review shows the same game.
  page = await openPage(desktop, '?mode=two&size=9');
  board = await layout(page, 9);
  const recorded = [[2, 2], [6, 6], [2, 6]];
  for (const [c, r] of recorded) {
    since = await pageTime(page);
    await click(page, board.at(c, r));
    await waitLine(page, new RegExp(`^tengen:move [BW] ${vertex(9, c, r)}$`), since);
  }
  await click(page, await button(page, 'resign'));
  since = await pageTime(page);
  await click(page, await button(page, 'dialog-yes'));
  await waitLine(page, /^tengen:phase over$/, since);
  const [download] = await Promise.all([page.waitForEvent('download'), click(page, await button(page, 'save'))]);
  const saved = path.join(out, 'saved-game.sgf');
  await download.saveAs(saved);
  const text = fs.readFileSync(saved, 'utf8');
  assert.match(text, /^\(;/, 'an SGF file');
  assert.ok(recorded.every(([c, r]) => text.includes('abcdefghi'[c] + 'abcdefghi'[r])), 'with every move');
  await click(page, await button(page, 'lobby'));
  await click(page, await button(page, 'records'));
  since = await pageTime(page);
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), click(page, await button(page, 'open-record'))]);
  await chooser.setFiles(saved);
  const [, reviewed] = await waitLine(page, /^tengen:review /, since);
  assert.equal(reviewed, `tengen:review size=9 shown=3 moves=3 last=B ${vertex(9, 2, 6)}`, 'the same game in review');
  await page.screenshot({ path: path.join(out, 'desktop-review.png') });
  note('record_saved_and_opened', true);
  // 3c. The review analyses every position in the worker: a real 75-move 9×9 game (CGOS)
  // opened from a file, timed to the last position, with the frames drawn meanwhile.
  await click(page, await button(page, 'leave'));
  since = await pageTime(page);
  const [picker] = await Promise.all([page.waitForEvent('filechooser'), click(page, await button(page, 'open-record'))]);
  await picker.setFiles(path.join(here, '..', 'crates', 'rules', 'tests', 'data', 'sgf', 'cgos-13435.sgf'));
  const [opened] = await waitLine(page, /^tengen:review size=9 /, since);
  const [analysedAt, analysed] = await waitLine(page, /^tengen:analysis positions=76 /, opened, 180_000);
  note('analysis_9x9_75_moves_ms', Math.round(analysedAt - opened));
  note('analysis', analysed);
  note('analysis_frames', frameStats(await page.evaluate(() => window.__frames), opened, analysedAt));
  await page.screenshot({ path: path.join(out, 'desktop-analysis.png') });
  // Only when asked (minutes long, so not in ./test.sh): E2E_LONG_SGF=file times a long game's
  // analysis the same way, e.g. a 19×19 game against the five minutes for 250 moves.
  if (process.env.E2E_LONG_SGF) {
    await click(page, await button(page, 'leave'));
    since = await pageTime(page);
    const [longPicker] = await Promise.all([page.waitForEvent('filechooser'), click(page, await button(page, 'open-record'))]);
    await longPicker.setFiles(path.resolve(process.env.E2E_LONG_SGF));
    const [longOpened, review] = await waitLine(page, /^tengen:review /, since);
    const [, size, moves] = review.match(/size=(\d+) .*moves=(\d+)/);
    const [longDone, longAnalysed] = await waitLine(page, new RegExp(`^tengen:analysis positions=${+moves + 1} `), longOpened, 1_800_000);
    note(`analysis_${size}x${size}_${moves}_moves_ms`, Math.round(longDone - longOpened));
    note('analysis_long', longAnalysed);
    note('analysis_long_frames', frameStats(await page.evaluate(() => window.__frames), longOpened, longDone));
    await page.screenshot({ path: path.join(out, 'desktop-analysis-long.png') });
  }
  assert.deepEqual(page.errors, [], 'no errors in the record page');
  await page.close();

  // 4. Phone: 400×800 touch screen; the first tap previews, the second on the same point plays.
  // Device pixel ratio 1: Chromium's emulated ratio 2 reports devicePixelContentBoxSize in CSS
  // pixels (400, not 800; checked with a bare canvas), which winit trusts, so an emulated
  // high-DPI phone shows a half-size canvas that no real phone shows.
  const phone = await browser.newContext({
    viewport: { width: 400, height: 800 },
    deviceScaleFactor: 1,
    isMobile: true,
    hasTouch: true,
  });
  page = await openPage(phone, '?mode=ai&size=9&level=easy&pacing=instant&color=black');
  note('phone_first_frame_ms', Math.round(await page.evaluate(() => window.tengenReadyAt)));
  // The canvas holds a pixel for every device pixel.
  const [canvasWidth, devicePixels] = await page.evaluate(() => [
    document.getElementById('tengen').width,
    innerWidth * devicePixelRatio,
  ]);
  assert.equal(canvasWidth, devicePixels);
  board = await layout(page, 9);
  const { x, y } = board.at(4, 4);
  since = await pageTime(page);
  await page.touchscreen.tap(x, y);
  await page.waitForTimeout(700);
  assert.ok(
    !(await linesSince(page, since)).some((line) => line.startsWith('tengen:move')),
    'a first tap only previews',
  );
  await page.touchscreen.tap(x, y);
  const [tapped] = await waitLine(page, /^tengen:move B E5$/, since);
  await waitLine(page, /^tengen:move W /, tapped);
  await page.waitForTimeout(500);
  await page.screenshot({ path: path.join(out, 'phone-game.png') });
  assert.deepEqual(page.errors, [], 'no errors in the phone page');
  await page.close();
  // …and egui's buttons answer taps where they are drawn: 「回大厅」, then 「继续上一局」.
  page = await openPage(phone, '');
  await waitLine(page, /^tengen:phase playing$/, 0);
  const lobby = await button(page, 'lobby');
  await page.touchscreen.tap(lobby.x, lobby.y);
  const phoneResume = await button(page, 'continue');
  await page.screenshot({ path: path.join(out, 'phone-lobby.png') });
  since = await pageTime(page);
  await page.touchscreen.tap(phoneResume.x, phoneResume.y);
  await waitLine(page, /^tengen:phase playing$/, since);
  await page.close();
  // 4b. With 「落子先预览再确认」 switched off (the start flag), one tap plays on a touch phone,
  // and the choice stands on the next visit (a reload back into the game).
  page = await openPage(phone, '?mode=ai&size=9&level=easy&pacing=instant&color=black&preview=false');
  board = await layout(page, 9);
  since = await pageTime(page);
  {
    const { x: px, y: py } = board.at(2, 2);
    await page.touchscreen.tap(px, py);
  }
  const [oneTap] = await waitLine(page, /^tengen:move B C7$/, since);
  const [, answer] = await waitLine(page, /^tengen:move W /, oneTap);
  await page.reload();
  await waitLine(page, /^tengen:phase playing$/, 0);
  board = await layout(page, 9);
  since = await pageTime(page);
  const [freeCol, freeRow] = [[6, 6], [6, 2], [2, 6]].find(([c, r]) => !answer.endsWith(` ${vertex(9, c, r)}`));
  {
    const { x: px, y: py } = board.at(freeCol, freeRow);
    await page.touchscreen.tap(px, py);
  }
  await waitLine(page, new RegExp(`^tengen:move B ${vertex(9, freeCol, freeRow)}$`), since);
  note('phone_one_tap_with_preview_off', true);
  assert.deepEqual(page.errors, [], 'no errors in the phone page without preview');
  await page.close();

  // 5. The hard level thinking in its Web Worker, on a desktop page and a small phone: its
  // answer time and simulations, and the frames meanwhile against the same page idle.
  for (const [name, viewport] of [['desktop', { width: 1280, height: 800 }], ['phone', { width: 360, height: 640 }]]) {
    const context = await browser.newContext({ viewport });
    page = await openPage(context, '?mode=ai&size=9&level=hard&pacing=instant&color=black');
    board = await layout(page, 9);
    await waitLine(page, /^tengen:phase playing$/, 0);
    // B2 opens no game of hard's 9×9 opening book, so the worker's first search answers it.
    const opening = await playAndAnswer(page, board, 1, 7, 'B', 60_000);
    note(`${name}_hard_opening_think_ms`, Math.round(opening.answered - opening.placed));
    // The opening's search, its worker started with the page: set beside a later move's below.
    const [, openingThink] = await waitLine(page, /^tengen:think /, opening.placed);
    note(`${name}_hard_opening_think`, openingThink.replace('tengen:think ', ''));
    const free = [[2, 2], [6, 6], [2, 6], [6, 2]].filter(([c, r]) => vertex(9, c, r) !== opening.answer);
    const hard = await playAndAnswer(page, board, free[0][0], free[0][1], 'B');
    note(`${name}_hard_answer_ms`, Math.round(hard.answered - hard.placed));
    const [, think] = await waitLine(page, /^tengen:think /, hard.placed);
    note(`${name}_hard_think`, think.replace('tengen:think ', ''));
    // The goal is half a later move's simulations or more (measured 0.5–1.0 here, where the
    // page's compiler shares two cores with the search); a worker started late gave 2%.
    const simulations = (line) => Number(line.match(/simulations=(\d+)/)[1]);
    const share = simulations(openingThink) / simulations(think);
    note(`${name}_hard_opening_share`, Number(share.toFixed(2)));
    assert.ok(share >= 0.25, `the opening is searched nearly as a later move is: ${openingThink} against ${think}`);
    const thinking = frameStats(await page.evaluate(() => window.__frames), hard.placed, hard.answered);
    await page.waitForTimeout(2000);
    const idleUntil = await pageTime(page);
    const idle = frameStats(await page.evaluate(() => window.__frames), idleUntil - 1500, idleUntil);
    note(`${name}_frames_while_hard_thinks`, thinking);
    note(`${name}_frames_idle`, idle);
    note(`${name}_thinking_over_idle_mean`, Number((thinking.mean_ms / Math.max(1, idle.mean_ms)).toFixed(2)));
    const lines = await linesSince(page, 0);
    assert.ok(!lines.some((l) => l.startsWith('tengen:worker unavailable')), 'the search runs in the worker');
    assert.ok(hard.answered - hard.placed < ANSWER_ALLOWANCE_MS, 'hard answers within its limit');
    assert.deepEqual(page.errors, [], `no errors in the ${name} hard-level page`);
    await page.close();
    await context.close();
  }

  // 5a. A middle step of the ladder (level 7: the tree search weakened) plays a few moves in
  // the worker, each answer legal and within R10's limit.
  {
    page = await openPage(desktop, '?mode=ai&size=9&level=7&pacing=instant&color=black');
    board = await layout(page, 9);
    const taken = new Set();
    for (const [c, r] of [[4, 4], [2, 2], [6, 6], [2, 6], [6, 2], [4, 2]]) {
      if (taken.has(vertex(9, c, r))) continue;
      const move = await playAndAnswer(page, board, c, r, 'B', 30_000);
      taken.add(vertex(9, c, r)).add(move.answer);
      assert.ok(move.answered - move.placed < ANSWER_ALLOWANCE_MS, 'level 7 answers within the limit');
    }
    note('middle_level_moves', taken.size);
    assert.deepEqual(page.errors, [], 'no errors in the middle-level page');
    await page.close();
  }

  // 5b. Cancelling: an undo while hard thinks takes the move back and no answer comes for it
  // (realistic pacing: the stone would only appear 2–5 s after the move); the next move is
  // answered as usual.
  {
    page = await openPage(desktop, '?mode=ai&size=9&level=hard&pacing=realistic&color=black');
    board = await layout(page, 9);
    const undo = await button(page, 'undo');
    since = await pageTime(page);
    await click(page, board.at(4, 4));
    await waitLine(page, /^tengen:move B E5$/, since);
    await click(page, undo);
    await page.waitForTimeout(6000);
    const answered = (await linesSince(page, since)).filter((l) => /^tengen:move W /.test(l));
    assert.deepEqual(answered, [], 'no answer to a move taken back');
    await playAndAnswer(page, board, 2, 2, 'B', 30_000);
    note('cancel_then_answer', true);
    assert.deepEqual(page.errors, [], 'no errors in the cancelling page');
    await page.close();
  }

  // 6. High-density phones: at device pixel ratios 2 and 3 the canvas has a pixel for every device
  // pixel and taps land where they are made. Chromium needs both the scale-factor flag and the
  // context's ratio for this (either alone gives a half-size or mis-scaled canvas).
  for (const ratio of [2, 3]) {
    const dense = await launch([`--force-device-scale-factor=${ratio}`]);
    try {
      const context = await dense.newContext({
        viewport: { width: 400, height: 800 },
        deviceScaleFactor: ratio,
        isMobile: true,
        hasTouch: true,
      });
      page = await openPage(context, '?mode=two&size=19');
      const [pixels, expected] = await page.evaluate(() => [
        document.getElementById('tengen').width,
        Math.round(innerWidth * devicePixelRatio),
      ]);
      assert.equal(pixels, expected, `one canvas pixel per device pixel at ratio ${ratio}`);
      board = await layout(page, 19);
      const point = board.at(3, 3);
      since = await pageTime(page);
      await page.touchscreen.tap(point.x, point.y);
      await page.waitForTimeout(400);
      await page.touchscreen.tap(point.x, point.y);
      await waitLine(page, /^tengen:move B D16$/, since);
      await page.waitForTimeout(600);
      await page.screenshot({ path: path.join(out, `phone-dpr${ratio}.png`) });
      note(`dpr${ratio}_canvas_px`, pixels);
      assert.deepEqual(page.errors, [], `no errors at ratio ${ratio}`);
    } finally {
      await dense.close();
    }
  }

  // 7. A browser without WebGL2 gets words, not a blank page.
  const bare = await desktop.newPage();
  await bare.addInitScript(() => {
    const getContext = HTMLCanvasElement.prototype.getContext;
    HTMLCanvasElement.prototype.getContext = function (type, ...rest) {
      return type === 'webgl2' ? null : getContext.call(this, type, ...rest);
    };
  });
  await bare.goto(`${base}/`);
  const message = await bare.textContent('#message');
  assert.match(message, /WebGL2/);
  assert.equal(await bare.isVisible('#status'), true);
  note('no_webgl2_message', message.split('\n')[0].trim());
  await bare.close();

  // 8. Installable and offline: the first visit leaves a service worker holding the whole site;
  // with the network off and the server down the game opens and the computer answers (its Web
  // Worker from the cache too); a newly published build is taken on the visit after the one that
  // found it, never mixed into a page of the old one.
  // A profile on disk: Chromium offers no installing from an incognito context, which
  // browser.newContext() is.
  const profile = fs.mkdtempSync(path.join(out, 'profile-'));
  const pwa = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium', headless: true, args: chromiumArgs, viewport: { width: 1280, height: 800 },
  });
  try {
    page = await openPage(pwa, '');
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null, null, { timeout: 60_000 });
    const cdp = await pwa.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    assert.deepEqual(installabilityErrors, [], 'Chromium finds the page installable');
    const { errors: manifestErrors } = await cdp.send('Page.getAppManifest');
    assert.deepEqual(manifestErrors, [], 'the manifest is valid');
    const [build] = await page.evaluate(() => caches.keys());
    note('installable_build', build);
    await page.close();

    await pwa.setOffline(true);
    down = true;
    page = await openPage(pwa, '?mode=ai&size=9&level=7&pacing=instant&color=black');
    note('offline_first_frame_ms', Math.round(await page.evaluate(() => window.tengenReadyAt)));
    board = await layout(page, 9);
    const offlineMove = await playAndAnswer(page, board, 4, 4, 'B');
    note('offline_answer', offlineMove.answer);
    assert.deepEqual(page.errors.filter((e) => e.startsWith('503')), [], 'nothing came from the network');
    await page.close();
    await pwa.setOffline(false);
    down = false;

    const next = fs.mkdtempSync(path.join(out, 'next-build-'));
    fs.cpSync(dist, next, { recursive: true });
    const sw = fs.readFileSync(path.join(next, 'sw.js'), 'utf8');
    fs.writeFileSync(path.join(next, 'sw.js'), sw.replace(/const BUILD = '([^']*)'/, "const BUILD = '$1-next'"));
    const html = fs.readFileSync(path.join(next, 'index.html'), 'utf8');
    fs.writeFileSync(path.join(next, 'index.html'), html.replace('<title>', '<meta name="tengen-build" content="next">\n<title>'));
    root = next;
    const isNext = (p) => p.evaluate(() => document.querySelector('meta[name=tengen-build]') !== null);
    page = await openPage(pwa, '');
    assert.equal(await isNext(page), false, 'the visit that finds the new build keeps the one it opened with');
    const waiting = () => page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting?.state);
    // Chromium 156 under Playwright takes about 59 s here, with or without the offline step
    // above: two install attempts 17 s after the visit fetch every file and leave no worker, a
    // third at 58 s succeeds (Playwright sees the new worker only then). A limit of 60 s failed
    // a CI run (5 December).
    const start = Date.now();
    while ((await waiting()) !== 'installed') {
      assert.ok(Date.now() - start < 180_000, 'the new build is found and installed');
      await page.waitForTimeout(200);
    }
    note('next_build_installed_ms', Date.now() - start);
    await page.close();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    page = await openPage(pwa, '');
    assert.equal(await isNext(page), true, 'the next visit has the new build');
    const caches = await page.evaluate(() => caches.keys());
    assert.deepEqual(caches, [`${build}-next`], 'and only its files are kept');
    note('next_build_taken', true);
    await page.close();
    fs.rmSync(next, { recursive: true, force: true });
  } finally {
    root = dist;
    await pwa.close();
    fs.rmSync(profile, { recursive: true, force: true });
  }

  fs.writeFileSync(path.join(out, 'numbers.json'), JSON.stringify(report, null, 2));
  console.log(`tengen:e2e passed; screenshots in ${out}`);
} finally {
  await browser.close();
  server.close();
}
