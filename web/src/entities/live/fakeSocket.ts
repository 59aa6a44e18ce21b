import { vi } from 'vitest';
/**
 * A test double for the live channels' socket: records what the console sends and lets a test play the server
 * (open, push a frame, drop the connection). Only tests import it, so it never reaches the bundle.
 */
import type { WebSocketLike } from './liveChannel';

export class FakeSocket implements WebSocketLike {
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  /** Texts the console sent, in order. */
  readonly sent: string[] = [];
  /** Whether the console called close(). */
  closedByClient = false;

  constructor(readonly url: string) {}

  send(data: string): void {
    this.sent.push(data);
  }

  close(): void {
    this.closedByClient = true;
  }

  /** The server accepts the connection. */
  open(): void {
    this.onopen?.(new Event('open'));
  }

  /** The server pushes a text frame (objects are sent as JSON). */
  push(frame: unknown): void {
    const data = typeof frame === 'string' ? frame : JSON.stringify(frame);
    this.onmessage?.(new MessageEvent('message', { data }));
  }

  /** The connection ends from the server's side (or the network's): an error, then the close event. */
  drop(): void {
    this.onerror?.(new Event('error'));
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }
}

/** A `createSocket` that records every socket it makes. */
export function fakeSockets() {
  const sockets: FakeSocket[] = [];
  return {
    sockets,
    create: (url: string): FakeSocket => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    /** The most recent socket; fails the test when none was made. */
    last(): FakeSocket {
      const socket = sockets[sockets.length - 1];
      if (!socket) throw new Error('no socket was opened');
      return socket;
    },
  };
}

/**
 * Replaces the browser's WebSocket with {@link FakeSocket}s for a screen test; answers the list every new socket
 * is added to (undo with `vi.unstubAllGlobals()`).
 */
export function stubWebSockets(): FakeSocket[] {
  const sockets: FakeSocket[] = [];
  class RecordingSocket extends FakeSocket {
    constructor(url: string) {
      super(url);
      sockets.push(this);
    }
  }
  vi.stubGlobal('WebSocket', RecordingSocket);
  return sockets;
}
