import { describe, expect, it } from 'vitest';
import { monitorPath, projectMonitorPath, projectPagePath, projectPreviewPath, trackPath } from './paths';

describe('monitorPath', () => {
  it('opens the home page of equipment shown as a configuration page, else the detail', () => {
    expect(monitorPath({ id: 7, display: 'list', homePageId: 3 })).toBe('/monitor/eg/detail/list/7/0');
    expect(monitorPath({ id: 7, display: 'page', homePageId: 3 })).toBe('/monitor/eg/detail/page/3/0');
    // Without pages there is nothing else to open.
    expect(monitorPath({ id: 7, display: 'page', homePageId: null })).toBe('/monitor/eg/detail/list/7/0');
  });

  it("opens the detail's alarm tab for the alarms, whatever the display", () => {
    expect(monitorPath({ id: 7, display: 'list', homePageId: null }, 1)).toBe('/monitor/eg/detail/list/7/1');
    expect(monitorPath({ id: 7, display: 'page', homePageId: 3 }, 1)).toBe('/monitor/eg/detail/list/7/1');
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
