/**
 * Around every full-window screen behind the login (the designer, page and scene previews, a message's own window):
 * the message notifier runs there too (the socket, pop-ups, the alarm sound; one whatever is mounted, see
 * features/messages/notify/NotifierHost.tsx), so a message reaches an engineer who is drawing, and the screens that
 * have a header of their own show the bell through lib/fullWindowChrome.
 */
import { Outlet } from 'react-router';
import { MessageBell } from '@/features/messages/components/MessageBell';
import { MessageNotifierHost } from '@/features/messages/notify/NotifierHost';
import { FullWindowChromeProvider } from '@/lib/fullWindowChrome';

const chrome = { bell: <MessageBell /> };

export default function FullWindowChrome() {
  return (
    <FullWindowChromeProvider value={chrome}>
      <MessageNotifierHost />
      <Outlet />
    </FullWindowChromeProvider>
  );
}
