/**
 * The equipment granted to a sub-account whose data range is 'authorised': every equipment of the organisation
 * (loaded page after page), searchable by name, gateway and group, pre-checked with what is granted now; saving
 * replaces the grants. For an account that sees all equipment the choice is shown read-only, with why.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Drawer, Flex, Input, Space, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { SearchOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { useAllEquipment } from '../api/allEquipment';
import { useAuthorise } from '../api/authorise';
import { useGranted } from '../api/grantedEquipment';
import { EQUIPMENT_NOT_FOUND, SUB_ACCOUNT_NOT_FOUND, matchesEquipment, type EquipmentOption, type SubAccount } from '../model';

export function AuthoriseDrawer({
  account,
  onClose,
  onSaved,
}: {
  account: SubAccount | null;
  onClose: () => void;
  /** After the grants were saved: how many equipment the account has now. */
  onSaved: (account: SubAccount, count: number) => void;
}) {
  const { t } = useTranslation();
  const open = account !== null;
  const equipment = useAllEquipment(open);
  const granted = useGranted(account?.userId ?? null);
  const authorise = useAuthorise();
  const [search, setSearch] = useState('');
  /** The ids checked in this drawer; null until the user changes something (then the server's grants show). */
  const [picked, setPicked] = useState<number[] | null>(null);
  const rangeAll = account?.dataRange === 'all';
  const chosen = picked ?? granted.data?.equipmentIds ?? [];
  const ready = equipment.data !== undefined && granted.data !== undefined;

  const shown = useMemo(() => (equipment.data ?? []).filter((e) => matchesEquipment(e, search)), [equipment.data, search]);

  const close = () => {
    setSearch('');
    setPicked(null);
    authorise.reset();
    onClose();
  };

  const failed = (error: ApiError) => {
    showError(error);
    if (error.code === SUB_ACCOUNT_NOT_FOUND) close();
    // An equipment was deleted meanwhile: show the list as it is now; the choice stays for another try.
    if (error.code === EQUIPMENT_NOT_FOUND) void equipment.refetch();
  };

  const save = () => {
    if (!account) return;
    const known = new Set((equipment.data ?? []).map((e) => e.id));
    const equipmentIds = chosen.filter((id) => known.has(id)).sort((a, b) => a - b);
    authorise.mutate(
      { userId: account.userId, equipmentIds },
      {
        onSuccess: ({ count }) => {
          onSaved(account, count);
          close();
        },
        onError: failed,
      },
    );
  };

  const columns: ColumnsType<EquipmentOption> = [
    {
      title: t('subAccounts.authorise.column.name'),
      key: 'name',
      render: (_, e) => <span data-testid="accounts-equipment-name">{e.equipName}</span>,
    },
    {
      title: t('subAccounts.authorise.column.gateway'),
      key: 'gateway',
      render: (_, e) =>
        e.gatewaySn ? (
          <Flex vertical>
            <span>{e.gatewayName || e.gatewaySn}</span>
            {e.gatewayName && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {e.gatewaySn}
              </Typography.Text>
            )}
          </Flex>
        ) : (
          <Typography.Text type="secondary">{t('subAccounts.authorise.noGateway')}</Typography.Text>
        ),
    },
    {
      title: t('subAccounts.authorise.column.group'),
      key: 'group',
      render: (_, e) => e.groupName || <Typography.Text type="secondary">{t('subAccounts.authorise.ungrouped')}</Typography.Text>,
    },
  ];

  const loadError = equipment.error ?? granted.error;
  const total = equipment.data?.length ?? 0;
  const chosenKnown = chosen.filter((id) => (equipment.data ?? []).some((e) => e.id === id)).length;

  return (
    <Drawer
      open={open}
      onClose={close}
      width={760}
      title={t('subAccounts.authorise.title', { name: account?.loginname ?? '' })}
      data-testid="accounts-authorise-drawer"
      footer={
        <Flex justify="space-between" align="center" gap={12} wrap>
          <Typography.Text type="secondary" data-testid="accounts-authorise-count">
            {ready ? t('subAccounts.authorise.count', { count: chosenKnown, total }) : ''}
          </Typography.Text>
          <Space>
            <Button onClick={close}>{t('subAccounts.cancel')}</Button>
            <Button
              id="accounts-authorise-save"
              type="primary"
              loading={authorise.isPending}
              disabled={!ready || rangeAll}
              onClick={save}
            >
              {t('subAccounts.save')}
            </Button>
          </Space>
        </Flex>
      }
    >
      <Flex vertical gap={12}>
        {rangeAll ? (
          <Alert type="info" showIcon message={t('subAccounts.authorise.allTitle')} description={t('subAccounts.authorise.allText')} data-testid="accounts-authorise-all" />
        ) : (
          <Typography.Text type="secondary">{t('subAccounts.authorise.intro')}</Typography.Text>
        )}
        {loadError && (
          <Alert
            type="error"
            showIcon
            message={t('subAccounts.loadFailed')}
            description={loadError.message}
            data-testid="accounts-authorise-error"
            action={
              <Button
                size="small"
                onClick={() => {
                  if (equipment.isError) void equipment.refetch();
                  if (granted.isError) void granted.refetch();
                }}
              >
                {t('common.retry')}
              </Button>
            }
          />
        )}
        <Flex gap={8} wrap align="center">
          <Input
            id="accounts-equipment-search"
            allowClear
            prefix={<SearchOutlined />}
            placeholder={t('subAccounts.authorise.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            style={{ flex: '1 1 260px' }}
          />
          <Button
            id="accounts-authorise-all-shown"
            disabled={!ready || rangeAll || shown.length === 0}
            onClick={() => setPicked([...new Set([...chosen, ...shown.map((e) => e.id)])])}
          >
            {search.trim() ? t('subAccounts.authorise.checkShown', { count: shown.length }) : t('subAccounts.authorise.checkAll')}
          </Button>
          <Button id="accounts-authorise-clear" disabled={!ready || rangeAll || chosen.length === 0} onClick={() => setPicked([])}>
            {t('subAccounts.authorise.clear')}
          </Button>
        </Flex>
        <Table<EquipmentOption>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={shown}
          loading={open && !ready && !loadError}
          rowSelection={{
            selectedRowKeys: chosen,
            preserveSelectedRowKeys: true,
            onChange: (keys) => setPicked(keys.map(Number)),
            getCheckboxProps: (e) => ({ disabled: rangeAll || !ready, 'aria-label': e.equipName }),
          }}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false, size: 'small' }}
          locale={{ emptyText: search.trim() ? t('subAccounts.authorise.noMatch') : t('subAccounts.authorise.noEquipment') }}
        />
      </Flex>
    </Drawer>
  );
}
