/**
 * /monitor/eg/group and its children: the groups (and their equipment) as a tree on the left, the selected group's
 * equipment cards on the right. `list/:groupId` selects a group (0: the ungrouped), `list/:groupId/:id` also
 * draws out one equipment and turns to the page that holds it.
 *
 * `configuration/:groupId/:id[/:pageId]` shows that equipment's configuration pages live in place of the cards
 * (runtime/live); `configuration/:groupId` shows the group's cards with a hint to choose an equipment in the tree.
 *
 * One screen for both kinds of equipment (`kind`: `eg`, the default; `gm` at /monitor/gm/group, GmGroupScreen.tsx):
 * the tree and the cards ask for that kind only. GM equipment has no configuration path here: its pages open from
 * its card (lib/paths.ts `monitorPath`, the gmDetail route).
 */
import { useEffect, useMemo, useState, type Key } from 'react';
import { Alert, Card, Empty, Flex, Tag, Tree, Typography } from 'antd';
import type { DataNode } from 'antd/es/tree';
import { FolderOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Permission, hasAuth } from '@/lib/access';
import type { MonitorKind } from '@/lib/paths';
import { useUser } from '@/lib/session';
import { EquipmentPagesPane } from '@/runtime/live/EquipmentPagesPane';
import { useAllByGroup } from '../api/queryAllByGroup';
import { useGroupCards } from '../api/queryGroupCards';
import { useGroups } from '../api/queryGroups';
import { UNGROUPED_ID, groupPath, pageOf, pageSlice, parseId, type GroupWithEquipment } from '../model';
import { CardGrid } from './CardGrid';
import { StatusAlert } from './StatusAlert';

const groupKey = (id: number) => `g-${id}`;
const equipmentKey = (groupId: number, id: number) => `e-${groupId}-${id}`;

/** The screen's title for each kind (the route titles). */
const GROUP_TITLE: Record<MonitorKind, string> = { eg: 'route.monitor.egGroup', gm: 'route.monitor.gmGroup' };

