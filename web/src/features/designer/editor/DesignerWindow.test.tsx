/**
 * The designer as a full-window screen (issue 35): messages reach the engineer who is drawing, Ctrl+S saves, the
 * save is confirmed where it covers no control, a palette item dropped on the canvas lands where it was dropped,
 * clocks show the time, and a page that does not exist leaves a way back.
 */
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeSocket, stubWebSockets } from '@/entities/live/fakeSocket';
import { changeLanguage } from '@/lib/i18n';
import { TEST_USER, installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
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
    widgets: [{ id: 'r1', widgetType: 'ShapeRect', position: { x: 100, y: 100, width: 120, height: 60, rotate: 0 } }],
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
});
