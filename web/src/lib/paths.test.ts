import { describe, expect, it } from 'vitest';
import { gmDetailPath, gmSourcePath, gmVueDetailPath, monitorPath, projectMonitorPath, projectPagePath, projectPreviewPath, trackPath } from './paths';

describe('monitorPath', () => {
  it('opens the home page of equipment shown as a configuration page, else the detail', () => {
    expect(monitorPath({ id: 7, display: 'list', protocol: 'eg', ruleType: '00', homePageId: 3 })).toBe('/monitor/eg/detail/list/7/0');
    expect(monitorPath({ id: 7, display: 'page', protocol: 'eg', ruleType: '00', homePageId: 3 })).toBe('/monitor/eg/detail/page/3/0');
    // Without pages there is nothing else to open.
    expect(monitorPath({ id: 7, display: 'page', protocol: 'eg', ruleType: '00', homePageId: null })).toBe('/monitor/eg/detail/list/7/0');
  });

  it("opens the detail's alarm tab for the alarms, whatever the display", () => {
    expect(monitorPath({ id: 7, display: 'list', protocol: 'eg', ruleType: '00', homePageId: null }, 1)).toBe('/monitor/eg/detail/list/7/1');
    expect(monitorPath({ id: 7, display: 'page', protocol: 'eg', ruleType: '00', homePageId: 3 }, 1)).toBe('/monitor/eg/detail/list/7/1');
  });
});

describe('monitorPath of GM equipment (protocol sparkplug or json)', () => {
  const gm = (patch: Partial<Parameters<typeof monitorPath>[0]> = {}) =>
    ({ id: 9, display: 'list', homePageId: null, protocol: 'sparkplug', ruleType: '00', ...patch }) as const;

  it('opens rule type 01 on its configuration pages (gmDetail), its home page or page 0 without one', () => {
    expect(monitorPath(gm({ ruleType: '01', homePageId: 4 }))).toBe('/monitor/gm/detail/9/01/4');
    expect(monitorPath(gm({ ruleType: '01', protocol: 'json' }))).toBe('/monitor/gm/detail/9/01/0');
  });

  it('opens any other rule type on its signal detail, whatever the display', () => {
    expect(monitorPath(gm())).toBe('/monitor/gm/vuedetail/9/real');
    expect(monitorPath(gm({ protocol: 'json', display: 'page', homePageId: 4 }))).toBe('/monitor/gm/vuedetail/9/real');
  });

  it("opens the detail's alarm tab for the alarms", () => {
    expect(monitorPath(gm({ ruleType: '01', homePageId: 4 }), 1)).toBe('/monitor/gm/vuedetail/9/alarm');
  });

  it('names the GM routes', () => {
    expect(gmVueDetailPath(3)).toBe('/monitor/gm/vuedetail/3/real');
    expect(gmVueDetailPath(3, 'history')).toBe('/monitor/gm/vuedetail/3/history');
    expect(gmDetailPath(3, '01', 0)).toBe('/monitor/gm/detail/3/01/0');
    expect(gmSourcePath(12)).toBe('/monitor/gm/ocInfo/12');
  });
});

describe("a project's pages in the monitor", () => {
  it('names the home page, a page among the tabs, and a page full window with or without the draft', () => {
    expect(projectMonitorPath(4)).toBe('/monitor/project/4');
    expect(projectPagePath(4, 12)).toBe('/monitor/project/4/page/12');
    expect(projectPreviewPath(4, 12)).toBe('/monitor/project/4/preview/12');
    expect(projectPreviewPath(4, 12, true)).toBe('/monitor/project/4/preview/12?draft=1');
  });
});

describe('trackPath', () => {
  it("names an equipment's track playback", () => {
    expect(trackPath(9)).toBe('/monitor/eg/track/9');
  });
});
