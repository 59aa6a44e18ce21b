import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { HOME_PATH } from '@/lib/paths';

/**
 * "Back home" of the status screens (not found, no permission): a real link, so it can be opened in a new tab, that
 * navigates inside the app when clicked (the guard sends a logged-out user on to login).
 */
export function BackHomeButton({ id }: { id?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Button
      id={id}
      type="primary"
      href={HOME_PATH}
      onClick={(event) => {
        event.preventDefault();
        void navigate(HOME_PATH);
      }}
    >
      {t('common.backHome')}
    </Button>
  );
}
