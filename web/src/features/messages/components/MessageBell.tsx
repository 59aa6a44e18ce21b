/**
 * The bell and the alarm-sound toggle as a full-window screen shows them in its own header (the page designer, the
 * project page preview), on a light background; the app shell draws the same two on its dark header. The screen
 * also mounts a MessageNotifierHost (notify/NotifierHost.tsx), which runs the notifier once whatever is mounted.
 */
import { Flex } from 'antd';
import { SoundToggle } from './SoundToggle';
import { UnreadBadge } from './UnreadBadge';

export type BellTone = 'dark' | 'light';

export function MessageBell({ tone = 'light' }: { tone?: BellTone }) {
  return (
    <Flex align="center" gap={0} data-testid="message-bell">
      <SoundToggle tone={tone} />
      <UnreadBadge tone={tone} />
    </Flex>
  );
}
