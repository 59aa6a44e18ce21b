import { describe, expect, it } from 'vitest';
import type { GatewayInfo } from '@/lib/live/egMonitorApi';
import { monitorStatus } from './monitorStatus';

const gateway: GatewayInfo = { sn: 'EG-1', online: true, vpn: false, interval: 1000, economizeOpen: false };
const NOW = 1_000_000;

describe('monitoring state shown honestly (spec section 4)', () => {
  it('is connecting until the gateway status or the first values arrive', () => {
    expect(monitorStatus({ monitoring: true, loaded: false, gateway: null }, NOW, NOW)).toBe('connecting');
    expect(monitorStatus({ monitoring: true, loaded: false, gateway }, NOW, NOW)).toBe('connecting');
  });
  it('is on when monitoring with values', () => {
    expect(monitorStatus({ monitoring: true, loaded: true, gateway }, NOW, NOW)).toBe('on');
  });
  it('names no gateway, an unreadable status, offline and VPN', () => {
    expect(monitorStatus({ monitoring: false, loaded: true, gateway: null }, NOW, NOW)).toBe('noGateway');
    expect(monitorStatus({ monitoring: true, loaded: true, gateway: null }, NOW, NOW)).toBe('unknown');
    expect(monitorStatus({ monitoring: false, loaded: true, gateway: { ...gateway, online: false } }, NOW, NOW)).toBe('offline');
    expect(monitorStatus({ monitoring: false, loaded: true, gateway: { ...gateway, vpn: true } }, NOW, NOW)).toBe('vpn');
  });
  it('tells a failed open from a pause in economize mode', () => {
    const off = { monitoring: false, loaded: true };
    expect(monitorStatus({ ...off, gateway }, NOW, NOW - 500_000)).toBe('openFailed');
    const economize = { ...gateway, economizeOpen: true };
    expect(monitorStatus({ ...off, gateway: economize }, NOW, NOW - 120_000)).toBe('paused');
    expect(monitorStatus({ ...off, gateway: economize }, NOW, NOW - 1000)).toBe('openFailed');
  });
});
