import { useEffect } from 'react';
import { Button, Flex } from 'antd';
import { CloseCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { StatusMessage } from './StatusMessage';

/**
 * The router's error element: a screen threw while rendering. The detail goes to the console for the developer;
 * the operator gets a plain message and a way to reload.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }} role="alert">
      <StatusMessage
        icon={<CloseCircleOutlined style={{ color: '#ff4d4f' }} />}
        title={t('routeError.title')}
        description={t('routeError.description')}
        actions={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('common.reload')}
          </Button>
        }
      />
    </Flex>
  );
}
