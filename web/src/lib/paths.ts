/**
 * Paths that code outside the route table must name (features cannot import the app's route table).
 * app/routes.tsx uses the same constants.
 */

export const LOGIN_PATH = '/login';
export const NOT_FOUND_PATH = '/404';
/** Where a successful login lands. */
export const HOME_PATH = '/monitor/eg/list';

/** An EG equipment's monitor page (the detail screen, real-time data first): `/monitor/eg/detail/list/{id}`. */
export function egDetailPath(id: number): string {
  return `/monitor/eg/detail/list/${id}`;
}

/**
 * Where the monitor opens an equipment from a card (list, group, map, scene): its home configuration page when it is
 * shown as a page and has one (`/monitor/eg/detail/page/{pageId}/0`), else its detail; `tab` 1 (its alarms) is
 * always the detail's alarm tab (`/monitor/eg/detail/list/{id}/1`).
 */
export function monitorPath(card: { id: number; display: string; homePageId: number | null }, tab: 0 | 1 = 0): string {
  if (tab === 0 && card.display === 'page' && card.homePageId !== null) return egPagePath(card.homePageId);
  return `/monitor/eg/detail/list/${card.id}/${tab}`;
}

/** A configuration page in the monitor's page viewer: `/monitor/eg/detail/page/{pageId}/0` (no alarm opened). */
export function egPagePath(pageId: number): string {
  return `/monitor/eg/detail/page/${pageId}/0`;
}

/** The page tab of an equipment's edit screen, where its configuration pages are managed. */
export function equipmentPagesPath(equipmentId: number): string {
  return `/manage/eg/equipment/edit/${equipmentId}/page`;
}

/** The page designer on one of an equipment's pages: `/manage/eg/{equipId}/designer/{pageId}`. */
export function egDesignerPath(equipmentId: number, pageId: number): string {
  return `/manage/eg/${equipmentId}/designer/${pageId}`;
}
