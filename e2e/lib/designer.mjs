// What the designer's browser tests do with a real mouse: find a canvas point, draw a widget from the palette,
// save and wait for the unsaved mark to go.

/** The canvas's on-screen point of canvas units (x, y) at the zoom shown. */
export async function onCanvas(page, x, y) {
  const canvas = page.locator('[data-testid="designer-canvas"]');
  const box = await canvas.boundingBox();
  const width = Number((await canvas.getAttribute('viewBox')).split(' ')[2]);
  return { x: box.x + (x * box.width) / width, y: box.y + (y * box.width) / width };
}

/** Picks `type` in the palette and drags it out on the canvas from `from` to `to` (canvas units). */
export async function draw(page, type, from, to) {
  await page.locator(`[data-testid="palette-${type}"]`).click();
  const a = await onCanvas(page, ...from);
  const b = await onCanvas(page, ...to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 6 });
  await page.mouse.up();
}

/** Saves with the toolbar's button and waits until the page is no longer marked unsaved. */
export async function save(page) {
  await page.locator('[data-testid="designer-save"]').click();
  await page.locator('[data-testid="designer-unsaved"]').waitFor({ state: 'detached' });
}

/** The top-level widgets of `type` on the canvas. */
export const widgetsOfType = (page, type) => page.locator(`[data-layer="widgets"] > [data-widget-type="${type}"]`);
