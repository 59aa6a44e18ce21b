import { Button } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH, LOGIN_PATH } from '@/lib/paths';
import { useRouteHandle } from '@/lib/routeHandle';
import { StatusMessage } from './StatusMessage';

/**
 * The honest placeholder for every route whose screen later work delivers: it names the screen and its area and
 * says it is not available yet. It never shows sample data.
 */
export default function NotAvailable() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const handle = useRouteHandle();
  const screen = handle ? t(handle.titleKey) : '';
  const area = handle ? t(handle.areaTitleKey) : '';
  const description =
    !handle || area === screen
      ? t('notAvailable.descriptionScreen', { screen })
      : t('notAvailable.description', { area, screen });
  // Public screens (the password wizard) lead back to the login page, the others to the console's home.
  const backTo = handle?.public ? LOGIN_PATH : HOME_PATH;
  return (
    <div data-testid="not-available" style={{ paddingTop: handle?.public ? 48 : 0 }}>
      <StatusMessage
        icon={<ToolOutlined style={{ color: '#1668dc' }} />}
        title={t('notAvailable.title')}
        description={description}
        actions={
          <Button
            type="primary"
            href={backTo}
            onClick={(event) => {
              event.preventDefault();
              void navigate(backTo);
            }}
          >
            {handle?.public ? t('common.backToLogin') : t('common.backHome')}
          </Button>
        }
      />
    </div>
  );
}
