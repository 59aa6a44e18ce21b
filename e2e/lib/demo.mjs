// Page-level helpers shared by the browser tests and the browser bench: calls from inside a logged-in page, and
// the demo plant's equipment and signals, and waiting for what the plant does.

import assert from 'node:assert/strict';

/** A POST from inside the page (same origin, the session cookie, the Origin header the server checks). */
export async function api(page, path, fields) {
  return page.evaluate(
    async ({ path, fields }) => {
      const response = await fetch(path, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields).toString(),
        credentials: 'include',
      });
      return response.json();
    },
    { path, fields },
  );
}

/** Picks an option of an antd Select by typing its label and pressing Enter. */
export async function pick(page, selectId, label) {
  await page.locator(`#${selectId}`).click();
  await page.locator(`#${selectId}`).fill(label);
  await page.locator(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${label}"]`).click();
}

/** The demo equipment's id and its signal ids by title. */
export async function findDemo(page) {
  const found = await api(page, '/lfscada/equipment/multi/query', { keyword: '1# Pump station', page: '1', pageSize: '10' });
  const equipmentId = found.data.list[0].id;
  const listed = await api(page, '/lfscada/monitor/multi/signal/query', { equipmentId: String(equipmentId) });
  return { equipmentId, signals: Object.fromEntries(listed.data.map((s) => [s.signalTitle, s.id])) };
}

/** Signals of a second pump that has no device behind it: an outlet pressure and a motor current. */
export const PUMP_SIGNALS = [
  { id: 0, name: 'Outlet pressure', area: 'input_register', address: 0, dataType: 'float32', unit: 'bar' },
  { id: 0, name: 'Motor current', area: 'input_register', address: 2, dataType: 'float32', unit: 'A' },
];

/**
 * Adds an equipment named `name` with `signals` (the demo seeds one equipment); answers its id and its signal ids by
 * title. With `readsLike` (an equipment id), it takes that equipment's driver settings and the demo gateway, so it
 * reads the demo simulator and its values travel the real path.
 */
export async function addPump(page, name, signals = PUMP_SIGNALS, readsLike = undefined) {
  const added = await api(page, '/lfscada/equipment/multi/add', { equipName: name });
  assert.equal(added.code, '200', JSON.stringify(added));
  const equipmentId = added.data.id;
  const saved = await api(page, '/lfscada/equipment/multi/signal/save', { equipmentId: String(equipmentId), signals: JSON.stringify(signals) });
  assert.equal(saved.code, '200', JSON.stringify(saved));
  if (readsLike !== undefined) {
    const model = await api(page, '/lfscada/equipment/multi/info', { id: String(readsLike) });
    assert.ok(model.data.driver, `the equipment read from has driver settings: ${JSON.stringify(model)}`);
    const driver = await api(page, '/lfscada/equipment/multi/driver/save', { id: String(equipmentId), driver: JSON.stringify(model.data.driver) });
    assert.equal(driver.code, '200', JSON.stringify(driver));
    const bound = await api(page, '/lfscada/equipment/multi/bindGateway', { id: String(equipmentId), sn: 'EG-DEMO-01' });
    assert.equal(bound.code, '200', JSON.stringify(bound));
  }
  const listed = await api(page, '/lfscada/monitor/multi/signal/query', { equipmentId: String(equipmentId) });
  return { equipmentId, signals: Object.fromEntries(listed.data.map((s) => [s.signalTitle, s.id])) };
}

/** Polls `check` every 0.5 s until it answers something truthy (which it returns), failing after `timeoutMs`. */
export async function until(check, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await check();
    if (result) return result;
    if (Date.now() > deadline) assert.fail(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Writes a value through the gateway and waits for the device to have it (the command's callback). */
export async function writeThroughGateway(page, signalId, value) {
  const written = await api(page, '/lfscada/monitor/multi/signal/write', { signalId: String(signalId), value: String(value) });
  assert.equal(written.code, '200', JSON.stringify(written));
  await until(async () => {
    const outcome = await api(page, '/lfscada/equipment/multi/callback', { uuid: written.data.uuid });
    assert.notEqual(outcome.data?.status, 'failure', JSON.stringify(outcome));
    return outcome.data?.status === 'success';
  }, `the write of ${value}`);
}

/**
 * The demo's water-quality analyser once the demo adopted it: GM equipment (a Sparkplug B edge node of the demo's
 * own, docs/gm-equipment.md) on no gateway, adopted at its first birth a moment after the server starts. A test that
 * counts the demo's equipment waits for it first, so the count does not depend on that moment.
 */
export async function demoAnalyser(page) {
  return until(async () => {
    const found = await api(page, '/lfscada/equipment/multi/query', { keyword: 'Water-quality analyser' });
    return found.data?.list?.[0];
  }, "the demo's analyser adopted");
}
