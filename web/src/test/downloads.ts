/**
 * Captures the files a screen saves (lib's download goes through `URL.createObjectURL`): call in `beforeEach`, read
 * the blobs from the answered list; `vi.unstubAllGlobals()` in `afterEach` puts `URL` back.
 */
import { vi } from 'vitest';

export function captureDownloads(): Blob[] {
  const saved: Blob[] = [];
  vi.stubGlobal(
    'URL',
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        saved.push(blob);
        return 'blob:console.test/1';
      }),
      revokeObjectURL: vi.fn(),
    }),
  );
  return saved;
}
