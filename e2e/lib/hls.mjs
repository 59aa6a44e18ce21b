// A real HLS stream for the video widgets' browser tests (viewer-video, ezviz): made with ffmpeg into a temporary
// directory and served from another origin than the console's, with CORS, as a camera's or EZVIZ's stream is.

import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';

/** Whether ffmpeg is installed (.ci/run installs it); the tests say they are skipped, and why, without it. */
export const hasFfmpeg = spawnSync('ffmpeg', ['-version'], { stdio: 'ignore' }).status === 0;

const TYPES = { '.m3u8': 'application/vnd.apple.mpegurl', '.ts': 'video/mp2t' };

/**
 * Makes `seconds` of a moving test picture as an HLS stream (`s.m3u8`, 1 s segments, a keyframe every second) in a
 * new temporary directory, and returns the directory. The caller removes it.
 */
export function makeHlsStream(seconds, prefix = 'ironsight-hls-') {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  const made = spawnSync(
    'ffmpeg',
    ['-hide_banner', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10', '-t', String(seconds), '-c:v', 'libx264',
      '-pix_fmt', 'yuv420p', '-g', '10', '-f', 'hls', '-hls_time', '1', '-hls_list_size', '0', join(dir, 's.m3u8')],
    { encoding: 'utf8' },
  );
  assert.equal(made.status, 0, made.stderr);
  return dir;
}

/** Answers a request for `path` (relative, from the request's URL) with that file of `dir`, or 404. */
export function serveHlsFile(dir, path, response) {
  const relative = normalize(decodeURIComponent(path)).replace(/^[/\\]+/, '');
  response.setHeader('Access-Control-Allow-Origin', '*');
  try {
    const body = readFileSync(join(dir, relative));
    response.writeHead(200, { 'Content-Type': TYPES[extname(relative)] ?? 'application/octet-stream', 'Cache-Control': 'no-store' });
    response.end(body);
  } catch {
    response.writeHead(404);
    response.end();
  }
}
