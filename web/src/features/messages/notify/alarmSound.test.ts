import { describe, expect, it, vi } from 'vitest';
import { AlarmSound, MAX_REPETITIONS, type AlarmSoundDeps, type AudioLike } from './alarmSound';

/** An audio element that plays until the test ends it (or refuses to play while `blocked`). */
class FakeAudio implements AudioLike {
  private listeners = new Map<string, Set<() => void>>();
  paused = false;
  constructor(
    readonly src: string,
    private readonly world: World,
  ) {}
  play(): Promise<void> {
    if (this.world.blocked) {
      const refusal = new Error('play() can only be initiated by a user gesture');
      refusal.name = 'NotAllowedError';
      return Promise.reject(refusal);
    }
    this.world.plays.push(this.src);
    this.world.playing = this;
    return Promise.resolve();
  }
  pause() {
    this.paused = true;
  }
  addEventListener(type: string, listener: () => void) {
    if (!this.listeners.has(type)) this.listeners.set(type, new Set());
    this.listeners.get(type)?.add(listener);
  }
  removeEventListener(type: string, listener: () => void) {
    this.listeners.get(type)?.delete(listener);
  }
  end() {
    for (const l of this.listeners.get('ended') ?? []) l();
  }
}

interface World {
  blocked: boolean;
  plays: string[];
  playing: FakeAudio | null;
  released: Set<number>;
  blockedChanges: boolean[];
}

function setUp() {
  const world: World = { blocked: false, plays: [], playing: null, released: new Set(), blockedChanges: [] };
  const deps: AlarmSoundDeps = {
    createSound: vi.fn((text: string) => Promise.resolve(`/sound/${text}.wav`)),
    isReleased: vi.fn((id: number) => Promise.resolve(world.released.has(id))),
    createAudio: (src) => new FakeAudio(src, world),
    onBlockedChange: (b) => world.blockedChanges.push(b),
    wait: () => Promise.resolve(),
  };
  return { world, deps, sound: new AlarmSound(deps) };
}

/** Lets the queue's promises run. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** Ends whatever plays now, then lets the queue go on. */
async function endPlaying(world: World) {
  await settle();
  const playing = world.playing;
  world.playing = null;
  playing?.end();
  await settle();
}

describe('the alarm sound', () => {
  it('plays an alarm as often as it asks while it is unreleased, asking before each repetition', async () => {
    const { world, deps, sound } = setUp();
    sound.announce({ alarmId: 7, text: 'Pump fault', times: 3 });
    await endPlaying(world);
    expect(world.plays).toEqual(['/sound/Pump fault.wav', '/sound/Pump fault.wav']);
    world.released.add(7);
    await endPlaying(world);
    expect(world.plays).toHaveLength(2);
    expect(deps.isReleased).toHaveBeenCalledTimes(2);
    expect(deps.createSound).toHaveBeenCalledOnce();
  });

  it('plays every repetition of an alarm that stays unreleased, then the next alarm', async () => {
    const { world, sound } = setUp();
    sound.announce({ alarmId: 1, text: 'A', times: 2 });
    sound.announce({ alarmId: 2, text: 'B', times: 1 });
    for (let i = 0; i < 4; i++) await endPlaying(world);
    expect(world.plays).toEqual(['/sound/A.wav', '/sound/A.wav', '/sound/B.wav']);
  });

  it('stops at once when the alarm is confirmed here, and never plays it again', async () => {
    const { world, sound } = setUp();
    sound.announce({ alarmId: 5, text: 'Fault', times: 3 });
    await settle();
    const first = world.playing;
    sound.stop(5);
    await settle();
    expect(first?.paused).toBe(true);
    sound.announce({ alarmId: 5, text: 'Fault', times: 3 });
    await endPlaying(world);
    expect(world.plays).toEqual(['/sound/Fault.wav']);
  });

  it('says nothing while muted, and muting cuts the sound that plays', async () => {
    const { world, sound } = setUp();
    sound.announce({ alarmId: 1, text: 'A', times: 3 });
    await settle();
    sound.setMuted(true);
    sound.announce({ alarmId: 2, text: 'B', times: 1 });
    await endPlaying(world);
    expect(world.plays).toEqual(['/sound/A.wav']);
    sound.setMuted(false);
    sound.announce({ alarmId: 3, text: 'C', times: 1 });
    await endPlaying(world);
    expect(world.plays).toEqual(['/sound/A.wav', '/sound/C.wav']);
  });

  it('reports a browser that blocks sound, waits for the user, and asks whether the alarm still holds', async () => {
    const { world, deps, sound } = setUp();
    world.blocked = true;
    sound.announce({ alarmId: 9, text: 'High level', times: 1 });
    await settle();
    expect(world.blockedChanges).toEqual([true]);
    expect(world.plays).toEqual([]);
    world.blocked = false;
    sound.unlock();
    await endPlaying(world);
    expect(world.plays).toEqual(['/sound/High level.wav']);
    expect(world.blockedChanges).toEqual([true, false]);
    expect(deps.isReleased).toHaveBeenCalledWith(9);
  });

  it('does not play an alarm released while the browser was blocking sound', async () => {
    const { world, sound } = setUp();
    world.blocked = true;
    sound.announce({ alarmId: 4, text: 'Low pressure', times: 2 });
    await settle();
    world.released.add(4);
    world.blocked = false;
    sound.unlock();
    await endPlaying(world);
    expect(world.plays).toEqual([]);
  });

  it('caps the repetitions a message may ask for', async () => {
    const { world, sound } = setUp();
    sound.announce({ alarmId: 1, text: 'A', times: 1000 });
    for (let i = 0; i < MAX_REPETITIONS + 3; i++) await endPlaying(world);
    expect(world.plays).toHaveLength(MAX_REPETITIONS);
  });
});

describe('the spoken text', () => {
  it('is the title cut to what the server speaks, whole characters', async () => {
    const { speechText } = await import('./MessageNotifier');
    expect(speechText('  泵站 压力高 ')).toBe('泵站 压力高');
    const long = '报'.repeat(300);
    expect(Array.from(speechText(long))).toHaveLength(200);
  });
});
