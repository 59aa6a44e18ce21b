import { StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useRouteHandle } from '@/lib/routeHandle';
import { BackHomeButton } from './BackHomeButton';
import { StatusMessage } from './StatusMessage';

/**
 * Shown in place of a screen whose route `requires` a permission the user does not hold (app/routes.tsx): the menus
 * do not offer it, and an address typed or bookmarked says so instead of a screen whose every call is refused.
 * Bundled with the router (it is tiny), like the not-found page.
 */
export default function NoPermission() {
  const { t } = useTranslation();
  const handle = useRouteHandle();
  return (
    <div data-testid="no-permission">
      <StatusMessage
        icon={<StopOutlined style={{ color: '#cf1322' }} />}
        title={t('noPermission.title')}
        description={t('noPermission.description', { screen: handle ? t(handle.titleKey) : '' })}
        actions={<BackHomeButton />}
      />
    </div>
  );
}
