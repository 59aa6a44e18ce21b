/**
 * React side of the message channel: open while the calling component is mounted and `enabled` (the app shell
 * passes "logged in"), closed on unmount or logout (spec section 4). The latest `onMessage` is always used
 * without reconnecting, so callers need not memoise it.
 */
import { useEffect, useEffectEvent, useState } from 'react';
import type { LiveChannelStatus, WebSocketLike } from './liveChannel';
import { openMessageChannel, type MessageFrame } from './messageChannel';

export interface MessageChannelHookOptions {
  /** Keep the channel open; false closes it. Defaults to true. */
  enabled?: boolean;
  /** Replaces the browser WebSocket (tests). */
  createSocket?: (url: string) => WebSocketLike;
}

/** Opens the message channel and returns its status ('closed' while disabled). */
export function useMessageChannel(
  onMessage: (frame: MessageFrame) => void,
  options: MessageChannelHookOptions = {},
): LiveChannelStatus {
  const enabled = options.enabled ?? true;
  const [status, setStatus] = useState<LiveChannelStatus>('closed');
  const deliver = useEffectEvent((frame: MessageFrame) => onMessage(frame));
  const socketFactory = useEffectEvent(() => options.createSocket);

  useEffect(() => {
    if (!enabled) return undefined;
    const channel = openMessageChannel({
      onMessage: deliver,
      onStatusChange: setStatus,
      createSocket: socketFactory(),
    });
    return () => {
      channel.close();
      setStatus('closed');
    };
  }, [enabled]);

  return status;
}
