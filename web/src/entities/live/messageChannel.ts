/**
 * The message channel (spec sections 4 and 7): new messages and notifications are pushed while a user is logged
 * in. Only the envelope is checked here; the message feature owns the meaning of `data`.
 */
import { post } from '@/lib/api/client';
import { MESSAGE_IDLE_TEXT } from './liveConstants';
import { openLiveChannel, tokenOf, type LiveChannel, type LiveChannelStatus, type WebSocketLike } from './liveChannel';

/** A pushed message. Typed loosely on purpose: the message feature interprets the fields. */
export interface MessageFrame {
  type: 'message';
  data: {
    id?: string | number;
    title?: string;
    content?: string;
    msgType?: string;
    gmtCreate?: string | number;
    [field: string]: unknown;
  };
}

export const MESSAGE_TOKEN_PATH = '/lfscada/websocket/msg/token';

export function messageSocketPath(token: string): string {
  return `/lfscada/ws/message/subscribe/${encodeURIComponent(token)}`;
}

/** POST /lfscada/websocket/msg/token (no payload) → the token in `data`. Silent, like every background call. */
export async function requestMessageToken(): Promise<string> {
  return tokenOf(await post<unknown>(MESSAGE_TOKEN_PATH, undefined, { silent: true }));
}

/** Whether a frame is a message: `type` is 'message' and `data` an object. Other frames are not for us. */
export function isMessageFrame(data: unknown): data is MessageFrame {
  if (typeof data !== 'object' || data === null) return false;
  const frame = data as { type?: unknown; data?: unknown };
  return frame.type === 'message' && typeof frame.data === 'object' && frame.data !== null && !Array.isArray(frame.data);
}

export interface MessageChannelOptions {
  onMessage: (frame: MessageFrame) => void;
  onStatusChange?: (status: LiveChannelStatus) => void;
  createSocket?: (url: string) => WebSocketLike;
}

/** Opens the logged-in user's message channel. */
export function openMessageChannel(options: MessageChannelOptions): LiveChannel {
  return openLiveChannel({
    requestToken: requestMessageToken,
    socketPath: messageSocketPath,
    idleText: MESSAGE_IDLE_TEXT,
    onMessage: (data) => {
      if (isMessageFrame(data)) options.onMessage(data);
    },
    onStatusChange: options.onStatusChange,
    createSocket: options.createSocket,
  });
}
