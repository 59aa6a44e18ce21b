import { Flex } from 'antd';
import { CompassOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { BackHomeButton } from './BackHomeButton';
import { StatusMessage } from './StatusMessage';

/**
 * /404, where every unknown path lands. The way back goes home (the guard sends a logged-out user to login).
 * Light and part of the first download (see routes.tsx), so a mistyped address answers at once.
 */
export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }} data-testid="not-found">
      <StatusMessage
        icon={<CompassOutlined style={{ color: '#1668dc' }} />}
        title={`404 · ${t('route.notFound')}`}
        description={t('notFound.description')}
        actions={<BackHomeButton id="not-found-back" />}
      />
    </Flex>
  );
}
