/**
 * A tab of /manage/eg/gateway for one kind of GM collection source (docs/gm-equipment.md): the organisation's
 * Sparkplug B edge nodes or JSON devices (search, 10 per page, presence, last seen), registration with credentials
 * shown once, a new secret and deletion, each asked first. As on the gateway tab, the manage actions are shown only
 * with the `manage` permission; the server refuses them without it anyway (1011).
 */
import { useState } from 'react';
import { Button, Flex, Space, Table, Typography, message as antdMessage } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, KeyOutlined, NodeIndexOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TabError } from '@/components/LoadState';
import { GatewayPresenceTag } from '@/entities/gateways/components/GatewayState';
import { Permission, hasAuth } from '@/lib/access';
import { gmSourcePath } from '@/lib/paths';
import { useUser } from '@/lib/session';
import { useDeleteGmSource } from '../api/deleteGmSource';
import { useGmSources } from '../api/queryGmSources';
import { useRotateGmSource } from '../api/rotateGmSource';
import type { GmKind, GmSource, IssuedGmCredentials } from '../gmModel';
import { GmRuleEditor } from '../rule/GmRuleEditor';
import { usePagedSearch } from '../usePagedSearch';
import { ConfirmButton } from './ConfirmButton';
import { GmCredentialsDialog } from './GmCredentialsDialog';
import { GmAddressCell } from './GmAddressCell';
import { ListToolbar } from './ListToolbar';
import { RegisterGmSourceModal } from './RegisterGmSourceModal';
import { CreatedCell, LastSeenCell } from './TimeCells';

