/**
 * Paths that code outside the route table must name (features cannot import the app's route table).
 * app/routes.tsx uses the same constants.
 */

import type { Card } from '@/generated/answers';

/** Whose page a path names (the shape of entities/pages/configPages.ts `PageOwner`). */
type PageOwner = { kind: 'equipment' | 'project'; id: number };

/** The query that asks a page's viewer for the designer's unsaved document (entities/pages/pageDraft.ts). */
export const DRAFT_QUERY = 'draft';

/** A record id from the address (`:id`, `:pageId`): a positive whole number, else null (the screen says the address is wrong). */
export function positiveIdOf(id: string | undefined): number | null {
  if (id === undefined || !/^\d{1,15}$/.test(id)) return null;
  const n = Number(id);
  return n > 0 ? n : null;
}

export const LOGIN_PATH = '/login';
export const NOT_FOUND_PATH = '/404';
/** Where a successful login lands. */
export const HOME_PATH = '/monitor/eg/list';

/** An EG equipment's monitor page (the detail screen, real-time data first): `/monitor/eg/detail/list/{id}`. */
export function egDetailPath(id: number): string {
  return `/monitor/eg/detail/list/${id}`;
}

/**
 * The order types of the spec's order routes (`/monitor/eg/detail/{list/:id|page/:pageId}/:orderType/:orderId`): an
 * order open beside its equipment (features/monitor/detail/components/OrderBeside.tsx).
 */
export const REPAIR_ORDER_TYPE = 'repair';
export const INSPECTION_ORDER_TYPE = 'inspection';

/** The address of an order beside its equipment's detail. */
export function repairOrderPath(equipmentId: number, orderId: number): string {
  return `/monitor/eg/detail/list/${equipmentId}/${REPAIR_ORDER_TYPE}/${orderId}`;
}

/** The address of a worksheet beside the first equipment of its route. */
export function worksheetPath(equipmentId: number, worksheetId: number): string {
  return `/monitor/eg/detail/list/${equipmentId}/${INSPECTION_ORDER_TYPE}/${worksheetId}`;
}

/** An equipment's public share view (docs/share.md), the address its QR code holds: `/share/{id}`. */
export function sharePath(id: number): string {
  return `/share/${id}`;
}

/** An equipment's track playback (docs/track.md): `/monitor/eg/track/{id}`. */
export function trackPath(id: number): string {
  return `/monitor/eg/track/${id}`;
}

/**
 * What {@link monitorPath} reads of a card (list, group, map, scene): `protocol` is `eg` behind a gateway, `sparkplug`
 * or `json` for GM equipment (devices that speak MQTT themselves); `ruleType` `00` or `01`.
 */
export type MonitorTarget = Pick<Card, 'id' | 'display' | 'homePageId' | 'protocol' | 'ruleType'>;

/**
 * Where the monitor opens an equipment from a card (list, group, map, scene); the one place that chooses, so every
 * screen opens the same equipment the same way.
 *
 * EG equipment (protocol `eg`): its home configuration page when it is shown as a page and has one
 * (`/monitor/eg/detail/page/{pageId}/0`), else its detail; `tab` 1 (its alarms) is always the detail's alarm tab
 * (`/monitor/eg/detail/list/{id}/1`).
 *
 * GM equipment (any other protocol): rule type `01` opens its configuration pages (the named route gmDetail, the
 * home page or, without one, page 0, which the screen reads as "the first"), any other its signal detail
 * (`/monitor/gm/vuedetail/{id}/real`); `tab` 1 is that detail's alarm tab.
 */
export function monitorPath(card: MonitorTarget, tab: 0 | 1 = 0): string {
  if (card.protocol !== 'eg') {
    if (tab === 1) return gmVueDetailPath(card.id, 'alarm');
    return card.ruleType === GM_PAGES_RULE_TYPE ? gmDetailPath(card.id, card.ruleType, card.homePageId ?? 0) : gmVueDetailPath(card.id);
  }
  if (tab === 0 && card.display === 'page' && card.homePageId !== null) return egPagePath(card.homePageId);
  return `/monitor/eg/detail/list/${card.id}/${tab}`;
}

/** The rule type whose GM equipment opens on its configuration pages (spec section 3: `01`, the non-EG type). */
export const GM_PAGES_RULE_TYPE = '01';

