import { describe, expect, it } from 'vitest';
import { gatewayAnswer } from '@/test/answers';
import { monitorStatus, setMonitorStatus } from './monitorStatus';

const gateway = gatewayAnswer({ sn: 'EG-1', online: true, vpn: false, interval: 1000, economizeOpen: false });
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

describe('the monitoring state of a set of equipment', () => {
  it('is on while any equipment is monitored, and counts those that are not', () => {
    expect(setMonitorStatus(['offline', 'on', 'vpn'])).toEqual({ status: 'on', notMonitored: 2, total: 3 });
    expect(setMonitorStatus(['on', 'on'])).toEqual({ status: 'on', notMonitored: 0, total: 2 });
  });
  it('is connecting while none is on and one still waits; a waiting one is not counted as unmonitored', () => {
    expect(setMonitorStatus(['noGateway', 'connecting'])).toEqual({ status: 'connecting', notMonitored: 1, total: 2 });
  });
  it("names the first equipment's reason when none is monitored", () => {
    expect(setMonitorStatus(['paused', 'offline'])).toEqual({ status: 'paused', notMonitored: 2, total: 2 });
    expect(setMonitorStatus(['offline'])).toEqual({ status: 'offline', notMonitored: 1, total: 1 });
  });
  it('is nothing for an empty set', () => {
    expect(setMonitorStatus([])).toBeNull();
  });
});
