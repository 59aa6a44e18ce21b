/**
 * /manage/system/user: the organisation's sub-accounts, managed by its administrators (ours: the spec has roles
 * and data ranges but no screen for them). An administrator creates ordinary accounts, gives them permission
 * codes and a data range (all equipment, or only the equipment granted to them), grants equipment, resets
 * passwords and disables or enables accounts (never deletes them: the log keeps their name). Anyone else sees
 * that the screen is not for them, and nothing is asked of the server (it would answer 1011).
 */
import { useState } from 'react';
import { Alert, Badge, Button, Flex, Popconfirm, Space, Table, Tag, Tooltip, Typography, message } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  EditOutlined,
  KeyOutlined,
  LockOutlined,
  PlusOutlined,
  ReloadOutlined,
  SafetyCertificateOutlined,
  StopOutlined,
  CheckCircleOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { StatusMessage } from '@/components/StatusMessage';
import { isAdmin } from '@/lib/access';
import { useUser } from '@/lib/session';
import { useSetDisabled } from '../api/disableSubAccount';
import { useSubAccounts } from '../api/querySubAccounts';
import { PERMISSIONS, type SubAccount } from '../model';
import { AccountModal } from './AccountModal';
import { AuthoriseDrawer } from './AuthoriseDrawer';
import { ResetPasswordModal } from './ResetPasswordModal';

function NoPermission() {
  const { t } = useTranslation();
  return (
    <div data-testid="accounts-no-permission">
      <StatusMessage
        icon={<LockOutlined style={{ color: '#faad14' }} />}
        title={t('subAccounts.noPermission.title')}
        description={t('subAccounts.noPermission.text')}
      />
    </div>
  );
}

export default function SubAccountsPage() {
  const user = useUser();
  return isAdmin(user) ? <SubAccounts /> : <NoPermission />;
}

