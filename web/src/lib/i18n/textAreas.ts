/**
 * The console's texts, one file per area and language: `src/locales/<language>/<area>.json`. Each file holds a
 * few top-level key groups (`login.*`, `equipment.*`, …) and becomes a chunk of its own, so a page downloads
 * only the texts of what it shows, in the language it shows (issue 12: the login page carries `common` and
 * `login`, not the 40 kB of every screen). A key keeps its full name (`login.submit` in every `t` call): the
 * areas are merged into i18next's one namespace as they arrive, so moving a group between areas changes no code.
 *
 * Which screen needs which areas is said once, where its chunk is named (`withTexts` in app/routes.tsx); a test
 * (src/locales/areas.test.ts) walks every screen's imports and fails when it uses a text of an area it does not
 * load.
 */
import type { Language } from './language';

/**
 * Every area; `common` (the entry's texts: errors, loading, the route titles) is always loaded. `status` holds the
 * texts of the state badges several screens share (gateway presence, signal strength, monitor status); `pages`
 * those of the configuration page list an equipment's page tab and a project's pages share; `reports` those of
 * reports (statistics, views, the report viewer) that the equipment's report tab and the monitor share.
 */
export const TEXT_AREAS = [
  'common',
  'login',
  'shell',
  'status',
  'monitorList',
  'monitor',
  'equipment',
  'pages',
  'reports',
  'gateways',
  'gmSources',
  'scenes',
  'system',
  'subAccounts',
  'profile',
  'designer',
  'messages',
  'opsCenter',
  'ops',
  'security',
  'track',
  'share',
  'frame',
] as const;

export type TextArea = (typeof TEXT_AREAS)[number];

/** The texts of one area in one language: nested groups of strings. */
export type Texts = { [key: string]: string | Texts };

// Lazy: each file is its own chunk, fetched on the first call of its loader.
const files = import.meta.glob<Texts>('../../locales/*/*.json', { import: 'default' });

/** Fetches one area's texts in one language. */
export function fetchTexts(language: Language, area: TextArea): Promise<Texts> {
  const load = files[`../../locales/${language}/${area}.json`];
  return load ? load() : Promise.reject(new Error(`no texts for ${area} in ${language}`));
}
