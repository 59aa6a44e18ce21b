/**
 * Paths that code outside the route table must name (features cannot import the app's route table).
 * app/routes.tsx uses the same constants.
 */

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
