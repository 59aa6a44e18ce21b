/**
 * "An alarm was confirmed in this browser": the confirm call (entities/equipmentRecords/alarms.ts) says so here, and
 * the message notifier stops that alarm's sound at once (spec section 4: the sound stops on confirm). A bus in lib, so
 * the monitor's records and the messages feature need not know each other.
 */
type Listener = (alarmId: number) => void;

const listeners = new Set<Listener>();

export function announceAlarmConfirmed(alarmId: number): void {
  for (const listener of listeners) listener(alarmId);
}

/** Answers the function that stops listening. */
export function onAlarmConfirmed(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
