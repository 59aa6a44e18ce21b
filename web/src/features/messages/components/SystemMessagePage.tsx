/**
 * `/system/msg/detail/{dataId}/{msgType}` (spec section 2): a message in a window of its own, opened from outside
 * the console's frame; the same detail as the centre's, with a margin instead of the shell around it.
 */
import MessageDetailPage from './MessageDetailPage';

export default function SystemMessagePage() {
  return (
    <div style={{ padding: 16, maxWidth: 912, margin: '0 auto' }}>
      <MessageDetailPage />
    </div>
  );
}
