import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { egSocket, installDetailServer, openDetail, pick, type Harness } from './testSupport';

vi.mock('@/components/EChart', () => ({
  default: ({ option, testId }: { option: { series: Array<{ name: string; data: Array<[number, number]> }> }; testId?: string }) => (
    <ul data-testid={testId}>
      {option.series.map((s) => (
        <li key={s.name}>{`${s.name}: ${s.data.map((p) => p[1]).join(',')}`}</li>
      ))}
    </ul>
  ),
}));

let h: Harness;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  h = installDetailServer();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('real-time curve', { timeout: 60_000 }, () => {
  it('draws the live values of the chosen signals as they arrive', async () => {
    await openDetail('?tab=curve');
    const socket = await egSocket(h.sockets);
    const t = Date.now();
    // Frames a reporting interval apart: each reaches the screen before the next.
    act(() => {
      socket.open();
      socket.push({ signalVal: { '1': { value: 1.1, time: t, quality: 'good' }, '3': { value: 40, time: t, quality: 'good' } }, gatewayAlarm: 0, signalAlarm: {} });
    });
    act(() => socket.push({ signalVal: { '1': { value: 1.2, time: t + 1000, quality: 'good' } }, gatewayAlarm: 0, signalAlarm: {} }));
    // A repeat of the same time is not drawn twice.
    act(() => socket.push({ signalVal: { '1': { value: 1.2, time: t + 1000, quality: 'good' } }, gatewayAlarm: 0, signalAlarm: {} }));
    const chart = await screen.findByTestId('curve-chart', undefined, { timeout: 15_000 });
    // By default the first three numeric signals.
    await waitFor(() =>
      expect(within(chart).getAllByRole('listitem').map((l) => l.textContent)).toEqual([
        'Inlet pressure (bar): 1.1,1.2',
        'Tank level (%): 40',
        'Speed setpoint (rpm): ',
      ]),
    );
    await pick('curve-signals', 'Pump start');
    await waitFor(() => expect(within(screen.getByTestId('curve-chart')).getAllByRole('listitem')).toHaveLength(4));
  });
});
