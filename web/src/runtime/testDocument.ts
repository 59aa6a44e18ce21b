/**
 * A sample page for the viewer's tests (and a browser look): a small pump station using every widget type the
 * viewer draws, a few it shows as placeholders, one unknown type, animations and every kind of click event.
 * Written as the server stores it (raw JSON), so the tests go through parsePageDocument like the screens will.
 */
import type { RuntimeContext, RuntimeSignal, RuntimeValue } from './types';

export const EQUIPMENT_ID = 7;

export const SIGNAL = {
  level: 1,
  pressure: 2,
  pump: 3,
  speed: 4,
  alarm: 5,
  temperature: 6,
} as const;

export const testSignals: ReadonlyMap<number, RuntimeSignal> = new Map(
  (
    [
      { id: 1, equipId: 7, title: 'Tank level', dataType: 'float32', unit: '%', decimals: 1, writable: false, min: 0, max: 100, valueMap: [] },
      { id: 2, equipId: 7, title: 'Outlet pressure', dataType: 'float32', unit: 'bar', decimals: 2, writable: false, min: null, max: null, valueMap: [] },
      { id: 3, equipId: 7, title: 'Pump start', dataType: 'bool', unit: '', decimals: 0, writable: true, min: 0, max: 1, valueMap: [] },
      { id: 4, equipId: 7, title: 'Speed setpoint', dataType: 'uint16', unit: 'rpm', decimals: 0, writable: true, min: 0, max: 2900, valueMap: [] },
      { id: 5, equipId: 7, title: 'High level alarm', dataType: 'bool', unit: '', decimals: 0, writable: false, min: null, max: null, valueMap: [] },
      { id: 6, equipId: 7, title: 'Motor temperature', dataType: 'float32', unit: '°C', decimals: 1, writable: false, min: null, max: null, valueMap: [] },
    ] satisfies RuntimeSignal[]
  ).map((signal) => [signal.id, signal]),
);

/** 2026-11-23 12:00:00 in UTC+8. */
export const TEST_NOW = Date.UTC(2026, 10, 23, 4, 0, 0);

export function reading(value: number | null, extra: Partial<RuntimeValue> = {}): RuntimeValue {
  return { value, time: TEST_NOW - 2000, good: true, stale: false, ...extra };
}

export const testValues: Record<string, RuntimeValue> = {
  '1': reading(62.48),
  '2': reading(3.456),
  '3': reading(1),
  '4': reading(1450),
  '5': reading(1),
  '6': reading(71.25),
};

const signal = (id: number, title: string) => ({ type: 'signal', equipId: EQUIPMENT_ID, signalId: id, title, subTitle: '' });

const pos = (x: number, y: number, width: number, height: number, rotate = 0) => ({ x, y, width, height, rotate });

const SMALL_PICTURE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><circle cx="20" cy="20" r="18" fill="#52C41A"/></svg>',
  );

