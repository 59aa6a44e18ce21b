/**
 * Where a live configuration page gets what it runs on: the page itself, the catalogue of its owner's signals,
 * the live values of its equipment, the viewer's right to write and the write, and the widgets' own server calls
 * (runtime/recordCalls.ts). The console's source (the default) is the signed-in user's: the owner's catalogues, the
 * user's write permission, and for an equipment's page `configuration/page/info` with its password, the EG monitor
 * session with its live socket and the monitor's asynchronous write; for a project's page the project monitor's own
 * calls: `monitor/project/page/info` with its password, one session and one socket for the equipment it binds, and
 * the project's write (docs/project-monitor.md). The public share view (features/shareView) puts its own source
 * around the same viewer (LiveConfigPage, useLivePage, useRuntimeContext, PageView): its `share/…` calls, scoped to
 * the shared equipment, so the viewer is not copied and no console call is made without a console session.
 *
 * A source is one object for as long as a page is shown (its hooks are called in a fixed order).
 */
import { createContext, useContext } from 'react';
import { Permission, hasAuth } from '@/lib/access';
import {
  fetchPageInfo,
  fetchProjectPageInfo,
  givePagePassword,
  giveProjectPagePassword,
  type ConfigPageInfo,
  type PageOwner,
} from '@/entities/pages/configPages';
import { useLiveEquipments } from '@/entities/live/useLiveEquipments';
import type { MonitorStatus, SetMonitorStatus } from '@/entities/live/monitorStatus';
import { useOwnerScope, type OwnerScope } from '@/entities/pages/ownerScope';
import { useProjectStatistics } from '@/runtime/live/projectStatistics';
import { useBoundMvars, type Mvar } from '@/entities/mvars/api';
import { useUser } from '@/lib/session';
import { writeProjectSignal, writeSignal } from '@/entities/signals/commands';
import { useProjectLiveEquipments, type ProjectLiveRef } from '@/entities/live/useProjectLiveEquipments';
import { consoleRecordCalls, projectRecordCalls, type RecordCalls } from '../recordCalls';
import type { SystemKey } from '../systemKeys';
import type { LivePage, RuntimeValue } from '../types';
import type { EquipmentValues } from './useRuntimeContext';

/** One equipment's live state as a page reads it. */
export interface LivePageEquipment extends EquipmentValues {
  equipmentId: number;
  /** Its open alarms. */
  gatewayAlarm: number;
  /** Whether it is monitored and why not; null where the source does not know (the share view's polling). */
  status: MonitorStatus | null;
}

/** The live state of the equipment a page shows (entities/live/useLiveEquipments gives the console's). */
export interface LivePageValues {
  equipment: readonly LivePageEquipment[];
  /** One state for the set; null when it is empty or unknown. */
  status: SetMonitorStatus | null;
  /** Open alarms of the whole set. */
  gatewayAlarm: number;
  /** The clock the values are judged by (stale or not), ticking every second. */
  now: number;
}

