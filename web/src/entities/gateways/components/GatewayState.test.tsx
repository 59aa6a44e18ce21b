import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n } from '@/lib/i18n';
import { GatewayClockWarning, GatewayPresenceTag } from './GatewayState';

afterEach(async () => {
  await i18n.changeLanguage('zh-CN');
});

describe('a gateway state', () => {
  it('says unknown, not offline, while the server cannot hear the broker', async () => {
    await i18n.changeLanguage('en');
    const { rerender } = render(<GatewayPresenceTag gateway={{ online: false, presence: 'unknown' }} testId="tag" />);
    expect(screen.getByTestId('tag').textContent).toBe('Unknown');
    rerender(<GatewayPresenceTag gateway={{ online: true }} testId="tag" />);
    expect(screen.getByTestId('tag').textContent).toBe('Online');
    rerender(<GatewayPresenceTag gateway={{ online: false, presence: 'offline' }} testId="tag" />);
    expect(screen.getByTestId('tag').getAttribute('data-presence')).toBe('offline');
  });

  it('warns of a clock ahead of the server, and only then', () => {
    const { rerender, container } = render(<GatewayClockWarning gateway={{ clockAheadMs: null, futureReadings: 0 }} />);
    expect(container.textContent).toBe('');
    rerender(<GatewayClockWarning gateway={{ clockAheadMs: 3 * 3_600_000, futureReadings: 12 }} />);
    expect(screen.getByTestId('gateway-clock-ahead').textContent).toBe('时钟超前 3 小时');
    rerender(<GatewayClockWarning gateway={{ clockAheadMs: 5 * 60_000 + 10_000, futureReadings: 1 }} />);
    expect(screen.getByTestId('gateway-clock-ahead').textContent).toBe('时钟超前 5 分钟');
  });
});
