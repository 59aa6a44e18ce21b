/**
 * Reading a value now and writing one (spec section 4, asynchronous device commands): the first call answers
 * `{online, uuid}` and runAsyncCommand polls /lfscada/equipment/multi/callback until the device answers. Both are
 * silent: the screen shows the outcome next to the form, not in a toast. What a successful read or write's callback
 * carries is the generated `CommandReadings` (the value read, and the readings as `LiveValue`s).
 */
import type { CommandReadings } from '@/generated/answers';
import { post } from '@/lib/api/client';
import { runAsyncCommand, type AsyncCommandOptions } from '@/lib/asyncCommand';
import { PROJECT_WRITE_WAIT_MS } from '@/entities/live/liveConstants';

type Progress = Pick<AsyncCommandOptions, 'onProgress' | 'signal'>;

/** A write with its callback: {@link writeSignal}, or the share view's (features/shareView/api.ts). */
export type SignalWriter = (signalId: number, value: number, options?: Progress) => Promise<CommandReadings | null>;

/** POST /lfscada/monitor/multi/signal/write {signalId, value}, then the callback. */
export function writeSignal(signalId: number, value: number, options: Progress = {}): Promise<CommandReadings | null> {
  return runAsyncCommand<CommandReadings | null>(
    () => post('/lfscada/monitor/multi/signal/write', { signalId, value }, { silent: true }),
    undefined,
    { ...options, silent: true },
  );
}

/** The project page's write callback (docs/project-monitor.md). */
export const PROJECT_CALLBACK_PATH = '/lfscada/monitor/project/signal/callback';

/**
 * POST /lfscada/monitor/project/signal/writeVal {projectId, signalId, value}, then the project callback, waiting at
 * most {@link PROJECT_WRITE_WAIT_MS} (spec section 4): a project page's write.
 */
export function writeProjectSignal(
  projectId: number,
  signalId: number,
  value: number,
  options: Progress = {},
): Promise<CommandReadings | null> {
  return runAsyncCommand<CommandReadings | null>(
    () => post('/lfscada/monitor/project/signal/writeVal', { projectId, signalId, value }, { silent: true }),
    PROJECT_CALLBACK_PATH,
    { ...options, deadlineMs: PROJECT_WRITE_WAIT_MS, silent: true },
  );
}

/** POST /lfscada/monitor/multi/signal/singleVal {signalId}, then the callback: the value read from the device now. */
export function readSignal(signalId: number, options: Progress = {}): Promise<CommandReadings | null> {
  return runAsyncCommand<CommandReadings | null>(
    () => post('/lfscada/monitor/multi/signal/singleVal', { signalId }, { silent: true }),
    undefined,
    { ...options, silent: true },
  );
}
