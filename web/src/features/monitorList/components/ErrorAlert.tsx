/**
 * A failure with the server's message and Retry. Loaded only when a list fails (see CardGrid and StatusAlert):
 * antd's Alert is not needed to show the monitor list, the first screen after login.
 */
import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';

export interface ErrorAlertProps {
  /** The headline ("the list could not be loaded"); the server's message is the description. */
  title: string;
  message: string;
  onRetry: () => void;
}

export default function ErrorAlert({ title, message, onRetry }: ErrorAlertProps) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      data-testid="fleet-error"
      message={title}
      description={message}
      action={
        <Button size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
