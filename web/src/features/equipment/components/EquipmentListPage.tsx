/**
 * /manage/eg/equipment/list: the organisation's equipment, searched by keyword (name, model, manufacturer or
 * address), filtered by online state, gateway and group, sorted by time or name, 10 per page, with the bound
 * gateway and its online state and the group (all from the server's rows, so every filter and every row holds
 * across all pages), a tag when the service expires within 30 days or has expired, and links to add, edit and
 * delete.
 */
import { useState } from 'react';
import { Alert, Button, Flex, Input, Popconfirm, Segmented, Select, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, EditOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Permission, hasAuth } from '@/lib/access';
import { useUser } from '@/lib/session';
import { useDeleteEquipment } from '../api/deleteEquipment';
import { useGatewayOptions } from '../api/gatewayOptions';
import { useGroupOptions } from '../api/groupOptions';
import { EMPTY_QUERY, hasFilters, useEquipmentList, type EquipmentQuery } from '../api/queryEquipment';
import { ExpiryNote } from '@/entities/expiry/components/ExpiryTag';
import { ADD_PATH, PAGE_SIZE, editPath, type Equipment, type EquipmentSort } from '../model';

const DATE_MINUTES = 'YYYY-MM-DD HH:mm';

/** What a filter is, inside its select, so a chosen value (a group's name) says which filter it is. */
function FilterLabel({ children }: { children: string }) {
  return <Typography.Text type="secondary">{children}</Typography.Text>;
}