/** The tabs of a GM equipment's detail, each its own child route of `/monitor/gm/vuedetail/{equipId}`. */
export const GM_DETAIL_TABS = ['real', 'write', 'history', 'alarm'] as const;
export type GmDetailTab = (typeof GM_DETAIL_TABS)[number];

/** A GM equipment's detail on one tab: `/monitor/gm/vuedetail/{equipId}/{tab}` (real-time data by default). */
export function gmVueDetailPath(equipmentId: number, tab: GmDetailTab = 'real'): string {
  return `/monitor/gm/vuedetail/${equipmentId}/${tab}`;
}

/**
 * A GM equipment's configuration pages live (the spec's named route gmDetail): `/monitor/gm/detail/{id}/{ruleType}/{openType}`,
 * `openType` the page to show (0: its home page).
 */
export function gmDetailPath(equipmentId: number, ruleType: string, pageId: number): string {
  return `/monitor/gm/detail/${equipmentId}/${ruleType}/${pageId}`;
}

/** One GM collection source (a Sparkplug B edge node or a JSON device): `/monitor/gm/ocInfo/{sourceId}`. */
export function gmSourcePath(sourceId: number): string {
  return `/monitor/gm/ocInfo/${sourceId}`;
}

/** The monitor's card lists: equipment behind gateways (`eg`) or GM equipment (`gm`). */
export type MonitorKind = 'eg' | 'gm';

/** A configuration page in the monitor's page viewer: `/monitor/eg/detail/page/{pageId}/0` (no alarm opened). */
export function egPagePath(pageId: number): string {
  return `/monitor/eg/detail/page/${pageId}/0`;
}

/** The page tab of an equipment's edit screen, where its configuration pages are managed. */
export function equipmentPagesPath(equipmentId: number): string {
  return `/manage/eg/equipment/edit/${equipmentId}/page`;
}

/** The report tab of an equipment's edit screen, where its report definitions are made. */
export function equipmentReportsPath(equipmentId: number): string {
  return `/manage/eg/equipment/edit/${equipmentId}/report`;
}

/** The page designer on one of an equipment's pages: `/manage/eg/{equipId}/designer/{pageId}`. */
export function egDesignerPath(equipmentId: number, pageId: number): string {
  return `/manage/eg/${equipmentId}/designer/${pageId}`;
}

/** The page designer on one of a project's pages: `/manage/project/{projectId}/designer/{pageId}`. */
export function projectDesignerPath(projectId: number, pageId: number): string {
  return `/manage/project/${projectId}/designer/${pageId}`;
}

/** The page designer on a page of either kind of owner. */
export function designerPath(owner: PageOwner, pageId: number): string {
  return owner.kind === 'equipment' ? egDesignerPath(owner.id, pageId) : projectDesignerPath(owner.id, pageId);
}

/** The query parameter of the project list that opens a project's pages (the designer's "back" of a project page). */
export const PROJECT_PAGES_QUERY = 'pages';

/** The project list with the project's pages open: `/manage/eg/project/list?pages={projectId}`. */
export function projectPagesPath(projectId: number): string {
  return `/manage/eg/project/list?${PROJECT_PAGES_QUERY}=${projectId}`;
}

/** Where an owner's pages are managed: the equipment's page tab, or the project list with the project's pages open. */
export function ownerPagesPath(owner: PageOwner): string {
  return owner.kind === 'equipment' ? equipmentPagesPath(owner.id) : projectPagesPath(owner.id);
}

/** A project's monitor, its home page live: `/monitor/project/{projectId}`. */
export function projectMonitorPath(projectId: number): string {
  return `/monitor/project/${projectId}`;
}

/** One page of a project live in its monitor, among the project's pages: `/monitor/project/{projectId}/page/{pageId}`. */
export function projectPagePath(projectId: number, pageId: number): string {
  return `/monitor/project/${projectId}/page/${pageId}`;
}

/**
 * One page of a project live, full window (opened in a new tab): `/monitor/project/{projectId}/preview/{pageId}`;
 * `draft` asks for the designer's unsaved document of the page (`?draft=1`, entities/pages/pageDraft.ts).
 */
export function projectPreviewPath(projectId: number, pageId: number, draft = false): string {
  return `/monitor/project/${projectId}/preview/${pageId}${draft ? `?${DRAFT_QUERY}=1` : ''}`;
}
