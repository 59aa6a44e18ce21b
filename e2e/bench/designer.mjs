// `make bench` (browser part): the page designer with a generated page of 1,000 widgets (issue 13's figures).
// Prints: open → interactive (the last widget drawn and the main thread free), frame times while dragging a
// selection of 50 widgets (p50, p95, max of the gaps between animation frames), the undo of that drag, and the
// save round trip. Asserts nothing about time.
//
// Uses the release binary (IRONSIGHT_BIN, set by `make bench`) and the built web app it embeds.

import { launchBrowser, loginThroughForm, startServer } from '../lib/harness.mjs';
import { api, findDemo } from '../lib/demo.mjs';

const RUNS = 3;
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
  for (let run = 0; run < RUNS; run++) {
    await page.goto(`${server.base}/monitor/eg/list`);
    const began = Date.now();
    await page.goto(url);
    await page.locator(`[data-testid="widget-w${WIDGETS - 1}"]`).waitFor({ state: 'attached', timeout: 120_000 });
    await frame(page);
    opens.push(Date.now() - began);

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
  console.log(`\nPage designer, ${WIDGETS} widgets, headless Chromium, ${RUNS} runs (${process.env.IRONSIGHT_BIN ? 'release' : 'debug'} server)`);
  console.log(`  open → interactive:               median ${ms(percentile(opens, 50))}, worst ${ms(opens.at(-1))}`);
  console.log(`  frames while dragging 50 widgets: p50 ${ms(percentile(gaps, 50))}, p95 ${ms(percentile(gaps, 95))}, max ${ms(gaps.at(-1))} (${gaps.length} frames)`);
  console.log(`  undo of that drag:                median ${ms(percentile(undos, 50))}`);
  console.log(`  save round trip:                  median ${ms(percentile(saves, 50))}`);
  await context.close();
} finally {
  await chromium.close();
  await server.stop();
}
