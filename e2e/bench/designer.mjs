// `make bench` (browser part): the page designer with a generated page of 1,000 widgets (issue 13's figures).
// Prints: open → interactive (the last widget drawn and the main thread free), frame times while dragging a
// selection of 50 widgets (p50, p95, max of the gaps between animation frames), the undo of that drag, and the
// save round trip; then the viewer's main-thread busy share (task time over wall time, from Chromium's own
// metrics) with a page of 1,000 widgets all bound to the demo pump's live signals. Asserts nothing about time.
//
// Uses the release binary (IRONSIGHT_BIN, set by `make bench`) and the built web app it embeds.

import { launchBrowser, loginThroughForm, startServer } from '../lib/harness.mjs';
import { api, findDemo } from '../lib/demo.mjs';

const RUNS = 3;
/** Opens are cheap and the figure is noisy on a 2-core machine: more of them for its median. */
const OPEN_RUNS = 9;
const WIDGETS = 1000;
const KINDS = ['ShapeRect', 'ShapeCircle', 'UsualText', 'UsualDataText', 'UsualButton'];

/** A page of `WIDGETS` widgets on a 40-column grid, every fifth a data text (unbound: the designer shows no values). */
function generatedDocument() {
  const widgets = Array.from({ length: WIDGETS }, (_, i) => {
    const widgetType = KINDS[i % KINDS.length];
    const position = { x: 10 + (i % 40) * 48, y: 10 + Math.floor(i / 40) * 48, width: 40, height: 40, rotate: 0 };
    if (widgetType === 'ShapeCircle') Object.assign(position, { r: 20 });
    return { id: `w${i}`, widgetType, position, data: { text: widgetType === 'UsualText' ? `T${i}` : '' } };
  });
  return JSON.stringify({ con: { width: 2000, height: 1300 }, widgets });
}

/**
 * A page of `WIDGETS` widgets every one bound to a live signal of the demo pump (`signals`: ids by title, bound in
 * turn): data texts, and shapes whose fill follows the value (colour rules), so every value pushed redraws widgets.
 */
function boundDocument(equipmentId, signals) {
  const titles = Object.keys(signals);
  const widgets = Array.from({ length: WIDGETS }, (_, i) => {
    const title = titles[i % titles.length];
    const data = { type: 'signal', equipId: equipmentId, signalId: signals[title], title, subTitle: '' };
    const position = { x: 10 + (i % 40) * 48, y: 10 + Math.floor(i / 40) * 48, width: 44, height: 40, rotate: 0 };
    if (i % 2 === 0) return { id: `v${i}`, widgetType: 'UsualDataText', position, data };
    const rules = [{ symbol: '>', value: 0, color: '#52C41A' }, { symbol: '<=', value: 0, color: '#BFBFBF' }];
    return { id: `v${i}`, widgetType: 'ShapeRect', position, data, style: { fill: { enable: true, color: '#1677FF' } }, animation: { fillColor: { enable: true, dataArray: rules } } };
  });
  return JSON.stringify({ con: { width: 2000, height: 1300, fit: 'width' }, widgets });
}

/** Chromium's cumulative main-thread task time (s) of `page`, from the DevTools protocol. */
async function taskSeconds(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics');
  return metrics.find((m) => m.name === 'TaskDuration').value;
}

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const frame = (page) => page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));