export interface PageSource {
  /** Whose calls: part of the cache keys ('console', 'share:7'), so one source's answer never serves another. */
  scope: string;
  /**
   * The page and its document; an error names why not (a page that is not the owner's: "not found"). `owner` is the
   * owner the address names (a project's page goes through the project's calls); undefined where the address names
   * only the page (the EG page route), which then may turn out to be any owner's.
   */
  fetchPageInfo(pageId: number, owner: PageOwner | undefined, signal?: AbortSignal): Promise<ConfigPageInfo>;
  /**
   * Gives a protected page's password (the page is asked for again after), by the same call family as
   * `fetchPageInfo` for that `owner`; absent where no page asks for one (the share view's server refuses a protected
   * page outright).
   */
  givePagePassword?: (pageId: number, password: string, owner: PageOwner | undefined) => Promise<unknown>;
  /** The catalogue of the owner's equipment (entities/pages/ownerScope). */
  useScope(owner: PageOwner): OwnerScope;
  /**
   * The live values of `equipmentIds`; with `project`, those of a project's page, through its project session where
   * the source has one. A page passes `project` for its whole life or never (the owner of a page does not change).
   */
  useLive(equipmentIds: readonly number[], project?: ProjectLiveRef): LivePageValues;
  /** The viewer may write values (the user's write permission; the share's `control` authority). */
  useCanWrite(): boolean;
  /**
   * Writes a value and waits for the device's answer; rejects with the app's ApiError. `page` is the page written
   * from (a project's page writes through its project).
   */
  write(signalId: number, value: number, page?: LivePage): Promise<void>;
  /** The widgets' calls (history, alarm records, map, weather). */
  calls: RecordCalls;
  /** Those of a project's page, through the project's own calls; absent: `calls` (the share view has no project). */
  projectCalls?: (projectId: number) => RecordCalls;
  /** Links into the console (the equipment's detail, a project's monitor) are offered. */
  consoleLinks: boolean;
  /**
   * A project page's statistics `keys` of project `projectId` (none for null) as values
   * (runtime/live/projectStatistics.ts); the share view shows an equipment's pages only, so its source has none.
   */
  useStatistics(projectId: number | null, keys: readonly SystemKey[]): Readonly<Record<string, RuntimeValue>>;
  /**
   * The intermediate variables `ids` of project `projectId` a page binds (none for null; entities/mvars/api.ts), the
   * same list while unchanged; the share view has none, as it has no statistics.
   */
  useMvars(projectId: number | null, ids: readonly number[]): readonly Mvar[];
}

/** The statistics of a source that has none. */
const NO_STATISTICS: Readonly<Record<string, RuntimeValue>> = Object.freeze({});
export function useNoStatistics(): Readonly<Record<string, RuntimeValue>> {
  return NO_STATISTICS;
}

/** The intermediate variables of a source that has none. */
const NO_MVARS: readonly Mvar[] = Object.freeze([]);
export function useNoMvars(): readonly Mvar[] {
  return NO_MVARS;
}

function useConsoleScope(owner: PageOwner): OwnerScope {
  return useOwnerScope(owner);
}

/**
 * The console's live values: a project's page through its project session, any other through the EG sessions.
 * Both hooks run on every render (one of them with nothing to watch), so the order of hooks never changes.
 */
function useConsoleLive(equipmentIds: readonly number[], project?: ProjectLiveRef): LivePageValues {
  const eg = useLiveEquipments(project ? NO_EQUIPMENT : equipmentIds);
  const projectLive = useProjectLiveEquipments(project ? equipmentIds : NO_EQUIPMENT, project ?? null);
  return project ? projectLive : eg;
}

const NO_EQUIPMENT: readonly number[] = Object.freeze([]);

function useConsoleCanWrite(): boolean {
  return hasAuth(useUser(), Permission.WriteData);
}

/**
 * The console's page calls for a page of `owner`: a project's page through the project monitor's (checked against
 * the project, docs/project-monitor.md), any other through the equipment's (which answer any page the caller sees,
 * so a page the address names alone is found whoever owns it).
 */
function consolePageCalls(owner: PageOwner | undefined) {
  return owner?.kind === 'project'
    ? { info: fetchProjectPageInfo, password: giveProjectPagePassword }
    : { info: fetchPageInfo, password: givePagePassword };
}

/** The console's source: the signed-in user's calls and live sessions. */
export const consolePageSource: PageSource = {
  scope: 'console',
  fetchPageInfo: (pageId, owner, signal) => consolePageCalls(owner).info(pageId, signal),
  givePagePassword: (pageId, password, owner) => consolePageCalls(owner).password(pageId, password),
  useScope: useConsoleScope,
  useLive: useConsoleLive,
  useCanWrite: useConsoleCanWrite,
  write: async (signalId, value, page) => {
    if (page?.owner.kind === 'project') await writeProjectSignal(page.owner.id, signalId, value);
    else await writeSignal(signalId, value);
  },
  calls: consoleRecordCalls,
  projectCalls: projectRecordCalls,
  consoleLinks: true,
  useStatistics: useProjectStatistics,
  useMvars: useBoundMvars,
};

const PageSourceContext = createContext<PageSource>(consolePageSource);

/** Puts a source around the viewer (the share view's); without one the console's applies. */
export const PageSourceProvider = PageSourceContext.Provider;

export function usePageSource(): PageSource {
  return useContext(PageSourceContext);
}
