/**
 * /monitor/eg/list: the equipment monitor's cards (spec section 2, "Equipment list"): by list or by group, search,
 * sort by time or name, online / offline and followed filters, 10 per page; each card can be starred, pinned and
 * (with the manage permission) moved to a group or a new one. The filters live in the address, so coming back
 * from an equipment's detail shows the same list.
 */
import { Suspense, lazy, useState } from 'react';
import { Button, Checkbox, Collapse, Flex, Segmented, Select, Space, Tag, Tooltip } from 'antd';
// Search alone: antd's Input index brings TextArea, OTP and Password along (about 11 KB compressed).
import Search from 'antd/es/input/Search';
import { AppstoreOutlined, FolderOutlined, PlusOutlined, ReloadOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Permission, hasAuth } from '@/lib/access';
import { useUser } from '@/lib/session';
import { fleetKeys } from '../api/keys';
import { useMoveEquipment } from '../api/moveEquipment';
import { useAllByGroup } from '../api/queryAllByGroup';
import { useByGroup } from '../api/queryByGroup';
import { useCards } from '../api/queryCards';
import { useGroups } from '../api/queryGroups';
import {
  UNGROUPED_ID,
  isFiltered,
  readFilters,
  writeFilters,
  type Card,
  type Group,
  type ListFilters,
  type ListSort,
  type ListView,
  type OnlineFilter,
} from '../model';
import { CardGrid } from './CardGrid';
import { StatusAlert } from './StatusAlert';

/** Loaded when first opened: its form and modal are not needed to show the list (this is the first screen after login). */
const GroupNameModal = lazy(() => import('./GroupNameModal').then((module) => ({ default: module.GroupNameModal })));

export default function EquipmentListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canManage = hasAuth(useUser(), Permission.Manage);
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const [keywordInput, setKeywordInput] = useState(filters.keyword);
  const groups = useGroups();
  const move = useMoveEquipment();
  /** The group modal: closed, open to add a group, or open to add one and move this equipment into it. */
  const [adding, setAdding] = useState<{ moving: Card | null } | null>(null);

  const update = (patch: Partial<ListFilters>) =>
    setParams(writeFilters({ ...filters, page: 1, ...patch }), { replace: true });

  const moveGroups = canManage ? groups.data : undefined;
  const onNewGroup = canManage ? (card: Card) => setAdding({ moving: card }) : undefined;

  return (
    <Flex vertical gap={16} data-testid="fleet-list-page">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <h4 style={{ margin: 0, fontSize: 20, fontWeight: 600, lineHeight: 1.4 }}>{t('route.monitor.egList')}</h4>
        <Space wrap>
          <Segmented<ListView>
            data-testid="fleet-view"
            value={filters.view}
            onChange={(view) => update({ view })}
            options={[
              { value: 'list', label: t('fleet.view.list'), icon: <UnorderedListOutlined /> },
              { value: 'group', label: t('fleet.view.group'), icon: <AppstoreOutlined /> },
            ]}
          />
          {canManage && (
            <Button id="fleet-new-group" icon={<PlusOutlined />} onClick={() => setAdding({ moving: null })}>
              {t('fleet.newGroup')}
            </Button>
          )}
        </Space>
      </Flex>

      <Flex wrap gap={12} align="center">
        <Search
          id="fleet-search"
          allowClear
          placeholder={t('fleet.searchPlaceholder')}
          aria-label={t('fleet.searchPlaceholder')}
          value={keywordInput}
          onChange={(event) => {
            setKeywordInput(event.target.value);
            if (event.target.value === '' && filters.keyword !== '') update({ keyword: '' });
          }}
          onSearch={(keyword) => update({ keyword: keyword.trim() })}
          enterButton={t('fleet.search')}
          style={{ width: 300 }}
        />
        <Select<ListSort>
          aria-label={t('fleet.sort.label')}
          data-testid="fleet-sort"
          value={filters.sort}
          onChange={(sort) => update({ sort })}
          style={{ width: 170 }}
          options={[
            { value: 'time', label: t('fleet.sort.time') },
            { value: 'name', label: t('fleet.sort.name') },
          ]}
        />
        <Segmented<OnlineFilter>
          data-testid="fleet-online"
          value={filters.online}
          onChange={(online) => update({ online })}
          options={[
            { value: 'all', label: t('fleet.online.all') },
            { value: 'online', label: t('fleet.state.online') },
            { value: 'offline', label: t('fleet.state.offline') },
          ]}
        />
        <Checkbox
          id="fleet-followed"
          checked={filters.followedOnly}
          onChange={(event) => update({ followedOnly: event.target.checked })}
        >
          {t('fleet.followedOnly')}
        </Checkbox>
        <Tooltip title={t('fleet.refresh')}>
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('fleet.refresh')}
            onClick={() => void queryClient.invalidateQueries({ queryKey: fleetKeys.all })}
          />
        </Tooltip>
      </Flex>

      {filters.view === 'list' ? (
        <FlatList filters={filters} onPage={(page) => update({ page })} groups={moveGroups} onNewGroup={onNewGroup} />
      ) : (
        <GroupedList filters={filters} groups={moveGroups} onNewGroup={onNewGroup} />
      )}

      {adding !== null && (
        <Suspense fallback={null}>
          <GroupNameModal
            open
            onClose={() => setAdding(null)}
            onSaved={(group) => {
              if (adding.moving) move.mutate({ equipmentId: adding.moving.id, groupId: group.id });
            }}
          />
        </Suspense>
      )}
    </Flex>
  );
}