const server = await startServer();
const chromium = await launchBrowser();
try {
  const context = await chromium.browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const page = await context.newPage();
  await loginThroughForm(page, server.base, 'demo', 'Demo@12345');
  await page.waitForURL('**/monitor/eg/list');
  const { equipmentId } = await findDemo(page);
  const added = await api(page, '/lfscada/configuration/page/add', { equipmentId: String(equipmentId), title: 'bench', width: '2000', height: '1300' });
  const saved = await api(page, '/lfscada/configuration/page/save', { id: String(added.data.id), document: generatedDocument() });
  if (saved.code !== '200') throw new Error(`the bench page was refused: ${JSON.stringify(saved)}`);
  const url = `${server.base}/manage/eg/${equipmentId}/designer/${added.data.id}`;

  const opens = [];
  const gaps = [];
  const undos = [];
  const saves = [];
  const open = async () => {
    await page.goto(`${server.base}/monitor/eg/list`);
    const began = Date.now();
    await page.goto(url);
    await page.locator(`[data-testid="widget-w${WIDGETS - 1}"]`).waitFor({ state: 'attached', timeout: 120_000 });
    await frame(page);
    return Date.now() - began;
  };
  // The first open of all is the browser's first sight of the designer's code (compiled, cached): reported apart.
  const firstOpen = await open();
  for (let run = 0; run < OPEN_RUNS; run++) opens.push(await open());
  for (let run = 0; run < RUNS; run++) {
    await open();

    // The whole canvas in view, then 50 widgets selected (a marquee round the first 25 columns of two rows) and
    // dragged.
    await page.locator('[data-testid="zoom-fit"]').click();
    await frame(page);
    const canvas = await page.locator('[data-testid="designer-canvas"]').boundingBox();
    const scale = canvas.width / 2000;
    const at = (x, y) => ({ x: canvas.x + x * scale, y: canvas.y + y * scale });
    const corner = at(2, 2);
    const far = at(10 + 24 * 48 + 44, 10 + 48 + 44);
    await page.mouse.move(corner.x, corner.y);
    await page.mouse.down();
    await page.mouse.move(far.x, far.y, { steps: 5 });
    await page.mouse.up();
    const selected = await page.locator('[data-layer="selection"] rect[data-testid^="selected-"]').count();
    if (selected !== 50) throw new Error(`the marquee selected ${selected} widgets, not 50`);
    await page.evaluate(() => {
      window.__gaps = [];
      window.__last = performance.now();
      window.__on = true;
      const tick = (now) => {
        window.__gaps.push(now - window.__last);
        window.__last = now;
        if (window.__on) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    const from = at(30, 30);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(from.x + 200, from.y + 150, { steps: 60 });
    await page.mouse.up();
    await frame(page);
    gaps.push(...(await page.evaluate(() => { window.__on = false; return window.__gaps.slice(1); })));

    const undoBegan = Date.now();
    await page.keyboard.press('Control+z');
    await frame(page);
    undos.push(Date.now() - undoBegan);

    await page.keyboard.press('Control+y');
    const saveBegan = Date.now();
    await page.locator('[data-testid="designer-save"]').click();
    await page.locator('[data-testid="designer-unsaved"]').waitFor({ state: 'detached', timeout: 60_000 });
    saves.push(Date.now() - saveBegan);
    // The next run starts from the generated page again.
    await api(page, '/lfscada/configuration/page/save', { id: String(added.data.id), document: generatedDocument() });
  }
  [opens, gaps, undos, saves].forEach((list) => list.sort((a, b) => a - b));
  const ms = (v) => `${Math.round(v)} ms`;
  console.log(`\nPage designer, ${WIDGETS} widgets, headless Chromium, ${RUNS} drag runs (${process.env.IRONSIGHT_BIN ? 'release' : 'debug'} server)`);
  console.log(`  open → interactive:               median ${ms(percentile(opens, 50))}, worst ${ms(opens.at(-1))} (${OPEN_RUNS} opens; the very first ${ms(firstOpen)})`);
  console.log(`  frames while dragging 50 widgets: p50 ${ms(percentile(gaps, 50))}, p95 ${ms(percentile(gaps, 95))}, max ${ms(gaps.at(-1))} (${gaps.length} frames)`);
  console.log(`  undo of that drag:                median ${ms(percentile(undos, 50))}`);
  console.log(`  save round trip:                  median ${ms(percentile(saves, 50))}`);

  // The viewer: 1,000 bound widgets, live, measured over 20 s once the page has drawn its first values.
  const { signals } = await findDemo(page);
  const live = await api(page, '/lfscada/configuration/page/add', { equipmentId: String(equipmentId), title: 'bench live', width: '2000', height: '1300' });
  const liveSaved = await api(page, '/lfscada/configuration/page/save', { id: String(live.data.id), document: boundDocument(equipmentId, signals) });
  if (liveSaved.code !== '200') throw new Error(`the live bench page was refused: ${JSON.stringify(liveSaved)}`);
  await page.goto(`${server.base}/monitor/eg/detail/page/${live.data.id}/0`);
  await page.locator(`[data-testid="widget-v${WIDGETS - 1}"]`).waitFor({ state: 'attached', timeout: 120_000 });
  // Live values drawn: the first data text shows a number.
  await page.waitForFunction(() => /\d/.test(document.querySelector('[data-testid="widget-v0"]')?.textContent ?? ''), null, { timeout: 60_000 });
  await page.evaluate(() => {
    window.__changes = 0;
    new MutationObserver((records) => { window.__changes += records.length; }).observe(document.querySelector('[data-testid="runtime-canvas"]'), { subtree: true, characterData: true, childList: true, attributes: true });
  });
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  const WINDOW_S = 20;
  const busyBefore = await taskSeconds(cdp);
  const wallBefore = Date.now();
  await page.waitForTimeout(WINDOW_S * 1000);
  const busy = (await taskSeconds(cdp)) - busyBefore;
  const wall = (Date.now() - wallBefore) / 1000;
  const changes = await page.evaluate(() => window.__changes);
  console.log(`\nPage viewer, ${WIDGETS} widgets bound to the demo pump's live signals (${Object.keys(signals).length} signals), ${WINDOW_S} s`);
  console.log(`  main thread busy:                 ${((100 * busy) / wall).toFixed(1)} % (${busy.toFixed(2)} s of tasks in ${wall.toFixed(1)} s)`);
  console.log(`  DOM changes drawn:                ${changes} (${(changes / wall).toFixed(0)} a second)`);
  await context.close();
} finally {
  await chromium.close();
  await server.stop();
}
