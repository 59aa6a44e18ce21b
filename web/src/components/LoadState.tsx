/** The loading, error and empty states of a pane (the EG detail tabs, the page viewer), so they look and read the same everywhere. */
import type { CSSProperties, ReactNode } from 'react';
import { Alert, Button, Empty, Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

export function TabLoading({ testId = 'tab-loading' }: { testId?: string }) {
  const { t } = useTranslation();
  return (
    <Flex justify="center" align="center" style={{ padding: 48 }} data-testid={testId}>
      <Spin tip={t('common.loading')}>
        <div style={{ width: 120, height: 40 }} />
      </Spin>
    </Flex>
  );
}

/** A failed query: what failed as the title, the server's (or the client's) message below, and Retry when given. */
export function TabError({
  title,
  error,
  onRetry,
  testId = 'tab-error',
  style,
}: {
  title: string;
  error: { message: string } | null;
  onRetry?: () => void;
  testId?: string;
  style?: CSSProperties;
}) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      data-testid={testId}
      message={title}
      description={error?.message}
      style={style}
      action={
        onRetry ? (
          <Button size="small" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : undefined
      }
    />
  );
}

export function TabEmpty({ description, testId = 'tab-empty', children }: { description: ReactNode; testId?: string; children?: ReactNode }) {
  return (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={description} data-testid={testId} style={{ padding: 32 }}>
      {children}
    </Empty>
  );
}