export function GmSourceList({ kind }: { kind: GmKind }) {
  const { t } = useTranslation();
  const canManage = hasAuth(useUser(), Permission.Manage);
  const paged = usePagedSearch();
  const { query } = paged;
  const sources = useGmSources(kind, query);
  const rotate = useRotateGmSource();
  const remove = useDeleteGmSource();
  const [registering, setRegistering] = useState(false);
  const [issued, setIssued] = useState<{ credentials: IssuedGmCredentials; reason: 'registered' | 'rotated' } | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  // The JSON device whose data rule is being edited.
  const [ruleFor, setRuleFor] = useState<GmSource | null>(null);
  const [toast, toastHolder] = antdMessage.useMessage();
  const show = (credentials: IssuedGmCredentials, reason: 'registered' | 'rotated') => {
    setIssued({ credentials, reason });
    setDialogOpen(true);
  };

  const rotateFor = (source: GmSource) =>
    rotate.mutateAsync(source.id).then((credentials) => show({ ...credentials, kind, address: source }, 'rotated'));

  const deleteOne = (source: GmSource) =>
    remove.mutateAsync(source.id).then(() => paged.afterDelete(sources.data?.list.length));

  const columns: ColumnsType<GmSource> = [
    {
      title: t('gmSources.column.name'),
      key: 'name',
      // The source's own screen: its message counts and problems, and the devices it announced.
      render: (_, source) => (
        <Link
          to={gmSourcePath(source.id)}
          data-testid={`gm-open-${source.id}`}
          title={source.name}
          style={{ display: 'inline-block', maxWidth: 220, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: 600 }}
        >
          {source.name}
        </Link>
      ),
    },
    {
      title: t(`gmSources.${kind}.address`),
      key: 'address',
      render: (_, source) => <GmAddressCell kind={kind} source={source} />,
    },
    {
      title: t('gmSources.column.username'),
      key: 'username',
      render: (_, source) => (
        <Typography.Text code copyable={{ text: source.username }} data-testid="gm-row-username">
          {source.username}
        </Typography.Text>
      ),
    },
    {
      title: t('gmSources.column.state'),
      key: 'state',
      render: (_, source) => (
        <GatewayPresenceTag gateway={source} testId="gm-online" unknownHint={t('gmSources.unknownHint')} />
      ),
    },
    {
      title: t('gmSources.column.lastSeen'),
      key: 'lastSeen',
      render: (_, source) => <LastSeenCell ms={source.lastSeenMs} testId="gm-last-seen" />,
    },
    {
      title: t('gmSources.column.created'),
      key: 'created',
      render: (_, source) => <CreatedCell ms={source.gmtCreate} />,
    },
  ];

  if (canManage) {
    columns.push({
      title: t('gmSources.column.actions'),
      key: 'actions',
      render: (_, source) => (
        <Space size={0} style={{ whiteSpace: 'nowrap' }}>
          {kind === 'json' && (
            <Button type="link" size="small" icon={<NodeIndexOutlined />} data-testid={`gm-rule-${source.id}`} onClick={() => setRuleFor(source)}>
              {t('gmRule.action')}
            </Button>
          )}
          <ConfirmButton
            title={t('gmSources.rotate.confirmTitle', { name: source.name })}
            text={t(`gmSources.${kind}.rotateText`)}
            okText={t('gateways.rotate.ok')}
            label={t('gateways.rotate.action')}
            icon={<KeyOutlined />}
            testId={`gm-rotate-${source.id}`}
            onConfirm={() => rotateFor(source)}
          />
          <ConfirmButton
            title={t('gmSources.delete.confirmTitle', { name: source.name })}
            text={t('gmSources.delete.confirmText')}
            okText={t('gateways.delete.ok')}
            label={t('gateways.delete.action')}
            icon={<DeleteOutlined />}
            testId={`gm-delete-${source.id}`}
            danger
            onConfirm={() => deleteOne(source)}
          />
        </Space>
      ),
    });
  }

  const data = sources.data;
  const failedFirstLoad = sources.isError && !data;

  return (
    <Flex vertical gap={16} data-testid={`gm-${kind}-list`}>
      {toastHolder}
      <ListToolbar
        intro={<Typography.Text type="secondary">{t(`gmSources.${kind}.intro`)}</Typography.Text>}
        searchId="gm-search"
        placeholder={t(`gmSources.${kind}.searchPlaceholder`)}
        keyword={paged.keywordInput}
        onKeywordChange={paged.onKeywordChange}
        onSearch={paged.search}
        fetching={sources.isFetching && !sources.isLoading}
        onRefresh={() => void sources.refetch()}
        register={canManage ? { id: 'gm-register', label: t(`gmSources.${kind}.register`), onClick: () => setRegistering(true) } : undefined}
      />

      {sources.isError && (
        <TabError
          title={failedFirstLoad ? t('gmSources.loadFailed') : t('gmSources.refreshFailed')}
          error={sources.error}
          onRetry={() => void sources.refetch()}
          testId="gm-error"
        />
      )}

      {!failedFirstLoad && (
        // Narrow windows scroll the table sideways rather than spilling out of the page.
        <div style={{ overflowX: 'auto' }}>
          <Table<GmSource>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={data?.list ?? []}
            loading={sources.isLoading || (sources.isFetching && sources.isPlaceholderData)}
            locale={{
              emptyText: query.keyword
                ? t('gmSources.emptySearch', { keyword: query.keyword })
                : t(canManage ? `gmSources.${kind}.emptyManage` : `gmSources.${kind}.empty`),
            }}
            pagination={paged.pagination(data?.total, (total) => t('gmSources.total', { count: total }))}
          />
        </div>
      )}

      <RegisterGmSourceModal
        kind={kind}
        open={registering}
        onClose={() => setRegistering(false)}
        onRegistered={(credentials) => {
          setRegistering(false);
          show(credentials, 'registered');
        }}
      />
      <GmCredentialsDialog
        issued={issued?.credentials ?? null}
        reason={issued?.reason ?? 'registered'}
        open={dialogOpen}
        onClose={() => setDialogOpen(false)}
        afterClose={() => setIssued(null)}
      />
      {ruleFor && (
        <GmRuleEditor
          key={ruleFor.id}
          source={ruleFor}
          onClose={() => setRuleFor(null)}
          onSaved={() => {
            setRuleFor(null);
            void toast.success(t('gmRule.saved'));
          }}
        />
      )}
    </Flex>
  );
}
