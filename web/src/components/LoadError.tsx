import { Button } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChunkLoadFailure } from '@/lib/lazyWithTimeout';
import { StatusMessage } from './StatusMessage';

interface LoadErrorProps {
  /** Why the screen's code did not arrive: it failed, or it took longer than 120 s. */
  reason: ChunkLoadFailure;
  /** Loads the screen's code again. */
  onRetry: () => void;
}

/**
 * Shown instead of a screen whose code could not be loaded (spec section 8: chunks that fail or time out raise a
 * load error). Retry loads the chunk again; if the browser keeps the failed module cached, reloading the page is
 * the way out, so that is offered too.
 */
export function LoadError({ reason, onRetry }: LoadErrorProps) {
  const { t } = useTranslation();
  return (
    <div data-testid="load-error" role="alert">
      <StatusMessage
        icon={<WarningOutlined style={{ color: '#faad14' }} />}
        title={t('loadError.title')}
        description={reason === 'timeout' ? t('loadError.timeout') : t('loadError.failed')}
        actions={
          <>
            <Button type="primary" onClick={onRetry} data-testid="load-error-retry">
              {t('common.retry')}
            </Button>
            <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
          </>
        }
      />
    </div>
  );
}