export const testDocumentRaw = {
  con: { width: 1024, height: 768, fit: 'container', bgColor: '#F4F7FB', bgImage: '' },
  widgets: [
    {
      id: 'title',
      widgetType: 'UsualText',
      widgetName: 'Title',
      position: pos(24, 16, 400, 40),
      style: { font: { size: 24, weight: 'bold' }, color: '#0F2236', align: 'left' },
      data: { text: '1# 泵站 Pump station' },
    },
    {
      id: 'clock',
      widgetType: 'UsualTimer',
      position: pos(744, 16, 256, 40),
      style: { font: { size: 18 }, color: '#0F2236', align: 'right' },
      data: { format: 'YYYY-MM-DD HH:mm:ss' },
    },
    {
      id: 'tank',
      widgetType: 'WidgetGroup',
      widgetName: 'Tank',
      position: pos(40, 80, 200, 300),
      children: [
        {
          id: 'tank-body',
          widgetType: 'ShapeRect',
          position: pos(40, 80, 200, 300),
          style: { fill: { enable: true, color: '#FFFFFF' }, stroke: { enable: true, color: '#0F2236', width: 2, dasharray: '' }, radius: 16 },
        },
        {
          id: 'tank-fill',
          widgetType: 'UsualPercentFill',
          position: pos(60, 100, 160, 220),
          style: { fill: { enable: true, color: '#1677FF' }, font: { size: 20, weight: 'bold' }, color: '#0F2236' },
          data: { ...signal(SIGNAL.level, 'Tank level'), dataAddon: { type: 'capacityChart', minVal: 0, maxVal: 100, orientation: 'bt' } },
        },
        {
          id: 'tank-level',
          widgetType: 'UsualDataText',
          position: pos(60, 330, 160, 36),
          style: { font: { size: 18 }, color: '#0F2236' },
          data: signal(SIGNAL.level, 'Old level title'),
        },
      ],
    },
    {
      id: 'pressure-gauge',
      widgetType: 'UsualDashboard',
      widgetName: 'Outlet pressure',
      position: pos(280, 80, 220, 200),
      style: { fill: { enable: true, color: '#13A8A8' }, color: '#0F2236' },
      data: { ...signal(SIGNAL.pressure, 'Outlet pressure'), dataAddon: { type: 'monochrome', minVal: 0, maxVal: 10 } },
    },
    {
      id: 'temperature-gauge',
      widgetType: 'UsualDashboard',
      position: pos(520, 80, 220, 200),
      style: { color: '#0F2236' },
      data: {
        ...signal(SIGNAL.temperature, 'Motor temperature'),
        dataAddon: {
          type: 'multistage',
          minVal: 0,
          maxVal: 120,
          steps: [
            { value: 60, color: '#52C41A' },
            { value: 90, color: '#FAAD14' },
            { value: 120, color: '#FF4D4F' },
          ],
        },
      },
    },
    {
      id: 'level-bar',
      widgetType: 'UsualPercentFill',
      position: pos(760, 90, 220, 40),
      style: { fill: { enable: true, color: '#52C41A' }, font: { size: 16 } },
      data: { ...signal(SIGNAL.level, 'Tank level'), dataAddon: { type: 'rectangleChart', minVal: 0, maxVal: 100, orientation: 'lr' } },
    },
    {
      id: 'level-ring',
      widgetType: 'UsualPercentFill',
      position: pos(800, 150, 140, 140),
      style: { fill: { enable: true, color: '#722ED1' }, font: { size: 18, weight: 'bold' } },
      data: { ...signal(SIGNAL.level, 'Tank level'), dataAddon: { type: 'doughnutChart', minVal: 0, maxVal: 100 } },
    },
    // A row of shapes.
    { id: 'arrow', widgetType: 'ShapeArrow', position: pos(280, 310, 100, 50), style: { fill: { enable: true, color: '#1677FF' }, stroke: { enable: false } } },
    { id: 'circle', widgetType: 'ShapeCircle', position: pos(400, 305, 60, 60), style: { fill: { enable: true, color: '#FAAD14' } } },
    { id: 'ellipse', widgetType: 'ShapeEllipse', position: pos(480, 310, 100, 50), style: { fill: { enable: false }, stroke: { enable: true, color: '#722ED1', width: 3, dasharray: '6 3' } } },
    { id: 'line', widgetType: 'ShapeLine', position: pos(600, 310, 120, 50), points: [[600, 360], [640, 310], [680, 360], [720, 310]], style: { stroke: { enable: true, color: '#EB2F96', width: 4, dasharray: '' } } },
    { id: 'octagon', widgetType: 'ShapeOctagon', position: pos(740, 305, 60, 60), style: { fill: { enable: true, color: '#FF4D4F' }, opacity: 0.8 } },
    { id: 'parallelogram', widgetType: 'ShapeParallelogram', position: pos(820, 310, 100, 50), style: { fill: { enable: true, color: '#13C2C2' } } },
    { id: 'prism', widgetType: 'ShapePrism', position: pos(940, 305, 60, 60), style: { fill: { enable: true, color: '#2F54EB' } } },
    {
      id: 'triangle',
      widgetType: 'ShapeTriangle',
      position: { ...pos(280, 390, 80, 70), x1: 320, y1: 390, x2: 360, y2: 460, x3: 280, y3: 460 },
      style: { fill: { enable: true, color: '#A0D911' } },
    },
    {
      id: 'tilted',
      widgetType: 'ShapeRect',
      position: pos(380, 400, 80, 40, 30),
      style: { fill: { enable: true, color: '#D9D9D9' }, radius: 6 },
    },
    // Animations.
    {
      id: 'fan',
      widgetType: 'ShapeOctagon',
      widgetName: 'Pump impeller',
      position: pos(480, 390, 70, 70),
      style: { fill: { enable: true, color: '#8C8C8C' } },
      data: signal(SIGNAL.pump, 'Pump start'),
      animation: { rotate: { enable: true, symbol: '==', value: 1, direction: 1, speed: 1500 } },
    },
    {
      id: 'alarm-lamp',
      widgetType: 'ShapeCircle',
      widgetName: 'High level lamp',
      position: pos(570, 395, 60, 60),
      style: { fill: { enable: true, color: '#D9D9D9' } },
      data: signal(SIGNAL.alarm, 'High level alarm'),
      animation: {
        fillColor: { enable: true, dataArray: [{ symbol: '==', value: 0, color: '#52C41A' }, { symbol: '==', value: 1, color: '#FF4D4F' }] },
        twinkle: { enable: true, symbol: '==', value: 1, twinkleType: 'fill', color: '#FFF1F0' },
      },
    },
    {
      id: 'stopped-note',
      widgetType: 'UsualText',
      position: pos(650, 400, 150, 40),
      style: { color: '#CF1322', font: { size: 16, weight: 'bold' } },
      data: { ...signal(SIGNAL.pump, 'Pump start'), text: '泵已停止' },
      animation: { visiable: { enable: true, symbol: '==', value: 0, visiable: 'show' } },
    },
    {
      id: 'pump-state',
      widgetType: 'UsualAnimation',
      position: pos(820, 400, 160, 40),
      style: { font: { size: 18, weight: 'bold' }, color: '#0F2236' },
      data: {
        ...signal(SIGNAL.pump, 'Pump start'),
        display: 'text',
        textItems: [
          { symbol: '==', value: 0, text: '停止 Stopped' },
          { symbol: '==', value: 1, text: '运行 Running' },
        ],
      },
    },
    {
      id: 'logo',
      widgetType: 'UsualImage',
      position: pos(40, 400, 60, 60),
      data: { url: SMALL_PICTURE },
    },
    {
      id: 'lost-signal',
      widgetType: 'UsualDataText',
      position: pos(120, 410, 140, 40),
      style: { color: '#0F2236', font: { size: 16 } },
      data: signal(99, 'Removed signal'),
    },
    // Click events.
    {
      id: 'start-pump',
      widgetType: 'UsualButton',
      position: pos(40, 490, 140, 44),
      data: { text: '启动泵' },
      clickEvent: {
        enable: true,
        config: { action: 'write', data: signal(SIGNAL.pump, 'Pump start'), writeType: 'fixed', writeValue: 1, hint: true, hintValue: '确定启动 1# 泵吗？', delay: { enable: true, value: 1000 }, feedback: true },
      },
    },
    {
      id: 'stop-pump',
      widgetType: 'UsualButton',
      position: pos(200, 490, 140, 44),
      style: { fill: { enable: true, color: '#CF1322' } },
      data: { text: '停止泵' },
      clickEvent: {
        enable: true,
        config: { action: 'write', data: signal(SIGNAL.pump, 'Pump start'), writeType: 'fixed', writeValue: 0, hint: false, delay: { enable: false, value: 1000 }, feedback: true },
      },
    },
    {
      id: 'set-speed',
      widgetType: 'UsualButton',
      position: pos(360, 490, 140, 44),
      data: { text: '设定转速' },
      clickEvent: {
        enable: true,
        config: { action: 'write', data: signal(SIGNAL.speed, 'Speed setpoint'), writeType: 'input', delay: { enable: false, value: 1000 }, feedback: true },
      },
    },
    {
      id: 'write-level',
      widgetType: 'UsualButton',
      position: pos(520, 490, 140, 44),
      data: { text: '写液位' },
      clickEvent: {
        enable: true,
        config: { action: 'write', data: signal(SIGNAL.level, 'Tank level'), writeType: 'input', delay: { enable: false, value: 1000 } },
      },
    },
    {
      id: 'open-page',
      widgetType: 'UsualButton',
      position: pos(680, 490, 140, 44),
      data: { text: '详情页' },
      clickEvent: { enable: true, config: { action: 'page', pageId: 12 } },
    },
    {
      id: 'help-link',
      widgetType: 'UsualButton',
      position: pos(840, 490, 140, 44),
      data: { text: '帮助' },
      clickEvent: { enable: true, config: { action: 'link', link: 'https://example.com/help', target: '_blank' } },
    },
    {
      id: 'bad-link',
      widgetType: 'UsualButton',
      position: pos(840, 550, 140, 44),
      data: { text: 'Bad link' },
      clickEvent: { enable: true, config: { action: 'link', link: 'javascript:alert(1)', target: '_self' } },
    },
    // A live chart without signals (it says so; ECharts is not loaded for it): charts are tested in widgets/charts.test.tsx.
    { id: 'trend', widgetType: 'ComplexLine', widgetName: '压力趋势', position: pos(40, 610, 300, 140) },
    // Types the viewer does not draw yet, and one it does not know.
    { id: 'video', widgetType: 'ComplexVideo', position: pos(360, 610, 300, 140) },
    { id: 'select', widgetType: 'UsualSelect', position: pos(680, 610, 140, 40) },
    { id: 'mystery', widgetType: 'FancyWidget', widgetName: 'Mystery', position: pos(840, 610, 160, 140) },
  ],
  bind: { equips: [EQUIPMENT_ID], signals: [1, 2, 3, 4, 5, 6, 99], keys: [], mvars: [] },
};

/** A context over the sample's catalogue and values; `write` and `openPage` are whatever the test passes. */
export function testContext(overrides: Partial<RuntimeContext> = {}): RuntimeContext {
  return {
    values: testValues,
    signals: testSignals,
    canWrite: true,
    write: () => Promise.resolve(),
    openPage: () => undefined,
    ...overrides,
  };
}
