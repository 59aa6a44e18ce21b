import { describe, expect, it } from 'vitest';
import { monitorPath } from './paths';

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
