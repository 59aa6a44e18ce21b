/**
 * An equipment's configuration pages, one tab each, the chosen one live (the group view's configuration path,
 * `/monitor/eg/group/configuration/{groupId}/{id}[/{pageId}]`, and a GM equipment's pages, `/monitor/gm/detail/…`).
 * The caller owns the address: `pageId` is the page the address names (its home page when it names none or one
 * that is not this equipment's, else the first) and `onSelect` changes it.
 */
import type { ReactNode } from 'react';
import { Button, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { TabEmpty, TabError, TabLoading } from '@/components/LoadState';
import { Permission, hasAuth } from '@/lib/access';
import { usePages } from '@/entities/pages/configPages';
import { egPagePath, equipmentPagesPath } from '@/lib/paths';
import { useUser } from '@/lib/session';
import { LiveConfigPage } from './LiveConfigPage';

interface EquipmentPagesPaneProps {
  equipmentId: number;
  pageId: number | null;
  onSelect: (pageId: number) => void;
  /** Shown in the empty state besides the link to manage pages (e.g. a way to the equipment's signals). */
  emptyExtra?: ReactNode;
  /** Whether a single page still gets its tab; off where the caller already names the equipment. */
  tabForOnePage?: boolean;
}

export function EquipmentPagesPane({ equipmentId, pageId, onSelect, emptyExtra, tabForOnePage = true }: EquipmentPagesPaneProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canManage = hasAuth(useUser(), Permission.Manage);
  const pages = usePages({ kind: 'equipment', id: equipmentId });

  if (pages.error) {
    return <TabError title={t('livePage.pagesFailed')} error={pages.error} onRetry={() => void pages.refetch()} />;
  }
  if (!pages.data) return <TabLoading testId="pages-loading" />;
  if (pages.data.length === 0) {
    return (
      <TabEmpty testId="pages-empty" description={t('livePage.noPages')}>
        {emptyExtra}
        {canManage && (
          <Link to={equipmentPagesPath(equipmentId)}>
            <Button type="primary">{t('livePage.managePages')}</Button>
          </Link>
        )}
      </TabEmpty>
    );
  }
  // A page the address names but the equipment does not have falls back to its home page (the first when none is).
  const list = pages.data;
  const shown = list.find((page) => page.id === pageId) ?? list.find((page) => page.home) ?? list[0]!;
  // A click event may open a page of another equipment: that one opens in the page viewer.
  const openPage = (id: number) => (list.some((page) => page.id === id) ? onSelect(id) : void navigate(egPagePath(id)));
  if (list.length === 1 && !tabForOnePage) {
    return (
      <div data-testid="pages-single">
        <LiveConfigPage pageId={shown.id} owner={{ kind: 'equipment', id: equipmentId }} onOpenPage={openPage} />
      </div>
    );
  }
  return (
    <Tabs
      data-testid="pages-tabs"
      activeKey={String(shown.id)}
      onChange={(key) => onSelect(Number(key))}
      destroyOnHidden
      items={list.map((page) => ({
        key: String(page.id),
        label: <span data-testid={`pages-tab-${page.id}`}>{page.title}</span>,
        children:
          page.id === shown.id ? (
            <LiveConfigPage pageId={page.id} owner={{ kind: 'equipment', id: equipmentId }} onOpenPage={openPage} showTitle={false} />
          ) : null,
      }))}
    />
  );
}
