import { Avatar, Button, type MenuProps } from 'antd';
// The menu alone: antd's Dropdown index also brings Dropdown.Button.
import Dropdown from 'antd/es/dropdown/dropdown';
import { CommentOutlined, DownOutlined, LogoutOutlined, UserOutlined, IdcardOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useProfile } from '@/features/profile/api/profile';
import { useLogout } from '@/features/auth/api/logout';
import { useUser } from '@/lib/session';
import { useSystemSettingsDialog } from './SystemSettingsLauncher';

/** The header's user menu: who is logged in (with their avatar, docs/account.md), their account pages, feedback, and Logout. */
export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();
  const logout = useLogout();
  const avatar = useProfile().data?.avatar;
  const [settingsDialog, openSettings] = useSystemSettingsDialog();

  const items: MenuProps['items'] = [
    { key: 'account', icon: <IdcardOutlined />, label: <span id="account-settings">{t('shell.account')}</span> },
    { key: 'settings', icon: <SettingOutlined />, label: <span id="system-settings-open">{t('shell.systemSettings')}</span> },
    { key: 'feedback', icon: <CommentOutlined />, label: <span id="feedback-open">{t('shell.feedback')}</span> },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: <span id="logout">{t('shell.logout')}</span>, danger: true },
  ];
  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'account') void navigate('/account');
    if (key === 'settings') openSettings();
    if (key === 'feedback') void navigate('/account/feedback');
    if (key === 'logout') logout.mutate();
  };

  return (
    <>
      {settingsDialog}
      <Dropdown menu={{ items, onClick }} trigger={['click']} placement="bottomRight">
      <Button
        id="user-menu"
        type="text"
        loading={logout.isPending}
        aria-label={t('shell.userMenu')}
        style={{ color: 'rgba(255, 255, 255, 0.85)' }}
      >
        {avatar ? <Avatar size={24} src={avatar} alt="" data-testid="header-avatar" /> : <UserOutlined />}
        <span data-testid="user-loginname">{user?.loginname ?? ''}</span>
        <DownOutlined style={{ fontSize: 10 }} />
      </Button>
      </Dropdown>
    </>
  );
}