export default function GroupMonitorPage({ kind = 'eg' }: { kind?: MonitorKind }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const params = useParams();
  const configuration = kind === 'eg' && pathname.includes('/eg/group/configuration/');
  const sections = useAllByGroup(kind);
  const canManage = hasAuth(useUser(), Permission.Manage);
  const groups = useGroups();

  // The ungrouped entry is shown only when it holds equipment: it is not a group anyone made.
  const entries = useMemo(
    () => (sections.data ?? []).filter((entry) => entry.id !== UNGROUPED_ID || entry.equipment.length > 0),
    [sections.data],
  );
  const routeGroup = parseId(params.groupId);
  const highlightId = parseId(params.id);
  // Without a group in the address, the first one is shown (the address is left as it is).
  const groupId = routeGroup ?? entries[0]?.id ?? null;
  const selected = entries.find((entry) => entry.id === groupId);
  const entryName = (entry: GroupWithEquipment | undefined) =>
    entry === undefined ? '' : entry.id === UNGROUPED_ID ? t('monitorList.ungrouped') : entry.name;

  const [expanded, setExpanded] = useState<Key[]>([]);
  useEffect(() => {
    if (groupId !== null) setExpanded((keys) => (keys.includes(groupKey(groupId)) ? keys : [...keys, groupKey(groupId)]));
  }, [groupId]);

  const treeData: DataNode[] = entries.map((entry) => ({
    key: groupKey(entry.id),
    icon: <FolderOutlined />,
    title: (
      <span data-testid={`fleet-tree-group-${entry.id}`}>
        {entryName(entry)} <Typography.Text type="secondary">({entry.equipment.length})</Typography.Text>
      </span>
    ),
    children: entry.equipment.map((equipment) => ({
      key: equipmentKey(entry.id, equipment.id),
      isLeaf: true,
      title: <span data-testid={`fleet-tree-equipment-${equipment.id}`}>{equipment.equipName}</span>,
    })),
  }));

  const selectedKeys =
    groupId === null ? [] : highlightId !== null ? [equipmentKey(groupId, highlightId)] : [groupKey(groupId)];

  const go = (key: string) => {
    const [node, a, b] = key.split('-');
    const base = configuration ? '/monitor/eg/group/configuration' : '/monitor/eg/group/list';
    if (node === 'g') void navigate(configuration ? `${base}/${a}` : groupPath(Number(a), undefined, kind));
    else void navigate(configuration ? `${base}/${a}/${b}` : groupPath(Number(a), Number(b), kind));
  };

  return (
    <Flex vertical gap={16} data-testid="fleet-group-page">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t(GROUP_TITLE[kind])}
      </Typography.Title>
      {configuration && highlightId === null && (
        <Alert type="info" showIcon data-testid="fleet-configuration-hint" message={t('monitorList.group.configurationHint')} />
      )}
      <Flex gap={16} align="start" wrap>
        <Card size="small" title={t('monitorList.group.tree')} style={{ width: 280, flex: 'none' }} data-testid="fleet-group-tree">
          {sections.data ? (
            entries.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('monitorList.group.noGroups')} />
            ) : (
              <Tree
                showIcon
                blockNode
                treeData={treeData}
                selectedKeys={selectedKeys}
                expandedKeys={expanded}
                onExpand={(keys) => setExpanded(keys)}
                onSelect={(_keys, info) => go(String(info.node.key))}
              />
            )
          ) : (
            <StatusAlert
              loading={sections.isLoading}
              error={sections.error}
              onRetry={() => void sections.refetch()}
              failedText={t('monitorList.groupsLoadFailed')}
            />
          )}
        </Card>
        <div style={{ flex: '1 1 480px', minWidth: 0 }}>
          {groupId === null ? (
            sections.data && <Empty description={t('monitorList.group.noGroups')} />
          ) : configuration && highlightId !== null ? (
            <EquipmentPagesPane
              key={highlightId}
              equipmentId={highlightId}
              pageId={parseId(params.pageId)}
              onSelect={(pageId) => void navigate(`/monitor/eg/group/configuration/${groupId}/${highlightId}/${pageId}`)}
            />
          ) : (
            <GroupCards
              key={groupId}
              kind={kind}
              groupId={groupId}
              title={selected ? entryName(selected) : ''}
              highlightId={highlightId}
              groups={canManage ? groups.data : undefined}
            />
          )}
        </div>
      </Flex>
    </Flex>
  );
}

interface GroupCardsProps {
  kind: MonitorKind;
  groupId: number;
  title: string;
  highlightId: number | null;
  groups: ReturnType<typeof useGroups>['data'];
}

/** Every card of the group, paged here, so the page holding the highlighted equipment can be shown. */
function GroupCards({ kind, groupId, title, highlightId, groups }: GroupCardsProps) {
  const { t } = useTranslation();
  const cards = useGroupCards(kind, groupId);
  const [page, setPage] = useState(1);
  const list = cards.data;

  useEffect(() => {
    if (highlightId === null || !list) return;
    const found = pageOf(list, highlightId);
    if (found !== null) setPage(found);
    // Only when the highlighted equipment changes or first arrives, not on every minute's refresh.
  }, [highlightId, list === undefined]);

  useEffect(() => {
    if (highlightId === null) return;
    document.querySelector(`[data-testid="fleet-card-${highlightId}"]`)?.scrollIntoView?.({ block: 'nearest' });
  }, [highlightId, page, list]);

  const shown = list ? pageSlice(list, page) : undefined;
  return (
    <Flex vertical gap={12}>
      <Flex align="center" gap={8}>
        <Typography.Title level={5} style={{ margin: 0 }} data-testid="fleet-group-title">
          {title}
        </Typography.Title>
        {list && <Tag>{t('monitorList.count', { count: list.length })}</Tag>}
      </Flex>
      <CardGrid
        testId="fleet-group-cards"
        cards={shown?.items}
        total={list?.length ?? 0}
        page={shown?.page ?? 1}
        onPage={setPage}
        loading={cards.isLoading}
        error={cards.error}
        onRetry={() => void cards.refetch()}
        emptyText={t('monitorList.emptyGroup')}
        groups={groups}
        highlightId={highlightId}
      />
    </Flex>
  );
}
