/**
 * The property panel draws the new field kinds from the description alone: rows (a dashboard's stages, a state
 * animation's pictures), a list of signals (a chart's, a history table's up to its limit), a text with suggestions
 * (a time format). Each edit is one history step.
 */
import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage, loadTexts } from '@/lib/i18n';
import { parsePageDocument, type Widget } from '@/runtime/document';
import type { EditorState } from '../model/actions';
import { createHistory } from '../model/history';
import type { BindableSignal } from '../model/properties';
import { PropertyPanel } from './PropertyPanel';

const SIGNALS: BindableSignal[] = [
  { id: 11, equipId: 3, title: 'Outlet pressure', equipTitle: 'Pump', label: 'Outlet pressure (bar) · 只读' },
  { id: 12, equipId: 3, title: 'Flow', equipTitle: 'Pump', label: 'Flow (m³/h) · 只读' },
  { id: 13, equipId: 3, title: 'Tank level', equipTitle: 'Pump', label: 'Tank level (%) · 只读' },
];

let latest: EditorState;

function Harness({ start }: { start: EditorState }) {
  const [editor, setEditor] = useState(start);
  latest = editor;
  return <PropertyPanel editor={editor} onChange={setEditor} signals={SIGNALS} pages={[]} />;
}

function showPanel(raw: Record<string, unknown>) {
  const doc = parsePageDocument({ widgets: [{ id: 'w', position: { x: 0, y: 0, width: 200, height: 160 }, ...raw }] });
  render(<Harness start={{ history: createHistory(doc), selection: ['w'] }} />);
}

const current = (): Widget => latest.history.present.widgets[0] as Widget;
const steps = () => latest.history.past.length;

async function pick(inputId: string, text: string) {
  const selector = document.getElementById(inputId)?.closest('.ant-select')?.querySelector('.ant-select-selector');
  await act(async () => {
    fireEvent.mouseDown(selector as Element);
  });
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find(
      (node) => node.textContent === text,
    );
    expect(found, text).toBeDefined();
    return found as HTMLElement;
  });
  await act(async () => {
    fireEvent.click(option);
  });
}

function type(input: Element, text: string, how: 'blur' | 'enter' = 'blur') {
  fireEvent.change(input, { target: { value: text } });
  if (how === 'blur') fireEvent.blur(input);
  else fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
}

beforeEach(async () => {
  await changeLanguage('zh-CN');
  await loadTexts(['designer']);
});

