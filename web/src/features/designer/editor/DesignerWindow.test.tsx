/**
 * The designer as a full-window screen (issue 35): messages reach the engineer who is drawing, Ctrl+S saves, the
 * save is confirmed where it covers no control, a palette item dropped on the canvas lands where it was dropped,
 * clocks show the time, and a page that does not exist leaves a way back.
 */
import { act, createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket, stubWebSockets } from '@/entities/live/fakeSocket';
import { changeLanguage } from '@/lib/i18n';
import { TEST_USER, fail, installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';

const INFO = '/lfscada/configuration/page/design';
const SIGNALS = '/lfscada/monitor/multi/signal/query';
const SAVE = '/lfscada/configuration/page/save';
const MESSAGE_SOCKET = '/lfscada/ws/message/subscribe/m-1';

const PAGE = {
  id: 4,
  equipmentId: 3,
  title: '总览画面',
  width: 800,
  height: 600,
  updated: 1,
  protected: false,
  document: {
    con: { width: 800, height: 600, bgColor: '#ffffff' },
    widgets: [
      { id: 'r1', widgetType: 'ShapeRect', position: { x: 100, y: 100, width: 120, height: 60, rotate: 0 } },
      { id: 'clock', widgetType: 'UsualTimer', position: { x: 400, y: 400, width: 200, height: 40, rotate: 0 } },
    ],
  },
};

let server: FakeServer;
let sockets: FakeSocket[];

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  server.on(INFO, ok(PAGE));
  server.on(SAVE, ok({ updated: 2 }));
  server.on(SIGNALS, ok([]));
  server.on('/lfscada/websocket/msg/token', ok('m-1'));
  server.on('/lfscada/msg/query', ok({ total: 0, list: [] }));
  sockets = stubWebSockets();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openDesigner(path = '/manage/eg/3/designer/4') {
  const app = renderApp(path);
  await screen.findByTestId('widget-r1', undefined, { timeout: 40_000 });
  return app;
}

/** Selects a widget with a click on the canvas (jsdom has no layout: canvas units are client coordinates). */
function clickCanvas(at: [number, number]) {
  const canvas = screen.getByTestId('designer-canvas');
  fireEvent.pointerDown(canvas, { button: 0, clientX: at[0], clientY: at[1], pointerId: 1 });
  fireEvent.pointerUp(canvas, { clientX: at[0], clientY: at[1], pointerId: 1 });
}

function savedDocument(): { widgets: Array<{ id: string; widgetType: string; position: { x: number; y: number; width: number; height: number } }> } {
  const body = new URLSearchParams(server.calls(SAVE).at(-1)?.body ?? '');
  return JSON.parse(body.get('document') ?? 'null');
}

/** A drag event at a client point: jsdom has no DragEvent, so the point is set on the plain event it makes. */
function dragAt(kind: 'dragOver' | 'drop', target: Element, dataTransfer: object, at: [number, number]): boolean {
  const event = createEvent[kind](target, { dataTransfer });
  Object.defineProperties(event, { clientX: { value: at[0] }, clientY: { value: at[1] } });
  return fireEvent(target, event);
}

const messageSockets = () => sockets.filter((s) => s.url.endsWith(MESSAGE_SOCKET));

describe('the designer window', { timeout: 90_000 }, () => {
  it('shows the bell and pops up a pushed message while the engineer draws, on one message socket', async () => {
    server.on('/lfscada/user/info', ok({ ...TEST_USER, prompType: ['alter'] }));
    await openDesigner();
    expect(document.getElementById('unread-messages')).not.toBeNull();
    const socket = await waitFor(() => {
      const [found] = messageSockets();
      expect(found).toBeTruthy();
      return found as FakeSocket;
    });
    act(() => socket.open());
    act(() =>
      socket.push({
        type: 'message',
        data: { id: 5, type: 'alarm', title: '清水池 液位 液位低', titleEn: 'Reservoir Level low', gmtCreate: Date.now(), alarmId: 8, alarmBroadcastTimes: 1 },
      }),
    );
    expect(await screen.findByText('清水池 液位 液位低', { selector: '.ant-notification-notice-message' })).toBeTruthy();
    expect(document.getElementById('unread-messages')?.getAttribute('data-fresh')).toBe('true');
    expect(messageSockets()).toHaveLength(1);
  });

  it("saves on Ctrl+S and Cmd+S instead of the browser's dialog, with the field being typed in, and says so beside the title", async () => {
    await openDesigner();
    clickCanvas([150, 120]);
    expect(screen.getByTestId('selected-r1')).toBeTruthy();
    const x = document.getElementById('position-x') as HTMLInputElement;
    act(() => x.focus());
    fireEvent.change(x, { target: { value: '150' } });
    // fireEvent answers false when the handler prevented the browser's own action.
    expect(fireEvent.keyDown(x, { key: 's', ctrlKey: true })).toBe(false);
    await waitFor(() => expect(server.calls(SAVE)).toHaveLength(1));
    expect(savedDocument().widgets.find((w) => w.id === 'r1')?.position.x).toBe(150);
    // Confirmed beside the title, not by a message over the header's buttons.
    expect((await screen.findByTestId('designer-saved')).textContent).toContain('页面已保存');
    expect(screen.getByTestId('designer-title').parentElement?.contains(screen.getByTestId('designer-saved'))).toBe(true);
    expect(document.querySelector('.ant-message-notice')).toBeNull();

    // Nothing to save: no call, and still no browser dialog.
    expect(fireEvent.keyDown(window, { key: 's', ctrlKey: true })).toBe(false);
    clickCanvas([150, 120]);
    await act(async () => void fireEvent.keyDown(window, { key: 'ArrowRight' }));
    expect(screen.getByTestId('designer-unsaved')).toBeTruthy();
    expect(screen.queryByTestId('designer-saved')).toBeNull();
    expect(fireEvent.keyDown(window, { key: 'S', metaKey: true, shiftKey: true })).toBe(false);
    await waitFor(() => expect(server.calls(SAVE)).toHaveLength(2));
    expect(savedDocument().widgets.find((w) => w.id === 'r1')?.position.x).toBe(151);
  });

  it('shows the current time in a clock, not the epoch', async () => {
    await openDesigner();
    const shown = screen.getByTestId('timer-clock').textContent ?? '';
    expect(shown).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(Number(shown.slice(0, 4))).toBeGreaterThanOrEqual(2025);
  });

  it('drops a palette item dragged onto the canvas where it was dropped, at its default size, as one undo step', async () => {
    await openDesigner();
    // What the browser's drag carries (jsdom has no DataTransfer).
    const carried = new Map<string, string>();
    const dataTransfer = {
      get types() {
        return [...carried.keys()];
      },
      setData: (type: string, value: string) => void carried.set(type, value),
      getData: (type: string) => carried.get(type) ?? '',
      effectAllowed: 'all',
      dropEffect: 'none',
    };
    const canvas = screen.getByTestId('designer-canvas');
    fireEvent.dragStart(screen.getByTestId('palette-ShapeCircle'), { dataTransfer });
    expect(dragAt('dragOver', canvas, dataTransfer, [500, 300])).toBe(false);
    act(() => void dragAt('drop', canvas, dataTransfer, [500, 300]));
    const circle = document.querySelector('[data-layer="widgets"] [data-widget-type="ShapeCircle"]');
    expect(circle).not.toBeNull();
    expect(screen.getByTestId('designer-unsaved')).toBeTruthy();
    fireEvent.click(screen.getByTestId('designer-save'));
    await waitFor(() => expect(server.calls(SAVE)).toHaveLength(1));
    expect(savedDocument().widgets.find((w) => w.widgetType === 'ShapeCircle')?.position).toMatchObject({ x: 450, y: 250, width: 100, height: 100 });
    // One step: undo takes it away whole.
    await act(async () => void fireEvent.keyDown(window, { key: 'z', ctrlKey: true }));
    expect(document.querySelector('[data-layer="widgets"] [data-widget-type="ShapeCircle"]')).toBeNull();
    // Anything else dragged over the canvas is not taken.
    expect(fireEvent.dragOver(canvas, { dataTransfer: { ...dataTransfer, types: ['text/plain'] } })).toBe(true);
  });

  it('leaves a page that is not there, or not the equipment\'s, the way back to the page list and home', async () => {
    server.on(INFO, fail('1205', '页面不存在'));
    const { router } = renderApp('/manage/eg/3/designer/5');
    const missing = await screen.findByTestId('designer-not-found', undefined, { timeout: 40_000 });
    expect(within(missing).getByRole('link', { name: /返回首页/ })).toBeTruthy();
    fireEvent.click(within(missing).getByTestId('way-back'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/manage/eg/equipment/edit/3/page'));
  });
});
