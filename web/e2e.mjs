// The web build in a real browser: Debian's Chromium, headless, driven by playwright-core.
// Loads the site (the wasm sent precompressed, the progress bar exact), checks the first frame
// is drawn, makes a move by clicking the canvas, then plays a few turns against the pub's level-1 regular, does a lesson, plays Desert Pub Chess
// (a jump chain built by clicks, then turns against the pub), Chafl (a custodian capture by
// one click-move, then turns) and Khitan in its expert version (a flip that captures along a
// line, the placement from the reserve by a click, then a turn). Prints the figures it measures.
//
// Last, a place with its crowd: the Khalif's Square at medium graphics, where a capture plays
// its vignette and the onlookers stay in view.
//
//   node web/e2e.mjs http://localhost:8080/ [screenshot-folder]
import { chromium } from "playwright-core";
import { mkdirSync } from "node:fs";

const base = process.argv[2] ?? "http://localhost:8080/";
const shots = process.argv[3] ?? "web/site/shots";
mkdirSync(shots, { recursive: true });
const chromiumPath = process.env.CHROMIUM ?? "/usr/bin/chromium";

let passed = 0;
function check(condition, message) {
  if (!condition) throw new Error(message);
  passed += 1;
  console.log(`ok - ${message}`);
}

async function state(page) {
  return page.evaluate(() => JSON.parse(window.khalif || "null"));
}

async function waitFor(page, what, predicate, seconds) {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    const s = await state(page);
    if (s && predicate(s)) return s;
    if (Date.now() > deadline) throw new Error(`timed out after ${seconds} s waiting for ${what}; state: ${JSON.stringify(s)?.slice(0, 400)}`);
    await page.waitForTimeout(100);
  }
}

/// Waits until the game has drawn `n` more frames: software rendering is slow, and a press
/// and its release must fall in different frames to be a click.
async function frames(page, n) {
  const start = (await state(page)).frame;
  await waitFor(page, `${n} frames`, (s) => s.frame >= start + n, 120);
}

/// Clicks the centre of `square` on the canvas, as the game reports it.
async function clickSquare(page, square) {
  const s = await state(page);
  const [x, y] = s.squares[square];
  await page.mouse.move(x, y);
  await frames(page, 1);
  await page.mouse.down();
  await frames(page, 1);
  await page.mouse.up();
  await frames(page, 2);
}

/// Waits until it is `side`'s turn after `played` turns and the pub is not thinking, plays the
/// quiet move (one without a capture) at `choice` in the legal list by two clicks, and returns
/// the state once that turn is in the move list.
async function playQuietTurn(page, side, played, choice) {
  const s = await waitFor(page, `${side}'s turn after ${played}`,
    (s) => s.toMove === side && !s.thinking && s.moves.length === played, 180);
  const quiet = s.legal.filter((m) => m.includes("-"));
  const [from, to] = quiet[choice % quiet.length].split("-");
  await clickSquare(page, from);
  await clickSquare(page, to);
  return waitFor(page, `${side}'s move after ${played}`, (t) => t.moves.length >= played + 1, 180);
}

/// Settings stored before the game starts, as a player's would be (the browser's storage):
/// low graphics and no animations, since the test renders in software.
const TEST_SETTINGS = "(skip_animations: true, camera: (turn_to_side_to_move: false), " +
  "graphics: (quality: Low, shadows: false, smoke: false, msaa: false))";

/// A small canvas: every frame is rendered in software, and its cost grows with the pixels.
async function openPage(browser, query, settings = TEST_SETTINGS) {
  const page = await browser.newPage({ viewport: { width: 960, height: 540 } });
  // Software rendering on a busy 2-core machine can take tens of seconds for one frame, and
  // a screenshot waits for a frame.
  page.setDefaultTimeout(300_000);
  await page.addInitScript((settings) => {
    localStorage.setItem("khalif:/config/settings.ron", settings);
  }, settings);
  const errors = [];
  page.on("pageerror", (error) => errors.push(String(error)));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const started = Date.now();
  await page.goto(base + query);
  await page.waitForSelector("#gate:not([hidden])", { timeout: 300_000 });
  await page.click("#gate button");
  return { page, errors, started };
}

