import { Badge } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUnreadCount } from '../api/unreadCount';
import { formatUnread } from '../formatUnread';

/** The header's bell: the unread message count (refreshed every 60 s), linking to the message centre. */
export function UnreadBadge() {
  const { t } = useTranslation();
  const { data } = useUnreadCount();
  const label = formatUnread(data);
  return (
    <Link
      to="/message/messageAll"
      id="unread-messages"
      aria-label={label ? t('shell.unreadMessages', { unread: label }) : t('shell.messages')}
      title={label ? t('shell.unreadMessages', { unread: label }) : t('shell.messages')}
      style={{ display: 'inline-flex', alignItems: 'center', padding: '0 8px' }}
    >
      <Badge count={label || 0} size="small" offset={[4, -2]} data-testid="unread-badge">
        <BellOutlined style={{ fontSize: 18, color: 'rgba(255, 255, 255, 0.85)' }} />
      </Badge>
    </Link>
  );
}
