import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { fail, installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';

const DESIGN = '/lfscada/configuration/page/design';
const PROJECT = '/lfscada/project/info';
const SIGNALS = '/lfscada/monitor/multi/signal/query';
const PAGES = '/lfscada/project/page/query';
const SAVE = '/lfscada/configuration/page/save';
const MVARS = '/lfscada/project/mvar/query';
const MVAR_ADD = '/lfscada/project/mvar/add';
const TOTAL = { id: 7, projectId: 5, name: '总流量', calc: 'sum', formula: '', signalIds: [11, 21], unit: 'm³/h', decimals: 1, updated: 1 };

const signal = (id: number, equipId: number, equipTitle: string, signalTitle: string, unit = '', writable = false) => ({
  id,
  signalTitle,
  equipId,
  equipTitle,
  area: 'holding',
  dataType: 'f32',
  unit,
  decimals: 1,
  writable,
  min: null,
  max: null,
});
/** Each equipment's catalogue; equipment 9 has left the project but its signal still exists. */
const CATALOGUES: Record<string, unknown[]> = {
  1: [signal(11, 1, '1# 泵', '出口压力', 'bar'), signal(12, 1, '1# 泵', '转速设定', 'rpm', true)],
  2: [signal(21, 2, '2# 泵', '出口压力', 'bar'), signal(22, 2, '2# 泵', '电机电流', 'A')],
  9: [signal(91, 9, '旧泵', '流量')],
};

const at = (x: number, y: number) => ({ x, y, width: 120, height: 40, rotate: 0 });
const PAGE = {
  id: 4,
  equipmentId: null,
  projectId: 5,
  title: '泵房总览',
  width: 800,
  height: 600,
  updated: 1,
  protected: false,
  document: {
    con: { width: 800, height: 600, bgColor: '#ffffff' },
    widgets: [
      { id: 'first', widgetType: 'UsualDataText', position: at(100, 100), data: { type: 'signal', equipId: 1, signalId: 11, title: '出口压力' } },
      { id: 'left', widgetType: 'UsualDataText', position: at(100, 200), data: { type: 'signal', equipId: 9, signalId: 91, title: '流量' } },
      { id: 'free', widgetType: 'UsualDataText', position: at(300, 300) },
    ],
  },
};

let server: FakeServer;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  server.on(DESIGN, ok(PAGE));
  server.on(PROJECT, ok({ id: 5, name: '北区', remark: '', equipment: [{ id: 1, equipName: '1# 泵' }, { id: 2, equipName: '2# 泵' }] }));
  server.on(SIGNALS, (request) => ok(CATALOGUES[new URLSearchParams(request.body).get('equipmentId') ?? ''] ?? []));
  server.on(PAGES, ok([{ id: 4, equipmentId: null, projectId: 5, title: '泵房总览', width: 800, height: 600, updated: 1, protected: false, home: true }, { id: 6, equipmentId: null, projectId: 5, title: '二号泵房', width: 800, height: 600, updated: 1, protected: false, home: false }]));
  server.on(SAVE, ok({ updated: 2 }));
  server.on(MVARS, ok([TOTAL]));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Selects a widget by a click on it (jsdom: canvas units are client coordinates). */
function select(id: string, x: number, y: number) {
  const widget = screen.getByTestId(`widget-${id}`);
  const canvas = screen.getByTestId('designer-canvas');
  fireEvent.pointerDown(widget.firstElementChild ?? widget, { button: 0, clientX: x, clientY: y, pointerId: 1 });
  fireEvent.pointerUp(canvas, { clientX: x, clientY: y, pointerId: 1 });
}

/** The options an antd select offers when opened. */
async function open(inputId: string): Promise<HTMLElement[]> {
  const selector = document.getElementById(inputId)?.closest('.ant-select')?.querySelector('.ant-select-selector');
  await act(async () => {
    fireEvent.mouseDown(selector as Element);
  });
  return waitFor(() => {
    const options = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')];
    expect(options.length, inputId).toBeGreaterThan(0);
    return options;
  });
}

/** Clicks the option named `text` among those an opened select offers. */
async function clickOption(options: HTMLElement[], text: string) {
  const option = options.find((node) => node.textContent === text);
  expect(option, text).toBeDefined();
  await act(async () => {
    fireEvent.click(option as HTMLElement);
  });
}

async function choose(inputId: string, text: string) {
  await clickOption(await open(inputId), text);
}

const saved = () => JSON.parse(new URLSearchParams(server.calls(SAVE).at(-1)?.body ?? '').get('document') ?? 'null') as {
  widgets: Array<{ id: string; data?: { type?: string; systemKey?: string; mvarId?: number; equipId: number | null; signalId: number | null; title: string; subTitle?: string } }>;
};

describe("the designer on a project's page", { timeout: 90_000 }, () => {
  it("binds any equipment of the project: repair keeps its bindings and clears one to an equipment that left", async () => {
    renderApp('/manage/project/5/designer/4');
    const notice = await screen.findByTestId('repair-notice', undefined, { timeout: 40_000 });
    expect(notice.textContent).toContain('1 个绑定的信号已不存在');
    // One catalogue query per equipment of the project, none for the one that left.
    await waitFor(() => expect(server.calls(SIGNALS).map((r) => new URLSearchParams(r.body).get('equipmentId')).sort()).toEqual(['1', '2']));
    expect(screen.getByTestId('designer-title').textContent).toBe('泵房总览');
    expect(screen.getByTestId('designer-back').getAttribute('href')).toBe('/manage/eg/project/list?pages=5');

    fireEvent.click(screen.getByTestId('designer-save'));
    await waitFor(() => expect(server.calls(SAVE)).toHaveLength(1));
    const widgets = saved().widgets;
    expect(widgets.find((w) => w.id === 'first')?.data).toMatchObject({ equipId: 1, signalId: 11 });
    expect(widgets.find((w) => w.id === 'left')?.data).toMatchObject({ equipId: null, signalId: null, title: '' });
  });

  it('picks the equipment first, then a signal of it, searchable with its unit; the binding names that equipment', async () => {
    renderApp('/manage/project/5/designer/4');
    await screen.findByTestId('widget-free', undefined, { timeout: 40_000 });
    select('free', 310, 310);
    expect(await screen.findByTestId('selected-free')).toBeTruthy();
    expect(document.getElementById('field-binding')?.closest('.ant-select')?.className).toContain('ant-select-disabled');
    const equipment = await open('field-binding-equipment');
    expect(equipment.map((o) => o.textContent)).toEqual(['项目统计', '中间变量', '1# 泵', '2# 泵']);
    await clickOption(equipment, '2# 泵');
    // Only the chosen equipment's signals are offered.
    const signals = await open('field-binding');
    expect(signals.map((o) => o.textContent)).toEqual(['出口压力 (bar) · 只读', '电机电流 (A) · 只读']);
    await clickOption(signals, '电机电流 (A) · 只读');

    fireEvent.click(screen.getByTestId('designer-save'));
    await waitFor(() => expect(server.calls(SAVE)).toHaveLength(1));
    expect(saved().widgets.find((w) => w.id === 'free')?.data).toMatchObject({ equipId: 2, signalId: 22, title: '电机电流', subTitle: '2# 泵' });

    // A bound widget shows its signal's equipment.
    select('first', 110, 110);
    await waitFor(() => expect(screen.getByTestId('field-binding-equipment').textContent).toContain('1# 泵'));
    expect(screen.getByTestId('field-binding').textContent).toContain('出口压力 (bar) · 只读');
  });

  it("binds one of the project's statistics: a system binding titled with its name", async () => {
    renderApp('/manage/project/5/designer/4');
    await screen.findByTestId('widget-free', undefined, { timeout: 40_000 });
    select('free', 310, 310);
    expect(await screen.findByTestId('selected-free')).toBeTruthy();
    await choose('field-binding-equipment', '项目统计');
    const statistics = await open('field-binding');
    expect(statistics.map((o) => o.textContent)).toEqual(['设备总数', '在线设备数', '离线设备数', '报警设备数', '未恢复报警数']);
    await clickOption(statistics, '在线设备数');

    fireEvent.click(screen.getByTestId('designer-save'));
    await waitFor(() => expect(server.calls(SAVE)).toHaveLength(1));
    expect(saved().widgets.find((w) => w.id === 'free')?.data).toMatchObject({ type: 'system', systemKey: 'online_count', signalId: null, equipId: null, title: '在线设备数' });

    // Selected again, the picker shows the statistic.
    select('first', 110, 110);
    await waitFor(() => expect(screen.getByTestId('field-binding-equipment').textContent).toContain('1# 泵'));
    select('free', 310, 310);
    await waitFor(() => expect(screen.getByTestId('field-binding-equipment').textContent).toContain('项目统计'));
    expect(screen.getByTestId('field-binding').textContent).toContain('在线设备数');
  });

  it("binds one of the project's intermediate variables: an mvar binding titled with its name", async () => {
    renderApp('/manage/project/5/designer/4');
    await screen.findByTestId('widget-free', undefined, { timeout: 40_000 });
    select('free', 310, 310);
    expect(await screen.findByTestId('selected-free')).toBeTruthy();
    await choose('field-binding-equipment', '中间变量');
    const variables = await open('field-binding');
    expect(variables.map((o) => o.textContent)).toEqual(['总流量 (m³/h)']);
    await clickOption(variables, '总流量 (m³/h)');

    fireEvent.click(screen.getByTestId('designer-save'));
    await waitFor(() => expect(server.calls(SAVE)).toHaveLength(1));
    expect(saved().widgets.find((w) => w.id === 'free')?.data).toMatchObject({ type: 'mvar', mvarId: 7, signalId: null, equipId: null, title: '总流量' });
    select('first', 110, 110);
    await waitFor(() => expect(screen.getByTestId('field-binding-equipment').textContent).toContain('1# 泵'));
    select('free', 310, 310);
    await waitFor(() => expect(screen.getByTestId('field-binding-equipment').textContent).toContain('中间变量'));
    expect(screen.getByTestId('field-binding').textContent).toContain('总流量');
  });

  it('defines a variable in the drawer: the formula read as it is typed, a signal inserted, a refused name marked', async () => {
    server.on(MVAR_ADD, fail('1377', '本项目已有同名的中间变量'));
    renderApp('/manage/project/5/designer/4');
    await screen.findByTestId('widget-free', undefined, { timeout: 40_000 });
    fireEvent.click(screen.getByTestId('designer-mvars'));
    const table = await screen.findByTestId('mvars-table');
    await waitFor(() => expect(table.textContent).toContain('求和（2 个信号）'));
    fireEvent.click(document.getElementById('mvar-new') as HTMLElement);
    const name = (await waitFor(() => document.getElementById('mvar-name'))) as HTMLInputElement;
    fireEvent.change(name, { target: { value: '总流量' } });
    await choose('mvar-calc', '自定义公式');
    const formula = (await waitFor(() => document.getElementById('mvar-formula'))) as HTMLTextAreaElement;
    fireEvent.change(formula, { target: { value: '(${1.11} + ' } });
    expect((await screen.findByTestId('mvar-formula-fault')).textContent).toBe('第 12 个字符处：公式不完整，缺少数值或右括号');
    await choose('mvar-insert', '2# 泵 · 出口压力');
    expect(formula.value).toBe('(${1.11} + ${2.21}');
    fireEvent.change(formula, { target: { value: `${formula.value}) / 2` } });
    expect((await screen.findByTestId('mvar-formula-reads')).textContent).toBe('读取：1# 泵 · 出口压力、2# 泵 · 出口压力');

    fireEvent.click(document.getElementById('mvar-save') as HTMLElement);
    await waitFor(() => expect(server.calls(MVAR_ADD)).toHaveLength(1));
    const sent = new URLSearchParams(server.calls(MVAR_ADD)[0]?.body);
    expect(Object.fromEntries(sent)).toMatchObject({ projectId: '5', name: '总流量', calc: 'custom', formula: '(${1.11} + ${2.21}) / 2', decimals: '2' });
    expect(sent.has('signalIds')).toBe(false);
    expect(await screen.findByText('本项目已有同名的中间变量')).toBeTruthy();
  });

  it("opens the project's pages from a click event, and previews and runs in the project monitor", async () => {
    const opened = vi.fn();
    vi.stubGlobal('open', opened);
    renderApp('/manage/project/5/designer/4');
    await screen.findByTestId('widget-free', undefined, { timeout: 40_000 });
    await waitFor(() => expect(new URLSearchParams(server.calls(PAGES)[0]?.body).get('projectId')).toBe('5'));
    expect(screen.getByTestId('designer-run').getAttribute('href')).toBe('/monitor/project/5/page/4');
    fireEvent.click(screen.getByTestId('designer-preview'));
    expect(opened).toHaveBeenCalledWith('/monitor/project/5/preview/4?draft=1', '_blank');

    select('free', 310, 310);
    await act(async () => {
      fireEvent.click(within(screen.getByTestId('section-click')).getByTestId('field-clickEnable'));
    });
    await choose('field-clickAction', '打开页面');
    expect((await open('field-clickPage')).map((o) => o.textContent)).toEqual(['泵房总览', '二号泵房']);
  });

  it("binds a template to the equipment chosen in the templates panel, the project's first by default", async () => {
    const summary = { id: 30, name: '压力面板', widgets: 1, signals: ['出口压力'], bytes: 100, createdBy: 'demo', gmtCreate: 1 };
    server.on('/lfscada/configuration/template/query', ok({ total: 1, list: [summary] }));
    const faceplate = { id: 'tpl', widgetType: 'UsualDataText', position: at(0, 0), data: { type: 'signal', equipId: null, signalId: null, title: '出口压力' } };
    server.on('/lfscada/configuration/template/info', ok({ id: 30, name: '压力面板', document: { widgets: [faceplate] } }));
    renderApp('/manage/project/5/designer/4');
    await screen.findByTestId('widget-free', undefined, { timeout: 40_000 });
    fireEvent.click(screen.getByTestId('tab-templates'));
    await waitFor(() => expect(screen.getByTestId('template-equipment').textContent).toContain('1# 泵'));
    await choose('template-equipment', '2# 泵');
    fireEvent.click(await screen.findByTestId('template-insert', undefined, { timeout: 15_000 }));
    await screen.findByText(/已插入模板“压力面板”/, undefined, { timeout: 15_000 });

    fireEvent.click(screen.getByTestId('designer-save'));
    await waitFor(() => expect(server.calls(SAVE)).toHaveLength(1));
    const inserted = saved().widgets.filter((w) => !['first', 'left', 'free'].includes(w.id));
    expect(inserted.map((w) => w.data)).toEqual([expect.objectContaining({ equipId: 2, signalId: 21, title: '出口压力', subTitle: '2# 泵' })]);
  });

  it("opens nothing for a page of another project, or a project the caller may not see", async () => {
    server.on(DESIGN, ok({ ...PAGE, projectId: 6 }));
    renderApp('/manage/project/5/designer/4');
    await screen.findByTestId('designer-not-found', undefined, { timeout: 40_000 });

    server.on(DESIGN, ok(PAGE));
    server.on(PROJECT, fail('1253', '项目不存在'));
    renderApp('/manage/project/5/designer/4');
    await waitFor(() => expect(screen.getAllByTestId('designer-not-found')).toHaveLength(2), { timeout: 40_000 });
    expect(screen.queryByTestId('designer-canvas')).toBeNull();

    // An equipment's page is not a project's page, nor the other way round.
    server.on(PROJECT, ok({ id: 5, name: '北区', remark: '', equipment: [] }));
    server.on(DESIGN, ok({ ...PAGE, equipmentId: 5, projectId: null }));
    renderApp('/manage/project/5/designer/4');
    await waitFor(() => expect(screen.getAllByTestId('designer-not-found')).toHaveLength(3), { timeout: 40_000 });
    expect(screen.queryByTestId('designer-canvas')).toBeNull();
  });
});
