/** A failed load of a system screen with the server's (or the client's) message and a retry; never a raw code. */
import { useTranslation } from 'react-i18next';
import { TabError } from '@/components/LoadState';
import type { ApiError } from '@/lib/api/errors';

export function LoadFailed({ error, onRetry, testId }: { error: ApiError; onRetry: () => void; testId: string }) {
  const { t } = useTranslation();
  return <TabError title={t('system.loadFailed')} error={error} onRetry={onRetry} testId={testId} />;
}
