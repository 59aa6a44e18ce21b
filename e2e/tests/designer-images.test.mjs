// The organisation's image library in the designer, in a real browser against the real server: a file of another
// type refused in the browser, a PNG made here uploaded and picked for an image widget and for the page's
// background, saved, and shown by the live page; a picture the page shows cannot be deleted (the server's words are
// shown), one no page shows can. Screenshots in zh-CN and en.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { deflateSync } from 'node:zlib';
import { consoleUnderTest, snap } from '../lib/harness.mjs';
import { api, findDemo } from '../lib/demo.mjs';
import { draw, onCanvas, save, widgetsOfType } from '../lib/designer.mjs';

const app = consoleUnderTest();

/** CRC-32 of PNG chunks (ISO 3309). */
function crc32(bytes) {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type, data) {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

/** A `width` × `height` RGBA PNG: a blue field with an orange disc in the middle, so it reads in a screenshot. */
function pumpPng(width = 96, height = 64) {
  const rows = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 4); // filter byte 0, then the pixels
    for (let x = 0; x < width; x++) {
      const inDisc = (x - width / 2) ** 2 + (y - height / 2) ** 2 < (height / 3) ** 2;
      const [r, g, b] = inDisc ? [250, 140, 22] : [22, 119, 255];
      row.set([r, g, b, 255], 1 + x * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const VALVE_SVG = `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80" viewBox="0 0 120 80">
  <rect x="4" y="30" width="112" height="20" fill="#8c8c8c"/>
  <polygon points="30,10 90,70 90,10 30,70" fill="#52c41a" stroke="#237804" stroke-width="3"/>
</svg>`;

/** The width the browser decodes the picture at `src` to (0 when it does not load). */
async function naturalWidth(page, src) {
  return page.evaluate(async (address) => {
    const img = new Image();
    img.src = address;
    try {
      await img.decode();
    } catch {
      return 0;
    }
    return img.naturalWidth;
  }, src);
}

/** The open library dialog. */
const library = (page) => page.locator('[data-testid="image-library"]');

/** The library's tile of the picture titled `title`. */
const tile = (page, title) => library(page).locator('[data-testid="library-image"]', { has: page.getByRole('img', { name: title }) });

async function openDesigner(page, title) {
  const { equipmentId } = await findDemo(page);
  const added = await api(page, '/lfscada/configuration/page/add', { equipmentId: String(equipmentId), title });
  assert.equal(added.code, '200', JSON.stringify(added));
  await page.goto(`${app.base}/manage/eg/${equipmentId}/designer/${added.data.id}`);
  await page.locator('[data-testid="designer-canvas"]').waitFor();
  return added.data.id;
}

/** Clicks an empty spot of the canvas, so nothing is selected and the page's settings show. */
async function selectNothing(page) {
  const spot = await onCanvas(page, 600, 420);
  await page.mouse.click(spot.x, spot.y);
  await page.locator('[data-testid="page-panel"]').waitFor();
}

describe('the image library in the designer', () => {
  test('zh-CN: a PNG uploaded, picked for an image widget and the background, shown live; deletion refused while used', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    const pageId = await openDesigner(page, '图库');
    await draw(page, 'UsualImage', [80, 80], [320, 240]);
    await page.locator('[data-testid="field-url-library"]').click();
    await library(page).locator('[data-testid="library-empty"]').waitFor();

    // A file that is not a picture is refused in the browser with the accepted types.
    const input = library(page).locator('input[type="file"]');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') });
    await library(page).getByText('只能上传 PNG / JPG / GIF / SVG / WEBP 格式的图片').waitFor();

    // The PNG made here is uploaded, titled by its name, and shown as a thumbnail that loads.
    await input.setInputFiles({ name: '泵站标志.png', mimeType: 'image/png', buffer: pumpPng() });
    const uploaded = tile(page, '泵站标志');
    await uploaded.waitFor();
    const image = await uploaded.getAttribute('data-image');
    assert.match(image, /^\/userimg\/[0-9a-f]{32}\.png$/);
    await page.waitForFunction((src) => [...document.querySelectorAll(`img[src="${src}"]`)].some((img) => img.complete && img.naturalWidth > 0), image);
    await snap(page, 'designer-images-01-library-zh');

    // Picked for the image widget: the field holds its address and the canvas draws it.
    await uploaded.locator('[data-testid="library-pick"]').click();
    await library(page).waitFor({ state: 'detached' });
    assert.equal(await page.locator('[data-testid="field-url"]').inputValue(), image);
    await widgetsOfType(page, 'UsualImage').locator(`image[href="${image}"]`).waitFor({ state: 'attached' });

    // And as the page's background, from the page's settings.
    await selectNothing(page);
    await page.locator('[data-testid="page-bgImage-library"]').click();
    await tile(page, '泵站标志').locator('[data-testid="library-pick"]').click();
    await library(page).waitFor({ state: 'detached' });
    assert.equal(await page.locator('[data-testid="page-bgImage"]').inputValue(), image);
    await save(page);
    await snap(page, 'designer-images-02-picked-zh');
    const stored = await api(page, '/lfscada/configuration/page/info', { id: String(pageId) });
    assert.equal(stored.data.document.con.bgImage, image);
    assert.equal(stored.data.document.widgets[0].data.url, image);

    // While the page shows it, the library refuses to delete it, in the server's words, and keeps it.
    await page.locator('[data-testid="page-bgImage-library"]').click();
    await tile(page, '泵站标志').locator('[data-testid="library-delete"]').click();
    await page.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
    await library(page).locator('[data-testid="library-error"]').getByText('该图片正被 1 个页面使用，请先在页面中替换后再删除').waitFor();
    assert.equal(await tile(page, '泵站标志').count(), 1);
    await snap(page, 'designer-images-03-delete-refused-zh');
    await library(page).getByRole('button', { name: /关\s?闭/ }).last().click();

    // The live page draws the picture on the widget and as its background, loaded from the server.
    await page.goto(`${app.base}/monitor/eg/detail/page/${pageId}/0`);
    const canvas = page.locator('[data-testid="runtime-canvas"]');
    await canvas.locator(`[data-widget-type="UsualImage"] image[href="${image}"]`).waitFor({ state: 'attached' });
    await canvas.locator(`image[href="${image}"][preserveAspectRatio="none"]`).waitFor({ state: 'attached' });
    assert.equal(await naturalWidth(page, image), 96);
    await snap(page, 'designer-images-04-live-zh');
    await page.context().close();
  });

  test('en: an SVG uploaded from the page settings, renamed and picked as the background; a picture no page shows is deleted', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    await page.locator('#lang-switch').click();
    await page.getByText('Gateway equipment').first().waitFor();
    await openDesigner(page, 'Image library');
    await page.locator('[data-testid="page-bgImage-library"]').click();
    const input = library(page).locator('input[type="file"]');
    await input.setInputFiles({ name: 'Inlet valve.svg', mimeType: 'image/svg+xml', buffer: Buffer.from(VALVE_SVG) });
    const valve = tile(page, 'Inlet valve');
    await valve.waitFor();
    const image = await valve.getAttribute('data-image');
    assert.match(image, /^\/userimg\/[0-9a-f]{32}\.svg$/);
    await page.waitForFunction((src) => [...document.querySelectorAll(`img[src="${src}"]`)].some((img) => img.complete && img.naturalWidth > 0), image);
    await library(page).getByText('SVG · ').first().waitFor();
    await snap(page, 'designer-images-05-library-en');

    // Renamed in place: the pencil, the new title typed over the old, Enter; the library lists it by its new name.
    await valve.getByRole('button', { name: 'Rename' }).click();
    const titleField = valve.getByRole('textbox');
    await titleField.press('Control+a');
    await titleField.pressSequentially('Inlet valve DN100');
    await snap(page, 'designer-images-05b-rename-en');
    await titleField.press('Enter');
    const renamed = tile(page, 'Inlet valve DN100');
    await renamed.waitFor();
    assert.equal(await renamed.getAttribute('data-image'), image, 'the same picture, by its new name');

    // A second picture, used nowhere, is deleted after asking, and its file is gone.
    await input.setInputFiles({ name: 'spare.png', mimeType: 'image/png', buffer: pumpPng(32, 32) });
    const spare = tile(page, 'spare');
    await spare.waitFor();
    const spareImage = await spare.getAttribute('data-image');
    await spare.locator('[data-testid="library-delete"]').click();
    await page.getByText('Delete “spare” from the library?', { exact: false }).waitFor();
    await page.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
    await spare.waitFor({ state: 'detached' });
    const status = await page.evaluate(async (src) => (await fetch(src, { cache: 'no-store' })).status, spareImage);
    assert.equal(status, 404, 'the deleted picture is no longer served');

    // The SVG picked as the page's background.
    await renamed.locator('[data-testid="library-pick"]').click();
    await library(page).waitFor({ state: 'detached' });
    assert.equal(await page.locator('[data-testid="page-bgImage"]').inputValue(), image);
    await page.locator(`[data-testid="designer-canvas"] image[href="${image}"]`).waitFor({ state: 'attached' });
    await save(page);
    await snap(page, 'designer-images-06-background-en');
  });
});
