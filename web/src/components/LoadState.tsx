/** The loading, error and empty states of a pane (the EG detail tabs, the page viewer), so they look and read the same everywhere. */
import type { ReactNode } from 'react';
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

export function TabError({ title, error, onRetry, testId = 'tab-error' }: { title: string; error: { message: string } | null; onRetry?: () => void; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      data-testid={testId}
      message={title}
      description={error?.message}
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