interface ListProps {
  filters: ListFilters;
  groups: Group[] | undefined;
  onNewGroup: ((card: Card) => void) | undefined;
}

/** The empty text: no equipment at all, or none matching the filters. */
function useEmptyText(filters: ListFilters): string {
  const { t } = useTranslation();
  if (filters.followedOnly && !filters.keyword && filters.online === 'all') return t('fleet.emptyFollowed');
  return isFiltered(filters) ? t('fleet.emptyFiltered') : t('fleet.empty');
}

function FlatList({ filters, onPage, groups, onNewGroup }: ListProps & { onPage: (page: number) => void }) {
  const cards = useCards(filters);
  const emptyText = useEmptyText(filters);
  return (
    <CardGrid
      testId="fleet-list"
      cards={cards.data?.list}
      total={cards.data?.total ?? 0}
      page={filters.page}
      onPage={onPage}
      loading={cards.isLoading || (cards.isFetching && cards.isPlaceholderData)}
      error={cards.error}
      onRetry={() => void cards.refetch()}
      emptyText={emptyText}
      groups={groups}
      onNewGroup={onNewGroup}
    />
  );
}

/**
 * By group: one collapsible section per group (from queryAllByGroup), then the ungrouped; a section reads its
 * cards (queryByGroup, with the list's filters) only while it is open.
 */
function GroupedList({ filters, groups, onNewGroup }: ListProps) {
  const { t } = useTranslation();
  const sections = useAllByGroup();
  const [openKeys, setOpenKeys] = useState<string[] | null>(null);
  const data = sections.data;

  if (!data) {
    return (
      <StatusAlert
        loading={sections.isLoading}
        error={sections.error}
        onRetry={() => void sections.refetch()}
        failedText={t('fleet.groupsLoadFailed')}
      />
    );
  }
  // The ungrouped entry is left out when it is empty: it is not a group the user made.
  const shown = data.filter((entry) => entry.id !== UNGROUPED_ID || entry.equipment.length > 0);
  if (shown.length === 0) {
    return <CardGrid cards={[]} total={0} page={1} onPage={() => undefined} loading={false} error={null} onRetry={() => undefined} emptyText={t('fleet.empty')} />;
  }
  const defaultOpen = shown.filter((entry) => entry.equipment.length > 0).map((entry) => String(entry.id));
  return (
    <Flex vertical gap={12}>
      {sections.isError && (
        <StatusAlert loading={false} error={sections.error} onRetry={() => void sections.refetch()} failedText={t('fleet.refreshFailed')} />
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
              <span>{entry.id === UNGROUPED_ID ? t('fleet.ungrouped') : entry.name}</span>
              <Tag style={{ marginInlineEnd: 0 }}>{t('fleet.count', { count: entry.equipment.length })}</Tag>
            </Flex>
          ),
          // Keyed by the filters: a new search starts each section again at page 1.
          children: (
            <GroupSection
              key={writeFilters({ ...filters, page: 1 }).toString()}
              groupId={entry.id}
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
  const { filters } = props;
  const cards = useByGroup({ ...filters, groupId, page });
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
      emptyText={isFiltered(filters) ? t('fleet.emptyFiltered') : t('fleet.emptyGroup')}
      groups={props.groups}
      onNewGroup={props.onNewGroup}
    />
  );
}
