/**
 * The project signal channel (spec sections 4 and 7; docs/project-monitor.md): one socket for every equipment a
 * project page binds. Each frame is an EG frame of one of them with its `equipmentId` (the generated
 * `ProjectFrame`), checked as the EG channel checks its frames: a malformed one is dropped whole.
 */
import type { ProjectFrame } from '@/generated/answers';
import { post } from '@/lib/api/client';
import { parseEgSignalFrame } from './egSignalChannel';
import { PROJECT_MONITOR_IDLE_TEXT } from './liveConstants';
import { openLiveChannel, tokenOf, type LiveChannel, type LiveChannelStatus, type WebSocketLike } from './liveChannel';

export const PROJECT_SIGNAL_TOKEN_PATH = '/lfscada/websocket/monitor/project/token';

export function projectSignalSocketPath(token: string): string {
  return `/lfscada/ws/project/signal/subscribe/${encodeURIComponent(token)}`;
}

/**
 * POST /lfscada/websocket/monitor/project/token {pageId, dataEquip} → the token in `data`. Silent, as the EG token:
 * the channel retries every 10 s.
 */
export async function requestProjectSignalToken(pageId: number, equipmentIds: readonly number[]): Promise<string> {
  const data = await post<unknown>(PROJECT_SIGNAL_TOKEN_PATH, { pageId, dataEquip: equipmentIds.join(',') }, { silent: true });
  return tokenOf(data);
}

export interface ProjectSignalChannelOptions {
  pageId: number;
  equipmentIds: readonly number[];
  /** Each well-formed frame; malformed ones are dropped. */
  onFrame: (frame: ProjectFrame) => void;
  onStatusChange?: (status: LiveChannelStatus) => void;
  createSocket?: (url: string) => WebSocketLike;
}

/** Opens the project signal channel of a page's equipment. */
export function openProjectSignalChannel(options: ProjectSignalChannelOptions): LiveChannel {
  return openLiveChannel({
    requestToken: () => requestProjectSignalToken(options.pageId, options.equipmentIds),
    socketPath: projectSignalSocketPath,
    idleText: PROJECT_MONITOR_IDLE_TEXT,
    onMessage: (data) => {
      const frame = parseProjectFrame(data);
      if (frame) options.onFrame(frame);
    },
    onStatusChange: options.onStatusChange,
    createSocket: options.createSocket,
  });
}

/** The frame, or null when its equipment id is not a positive whole number or its EG part is malformed. */
export function parseProjectFrame(data: unknown): ProjectFrame | null {
  if (typeof data !== 'object' || data === null) return null;
  const { equipmentId } = data as { equipmentId?: unknown };
  if (typeof equipmentId !== 'number' || !Number.isSafeInteger(equipmentId) || equipmentId <= 0) return null;
  const frame = parseEgSignalFrame(data);
  return frame ? { equipmentId, ...frame } : null;
}
