/** A failed load with the server's (or the client's) message and a retry; never a raw code. */
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '@/lib/api/errors';

export function LoadFailed({ error, onRetry, testId }: { error: ApiError; onRetry: () => void; testId: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      data-testid={testId}
      message={t('system.loadFailed')}
      description={error.message}
      action={
        <Button size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
