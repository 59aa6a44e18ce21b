// `make bench` (browser part): how long the EG detail's history tab takes to draw 200,000 points, and the longest
// frame while zooming into them. Prints figures; asserts nothing about time.
//
// The demo plant has minutes of history, not 200,000 points, so the history answer is replaced in this page by one
// of the server's full size and shape (10 signals sharing the 200,000-point budget, two of them as min/max buckets).
// The time the server takes to answer such a query on a real database is measured by the API bench
// (`crates/server/examples/bench.rs`); the two add up to "query plus first render".
//
// Uses the release binary (IRONSIGHT_BIN, set by `make bench`) and the built web app it embeds.

import { launchBrowser, loginThroughForm, startServer } from '../lib/harness.mjs';
import { findDemo, pick } from '../lib/demo.mjs';

const RUNS = 5;
const SIGNALS = 10;
const POINTS_PER_SIGNAL = 20_000;

/** A history answer of the server's shape: 200,000 points over 7 days, the last two signals as min/max buckets. */
function fullSizeAnswer(equipmentId) {
  const end = Date.now();
  const start = end - 7 * 86_400_000;
  const step = Math.floor((end - start) / POINTS_PER_SIGNAL);
  const series = Array.from({ length: SIGNALS }, (_, s) => {
    const bucketed = s >= SIGNALS - 2;
    const points = [];
    for (let i = 0; i < POINTS_PER_SIGNAL; i += bucketed ? 2 : 1) {
      const t = start + i * step;
      const v = 50 + 40 * Math.sin(i / (500 + s * 50)) + (i % 9973 === 0 ? 400 : 0);
      if (bucketed) points.push([t, v - 5, true], [t + step, v + 5, true]);
      else points.push([t, v, true]);
    }
    return {
      signalId: 1000 + s,
      signalTitle: `S${s}`,
      equipId: equipmentId,
      equipTitle: '1# Pump station',
      unit: s % 2 ? 'bar' : '%',
      decimals: 1,
      rows: bucketed ? 900_000 : POINTS_PER_SIGNAL,
      bucketMs: bucketed ? step * 2 : null,
      points,
    };
  });
  return { code: '200', message: '', data: { startTime: start, endTime: end, series } };
}

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

const server = await startServer();
const chromium = await launchBrowser();
try {
  const context = await chromium.browser.newContext({ viewport: { width: 1366, height: 860 } });
  const page = await context.newPage();
  await loginThroughForm(page, server.base, 'demo', 'Demo@12345');
  await page.waitForURL('**/monitor/eg/list');
  const { equipmentId } = await findDemo(page);
  const body = JSON.stringify(fullSizeAnswer(equipmentId));
  await page.route('**/lfscada/monitor/multi/history/query', (route) => route.fulfill({ contentType: 'application/json', body }));

  const draws = [];
  const worstFrames = [];
  for (let run = 0; run < RUNS; run++) {
    await page.goto(`${server.base}/monitor/eg/detail/list/${equipmentId}?tab=history`);
    await pick(page, 'history-signals', 'Flow');
    await page.keyboard.press('Escape');
    const began = Date.now();
    await page.locator('#history-query').click();
    await page.locator('[data-testid="history-chart"] canvas').first().waitFor({ timeout: 120_000 });
    const summary = await page.locator('[data-testid="history-summary"]').innerText();
    if (!/200,000/.test(summary)) throw new Error(`the chart did not get 200,000 points: ${summary}`);
    // Drawn when the main thread is free again: two animation frames after the canvas appeared.
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    draws.push(Date.now() - began);

    // Ten wheel zooms; the longest gap between animation frames while the chart redraws.
    const box = await page.locator('[data-testid="history-chart"]').boundingBox();
    await page.evaluate(() => {
      window.__gaps = [];
      let last = performance.now();
      const tick = (now) => {
        window.__gaps.push(now - last);
        last = now;
        if (window.__gaps.length < 400) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let i = 0; i < 10; i++) {
      await page.mouse.wheel(0, -300);
      await page.waitForTimeout(100);
    }
    await page.waitForTimeout(500);
    const gaps = await page.evaluate(() => window.__gaps.slice(1));
    worstFrames.push(Math.max(...gaps));
  }
  draws.sort((a, b) => a - b);
  worstFrames.sort((a, b) => a - b);
  console.log(`\nHistory chart, ${SIGNALS} signals / 200,000 points, headless Chromium, ${RUNS} runs (release server, answer of full size)`);
  console.log(`  click → drawn:                  median ${percentile(draws, 50)} ms, worst ${draws.at(-1)} ms`);
  console.log(`  longest frame while zooming:    median ${Math.round(percentile(worstFrames, 50))} ms, worst ${Math.round(worstFrames.at(-1))} ms`);
  await context.close();
} finally {
  await chromium.close();
  await server.stop();
}
