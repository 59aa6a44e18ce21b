/**
 * Says so when the server cannot be reached (lib/connection.ts): a banner under the header with the time the
 * server last answered, so the values on screen read as "as of then", not as live. It goes as soon as an answer
 * comes back (the watch probes every 10 s meanwhile).
 */
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { useConnection } from '@/lib/connection';
import { formatBaseTime } from '@/lib/chinaTime';

/** `top`: the header's height, under which the banner sticks. */
export function ConnectionBanner({ top = 0 }: { top?: number }) {
  const { t } = useTranslation();
  const { reachable, lastAnswer } = useConnection();
  if (reachable) return null;
  return (
    <Alert
      banner
      type="warning"
      role="alert"
      data-testid="connection-banner"
      message={
        lastAnswer === null
          ? t('shell.unreachable')
          : t('shell.unreachableSince', { time: formatBaseTime(lastAnswer) })
      }
      style={{ position: 'sticky', top, zIndex: 99 }}
    />
  );
}
