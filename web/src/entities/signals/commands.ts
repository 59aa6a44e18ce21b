/**
 * Reading a value now and writing one (spec section 4, asynchronous device commands): the first call answers
 * `{online, uuid}` and runAsyncCommand polls /lfscada/equipment/multi/callback until the device answers. Both are
 * silent: the screen shows the outcome next to the form, not in a toast. What a successful read or write's callback
 * carries is the generated `CommandReadings` (the value read, and the readings as `LiveValue`s).
 */
import type { CommandReadings } from '@/generated/answers';
import { post } from '@/lib/api/client';
import { runAsyncCommand, type AsyncCommandOptions } from '@/lib/asyncCommand';

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

/** POST /lfscada/monitor/multi/signal/singleVal {signalId}, then the callback: the value read from the device now. */
export function readSignal(signalId: number, options: Progress = {}): Promise<CommandReadings | null> {
  return runAsyncCommand<CommandReadings | null>(
    () => post('/lfscada/monitor/multi/signal/singleVal', { signalId }, { silent: true }),
    undefined,
    { ...options, silent: true },
  );
}
