/**
 * A live channel (spec sections 4 and 9): the server pushes JSON frames over a WebSocket whose address carries a
 * single-use token fetched by an API call. The channel keeps itself up without help from its owner:
 *
 * - a failed token request is retried after {@link LIVE_RETRY_MS};
 * - a socket that closes (or never opens) is replaced {@link LIVE_RETRY_MS} later, with a fresh token, because
 *   the old one was spent on the first connection;
 * - while open, the idle text is sent every {@link LIVE_IDLE_PING_MS} so the connection is not dropped as idle;
 * - `close()` ends all of it: no timer survives it, no callback fires after it, nothing reconnects.
 *
 * It knows nothing about React or about what the frames mean; the EG signal and message channels build on it.
 */
import { LIVE_IDLE_PING_MS, LIVE_RETRY_MS } from './liveConstants';

/**
 * The part of the browser's WebSocket the channel uses, so tests can hand in a fake. A real `WebSocket` is one.
 * Handlers are properties (not listeners) so that dropping a socket is as simple as clearing them.
 */
export interface WebSocketLike {
  onopen: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  send(data: string): void;
  close(): void;
}

/** `connecting`: fetching a token or opening the socket; `open`: frames may arrive; `closed`: waiting to retry. */
export type LiveChannelStatus = 'connecting' | 'open' | 'closed';

export interface LiveChannelOptions {
  /** Fetches a fresh token; called before every connection attempt (tokens are single-use). */
  requestToken: () => Promise<string>;
  /** The socket's path (e.g. `/lfscada/ws/message/subscribe/{token}`); the channel adds scheme and host. */
  socketPath: (token: string) => string;
  /** Sent every minute while the socket is open. */
  idleText: string;
  /** Each frame, parsed as JSON. Frames that are not JSON are dropped. */
  onMessage: (data: unknown) => void;
  onStatusChange?: (status: LiveChannelStatus) => void;
  /** Opens the socket; the browser's WebSocket unless a test passes a fake. */
  createSocket?: (url: string) => WebSocketLike;
}

export interface LiveChannel {
  /** Closes the socket and stops every timer; the channel never reconnects afterwards. Safe to call twice. */
  close(): void;
}

/**
 * The absolute socket address for `path`: same host as the page, `wss:` on https pages and `ws:` otherwise
 * (spec section 7), so the socket shares the page's security and goes through the same proxy.
 */
export function liveSocketUrl(path: string, page: Pick<Location, 'protocol' | 'host'> = window.location): string {
  const scheme = page.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${page.host}${path.startsWith('/') ? path : `/${path}`}`;
}

/**
 * The token in a token answer's `data`. Anything but a non-empty string throws, so the channel treats the answer
 * as a failed request and retries, instead of opening a socket at `/subscribe/undefined`.
 */
export function tokenOf(data: unknown): string {
  if (typeof data !== 'string' || data === '') throw new Error('the token answer carried no token');
  return data;
}

/** Opens a live channel and keeps it up until `close()`. The first token request starts at once. */
export function openLiveChannel(options: LiveChannelOptions): LiveChannel {
  const createSocket = options.createSocket ?? ((url: string) => new WebSocket(url));
  let closed = false;
  let socket: WebSocketLike | null = null;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let pingTimer: ReturnType<typeof setInterval> | undefined;

  const setStatus = (status: LiveChannelStatus) => {
    if (!closed) options.onStatusChange?.(status);
  };

  const retryLater = () => {
    setStatus('closed');
    retryTimer = setTimeout(connect, LIVE_RETRY_MS);
  };

  const stopPing = () => {
    clearInterval(pingTimer);
    pingTimer = undefined;
  };

  /** Forgets `current` as the channel's socket: its late events must not reach the owner or reschedule. */
  const detach = (current: WebSocketLike) => {
    current.onopen = null;
    current.onmessage = null;
    current.onclose = null;
    current.onerror = null;
    if (socket === current) socket = null;
    stopPing();
  };

  function connect(): void {
    retryTimer = undefined;
    if (closed) return;
    setStatus('connecting');
    let tokenRequest: Promise<string>;
    try {
      tokenRequest = options.requestToken();
    } catch {
      retryLater();
      return;
    }
    tokenRequest.then(
      (token) => {
        if (!closed) openSocket(token);
      },
      () => {
        if (!closed) retryLater();
      },
    );
  }

  function openSocket(token: string): void {
    let current: WebSocketLike;
    try {
      current = createSocket(liveSocketUrl(options.socketPath(token)));
    } catch {
      // An invalid address or a browser refusing sockets: treat it like a socket that closed at once.
      retryLater();
      return;
    }
    socket = current;
    current.onopen = () => {
      setStatus('open');
      stopPing();
      pingTimer = setInterval(() => {
        try {
          current.send(options.idleText);
        } catch {
          // The socket is closing; its close event schedules the reconnect.
        }
      }, LIVE_IDLE_PING_MS);
    };
    current.onmessage = (event) => {
      if (typeof event.data !== 'string') return;
      let data: unknown;
      try {
        data = JSON.parse(event.data) as unknown;
      } catch {
        return;
      }
      options.onMessage(data);
    };
    // An error is always followed by a close event, which is where the reconnect happens.
    current.onerror = () => undefined;
    current.onclose = () => {
      detach(current);
      retryLater();
    };
  }

  connect();

  return {
    close() {
      if (closed) return;
      closed = true;
      clearTimeout(retryTimer);
      retryTimer = undefined;
      const current = socket;
      if (current) {
        detach(current);
        try {
          current.close();
        } catch {
          // Already closing: nothing to do.
        }
      }
      stopPing();
    },
  };
}
