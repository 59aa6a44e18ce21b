/**
 * The alarm sound (spec section 4: while an alarm is unreleased, its sound repeats alarmBroadcastTimes times).
 * The server speaks the alarm's text in the user's language (`msg/createSound`, a clear tone where it has no speech
 * engine); this queue plays one alarm at a time, asks before each repetition whether the alarm was released
 * (`alarm/isReleaseByAlarmId`), and stops at once when the alarm is confirmed here or the sound is muted.
 *
 * Browsers refuse to play sound before the user has interacted with the page. That refusal is reported
 * (`onBlockedChange(true)`), the alarm waits, and the console shows a "click to enable sound" hint whose click
 * calls {@link AlarmSound.unlock}; nothing is lost silently.
 */

/** The part of an HTMLAudioElement the queue uses (a fake in tests). */
export interface AudioLike {
  play(): Promise<void>;
  pause(): void;
  addEventListener(type: 'ended' | 'error', listener: () => void): void;
  removeEventListener(type: 'ended' | 'error', listener: () => void): void;
}

export interface AlarmSoundDeps {
  /** `msg/createSound {text}` → the audio's path. */
  createSound(text: string): Promise<string>;
  /** `alarm/isReleaseByAlarmId {alarmId}` → whether the alarm has been released. */
  isReleased(alarmId: number): Promise<boolean>;
  createAudio(src: string): AudioLike;
  /** True when the browser refused to play (no interaction yet); false once playing works. */
  onBlockedChange(blocked: boolean): void;
  wait(ms: number): Promise<void>;
}

/** One alarm to announce: its id (null: a message without an alarm record), its text, how often. */
export interface AlarmAnnouncement {
  alarmId: number | null;
  text: string;
  times: number;
}

/** Silence between two repetitions of one alarm. */
export const REPEAT_GAP_MS = 1_500;
/** Most repetitions, whatever a message asks: a stuck alarm must not talk all shift. */
export const MAX_REPETITIONS = 10;
/** Alarms waiting their turn beyond this many are dropped (oldest first): a burst must not queue for an hour. */
export const MAX_WAITING = 20;

export class AlarmSound {
  private readonly queue: AlarmAnnouncement[] = [];
  private readonly stopped = new Set<number>();
  private running = false;
  private muted = false;
  private disposed = false;
  private current: { alarmId: number | null; audio: AudioLike | null } | null = null;
  /** Ends the current wait (playing, blocked, or the gap) early. */
  private interrupt: (() => void) | null = null;
  private blocked = false;

  constructor(private readonly deps: AlarmSoundDeps) {}

  announce(announcement: AlarmAnnouncement): void {
    if (this.muted || this.disposed || announcement.times < 1) return;
    if (announcement.alarmId !== null && this.stopped.has(announcement.alarmId)) return;
    this.queue.push(announcement);
    if (this.queue.length > MAX_WAITING) this.queue.splice(0, this.queue.length - MAX_WAITING);
    void this.run();
  }

  /** The alarm was confirmed (or released) here: no more of its sound. */
  stop(alarmId: number): void {
    this.stopped.add(alarmId);
    for (let i = this.queue.length - 1; i >= 0; i--) if (this.queue[i]?.alarmId === alarmId) this.queue.splice(i, 1);
    if (this.current?.alarmId === alarmId) this.cut();
  }

  setMuted(muted: boolean): void {
    this.muted = muted;
    if (muted) {
      this.queue.length = 0;
      this.cut();
      this.setBlocked(false);
    }
  }

  /** The user interacted (the hint's button): try the waiting alarm again. */
  unlock(): void {
    this.interrupt?.();
  }

  dispose(): void {
    this.disposed = true;
    this.queue.length = 0;
    this.cut();
  }

  private cut(): void {
    this.current?.audio?.pause();
    this.interrupt?.();
  }

  private setBlocked(blocked: boolean): void {
    if (this.blocked !== blocked) {
      this.blocked = blocked;
      this.deps.onBlockedChange(blocked);
    }
  }

  private goOn(alarmId: number | null): boolean {
    return !this.muted && !this.disposed && (alarmId === null || !this.stopped.has(alarmId));
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let next = this.queue.shift(); next; next = this.queue.shift()) {
        this.current = { alarmId: next.alarmId, audio: null };
        await this.announceOne(next);
        this.current = null;
      }
    } finally {
      this.running = false;
    }
  }

  private async announceOne({ alarmId, text, times }: AlarmAnnouncement): Promise<void> {
    let src: string;
    try {
      src = await this.deps.createSound(text);
    } catch {
      return; // The call failed (and said so); the pop-up and the title still tell of the alarm.
    }
    let askFirst = false;
    for (let i = 0; i < Math.min(times, MAX_REPETITIONS); i++) {
      if (!this.goOn(alarmId)) return;
      if ((i > 0 || askFirst) && alarmId !== null && (await this.released(alarmId))) return;
      if (!this.goOn(alarmId)) return;
      const outcome = await this.playOnce(src);
      if (outcome === 'failed') return;
      if (outcome === 'waited') {
        // It waited for the user (blocked): the alarm may have ended meanwhile; this round is played again.
        askFirst = true;
        i--;
        continue;
      }
      if (i + 1 < times) await this.pause(REPEAT_GAP_MS);
    }
  }

  private async released(alarmId: number): Promise<boolean> {
    try {
      return await this.deps.isReleased(alarmId);
    } catch {
      return false; // Unknown: the operator hears it once more rather than miss it.
    }
  }

  /** Plays `src` to its end: 'played', 'failed' (unplayable, or cut), or 'waited' (blocked until unlocked). */
  private async playOnce(src: string): Promise<'played' | 'failed' | 'waited'> {
    const audio = this.deps.createAudio(src);
    if (this.current) this.current.audio = audio;
    let ended!: () => void;
    const finished = new Promise<void>((resolve) => {
      ended = resolve;
    });
    audio.addEventListener('ended', ended);
    audio.addEventListener('error', ended);
    try {
      try {
        await audio.play();
      } catch (error) {
        if ((error as { name?: string }).name !== 'NotAllowedError') return 'failed';
        this.setBlocked(true);
        await new Promise<void>((resolve) => (this.interrupt = resolve));
        this.interrupt = null;
        return this.goOn(this.current?.alarmId ?? null) ? 'waited' : 'failed';
      }
      this.setBlocked(false);
      await Promise.race([finished, new Promise<void>((resolve) => (this.interrupt = resolve))]);
      this.interrupt = null;
      return this.goOn(this.current?.alarmId ?? null) ? 'played' : 'failed';
    } finally {
      audio.removeEventListener('ended', ended);
      audio.removeEventListener('error', ended);
    }
  }

  private async pause(ms: number): Promise<void> {
    await Promise.race([this.deps.wait(ms), new Promise<void>((resolve) => (this.interrupt = resolve))]);
    this.interrupt = null;
  }
}
