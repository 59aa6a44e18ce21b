/**
 * /manage/eg/equipment/edit/:id/{info,driver,signal,report,page}: one screen for the five tabs. Each tab is its
 * own route (the address says which tab is open, so it can be linked and reloaded); this component reads the
 * tab from the address and shows it under the equipment's name. Without the manage permission every control is
 * shown disabled: the server refuses changes anyway (1011). The header's "Share" opens the share settings (a
 * drawer loaded on first use).
 */
import { Alert, Breadcrumb, Button, ConfigProvider, Flex, Skeleton, Tabs, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { Permission, hasAuth } from '@/lib/access';
import { useUser } from '@/lib/session';
import { useEquipmentInfo } from '../api/equipmentInfo';
import { EDIT_TABS, LIST_PATH, editPath, type EditTab } from '../model';
import { DriverTab } from './DriverTab';
import { InfoForm } from './InfoForm';
import { ConfigPageList } from '@/entities/pages/components/ConfigPageList';
import { ReportTab } from './ReportTab';
import { ShareButton } from './ShareButton';
import { SignalTab } from './SignalTab';

const TAB_TITLES: Record<EditTab, string> = {
  info: 'route.manage.equipmentEditInfo',
  driver: 'route.manage.equipmentEditDriver',
  signal: 'route.manage.equipmentEditSignal',
  report: 'route.manage.equipmentEditReport',
  page: 'route.manage.equipmentEditPage',
};

/** The tab the address names (its last part); info when it names none. */
export function tabOf(pathname: string): EditTab {
  const last = pathname.replace(/\/+$/, '').split('/').pop();
  return (EDIT_TABS as readonly string[]).includes(last ?? '') ? (last as EditTab) : 'info';
}

export default function EquipmentEditPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const id = Number(useParams().id);
  const tab = tabOf(pathname);
  const canManage = hasAuth(useUser(), Permission.Manage);
  const info = useEquipmentInfo(id);
  const equipment = info.data;

  const content = () => {
    if (!equipment) return null;
    switch (tab) {
      case 'info':
        return <InfoForm equipment={equipment} readOnly={!canManage} onSaved={() => void info.refetch()} />;
      case 'driver':
        return <DriverTab equipment={equipment} readOnly={!canManage} />;
      case 'signal':
        return <SignalTab equipmentId={equipment.id} readOnly={!canManage} />;
      case 'report':
        return <ReportTab equipmentId={equipment.id} readOnly={!canManage} />;
      case 'page':
        return <ConfigPageList owner={{ kind: 'equipment', id: equipment.id }} readOnly={!canManage} />;
    }
  };

  return (
    <Flex vertical gap={12} data-testid="equipment-edit-page" data-tab={tab}>
      <Breadcrumb
        items={[
          { title: <Link to={LIST_PATH}>{t('route.manage.equipmentList')}</Link> },
          { title: equipment?.equipName ?? t('route.manage.equipmentEdit') },
        ]}
      />
      <Flex align="center" gap={12} wrap>
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="equipment-title">
          {equipment?.equipName ?? t('route.manage.equipmentEdit')}
        </Typography.Title>
        {equipment && (
          <Tag color={equipment.gatewaySn ? 'blue' : 'default'} style={{ marginInlineEnd: 0 }}>
            {equipment.gatewaySn ? t('equipment.boundTo', { sn: equipment.gatewaySn }) : t('equipment.unbound')}
          </Tag>
        )}
        {equipment && (
          <div style={{ marginInlineStart: 'auto' }}>
            <ShareButton equipment={equipment} canManage={canManage} />
          </div>
        )}
      </Flex>

      {info.isError && (
        <Alert
          type="error"
          showIcon
          data-testid="equipment-info-error"
          message={t('equipment.infoFailed')}
          description={info.error.message}
          action={
            <Flex gap={8}>
              <Button size="small" onClick={() => void info.refetch()}>
                {t('common.retry')}
              </Button>
              <Button size="small" onClick={() => navigate(LIST_PATH)}>
                {t('equipment.backToList')}
              </Button>
            </Flex>
          }
        />
      )}

      <Tabs
        activeKey={tab}
        onChange={(key) => navigate(editPath(id, key as EditTab))}
        items={EDIT_TABS.map((key) => ({ key, label: <span data-testid={`equipment-tab-${key}`}>{t(TAB_TITLES[key])}</span> }))}
        style={{ marginBottom: 0 }}
      />
      {info.isLoading && <Skeleton active paragraph={{ rows: 6 }} />}
      <ConfigProvider componentDisabled={!canManage || undefined}>{content()}</ConfigProvider>
    </Flex>
  );
}