export default function EquipmentListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const canManage = hasAuth(useUser(), Permission.Manage);
  const [keywordInput, setKeywordInput] = useState('');
  const [query, setQuery] = useState<EquipmentQuery>(EMPTY_QUERY);
  const equipment = useEquipmentList(query);
  // The gateway filter searches the gateways on the server (the first 100 matches are offered); the chosen one
  // keeps its label while another search is typed.
  const [gatewaySearch, setGatewaySearch] = useState('');
  const [gatewayChoice, setGatewayChoice] = useState<{ value: number; label: string } | null>(null);
  const gateways = useGatewayOptions(gatewaySearch);
  const groups = useGroupOptions();
  const remove = useDeleteEquipment();

  const search = (keyword: string) => setQuery((q) => ({ ...q, keyword: keyword.trim(), page: 1 }));
  const filter = (change: Partial<Pick<EquipmentQuery, 'online' | 'gatewayId' | 'groupId'>>) =>
    setQuery((q) => ({ ...q, ...change, page: 1 }));
  const gatewayLabel = (name: string | null | undefined, sn: string) => (name && name !== sn ? `${name} (${sn})` : sn);

  const deleteOne = (row: Equipment) =>
    remove.mutateAsync(row.id).then(() => {
      // The last row of a later page is gone: show the page before it.
      if (query.page > 1 && equipment.data?.list.length === 1) setQuery((q) => ({ ...q, page: q.page - 1 }));
    });

  const columns: ColumnsType<Equipment> = [
    {
      title: t('equipment.column.name'),
      key: 'name',
      render: (_, row) => (
        <Flex vertical>
          <Link to={editPath(row.id)} data-testid={`equipment-link-${row.id}`}>
            <Typography.Text strong ellipsis={{ tooltip: row.equipName }} style={{ maxWidth: 240, color: 'inherit' }}>
              {row.equipName}
            </Typography.Text>
          </Link>
          {row.model && (
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {row.model}
            </Typography.Text>
          )}
          <ExpiryNote date={row.expireDate} />
        </Flex>
      ),
    },
    {
      title: t('equipment.column.manufacturer'),
      key: 'manufacturer',
      render: (_, row) => row.manufacturer || '—',
    },
    {
      title: t('equipment.column.gateway'),
      key: 'gateway',
      render: (_, row) => {
        if (!row.gatewaySn) return <Typography.Text type="secondary">{t('equipment.unbound')}</Typography.Text>;
        return (
          <Space size={6} wrap>
            <span>{gatewayLabel(row.gatewayName, row.gatewaySn)}</span>
            <Tag color={row.online ? 'success' : 'default'} style={{ marginInlineEnd: 0 }} data-testid="equipment-gateway-online">
              {row.online ? t('equipment.online') : t('equipment.offline')}
            </Tag>
          </Space>
        );
      },
    },
    {
      title: t('equipment.column.group'),
      key: 'group',
      render: (_, row) => row.groupName ?? <Typography.Text type="secondary">{t('equipment.filter.ungrouped')}</Typography.Text>,
    },
    {
      title: t('equipment.column.display'),
      key: 'display',
      render: (_, row) => t(row.display === 'page' ? 'equipment.display.page' : 'equipment.display.list'),
    },
    {
      title: t('equipment.column.address'),
      key: 'address',
      render: (_, row) =>
        row.address ? (
          <Typography.Text ellipsis={{ tooltip: row.address }} style={{ maxWidth: 200 }}>
            {row.address}
          </Typography.Text>
        ) : (
          '—'
        ),
    },
    {
      title: t('equipment.column.created'),
      key: 'created',
      render: (_, row) => <span style={{ whiteSpace: 'nowrap' }}>{dayjs(row.gmtCreate).format(DATE_MINUTES)}</span>,
    },
    {
      title: t('equipment.column.actions'),
      key: 'actions',
      render: (_, row) => (
        <Space size={0} style={{ whiteSpace: 'nowrap' }}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => navigate(editPath(row.id))}>
            {canManage ? t('equipment.edit') : t('equipment.view')}
          </Button>
          {canManage && (
            <Popconfirm
              title={t('equipment.delete.confirmTitle', { name: row.equipName })}
              description={<div style={{ maxWidth: 320 }}>{t('equipment.delete.confirmText')}</div>}
              okText={t('equipment.delete.ok')}
              cancelText={t('equipment.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => deleteOne(row).catch(() => undefined)}
            >
              <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid={`equipment-delete-${row.id}`}>
                {t('equipment.delete.action')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];

  const data = equipment.data;
  const failedFirstLoad = equipment.isError && !data;

  return (
    <Flex vertical gap={16} data-testid="equipment-list-page">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('route.manage.equipmentList')}
        </Typography.Title>
        <Space wrap>
          <Segmented<EquipmentSort>
            aria-label={t('equipment.sort.label')}
            value={query.sort}
            options={[
              { value: 'time', label: t('equipment.sort.time') },
              { value: 'name', label: t('equipment.sort.name') },
            ]}
            onChange={(sort) => setQuery((q) => ({ ...q, sort, page: 1 }))}
            data-testid="equipment-sort"
          />
          <Tooltip title={t('equipment.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('equipment.refresh')}
              loading={equipment.isFetching && !equipment.isLoading}
              onClick={() => void equipment.refetch()}
            />
          </Tooltip>
          {canManage && (
            <Button id="equipment-add" type="primary" icon={<PlusOutlined />} onClick={() => navigate(ADD_PATH)}>
              {t('route.manage.equipmentAdd')}
            </Button>
          )}
        </Space>
      </Flex>

      <Flex wrap gap={12} data-testid="equipment-filters">
        <Input.Search
          id="equipment-search"
          allowClear
          placeholder={t('equipment.searchPlaceholder')}
          aria-label={t('equipment.searchPlaceholder')}
          value={keywordInput}
          onChange={(event) => {
            setKeywordInput(event.target.value);
            if (event.target.value === '' && query.keyword !== '') search('');
          }}
          onSearch={search}
          enterButton={t('equipment.search')}
          style={{ width: 330 }}
        />
        <Select<'true' | 'false'>
          id="equipment-filter-online"
          allowClear
          aria-label={t('equipment.filter.online')}
          prefix={<FilterLabel>{t('equipment.filter.onlineLabel')}</FilterLabel>}
          placeholder={t('equipment.filter.any')}
          value={query.online === null ? undefined : query.online ? 'true' : 'false'}
          options={[
            { value: 'true', label: t('equipment.filter.onlineTrue') },
            { value: 'false', label: t('equipment.filter.onlineFalse') },
          ]}
          onChange={(value) => filter({ online: value === undefined ? null : value === 'true' })}
          style={{ width: 230 }}
        />
        <Select<{ value: number; label: string }>
          id="equipment-filter-gateway"
          allowClear
          showSearch
          labelInValue
          filterOption={false}
          aria-label={t('equipment.filter.gateway')}
          prefix={<FilterLabel>{t('equipment.filter.gatewayLabel')}</FilterLabel>}
          placeholder={t('equipment.filter.any')}
          value={gatewayChoice ?? undefined}
          options={(gateways.data?.list ?? []).map((g) => ({ value: g.id, label: gatewayLabel(g.name, g.sn) }))}
          onSearch={setGatewaySearch}
          onChange={(choice) => {
            setGatewayChoice(choice ?? null);
            setGatewaySearch('');
            filter({ gatewayId: choice?.value ?? null });
          }}
          loading={gateways.isFetching}
          status={gateways.isError ? 'error' : undefined}
          notFoundContent={gateways.isError ? t('equipment.filter.gatewaysFailed') : t('equipment.filter.noMatch')}
          style={{ width: 240 }}
        />
        <Select<number>
          id="equipment-filter-group"
          allowClear
          showSearch
          optionFilterProp="label"
          aria-label={t('equipment.filter.group')}
          prefix={<FilterLabel>{t('equipment.filter.groupLabel')}</FilterLabel>}
          placeholder={t('equipment.filter.any')}
          value={query.groupId ?? undefined}
          options={[
            { value: 0, label: t('equipment.filter.ungrouped') },
            ...(groups.data ?? []).map((g) => ({ value: g.id, label: g.name })),
          ]}
          onChange={(value) => filter({ groupId: value ?? null })}
          loading={groups.isLoading}
          status={groups.isError ? 'error' : undefined}
          notFoundContent={t('equipment.filter.noMatch')}
          popupRender={(menu) =>
            groups.isError ? (
              <>
                {menu}
                <Typography.Text type="danger" style={{ display: 'block', padding: '4px 12px' }}>
                  {t('equipment.filter.groupsFailed')}
                </Typography.Text>
              </>
            ) : (
              menu
            )
          }
          style={{ width: 190 }}
        />
      </Flex>

      {equipment.isError && (
        <Alert
          type="error"
          showIcon
          data-testid="equipment-list-error"
          message={failedFirstLoad ? t('equipment.loadFailed') : t('equipment.refreshFailed')}
          description={equipment.error.message}
          action={
            <Button size="small" onClick={() => void equipment.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      )}

      {!failedFirstLoad && (
        <div style={{ overflowX: 'auto' }}>
          <Table<Equipment>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={data?.list ?? []}
            loading={equipment.isLoading || (equipment.isFetching && equipment.isPlaceholderData)}
            locale={{
              emptyText: hasFilters(query)
                ? t('equipment.emptyFiltered')
                : query.keyword
                  ? t('equipment.emptySearch', { keyword: query.keyword })
                  : canManage
                  ? t('equipment.emptyManage')
                  : t('equipment.empty'),
            }}
            pagination={{
              current: query.page,
              pageSize: PAGE_SIZE,
              total: data?.total ?? 0,
              showSizeChanger: false,
              showTotal: (total) => t('equipment.total', { count: total }),
              onChange: (page) => setQuery((q) => ({ ...q, page })),
            }}
          />
        </div>
      )}
    </Flex>
  );
}
