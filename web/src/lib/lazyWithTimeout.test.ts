import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS, ChunkLoadError, lazyWithTimeout } from './lazyWithTimeout';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('lazyWithTimeout: chunks that fail or take longer than 120 s raise a load error', () => {
  it('resolves with the module when it arrives in time', async () => {
    const module = { default: () => null };
    const load = lazyWithTimeout(() => new Promise((resolve) => setTimeout(() => resolve(module), 119_000)));
    const outcome = load();
    await vi.advanceTimersByTimeAsync(119_000);
    await expect(outcome).resolves.toBe(module);
  });

  it('rejects with a timeout ChunkLoadError after 120 000 ms', async () => {
    const load = lazyWithTimeout(() => new Promise<never>(() => undefined));
    const outcome = load().catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
    let settled = false;
    void outcome.then(() => (settled = true));
    await Promise.resolve();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).reason).toBe('timeout');
  });

  it('rejects with a failed ChunkLoadError that keeps the cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const error = await lazyWithTimeout(() => Promise.reject(cause), 1000)().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect(error).toMatchObject({ reason: 'failed', cause });
  });

  it('starts a new import on every call, so a retry really retries', async () => {
    const importer = vi.fn(() => Promise.resolve({ default: () => null }));
    const load = lazyWithTimeout(importer);
    await load();
    await load();
    expect(importer).toHaveBeenCalledTimes(2);
  });

  it('clears its timer once the chunk arrived', async () => {
    await lazyWithTimeout(() => Promise.resolve(1))();
    expect(vi.getTimerCount()).toBe(0);
  });
});
