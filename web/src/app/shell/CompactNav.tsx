/**
 * The compact shell's navigation (below lib/layout.ts's SHELL_COMPACT_BELOW, phones and upright tablets): a menu
 * button in the header opens a drawer from the left with everything the wide header and side menu hold: the
 * areas, the current area's menu, the language and the user's account, feedback and logout. Choosing a place closes it.
 * Every entry is at least a finger wide (TOUCH_TARGET).
 */
import { useState } from 'react';
import { Button, ConfigProvider, Divider, Drawer, Flex, Menu, Typography } from 'antd';
import { CommentOutlined, IdcardOutlined, LogoutOutlined, MenuOutlined, SettingOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { useLogout } from '@/features/auth/api/logout';
import { TOUCH_ROW, TOUCH_TARGET } from '@/lib/layout';
import { useUser } from '@/lib/session';
import type { ShellMenus } from './shellMenus';
import { useSystemSettingsDialog } from './SystemSettingsLauncher';

const DRAWER_WIDTH = 300;

/** Menus with rows a finger can hit, in the drawer only. */
const TOUCH_THEME = { components: { Menu: { itemHeight: TOUCH_TARGET, subMenuItemBg: 'transparent' } } };

export function CompactNav({ menus }: { menus: ShellMenus }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const user = useUser();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const [settingsDialog, openSettings] = useSystemSettingsDialog();
  const go = (path: string) => {
    setOpen(false);
    void navigate(path);
  };
  return (
    <>
      <Button
        id="shell-menu-button"
        type="text"
        icon={<MenuOutlined style={{ fontSize: 20 }} />}
        aria-label={t('shell.openMenu')}
        aria-expanded={open}
        aria-controls="shell-drawer"
        onClick={() => setOpen(true)}
        style={{ color: 'rgba(255, 255, 255, 0.9)', width: TOUCH_TARGET, height: TOUCH_TARGET, flex: 'none' }}
      />
      <Drawer
        id="shell-drawer"
        placement="left"
        open={open}
        onClose={() => setOpen(false)}
        width={`min(${DRAWER_WIDTH}px, 85vw)`}
        title={
          <Flex align="center" gap={8} style={{ minWidth: 0 }}>
            <UserOutlined />
            <Typography.Text ellipsis data-testid="user-loginname">
              {user?.loginname ?? ''}
            </Typography.Text>
          </Flex>
        }
        closable={{ 'aria-label': t('shell.closeMenu') }}
        styles={{ body: { padding: '8px 0' } }}
      >
        <ConfigProvider theme={TOUCH_THEME}>
          <Menu
            id="drawer-areas"
            mode="inline"
            selectedKeys={menus.selectedArea ? [menus.selectedArea] : []}
            items={menus.areaItems}
            onClick={({ key }) => go(menus.areaTargets[key] ?? key)}
            style={{ borderInlineEnd: 'none' }}
          />
          {menus.sideItems.length > 0 && (
            <>
              <Divider style={{ margin: '8px 0' }} />
              <Menu
                id="drawer-side-menu"
                key={menus.areaKey}
                mode="inline"
                selectedKeys={menus.selectedSide ? [menus.selectedSide] : []}
                defaultOpenKeys={menus.openGroups}
                items={menus.sideItems}
                onClick={({ key }) => go(key)}
                style={{ borderInlineEnd: 'none' }}
              />
            </>
          )}
        </ConfigProvider>
        <Divider style={{ margin: '8px 0' }} />
        <Flex vertical gap={4} style={{ paddingInline: 16 }}>
          <LanguageSwitch block />
          <Button id="account-settings" type="text" block icon={<IdcardOutlined />} style={TOUCH_ROW} onClick={() => go('/account')}>
            {t('shell.account')}
          </Button>
          <Button
            id="system-settings-open"
            type="text"
            block
            icon={<SettingOutlined />}
            style={TOUCH_ROW}
            onClick={() => {
              setOpen(false);
              openSettings();
            }}
          >
            {t('shell.systemSettings')}
          </Button>
          <Button id="feedback-open" type="text" block icon={<CommentOutlined />} style={TOUCH_ROW} onClick={() => go('/account/feedback')}>
            {t('shell.feedback')}
          </Button>
          <Button
            id="logout"
            type="text"
            danger
            block
            icon={<LogoutOutlined />}
            loading={logout.isPending}
            style={TOUCH_ROW}
            onClick={() => logout.mutate()}
          >
            {t('shell.logout')}
          </Button>
        </Flex>
      </Drawer>
      {settingsDialog}
    </>
  );
}
