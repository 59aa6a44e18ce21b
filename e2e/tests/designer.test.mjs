// The page designer in a real browser against the real server, driven with the mouse and the keyboard: a new page
// of the demo equipment opened from its page tab, widgets drawn from the palette, one dragged and the drag undone
// and redone, resized, rotated, snapped, given text, a binding and a click event in the property panel, the canvas
// resized, saved, the page reloaded as saved, and its button pressed in the live preview writes to the simulated
// pump; the demo's drawn page opened in the designer looks as it does in the viewer; palette items dragged onto the
// canvas land where dropped and Ctrl+S saves. Screenshots in zh-CN and en.

import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { consoleUnderTest, snap } from '../lib/harness.mjs';
import { api, findDemo, until } from '../lib/demo.mjs';
import { onCanvas, widgetsOfType } from '../lib/designer.mjs';

const app = consoleUnderTest();

async function dragOnCanvas(page, from, to) {
  const a = await onCanvas(page, ...from);
  const b = await onCanvas(page, ...to);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
}

const field = (page, name) => page.locator(`[data-testid="position-${name}"]`);

/** The latest stored value of a demo signal. */
async function latestValue(page, signalId) {
  const { equipmentId } = await findDemo(page);
  const answer = await api(page, '/lfscada/monitor/multi/signal/data', { equipmentId: String(equipmentId) });
  return answer.data?.signalVal?.[signalId]?.value ?? null;
}

/** A new page of the demo equipment, opened in the designer from the equipment's page tab. */
async function openNewPage(page, title) {
  const { equipmentId } = await findDemo(page);
  const added = await api(page, '/lfscada/configuration/page/add', { equipmentId: String(equipmentId), title, width: '800', height: '500' });
  assert.equal(added.code, '200', JSON.stringify(added));
  await page.goto(`${app.base}/manage/eg/equipment/edit/${equipmentId}/page`);
  await page.locator(`[data-testid="page-design-${added.data.id}"]`).click();
  await page.waitForURL(`**/manage/eg/${equipmentId}/designer/${added.data.id}`);
  await page.locator('[data-testid="designer-canvas"]').waitFor();
  return { equipmentId, pageId: added.data.id };
}