function SubAccounts() {
  const { t } = useTranslation();
  const [messageApi, messageHolder] = message.useMessage();
  const accounts = useSubAccounts(true);
  const setDisabled = useSetDisabled();
  /** The account modal: closed, a new account, or the account to edit. */
  const [editing, setEditing] = useState<SubAccount | 'new' | null>(null);
  const [resetting, setResetting] = useState<SubAccount | null>(null);
  const [authorising, setAuthorising] = useState<SubAccount | null>(null);

  const toggle = (account: SubAccount) =>
    setDisabled
      .mutateAsync({ userId: account.userId, disabled: !account.disabled })
      .then(() =>
        messageApi.success(t(account.disabled ? 'subAccounts.enabledDone' : 'subAccounts.disabledDone', { name: account.loginname })),
      )
      .catch(() => undefined);

  const columns: ColumnsType<SubAccount> = [
    {
      title: t('subAccounts.column.loginname'),
      key: 'loginname',
      render: (_, a) => (
        <Typography.Text strong data-testid="accounts-loginname" type={a.disabled ? 'secondary' : undefined}>
          {a.loginname}
        </Typography.Text>
      ),
    },
    {
      title: t('subAccounts.column.contact'),
      key: 'contact',
      render: (_, a) =>
        a.tel || a.email ? (
          <Flex vertical data-testid="accounts-contact">
            {a.tel && <span style={{ whiteSpace: 'nowrap' }}>{a.tel}</span>}
            {a.email && (
              <Typography.Text type={a.tel ? 'secondary' : undefined} style={{ fontSize: a.tel ? 12 : undefined }}>
                {a.email}
              </Typography.Text>
            )}
          </Flex>
        ) : (
          '—'
        ),
    },
    {
      title: t('subAccounts.column.dataRange'),
      key: 'dataRange',
      // The range, and for an account limited to granted equipment how many it has ('All equipment' says it all).
      render: (_, a) => (
        <Flex vertical align="start" gap={4}>
          <Tag color={a.dataRange === 'all' ? 'purple' : 'blue'} style={{ marginInlineEnd: 0 }} data-testid="accounts-range">
            {t(`subAccounts.range.${a.dataRange}`)}
          </Tag>
          {a.dataRange === 'authorised' && (
            <Typography.Link onClick={() => setAuthorising(a)} data-testid="accounts-equipment-count" style={{ whiteSpace: 'nowrap' }}>
              {t('subAccounts.equipmentCount', { count: a.equipmentCount })}
            </Typography.Link>
          )}
        </Flex>
      ),
    },
    {
      title: t('subAccounts.column.auths'),
      key: 'auths',
      render: (_, a) => {
        const codes = PERMISSIONS.filter((code) => a.auths.includes(code));
        if (codes.length === 0) return <Typography.Text type="secondary">{t('subAccounts.noAuths')}</Typography.Text>;
        return (
          <Flex wrap gap={4} style={{ maxWidth: 260 }} data-testid="accounts-auths">
            {codes.map((code) => (
              <Tag key={code} style={{ marginInlineEnd: 0 }} data-code={code}>
                {t(`subAccounts.permission.${code}`)}
              </Tag>
            ))}
          </Flex>
        );
      },
    },
    {
      title: t('subAccounts.column.status'),
      key: 'status',
      render: (_, a) => (
        <span data-testid="accounts-status" data-disabled={String(a.disabled)} style={{ whiteSpace: 'nowrap' }}>
          <Badge status={a.disabled ? 'default' : 'success'} text={t(a.disabled ? 'subAccounts.status.disabled' : 'subAccounts.status.enabled')} />
        </span>
      ),
    },
    {
      title: t('subAccounts.column.actions'),
      key: 'actions',
      render: (_, a) => (
        // Two rows of two: the table fits the screen without scrolling sideways.
        <div style={{ display: 'grid', gridTemplateColumns: 'auto auto', justifyContent: 'start', justifyItems: 'start' }}>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => setEditing(a)} data-testid={`accounts-edit-${a.userId}`}>
            {t('subAccounts.edit')}
          </Button>
          <Button
            type="link"
            size="small"
            icon={<SafetyCertificateOutlined />}
            onClick={() => setAuthorising(a)}
            data-testid={`accounts-authorise-${a.userId}`}
          >
            {t('subAccounts.authoriseAction')}
          </Button>
          <Button type="link" size="small" icon={<KeyOutlined />} onClick={() => setResetting(a)} data-testid={`accounts-reset-${a.userId}`}>
            {t('subAccounts.resetAction')}
          </Button>
          <Popconfirm
            title={t(a.disabled ? 'subAccounts.enableConfirm' : 'subAccounts.disableConfirm', { name: a.loginname })}
            description={<div style={{ maxWidth: 320 }}>{t(a.disabled ? 'subAccounts.enableText' : 'subAccounts.disableText')}</div>}
            okText={t(a.disabled ? 'subAccounts.enable' : 'subAccounts.disable')}
            cancelText={t('subAccounts.cancel')}
            okButtonProps={{ danger: !a.disabled }}
            onConfirm={() => toggle(a)}
          >
            <Button
              type="link"
              size="small"
              danger={!a.disabled}
              icon={a.disabled ? <CheckCircleOutlined /> : <StopOutlined />}
              data-testid={`accounts-${a.disabled ? 'enable' : 'disable'}-${a.userId}`}
            >
              {t(a.disabled ? 'subAccounts.enable' : 'subAccounts.disable')}
            </Button>
          </Popconfirm>
        </div>
      ),
    },
  ];

  const failedFirstLoad = accounts.isError && !accounts.data;

  return (
    <Flex vertical gap={16} data-testid="accounts-page">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Flex vertical gap={4} style={{ flex: '1 1 480px', minWidth: 0 }}>
          <Typography.Title level={4} style={{ margin: 0 }}>
            {t('route.manage.subAccounts')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('subAccounts.intro')}</Typography.Text>
        </Flex>
        <Space wrap>
          <Tooltip title={t('subAccounts.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('subAccounts.refresh')}
              loading={accounts.isFetching && !accounts.isLoading}
              onClick={() => void accounts.refetch()}
            />
          </Tooltip>
          <Button id="accounts-add" type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')}>
            {t('subAccounts.add')}
          </Button>
        </Space>
      </Flex>
      {accounts.isError && (
        <Alert
          type="error"
          showIcon
          data-testid="accounts-error"
          message={t('subAccounts.loadFailed')}
          description={accounts.error.message}
          action={
            <Button size="small" onClick={() => void accounts.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      )}
      {!failedFirstLoad && (
        <Table<SubAccount>
          rowKey="userId"
          size="middle"
          columns={columns}
          dataSource={accounts.data ?? []}
          loading={accounts.isLoading}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
          locale={{ emptyText: <div data-testid="accounts-empty" style={{ padding: '24px 0' }}>{t('subAccounts.empty')}</div> }}
          scroll={{ x: 'max-content' }}
        />
      )}
      <AccountModal
        open={editing !== null}
        account={editing === 'new' ? null : editing}
        onClose={() => setEditing(null)}
        onEdited={(a) => void messageApi.success(t('subAccounts.edited', { name: a.loginname }))}
        onCreated={(created) => {
          void messageApi.success(t('subAccounts.created', { name: created.loginname }));
          // An account limited to granted equipment sees nothing yet: go on to choose its equipment.
          if (created.dataRange === 'authorised') {
            setAuthorising({
              userId: created.userId,
              loginname: created.loginname,
              tel: '',
              email: '',
              roleType: 'user',
              dataRange: 'authorised',
              auths: [],
              disabled: false,
              equipmentCount: 0,
            });
          }
        }}
      />
      <ResetPasswordModal
        account={resetting}
        onClose={() => setResetting(null)}
        onDone={(a) => void messageApi.success(t('subAccounts.reset.done', { name: a.loginname }))}
      />
      <AuthoriseDrawer
        account={authorising}
        onClose={() => setAuthorising(null)}
        onSaved={(a, count) => void messageApi.success(t('subAccounts.authorise.saved', { name: a.loginname, count }))}
      />
      {messageHolder}
    </Flex>
  );
}