/// How many distinct colours (coarsely binned) a screenshot of the page has: a blank or
/// single-colour canvas has a handful, the pub has hundreds. The PNG is decoded in the page
/// itself, since reading a WebGL canvas back directly may give an empty buffer.
async function coloursIn(page, path) {
  const png = await page.screenshot({ path });
  return page.evaluate(async (b64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${b64}`;
    await image.decode();
    const copy = document.createElement("canvas");
    copy.width = 128;
    copy.height = 72;
    const context = copy.getContext("2d");
    context.drawImage(image, 0, 0, 128, 72);
    const data = context.getImageData(0, 0, 128, 72).data;
    const colours = new Set();
    for (let i = 0; i < data.length; i += 4) colours.add(`${data[i] >> 3},${data[i + 1] >> 3},${data[i + 2] >> 3}`);
    return colours.size;
  }, png.toString("base64"));
}

const browser = await chromium.launch({
  executablePath: chromiumPath,
  args: ["--use-angle=swiftshader", "--enable-unsafe-swiftshader", "--ignore-gpu-blocklist"],
});
try {
  // 1. A local match: the page loads, the first frame is drawn, a clicked move is listed.
  {
    const { page, errors, started } = await openPage(browser, "?position=start");
    const first = await waitFor(page, "the first frame", (s) => s.ready && Object.keys(s.squares).length === 81, 300);
    const figures = await page.evaluate(() => window.khalifPage);
    console.log(`figure: wasm loaded and started in ${figures.loadedMs} ms, first frame at ${figures.firstFrameMs} ms (page clock), ${Date.now() - started} ms wall`);
    check(first.screen === "Match" && first.moves.length === 0, "a local match from the start position is on screen");
    const { wasm, progress } = figures;
    console.log(`figure: wasm ${wasm.wire} bytes over the wire (${wasm.encoding ?? "uncompressed"}), ${wasm.received} bytes decompressed`);
    check(["br", "gzip"].includes(wasm.encoding) && wasm.wire < wasm.received, `the wasm came precompressed (${wasm.encoding}, ${wasm.wire} of ${wasm.received} bytes)`);
    check(wasm.received === wasm.expected && progress.at(-1) === 1 && progress.every((p, i) => i === 0 || p >= progress[i - 1]),
      `the progress bar rose steadily to exactly 100% over ${progress.length} chunks`);
    const audio = await page.evaluate(() => window.khalifPage.audio());
    check(audio.length > 0 && audio.every((state) => state === "running"), `the gate's tap started the game's audio (${audio.join(", ")})`);
    await frames(page, 3); // let the pub's textures and lights settle
    const colours = await coloursIn(page, `${shots}/web-start.png`);
    check(colours > 50, `the first frame is drawn (${colours} colours in a 128x72 sample)`);
    await clickSquare(page, "c2");
    await clickSquare(page, "d3");
    const moved = await waitFor(page, "the move in the move list", (s) => s.moves.length === 1, 60);
    check(moved.moves[0].startsWith("Cc2-d3"), `the clicked move is in the move list: ${moved.moves[0]}`);
    await frames(page, 2);
    await page.screenshot({ path: `${shots}/web-after-move.png` });
    check(errors.length === 0, `no page errors (${errors.join(" | ")})`);
    await page.close();
  }

  // 2. Against the pub's level-1 regular: a few turns go by, the page stays responsive.
  {
    const { page, errors } = await openPage(browser, "?position=start&against=1");
    await waitFor(page, "the match", (s) => s.ready && s.toMove === "Gold" && Object.keys(s.squares).length === 81, 300);
    for (let turn = 0; turn < 3; turn++) {
      const s = await waitFor(page, "Gold's turn", (s) => s.toMove === "Gold" && !s.thinking, 120);
      // A quiet move (no capture, so no decisions inside the turn), a different one each turn.
      const quiet = s.legal.filter((m) => m.includes("-"));
      const [from, to] = quiet[(turn * 7) % quiet.length].split("-");
      await clickSquare(page, from);
      await clickSquare(page, to);
      await waitFor(page, `Gold's turn ${turn + 1} and Silver's reply`, (t) => t.moves.length >= 2 * (turn + 1), 180);
    }
    const s = await state(page);
    check(s.moves.length >= 6, `three turns each against level 1: ${s.moves.join(", ")}`);
    const figures = await page.evaluate(() => window.khalifPage);
    console.log(`figure: longest frame while the AI thought ${figures.longestThinkingFrameMs.toFixed(1)} ms over ${figures.thinkingFrames} frames; ` +
      `the AI's longest search slice in a frame ${s.aiSliceMs} ms`);
    await page.screenshot({ path: `${shots}/web-vs-ai.png` });
    check(errors.length === 0, `no page errors (${errors.join(" | ")})`);
    await page.close();
  }
  // 3. A lesson: the goal met by clicks is kept in the profile in browser storage, and the
  //    profile is read back (not set aside as corrupt) when the page is opened again.
  {
    const { page, errors } = await openPage(browser, "?open=lesson:1");
    await waitFor(page, "the first lesson", (s) => s.ready && s.screen === "Match" && Object.keys(s.squares).length === 81, 300);
    await clickSquare(page, "a1");
    await clickSquare(page, "a4");
    const profileKey = "khalif:/data/profile.ron";
    const deadline = Date.now() + 120_000;
    let profile = null;
    while (Date.now() < deadline && !(profile && profile.includes("The Raider"))) {
      await frames(page, 1);
      profile = await page.evaluate((key) => localStorage.getItem(key), profileKey);
    }
    check(profile && profile.includes("The Raider"), "the lesson done is written to the profile in browser storage");
    await page.screenshot({ path: `${shots}/web-lesson.png` });
    await page.reload();
    await page.waitForSelector("#gate:not([hidden])", { timeout: 300_000 });
    await page.click("#gate button");
    await waitFor(page, "the lesson again", (s) => s.ready && Object.keys(s.squares).length === 81, 300);
    const keys = await page.evaluate(() => Object.keys(localStorage));
    const kept = await page.evaluate((key) => localStorage.getItem(key), profileKey);
    check(kept && kept.includes("The Raider") && !keys.some((k) => k.includes("corrupt")),
      `the profile is read back whole on the next visit (keys: ${keys.join(", ")})`);
    check(errors.length === 0, `no page errors (${errors.join(" | ")})`);
    await page.close();
  }
  // 4. Desert Pub Chess against the pub: the game chosen by the address, a jump chain built
  //    by clicking each landing square (the board asks where the chain goes on), then turns.
  {
    const position = encodeURIComponent("wnfssfnw/pppppppp/8/8/2p5/1p6/1W6/S1F2FNW w");
    const { page, errors } = await openPage(browser, `?game=desert-pub-chess&position=${position}&against=1`);
    const first = await waitFor(page, "the Desert Pub Chess match",
      (s) => s.ready && s.game === "desert-pub-chess" && s.toMove === "White" && Object.keys(s.squares).length === 64, 300);
    check(first.legal.includes("b2xb4"), `the Desert Wazir's jump is offered: ${first.legal.join(" ")}`);
    await clickSquare(page, "b2");
    await clickSquare(page, "b4");
    const mid = await waitFor(page, "the chain's next landing", (s) => s.ask && s.ask.cells && s.ask.cells.includes("d4"), 60);
    check(mid.ask.stop === true && mid.moves.length === 0, "after the first jump the chain may go on to d4 or stop");
    await page.screenshot({ path: `${shots}/web-dpc-chain.png` });
    await clickSquare(page, "d4");
    const chained = await waitFor(page, "the chain in the move list", (s) => s.moves.length >= 1, 60);
    check(chained.moves[0] === "Wb2xb4xd4", `the chain built by clicks is one turn: ${chained.moves[0]}`);
    for (let turn = 1; turn < 3; turn++) await playQuietTurn(page, "White", 2 * turn, turn * 5);
    const s = await state(page);
    check(s.moves.length >= 5, `turns of Desert Pub Chess against level 1: ${s.moves.join(", ")}`);
    await page.screenshot({ path: `${shots}/web-desert-pub-chess.png` });
    check(errors.length === 0, `no page errors (${errors.join(" | ")})`);
    await page.close();
  }
  // 5. Chafl against the pub: a custodian capture of two pieces by one click-move (the Prince
  //    joins d4), the captures in the move list, then a turn each.
  {
    const position = encodeURIComponent("4k3/pf6/3C4/3f4/1Hp5/4F1P1/F7/4K3 w");
    const { page, errors } = await openPage(browser, `?game=chafl&position=${position}&against=1`);
    const first = await waitFor(page, "the Chafl match",
      (s) => s.ready && s.game === "chafl" && s.toMove === "White" && Object.keys(s.squares).length === 64, 300);
    check(first.legal.includes("g3xd4"), `the Prince's joining capture is offered: ${first.legal.join(" ")}`);
    await clickSquare(page, "g3");
    await clickSquare(page, "d4");
    const squeezed = await waitFor(page, "the capture in the move list", (s) => s.moves.length >= 1, 60);
    check(squeezed.moves[0] === "Pg3-d4xd5xc4", `one arrival takes both flanked pieces: ${squeezed.moves[0]}`);
    const done = await playQuietTurn(page, "White", 2, 0);
    check(done.moves.length >= 3, `turns of Chafl against level 1: ${done.moves.join(", ")}`);
    await page.screenshot({ path: `${shots}/web-chafl.png` });
    check(errors.length === 0, `no page errors (${errors.join(" | ")})`);
    await page.close();
  }
  // 6. Khitan, expert, against the pub: b4 flips onto c5 and takes g5 along row 5 (violet
  //    facing violet), the board asks where the piece from the reserve goes, a click on a1
  //    places it as it lies (R+, the default), then a turn each.
  {
    const position = encodeURIComponent("r+4/6/7/8/6y+2/1R+6/7/6/5 l expert 3/3");
    const { page, errors } = await openPage(browser, `?game=khitan&position=${position}&against=1`);
    const first = await waitFor(page, "the Khitan match",
      (s) => s.ready && s.game === "khitan" && s.toMove === "Light" && Object.keys(s.squares).length === 61, 300);
    check(first.legal.includes("b4xc5"), `the capturing flip is offered: ${first.legal.join(" ")}`);
    await clickSquare(page, "b4");
    await clickSquare(page, "c5");
    const asked = await waitFor(page, "the placement", (s) => s.ask && s.ask.place && s.ask.place.includes("a1"), 60);
    check(asked.ask.place.length === 26, `a placement on any empty cell of Light's half: ${asked.ask.place.length} cells`);
    await clickSquare(page, "a1");
    const placed = await waitFor(page, "the turn in the move list", (s) => s.moves.length >= 1, 60);
    check(placed.moves[0] === "b4-c5xg5@a1R+", `the capture and the placement are one turn: ${placed.moves[0]}`);
    const done = await playQuietTurn(page, "Light", 2, 0);
    check(done.moves.length >= 3, `turns of Khitan against level 1: ${done.moves.join(", ")}`);
    await page.screenshot({ path: `${shots}/web-khitan.png` });
    check(errors.length === 0, `no page errors (${errors.join(" | ")})`);
    await page.close();
  }
  // 7. Assassin's Izdari against the pub: the full Wagon on a1 drives to a3; it must set a
  //    passenger down on a1 before it can load the Assassin on a2 (key 3: the Halfling, the
  //    third of those offered), then may drop nobody on a2 (key D); then a turn each.
  {
    const position = encodeURIComponent("8/8/8/8/1t6/8/A7/W(AHR)T6 s");
    const { page, errors } = await openPage(browser, `?game=izdari&position=${position}&against=1`);
    const first = await waitFor(page, "the Izdari match",
      (s) => s.ready && s.game === "izdari" && s.toMove === "Southlands" && Object.keys(s.squares).length === 64, 300);
    check(first.legal.includes("a1-a3"), `the Wagon's drive is offered: ${first.legal.join(" ")}`);
    await clickSquare(page, "a1");
    await clickSquare(page, "a3");
    const leaving = await waitFor(page, "the drop on a1", (s) => s.ask && s.ask.pieces && s.ask.pieces.length === 3, 60);
    check(leaving.ask.stop === false && leaving.ask.pieces[2] === "Halfling",
      `full, the Wagon must set someone down on a1: ${leaving.ask.pieces.join(", ")}`);
    await page.keyboard.press("Digit3");
    const onward = await waitFor(page, "the drop on a2", (s) => s.ask && s.ask.pieces && s.ask.stop === true, 60);
    check(onward.ask.pieces.length === 2, `leaving a2 it may drop the Assassin or the Archer, or nobody: ${onward.ask.pieces.join(", ")}`);
    await frames(page, 4); // the step's loading, move and drop shown, the prompt's buttons up
    await page.screenshot({ path: `${shots}/web-izdari-wagon.png` });
    await page.keyboard.press("KeyD");
    const driven = await waitFor(page, "the Wagon's turn in the move list", (s) => s.moves.length >= 1, 60);
    check(driven.moves[0] === "Wa1-a3/Ha1+Aa2", `the drive, the drop and the loading are one turn: ${driven.moves[0]}`);
    const reply = await waitFor(page, "the Northlands' reply", (s) => s.moves.length >= 2 && s.toMove === "Southlands" && !s.thinking, 180);
    const halfling = reply.legal.filter((m) => m.startsWith("a1-"));
    if (halfling.length > 0) {
      const [from, to] = halfling[0].split("-");
      await clickSquare(page, from);
      await clickSquare(page, to);
      await waitFor(page, "the Halfling's move", (s) => s.moves.length >= 3, 180);
    }
    await page.screenshot({ path: `${shots}/web-izdari.png` });
    check(errors.length === 0, `no page errors (${errors.join(" | ")})`);
    await page.close();
  }
  // 8. A place and its crowd (issue 15): the Khalif's Square, venue 13, at medium graphics with
  //    animations on. Onlookers stand in view; the Djinn's capture on d7 plays its vignette,
  //    then the Guard's retaliation, and the turn is listed.
  {
    const settings = "(camera: (turn_to_side_to_move: false), " +
      "graphics: (quality: Medium, shadows: false, smoke: false, msaa: false))";
    const position = encodeURIComponent("9/4k4/3c1g3/9/2D6/9/9/9/K8 g 1");
    const { page, errors } = await openPage(browser, `?position=${position}&venue=13`, settings);
    const first = await waitFor(page, "the match in the Square", (s) => s.ready && s.toMove === "Gold" && Object.keys(s.squares).length === 81, 300);
    check(first.onlookers > 0, `onlookers stand round the table in view (${first.onlookers})`);
    await clickSquare(page, "c5");
    await clickSquare(page, "d7");
    const playing = await waitFor(page, "a capture's vignette", (s) => s.vignette !== null, 60);
    check(playing.vignette === "LeapingStrike" || playing.vignette === "Retaliation", `the capture plays its vignette (${playing.vignette})`);
    await page.screenshot({ path: `${shots}/web-square-vignette.png` });
    const done = await waitFor(page, "the turn in the move list", (s) => s.moves.length === 1 && s.vignette === null, 120);
    check(done.moves[0] === "Dc5xd7 !Gf7xd7", `the Djinn's capture and the Guard's retaliation are one turn: ${done.moves[0]}`);
    check(errors.length === 0, `no page errors (${errors.join(" | ")})`);
    await page.close();
  }
  // The same summary line as cargo's, so CI counts these checks with the others.
  console.log(`test result: ok. ${passed} passed; 0 failed (web e2e)`);
} catch (error) {
  console.log(`not ok - ${error.message}`);
  console.log(`test result: FAILED. ${passed} passed; 1 failed (web e2e)`);
  process.exitCode = 1;
} finally {
  await browser.close();
}
