/**
 * What a screen shows in place of data it does not have: a spinner while loading, or the failure with the
 * server's message and Retry. Renders nothing when neither applies.
 */
import { Alert, Button, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '@/lib/api/errors';

interface StatusAlertProps {
  loading: boolean;
  error: ApiError | null;
  onRetry: () => void;
  /** The headline of the failure ("the list could not be loaded"); the server's message is the description. */
  failedText: string;
}

export function StatusAlert({ loading, error, onRetry, failedText }: StatusAlertProps) {
  const { t } = useTranslation();
  if (error) {
    return (
      <Alert
        type="error"
        showIcon
        data-testid="fleet-error"
        message={failedText}
        description={error.message}
        action={
          <Button size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        }
      />
    );
  }
  if (loading) {
    return (
      <Flex justify="center" style={{ padding: 32 }} data-testid="fleet-loading">
        <Spin />
      </Flex>
    );
  }
  return null;
}
