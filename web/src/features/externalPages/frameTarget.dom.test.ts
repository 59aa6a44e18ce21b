import { describe, expect, it } from 'vitest';
import type { ExternalPage } from '@/generated/answers';
import { frameTarget, framePath, originOf } from './frameTarget';

const PAGES: ExternalPage[] = [
  { id: 3, title: 'Energy', url: 'https://energy.example.com/board?line=2' },
  { id: 12, title: 'Wall', url: 'http://10.1.2.3:8080/wall' },
];

describe('frameTarget', () => {
  it('frames an entry by its id, at its own address', () => {
    expect(frameTarget('3', PAGES)).toEqual({
      kind: 'frame',
      url: 'https://energy.example.com/board?line=2',
      origin: 'https://energy.example.com',
      page: PAGES[0],
    });
    expect(frameTarget('12', PAGES)).toMatchObject({ kind: 'frame', url: 'http://10.1.2.3:8080/wall', origin: 'http://10.1.2.3:8080' });
  });

  it('refuses an id that is not one of the entries', () => {
    expect(frameTarget('4', PAGES)).toEqual({ kind: 'refused', reason: 'unknownId' });
    expect(frameTarget('0', PAGES)).toEqual({ kind: 'refused', reason: 'unknownId' });
    expect(frameTarget('3', [])).toEqual({ kind: 'refused', reason: 'unknownId' });
  });

  it('frames a deep link into an entry’s site, decoded or still encoded, naming that entry', () => {
    const deep = 'https://energy.example.com/reports/2024?x=1#top';
    expect(frameTarget(deep, PAGES)).toEqual({ kind: 'frame', url: deep, origin: 'https://energy.example.com', page: PAGES[0] });
    expect(frameTarget(encodeURIComponent(deep), PAGES)).toMatchObject({ kind: 'frame', url: deep });
    // The same origin spelled otherwise: upper case, the default port.
    expect(frameTarget('HTTPS://Energy.Example.com:443/x', PAGES)).toMatchObject({
      kind: 'frame',
      url: 'https://energy.example.com/x',
      page: PAGES[0],
    });
    expect(frameTarget('http://10.1.2.3:8080/other', PAGES)).toMatchObject({ kind: 'frame', page: PAGES[1] });
  });

  it('refuses addresses of any other origin, however close', () => {
    for (const other of [
      'https://evil.example/',
      'http://energy.example.com/board', // another scheme
      'https://energy.example.com:8443/', // another port
      'https://energy.example.com.evil.example/',
      'https://sub.energy.example.com/',
      'http://10.1.2.3/wall', // the entry's host without its port
    ]) {
      expect(frameTarget(other, PAGES), other).toEqual({ kind: 'refused', reason: 'otherOrigin' });
      expect(frameTarget(encodeURIComponent(other), PAGES), other).toEqual({ kind: 'refused', reason: 'otherOrigin' });
    }
  });

  it('refuses what is not an http(s) address at all', () => {
    for (const garbage of [
      'javascript:alert(1)',
      encodeURIComponent('javascript:alert(document.cookie)'),
      'data:text/html,<script>alert(1)</script>',
      'ftp://energy.example.com/',
      'https://user:pass@energy.example.com/',
      'docs',
      '',
      '%E0%A4%A',
      '//energy.example.com/',
      '/manage/frame/3',
    ]) {
      expect(frameTarget(garbage, PAGES), garbage).toEqual({ kind: 'refused', reason: 'notAddress' });
    }
  });

  it('never frames the console itself, even when an entry names its origin', () => {
    const own = [...PAGES, { id: 20, title: 'Console', url: 'https://console.example/monitor/eg/list' }];
    expect(frameTarget('20', own, 'https://console.example')).toEqual({ kind: 'refused', reason: 'console' });
    expect(frameTarget('https://console.example/share/1', own, 'https://console.example')).toEqual({
      kind: 'refused',
      reason: 'console',
    });
    expect(frameTarget('3', own, 'https://console.example')).toMatchObject({ kind: 'frame' });
  });

  it('names origins and paths as the browser and the menu do', () => {
    expect(originOf('https://Energy.Example.com:443/a')).toBe('https://energy.example.com');
    expect(originOf('javascript:alert(1)')).toBeUndefined();
    expect(framePath(PAGES[1] as ExternalPage)).toBe('/manage/frame/12');
  });
});