describe('page designer', () => {
  test('zh-CN: draw, drag, undo, redo, rotate and save a page with the mouse and keyboard', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    const { pageId } = await openNewPage(page, '设计器测试页');
    const { signals } = await findDemo(page);
    const outletTitle = Object.keys(signals).find((title) => title.startsWith('Outlet'));
    assert.ok(outletTitle, JSON.stringify(signals));
    assert.equal(await page.locator('[data-testid="designer-title"]').innerText(), '设计器测试页');

    // A rectangle and a text, drawn from the palette.
    await page.locator('[data-testid="palette-ShapeRect"]').click();
    await dragOnCanvas(page, [100, 100], [260, 180]);
    await widgetsOfType(page, 'ShapeRect').waitFor();
    assert.equal(await field(page, 'x').inputValue(), '100');
    assert.equal(await field(page, 'width').inputValue(), '160');
    // The south-east handle widens and heightens it; the north-west corner stays.
    await dragOnCanvas(page, [260, 180], [280, 190]);
    assert.equal(await field(page, 'width').inputValue(), '180');
    assert.equal(await field(page, 'height').inputValue(), '90');
    assert.equal(await field(page, 'x').inputValue(), '100');
    await page.keyboard.press('Control+z');
    assert.equal(await field(page, 'width').inputValue(), '160');
    await page.locator('[data-testid="palette-UsualText"]').click();
    await dragOnCanvas(page, [320, 100], [480, 140]);
    await widgetsOfType(page, 'UsualText').waitFor({ state: 'attached' });
    await page.locator('[data-testid="designer-unsaved"]').waitFor();

    // Drag the rectangle; Ctrl+Z puts it back, Ctrl+Y moves it again.
    await dragOnCanvas(page, [180, 140], [230, 190]);
    assert.equal(await field(page, 'x').inputValue(), '150');
    assert.equal(await field(page, 'y').inputValue(), '150');
    await page.keyboard.press('Control+z');
    assert.equal(await field(page, 'x').inputValue(), '100');
    await page.keyboard.press('Control+y');
    assert.equal(await field(page, 'x').inputValue(), '150');
    // The arrows move it by one, Shift by ten.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('Shift+ArrowDown');
    assert.equal(await field(page, 'x').inputValue(), '151');
    assert.equal(await field(page, 'y').inputValue(), '160');
    // A quarter turn from the toolbar.
    await page.locator('[data-testid="action-rotateClockwise"]').click();
    assert.equal(await field(page, 'rotate').inputValue(), '90');
    // A width typed into the panel.
    await field(page, 'width').fill('200');
    await field(page, 'width').press('Enter');
    assert.equal(await field(page, 'width').inputValue(), '200');
    await snap(page, 'designer-01-drawn-zh');

    // With snapping from 5 units on, the text dragged to 3 units from the turned rectangle's left edge as shown
    // (x 211) and 2 from its top (y 100) lands on both, and guides show while the button is held.
    await page.locator('#designer-adsorb').click();
    const from = await onCanvas(page, 400, 120);
    const to = await onCanvas(page, 294, 122);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move(to.x, to.y, { steps: 6 });
    await page.locator('[data-testid="guide-x"]').waitFor({ state: 'attached' });
    await snap(page, 'designer-02-snap-guide-zh');
    await page.mouse.up();
    assert.equal(await field(page, 'x').inputValue(), '211');
    assert.equal(await field(page, 'y').inputValue(), '100');
    assert.equal(await page.locator('[data-testid="guide-x"]').count(), 0);

    // The text's own panel: its words typed in, committed when the field is left.
    await page.locator('#field-text').fill('一号泵房');
    await page.keyboard.press('Tab');
    await page.locator('[data-testid="designer-canvas"]').getByText('一号泵房').waitFor();
    // A data text bound to the outlet pressure from the equipment's signals.
    await page.locator('[data-testid="palette-UsualDataText"]').click();
    await dragOnCanvas(page, [420, 300], [580, 340]);
    await page.locator('#field-binding').click();
    await page.keyboard.type(outletTitle.slice(0, 6));
    await page.locator(`.ant-select-item-option[title^="${outletTitle}"]`).first().click();
    await snap(page, 'designer-03-properties-zh');
    // The data text turns red at 0 and yellow at 1 (the spec's default colour rules), one more rule added.
    await page.locator('#field-fontRuleEnable').click();
    assert.equal(await page.locator('[data-testid="field-fontRuleRules-row"]').count(), 2);
    await page.locator('[data-testid="field-fontRuleRules-add"]').click();
    assert.equal(await page.locator('[data-testid="field-fontRuleRules-row"]').count(), 3);
    await snap(page, 'designer-03b-animation-zh');

    // A button that asks, then writes 1 to "Pump start".
    await page.locator('[data-testid="palette-UsualButton"]').click();
    await dragOnCanvas(page, [620, 300], [760, 350]);
    await page.locator('#field-text').fill('启动水泵');
    await page.keyboard.press('Tab');
    await page.locator('#field-clickEnable').click();
    await page.locator('#field-clickSignal').click();
    await page.keyboard.type('Pump st');
    await page.locator('.ant-select-item-option[title^="Pump start"]').first().click();
    await page.locator('#field-writeValue').fill('1');
    await page.locator('#field-writeValue').press('Enter');
    await page.locator('#field-hint').click();
    await page.locator('#field-hintValue').fill('启动水泵？');
    await page.locator('#field-hintValue').press('Enter');
    await snap(page, 'designer-04-click-event-zh');

    // A click on the empty canvas selects nothing and shows the page's settings: a wider canvas.
    const empty = await onCanvas(page, 700, 460);
    await page.mouse.click(empty.x, empty.y);
    await page.locator('[data-testid="page-panel"]').waitFor();
    await page.locator('#page-width').fill('900');
    await page.locator('#page-width').press('Enter');
    assert.equal(await page.locator('[data-testid="designer-canvas"]').getAttribute('viewBox'), '0 0 900 500');
    // The background from the picker's presets: the colour enters the recent history (colorsArr).
    await page.locator('[data-testid="page-bgColor"]').click();
    const picker = page.locator('.ant-color-picker:not(.ant-popover-hidden)');
    await picker.locator('.ant-color-picker-presets-color').nth(35).click();
    await until(async () => (await page.evaluate(() => localStorage.getItem('colorsArr'))) === '["#E6F4FF"]', 'the recent colours');
    await picker.getByText('最近使用').waitFor();
    await snap(page, 'designer-04b-colour-zh');
    await page.keyboard.press('Escape');
    assert.equal(await page.locator('[data-testid="designer-canvas"] > rect').first().getAttribute('fill'), '#E6F4FF');

    await page.locator('[data-testid="designer-save"]').click();
    await page.locator('[data-testid="designer-unsaved"]').waitFor({ state: 'detached' });
    await page.reload();
    await widgetsOfType(page, 'ShapeRect').waitFor();
    assert.equal(await widgetsOfType(page, 'UsualText').count(), 1);
    assert.equal(await page.locator('[data-testid="designer-canvas"]').getAttribute('viewBox'), '0 0 900 500');
    // The snap setting is kept in this browser for this user.
    assert.equal(await page.locator('#designer-adsorb').getAttribute('aria-checked'), 'true');
    const rect = widgetsOfType(page, 'ShapeRect');
    assert.match(await rect.getAttribute('transform'), /^rotate\(90 /);
    const saved = await api(page, '/lfscada/configuration/page/info', { id: String(pageId) });
    const dataText = JSON.parse(JSON.stringify(saved.data.document)).widgets.find((w) => w.widgetType === 'UsualDataText');
    assert.equal(dataText.data.signalId, signals[outletTitle]);
    assert.equal(dataText.data.title, outletTitle);
    assert.deepEqual(
      dataText.animation.fontColor.dataArray.map((r) => [r.symbol, r.value, r.color]),
      [['==', 0, '#FF0000'], ['==', 1, '#FFFF00'], ['==', 2, '#FFFF00']],
    );
    // Preview: the saved page live in a new tab; its button asks and writes to the pump through the gateway.
    const start = signals['Pump start'];
    await api(page, '/lfscada/monitor/multi/signal/write', { signalId: String(start), value: '0' });
    await until(async () => (await latestValue(page, start)) === 0, 'pump start at 0');
    const [preview] = await Promise.all([page.waitForEvent('popup'), page.locator('[data-testid="designer-preview"]').click()]);
    await preview.getByText('启动水泵', { exact: true }).click();
    const confirm = preview.locator('.ant-modal').filter({ hasText: '启动水泵？' });
    await confirm.waitFor();
    await confirm.locator('.ant-btn-primary').click();
    await until(async () => (await latestValue(page, start)) === 1, 'pump start written as 1 from the designed button');
    await preview.close();

    // A press in a widget's box picks it (by geometry, model/hitTest.ts): the turned rectangle's middle.
    const box = await rect.boundingBox();
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
    assert.equal(await field(page, 'x').inputValue(), '151');
    assert.equal(await field(page, 'width').inputValue(), '200');
  });

  for (const lang of ['zh-CN', 'en']) {
    test(`${lang}: a palette item dragged onto the canvas lands where it is dropped, at any zoom; Ctrl+S saves`, async () => {
      const zh = lang === 'zh-CN';
      const page = await app.newPage();
      if (!zh) await page.addInitScript(() => localStorage.setItem('langs', 'en'));
      await app.loginAsDemo(page);
      const { pageId } = await openNewPage(page, zh ? '拖放测试页' : 'Drop test page');
      const canvas = page.locator('[data-testid="designer-canvas"]');
      /** Drags the palette's `type` onto canvas point (x, y) with the browser's own drag and drop. */
      const dropAt = async (type, x, y) => {
        const box = await canvas.boundingBox();
        const at = await onCanvas(page, x, y);
        await page.locator(`[data-testid="palette-${type}"]`).dragTo(canvas, { targetPosition: { x: at.x - box.x, y: at.y - box.y } });
      };

      // At 100 %: a circle of its default size (100 × 100) centred where it was dropped, selected.
      await dropAt('ShapeCircle', 300, 200);
      await widgetsOfType(page, 'ShapeCircle').waitFor();
      assert.equal(await field(page, 'x').inputValue(), '250');
      assert.equal(await field(page, 'y').inputValue(), '150');
      assert.equal(await field(page, 'width').inputValue(), '100');
      // Zoomed out to 75 % (the slider's keys, nothing selected so the arrows move no widget) with the rulers shown:
      // the drop point still goes through the canvas's transform.
      const empty = await onCanvas(page, 700, 40);
      await page.mouse.click(empty.x, empty.y);
      await page.locator('[data-testid="designer-toolbar"] .ant-slider-handle').focus();
      for (let i = 0; i < 5; i += 1) await page.keyboard.press('ArrowLeft');
      assert.equal(await page.locator('[data-testid="designer-zoom"]').innerText(), '75 %');
      await dropAt('UsualButton', 600, 400);
      await widgetsOfType(page, 'UsualButton').waitFor();
      assert.equal(await field(page, 'x').inputValue(), '540');
      assert.equal(await field(page, 'y').inputValue(), '380');
      // One step each: undo takes the button away whole, redo brings it back.
      await page.keyboard.press('Control+z');
      assert.equal(await widgetsOfType(page, 'UsualButton').count(), 0);
      await page.keyboard.press('Control+y');
      await widgetsOfType(page, 'UsualButton').waitFor();
      await snap(page, `designer-06-palette-drop-${zh ? 'zh' : 'en'}`);

      // Ctrl+S saves (no browser dialog), confirmed beside the title, not over the Save button.
      await page.keyboard.press('Control+s');
      await page.locator('[data-testid="designer-unsaved"]').waitFor({ state: 'detached' });
      await page.locator('[data-testid="designer-saved"]').waitFor();
      assert.equal(await page.locator('.ant-message-notice').count(), 0);
      await snap(page, `designer-07-saved-${zh ? 'zh' : 'en'}`);
      const saved = await api(page, '/lfscada/configuration/page/info', { id: String(pageId) });
      const widgets = saved.data.document.widgets;
      assert.deepEqual(
        widgets.map((w) => [w.widgetType, w.position.x, w.position.y, w.position.width, w.position.height]),
        [['ShapeCircle', 250, 150, 100, 100], ['UsualButton', 540, 380, 120, 40]],
      );
      await page.context().close();
    });
  }

  test('zh-CN: a paste past 1,000 widgets is refused and adds nothing', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    const { equipmentId } = await findDemo(page);
    const added = await api(page, '/lfscada/configuration/page/add', { equipmentId: String(equipmentId), title: '满页', width: '2000', height: '2000' });
    const widgets = Array.from({ length: 999 }, (_, i) => ({
      id: `r${i}`,
      widgetType: 'ShapeRect',
      position: { x: (i % 40) * 48, y: Math.floor(i / 40) * 48, width: 40, height: 40, rotate: 0 },
    }));
    const document = JSON.stringify({ con: { width: 2000, height: 2000 }, widgets });
    const saved = await api(page, '/lfscada/configuration/page/save', { id: String(added.data.id), document });
    assert.equal(saved.code, '200', JSON.stringify(saved));
    await page.goto(`${app.base}/manage/eg/${equipmentId}/designer/${added.data.id}`);
    await page.locator('[data-testid="widget-r998"]').waitFor();
    const first = await page.locator('[data-testid="widget-r0"]').boundingBox();
    await page.mouse.click(first.x + first.width / 2, first.y + first.height / 2);
    await page.keyboard.press('Control+c');
    await page.keyboard.press('Control+v');
    await until(async () => (await page.locator('[data-layer="widgets"] > g').count()) === 1000, 'the first paste to make 1,000');
    await page.keyboard.press('Control+v');
    await page.locator('.ant-message').getByText('一个页面最多 1000 个组件，未添加任何组件').waitFor();
    assert.equal(await page.locator('[data-layer="widgets"] > g').count(), 1000);
    await snap(page, 'designer-07-limit-zh');
  });

  test('en: the demo page in the designer looks as it does in the viewer', async () => {
    const page = await app.newPage();
    await app.loginAsDemo(page);
    await page.locator('#lang-switch').click();
    await page.getByText('Gateway equipment').first().waitFor();
    const { equipmentId } = await findDemo(page);
    const pages = await api(page, '/lfscada/configuration/page/query', { equipmentId: String(equipmentId) });
    const seeded = pages.data.find((p) => p.title === 'Pump station');
    await page.goto(`${app.base}/manage/eg/${equipmentId}/designer/${seeded.id}`);
    await page.locator('[data-testid="designer-canvas"]').waitFor();
    assert.ok((await page.locator('[data-layer="widgets"] > g').count()) > 5);
    await page.getByText('Shapes', { exact: true }).waitFor();
    await page.getByText('Nothing selected', { exact: false }).waitFor();
    await snap(page, 'designer-05-demo-page-en');
    // A marquee round two widgets' area selects what lies wholly inside it.
    await dragOnCanvas(page, [1, 1], [1023, 767]);
    await page.locator('[data-testid="position-none"]').filter({ hasText: 'widgets selected' }).waitFor();
    await snap(page, 'designer-06-marquee-en');
    await page.keyboard.press('Escape');
    // Zoom: fit shows the whole canvas, Ctrl + wheel steps by 10 %, 100 % goes back.
    const zoomText = () => page.locator('[data-testid="designer-zoom"]').innerText();
    await page.locator('[data-testid="zoom-fit"]').click();
    const fitted = Number((await zoomText()).replace(/\D/g, ''));
    assert.ok(fitted < 100 && fitted >= 25, `fit: ${fitted}`);
    const stage = page.locator('[data-testid="designer-stage"]');
    const stageBox = await stage.boundingBox();
    await page.mouse.move(stageBox.x + 300, stageBox.y + 300);
    await page.keyboard.down('Control');
    await page.mouse.wheel(0, -100);
    await page.keyboard.up('Control');
    await until(async () => (await zoomText()) === `${fitted + 10} %`, 'Ctrl + wheel to zoom in by 10 %', 10_000);
    await page.locator('[data-testid="zoom-actual"]').click();
    assert.equal(await zoomText(), '100 %');
    // Space held: the pan tool; a drag scrolls the stage, and the page is not changed.
    const scrolled = () => stage.evaluate((el) => el.scrollLeft);
    const before = await scrolled();
    const grab = await onCanvas(page, 600, 700);
    await page.mouse.move(grab.x, grab.y);
    await page.keyboard.down(' ');
    await page.mouse.down();
    await page.mouse.move(grab.x - 120, grab.y, { steps: 6 });
    await page.mouse.up();
    await page.keyboard.up(' ');
    await until(async () => (await scrolled()) > before, 'the space-drag to scroll the stage', 10_000);
    assert.equal(await page.locator('[data-testid="designer-unsaved"]').count(), 0);
  });
});
