/**
 * /monitor/eg/list and /monitor/gm/list: the equipment monitor's cards (spec section 2, "Equipment list"): by list or by group, search,
 * sort by time or name, online / offline and followed filters, 10 per page; each card can be starred, pinned and
 * (with the manage permission) moved to a group or a new one. The filters live in the address, so coming back
 * from an equipment's detail shows the same list.
 *
 * One screen for both kinds of equipment (`kind`: `eg` behind gateways, the default; `gm` devices that speak MQTT
 * themselves, GmListScreen.tsx): every card request names the kind and the server lists only that kind's cards. A
 * card opens what suits its equipment (lib/paths.ts `monitorPath`).
 */
import { Suspense, lazy, useState } from 'react';
import { Button, Checkbox, Flex, Segmented, Tooltip } from 'antd';
// Search alone: antd's Input index brings TextArea, OTP and Password along (about 11 KB compressed).
import Search from 'antd/es/input/Search';
import { AppstoreOutlined, PlusOutlined, ReloadOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Permission, hasAuth } from '@/lib/access';
import type { MonitorKind } from '@/lib/paths';
import { useUser } from '@/lib/session';
import { equipDisplayOf, useUserConfig } from '@/entities/account/userConfig';
import { monitorListKeys } from '../api/keys';
import { useMoveEquipment } from '../api/moveEquipment';
import { useCards } from '../api/queryCards';
import { useGroups } from '../api/queryGroups';
import { isFiltered, readFilters, writeFilters, type Card, type ListFilters, type ListSort, type ListView, type OnlineFilter } from '../model';
import { CardGrid } from './CardGrid';
import type { ListProps } from './GroupedList';
import { SortSelect } from './SortSelect';
import { StatusAlert } from './StatusAlert';

/** Loaded when first opened: its form and modal are not needed to show the list (this is the first screen after login). */
const GroupNameModal = lazy(() => import('./GroupNameModal').then((module) => ({ default: module.GroupNameModal })));
/** The view by group, loaded when chosen: its collapsible sections (antd's Collapse) are not needed by the list view. */
const GroupedList = lazy(() => import('./GroupedList'));

/** The list's title for each kind (the route titles). */
const LIST_TITLE: Record<MonitorKind, string> = { eg: 'route.monitor.egList', gm: 'route.monitor.gmList' };

export default function EquipmentListPage({ kind = 'eg' }: { kind?: MonitorKind }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const canManage = hasAuth(useUser(), Permission.Manage);
  const [params, setParams] = useSearchParams();
  const defaultView = equipDisplayOf(useUserConfig().data);
  const filters = readFilters(params, defaultView);
  const [keywordInput, setKeywordInput] = useState(filters.keyword);
  const groups = useGroups();
  const move = useMoveEquipment();
  /** The group modal: closed, open to add a group, or open to add one and move this equipment into it. */
  const [adding, setAdding] = useState<{ moving: Card | null } | null>(null);

  const update = (patch: Partial<ListFilters>) =>
    setParams(writeFilters({ ...filters, page: 1, ...patch }, defaultView), { replace: true });

  const moveGroups = canManage ? groups.data : undefined;
  const onNewGroup = canManage ? (card: Card) => setAdding({ moving: card }) : undefined;

  return (
    <Flex vertical gap={16} data-testid="fleet-list-page">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <h4 style={{ margin: 0, fontSize: 20, fontWeight: 600, lineHeight: 1.4 }}>{t(LIST_TITLE[kind])}</h4>
        <Flex wrap align="center" gap={8}>
          <Segmented<ListView>
            data-testid="fleet-view"
            value={filters.view}
            onChange={(view) => update({ view })}
            options={[
              { value: 'list', label: t('monitorList.view.list'), icon: <UnorderedListOutlined /> },
              { value: 'group', label: t('monitorList.view.group'), icon: <AppstoreOutlined /> },
            ]}
          />
          {canManage && (
            <Button id="fleet-new-group" icon={<PlusOutlined />} onClick={() => setAdding({ moving: null })}>
              {t('monitorList.newGroup')}
            </Button>
          )}
        </Flex>
      </Flex>

      <Flex wrap gap={12} align="center">
        <Search
          id="fleet-search"
          allowClear
          placeholder={t('monitorList.searchPlaceholder')}
          aria-label={t('monitorList.searchPlaceholder')}
          value={keywordInput}
          onChange={(event) => {
            setKeywordInput(event.target.value);
            if (event.target.value === '' && filters.keyword !== '') update({ keyword: '' });
          }}
          onSearch={(keyword) => update({ keyword: keyword.trim() })}
          enterButton={t('monitorList.search')}
          style={{ width: 300 }}
        />
        <SortSelect<ListSort>
          ariaLabel={t('monitorList.sort.label')}
          testId="fleet-sort"
          value={filters.sort}
          onChange={(sort) => update({ sort })}
          width={170}
          options={[
            { value: 'time', label: t('monitorList.sort.time') },
            { value: 'name', label: t('monitorList.sort.name') },
          ]}
        />
        <Segmented<OnlineFilter>
          data-testid="fleet-online"
          value={filters.online}
          onChange={(online) => update({ online })}
          options={[
            { value: 'all', label: t('monitorList.online.all') },
            { value: 'online', label: t('monitorList.state.online') },
            { value: 'offline', label: t('monitorList.state.offline') },
          ]}
        />
        <Checkbox
          id="fleet-followed"
          checked={filters.followedOnly}
          onChange={(event) => update({ followedOnly: event.target.checked })}
        >
          {t('monitorList.followedOnly')}
        </Checkbox>
        <Tooltip title={t('monitorList.refresh')}>
          <Button
            icon={<ReloadOutlined />}
            aria-label={t('monitorList.refresh')}
            onClick={() => void queryClient.invalidateQueries({ queryKey: monitorListKeys.all })}
          />
        </Tooltip>
      </Flex>

      {filters.view === 'list' ? (
        <FlatList kind={kind} filters={filters} onPage={(page) => update({ page })} groups={moveGroups} onNewGroup={onNewGroup} />
      ) : (
        <Suspense fallback={<StatusAlert loading error={null} onRetry={() => undefined} failedText="" />}>
          <GroupedList kind={kind} filters={filters} groups={moveGroups} onNewGroup={onNewGroup} />
        </Suspense>
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

/** The empty text: no equipment at all, or none matching the filters. */
function useEmptyText(filters: ListFilters): string {
  const { t } = useTranslation();
  if (filters.followedOnly && !filters.keyword && filters.online === 'all') return t('monitorList.emptyFollowed');
  return isFiltered(filters) ? t('monitorList.emptyFiltered') : t('monitorList.empty');
}

function FlatList({ kind, filters, onPage, groups, onNewGroup }: ListProps & { onPage: (page: number) => void }) {
  const cards = useCards({ ...filters, kind });
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