describe('the property panel', { timeout: 60_000 }, () => {
  it("edits a dashboard's stages as rows: a value typed, a row added, never fewer than one", async () => {
    showPanel({ widgetType: 'UsualDashboard' });
    expect(screen.queryByTestId('field-gaugeSteps')).toBeNull();
    await pick('field-gaugeType', '多段');
    expect(current().data.dataAddon.type).toBe('multistage');
    const rows = () => screen.getAllByTestId('field-gaugeSteps-row');
    expect(rows()).toHaveLength(4);
    expect(screen.getByText('分段颜色')).toBeTruthy();

    type(screen.getByTestId('field-gaugeSteps-value-1').querySelector('input') ?? screen.getByTestId('field-gaugeSteps-value-1'), '60');
    expect(current().data.dataAddon.steps.map((s) => s.value)).toEqual([25, 60, 75, 100]);
    const before = steps();
    fireEvent.click(screen.getByTestId('field-gaugeSteps-add'));
    expect(steps()).toBe(before + 1);
    expect(current().data.dataAddon.steps.at(-1)).toEqual({ value: 125, color: '#FF4D4F' });

    for (let i = 4; i > 0; i--) fireEvent.click(screen.getByTestId(`field-gaugeSteps-remove-${i}`));
    expect(rows()).toHaveLength(1);
    expect((screen.getByTestId('field-gaugeSteps-remove-0') as HTMLButtonElement).disabled).toBe(true);
  });

  it("picks a chart's signals from the catalogue, in order, moved and removed", async () => {
    showPanel({ widgetType: 'ComplexLine' });
    expect(screen.getByTestId('field-signalArray-empty').textContent).toBe('尚未选择信号');
    await pick('field-signalArray-add', 'Outlet pressure (bar) · 只读');
    await pick('field-signalArray-add', 'Flow (m³/h) · 只读');
    expect(current().data.signalArray?.map((b) => [b.signalId, b.title, b.subTitle])).toEqual([
      [11, 'Outlet pressure', 'Pump'],
      [12, 'Flow', 'Pump'],
    ]);
    const names = () => screen.getAllByTestId('field-signalArray-row').map((row) => row.textContent);
    expect(names()).toEqual(['1. Outlet pressure', '2. Flow']);

    fireEvent.click(screen.getByTestId('field-signalArray-up-1'));
    expect(names()).toEqual(['1. Flow', '2. Outlet pressure']);
    expect((screen.getByTestId('field-signalArray-up-0') as HTMLButtonElement).disabled).toBe(true);
    const before = steps();
    fireEvent.click(screen.getByTestId('field-signalArray-remove-0'));
    expect(steps()).toBe(before + 1);
    expect(current().data.signalArray?.map((b) => b.signalId)).toEqual([11]);
  });

  it("stops offering a history table's signals at the 10 the viewer queries", () => {
    const ten = Array.from({ length: 10 }, (_, i) => ({ type: 'signal', equipId: 3, signalId: 100 + i, title: `S${i}` }));
    showPanel({ widgetType: 'ComplexHistory', data: { signalArray: ten } });
    expect(screen.getAllByTestId('field-historySignals-row')).toHaveLength(10);
    const add = document.getElementById('field-historySignals-add')?.closest('.ant-select');
    expect(add?.className).toContain('ant-select-disabled');
    expect(add?.textContent).toBe('最多 10 个信号');
    fireEvent.click(screen.getByTestId('field-historySignals-remove-9'));
    expect(current().data.signalArray).toHaveLength(9);
    expect(document.getElementById('field-historySignals-add')?.closest('.ant-select')?.className).not.toContain('ant-select-disabled');
  });

  it("binds an XY curve's X and Y signals each in its place, one step each", async () => {
    showPanel({ widgetType: 'ComplexXyline' });
    await pick('field-ySignal', 'Flow (m³/h) · 只读');
    const before = steps();
    await pick('field-xSignal', 'Outlet pressure (bar) · 只读');
    expect(steps()).toBe(before + 1);
    expect(current().data.signalArray?.map((b) => [b.signalId, b.title])).toEqual([
      [11, 'Outlet pressure'],
      [12, 'Flow'],
    ]);
  });

  it('commits a typed time format once, on Enter, and offers the usual ones', async () => {
    showPanel({ widgetType: 'ComplexLine' });
    const input = document.getElementById('field-timeFormat') as HTMLInputElement;
    expect(input.value).toBe('HH:mm');
    await act(async () => {
      fireEvent.mouseDown(input.closest('.ant-select')?.querySelector('.ant-select-selector') as Element);
    });
    await waitFor(() =>
      expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toEqual(['HH:mm', 'HH:mm:ss', 'MM-DD HH:mm']),
    );
    const before = steps();
    type(input, 'HH:mm:ss', 'enter');
    expect(current().data.extra.timeFormat).toBe('HH:mm:ss');
    fireEvent.blur(input);
    expect(steps()).toBe(before + 1);
  });

  it('marks a state picture the viewer would not draw and does not commit it', () => {
    showPanel({ widgetType: 'UsualAnimation' });
    expect(screen.getAllByTestId('field-imgItems-row')).toHaveLength(2);
    const url = screen.getByTestId('field-imgItems-url-0');
    type(url, 'javascript:alert(1)');
    expect(current().data.imgItems[0]?.url).toBe('');
    expect(url.className).toContain('status-error');
    type(url, '/userimg/fan-1.png', 'enter');
    expect(current().data.imgItems[0]?.url).toBe('/userimg/fan-1.png');
  });
});
