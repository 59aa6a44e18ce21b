/**
 * The calls that drive a project page's monitor session (spec section 7, "Project monitor"; docs/project-monitor.md):
 * the gateways of the page's equipment, the open call of each, and the current values of the page's signals.
 * Kept apart from the session so the session can be tested with fakes and knows nothing about HTTP.
 */
import type { LiveValue, ProjectGateway } from '@/generated/answers';
import { post } from '@/lib/api/client';
import { Limits } from '@/lib/api/limits';
import { PROJECT_OPEN_DELAY } from './liveConstants';

/** The page a project session runs for: the page (its token and gateways are asked by it) and its project. */
export interface ProjectPageRef {
  pageId: number;
  projectId: number;
}

export interface ProjectOpenRequest {
  projectId: number;
  equipmentId: number;
  interval: number;
}

export interface ProjectMonitorApi {
  /** The gateway of each of `equipmentIds` of the page's project, in the order asked. Rejects with an ApiError. */
  queryGateways(pageId: number, equipmentIds: readonly number[]): Promise<ProjectGateway[]>;
  /** Asks an equipment's gateway to push values for the next 3600 s. */
  openGateway(request: ProjectOpenRequest): Promise<unknown>;
}

export const PROJECT_GATEWAYS_PATH = '/lfscada/monitor/project/gateway/query';
export const PROJECT_OPEN_PATH = '/lfscada/monitor/project/gateway/open';
export const PROJECT_VALUES_PATH = '/lfscada/monitor/project/signal/query';

/** POST /lfscada/monitor/project/gateway/query {pageId, dataEquip}. Silent: a background poll. */
export function queryGateways(pageId: number, equipmentIds: readonly number[]): Promise<ProjectGateway[]> {
  return post<ProjectGateway[]>(PROJECT_GATEWAYS_PATH, { pageId, dataEquip: equipmentIds.join(',') }, { silent: true });
}

/**
 * POST /lfscada/monitor/project/gateway/open {projectId, equipmentId, interval, delay: 3600}. Not silent, as the EG
 * open: when it fails the equipment's values stop updating, and the operator should see why.
 */
export function openGateway({ projectId, equipmentId, interval }: ProjectOpenRequest): Promise<unknown> {
  return post<unknown>(PROJECT_OPEN_PATH, { projectId, equipmentId, interval, delay: PROJECT_OPEN_DELAY });
}

/** Most signals one value query names (the server's `limits::PROJECT_PAGE_SIGNALS`): more are asked in parts. */
export const PROJECT_VALUES_BATCH = Limits.ProjectPageSignals;

/**
 * POST /lfscada/monitor/project/signal/query {pageId, dataSignal}: the latest stored values of `signalIds`, by
 * signal id (a signal that is not the project's is left out by the server). Silent: the page fills in as frames come.
 */
export async function fetchProjectValues(
  pageId: number,
  signalIds: readonly number[],
  signal?: AbortSignal,
): Promise<Record<string, LiveValue | undefined>> {
  const values: Record<string, LiveValue | undefined> = {};
  for (let from = 0; from < signalIds.length; from += PROJECT_VALUES_BATCH) {
    const part = signalIds.slice(from, from + PROJECT_VALUES_BATCH);
    const data = await post<{ signalVal?: Record<string, LiveValue | undefined> } | null>(
      PROJECT_VALUES_PATH,
      { pageId, dataSignal: part.join(',') },
      { silent: true, ...(signal ? { signal } : {}) },
    );
    Object.assign(values, data?.signalVal ?? {});
  }
  return values;
}

export const projectMonitorApi: ProjectMonitorApi = { queryGateways, openGateway };
