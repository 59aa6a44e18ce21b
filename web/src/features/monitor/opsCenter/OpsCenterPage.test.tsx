import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { stubViewportWidth } from '@/test/viewport';

let server: FakeServer;

beforeEach(() => {
  server = installFakeServer({ loggedIn: true });
  server.on(
    '/lfscada/ops/center/query',
    ok({
      totals: { equipment: 2, openAlarms: 3, unconfirmedAlarms: null, openOrders: 1, overdueWorksheets: 2 },
      equipment: [
        { id: 7, equipName: '1# 泵站', openAlarms: 3, unconfirmedAlarms: 4, openOrders: 1, overdueWorksheets: 2 },
        { id: 8, equipName: '清水池', openAlarms: null, unconfirmedAlarms: null, openOrders: 0, overdueWorksheets: 0 },
      ],
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('the operating centre', () => {
  it('shows the totals and each equipment, a count it may not see as a dash, leading to the alarms', async () => {
    renderApp('/monitor/gm/ocInfo');
    await screen.findByTestId('ops-center');
    expect(screen.getByTestId('center-total-open').textContent).toContain('3');
    expect(screen.getByTestId('center-total-unconfirmed').textContent).toContain('—');
    expect(screen.getByTestId('center-total-orders').textContent).toContain('1');
    expect(screen.getByTestId('center-total-overdue').textContent).toContain('2');
    const pump = await screen.findByText('1# 泵站', { selector: 'a' });
    expect(pump.getAttribute('href')).toBe('/monitor/eg/detail/list/7/1');
    const reservoir = screen.getByText('清水池', { selector: 'a' }).closest('tr') as HTMLElement;
    expect(within(reservoir).getAllByText('—')).toHaveLength(2);
  });

  it('lists cards on a phone', async () => {
    stubViewportWidth(390);
    renderApp('/monitor/gm/ocInfo');
    expect(await screen.findAllByTestId('center-card')).toHaveLength(2);
  });
});
