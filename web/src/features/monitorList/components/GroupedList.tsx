/**
 * The monitor list by group (/monitor/eg/list?view=group, and /monitor/gm/list's): one collapsible section per group, loaded when that view
 * is chosen (antd's Collapse is not needed by the list view, the first screen after login).
 */
import { useState } from 'react';
import { Collapse, Flex, Tag } from 'antd';
import { FolderOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { MonitorKind } from '@/lib/paths';
import { useAllByGroup } from '../api/queryAllByGroup';
import { useByGroup } from '../api/queryByGroup';
import { UNGROUPED_ID, isFiltered, writeFilters, type Card, type Group, type ListFilters } from '../model';
import { CardGrid } from './CardGrid';
import { StatusAlert } from './StatusAlert';

export interface ListProps {
  /** Whose cards: equipment behind gateways or GM equipment. */
  kind: MonitorKind;
  filters: ListFilters;
  groups: Group[] | undefined;
  onNewGroup: ((card: Card) => void) | undefined;
}

/**
 * By group: one collapsible section per group (from queryAllByGroup), then the ungrouped; a section reads its
 * cards (queryByGroup, with the list's filters) only while it is open.
 */
export default function GroupedList({ kind, filters, groups, onNewGroup }: ListProps) {
  const { t } = useTranslation();
  const sections = useAllByGroup(kind);
  const [openKeys, setOpenKeys] = useState<string[] | null>(null);
  const data = sections.data;

  if (!data) {
    return (
      <StatusAlert
        loading={sections.isLoading}
        error={sections.error}
        onRetry={() => void sections.refetch()}
        failedText={t('monitorList.groupsLoadFailed')}
      />
    );
  }
  // The ungrouped entry is left out when it is empty: it is not a group the user made.
  const shown = data.filter((entry) => entry.id !== UNGROUPED_ID || entry.equipment.length > 0);
  if (shown.length === 0) {
    return <CardGrid cards={[]} total={0} page={1} onPage={() => undefined} loading={false} error={null} onRetry={() => undefined} emptyText={t('monitorList.empty')} />;
  }
  const defaultOpen = shown.filter((entry) => entry.equipment.length > 0).map((entry) => String(entry.id));
  return (
    <Flex vertical gap={12}>
      {sections.isError && (
        <StatusAlert loading={false} error={sections.error} onRetry={() => void sections.refetch()} failedText={t('monitorList.refreshFailed')} />
      )}
      <Collapse
        data-testid="fleet-groups"
        activeKey={openKeys ?? defaultOpen}
        onChange={(keys) => setOpenKeys(Array.isArray(keys) ? keys : [keys])}
        items={shown.map((entry) => ({
          key: String(entry.id),
          label: (
            <Flex align="center" gap={8} data-testid={`fleet-section-${entry.id}`}>
              <FolderOutlined />
              <span>{entry.id === UNGROUPED_ID ? t('monitorList.ungrouped') : entry.name}</span>
              <Tag style={{ marginInlineEnd: 0 }}>{t('monitorList.count', { count: entry.equipment.length })}</Tag>
            </Flex>
          ),
          // Keyed by the filters: a new search starts each section again at page 1.
          children: (
            <GroupSection
              key={writeFilters({ ...filters, page: 1 }).toString()}
              groupId={entry.id}
              kind={kind}
              filters={filters}
              groups={groups}
              onNewGroup={onNewGroup}
            />
          ),
        }))}
      />
    </Flex>
  );
}

function GroupSection({ groupId, ...props }: ListProps & { groupId: number }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const { filters, kind } = props;
  const cards = useByGroup({ ...filters, kind, groupId, page });
  return (
    <CardGrid
      testId={`fleet-section-cards-${groupId}`}
      cards={cards.data?.list}
      total={cards.data?.total ?? 0}
      page={page}
      onPage={setPage}
      loading={cards.isLoading || (cards.isFetching && cards.isPlaceholderData)}
      error={cards.error}
      onRetry={() => void cards.refetch()}
      emptyText={isFiltered(filters) ? t('monitorList.emptyFiltered') : t('monitorList.emptyGroup')}
      groups={props.groups}
      onNewGroup={props.onNewGroup}
    />
  );
}
