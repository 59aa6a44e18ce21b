import { describe, expect, it } from 'vitest';
import table from './imageUrlCases.json';
import { safeImageUrl, safeLink } from './urls';

/**
 * The viewer's picture rule against the table the server's check on save reads too
 * (crates/domain/src/image_url.rs): a case failing here or there means the two rules drifted apart.
 */
describe('safeImageUrl', () => {
  it.each(table.cases)('$viewer: $why ($url)', ({ url, viewer }) => {
    const drawn = safeImageUrl(url);
    expect(drawn === null ? (url.trim() === '' ? 'none' : 'refused') : 'shown').toBe(viewer);
    if (drawn !== null) expect(drawn).toBe(url.trim());
  });

  // The server counts an address as drawn only when it is drawn on an http and on an https console alike; the
  // table holds only addresses whose answer does not depend on the console's scheme.
  it('resolves the table alike on an http and an https console', () => {
    for (const { url, viewer } of table.cases) {
      if (viewer === 'none' || /^data:image\//i.test(url.trim())) continue;
      for (const base of ['http://console.example/monitor/eg/detail/page/1/0', 'https://console.example/x']) {
        const resolved = safeLink(url, base) === null ? 'refused' : 'shown';
        expect(resolved, `${JSON.stringify(url)} on ${base}`).toBe(viewer);
      }
    }
  });
});
