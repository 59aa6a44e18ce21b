/**
 * /account/log: the caller's own operation log (every state-changing call it made, with its result and address),
 * newest first, paged by the server (`/lfscada/user/operationlog/queryMine`). Each row names the call by its
 * action name, as the route table and the OpenAPI description do; a refusal shows the catalogue's text of its code.
 */
import { useState } from 'react';
import { Flex, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { TabError } from '@/components/LoadState';
import { SUCCESS_CODES } from '@/lib/api/client';
import { errorText } from '@/lib/api/errors';
import { formatBaseTime } from '@/lib/chinaTime';
import type { Operation } from '@/generated/answers';
import { LOG_PAGE_SIZE, useMyLog } from '../api/log';

export default function AccountLogPage() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const log = useMyLog(page);
  return (
    <Flex vertical gap={16} data-testid="account-log-page">
      <h4 style={{ margin: 0, fontSize: 20, fontWeight: 600 }}>{t('route.account.log')}</h4>
      {log.isError && <TabError title={t('profile.loadFailed')} error={log.error} onRetry={() => void log.refetch()} />}
      <Table<Operation>
        rowKey="id"
        size="middle"
        loading={log.isFetching}
        dataSource={log.data?.list ?? []}
        scroll={{ x: 720 }}
        pagination={{
          current: page,
          pageSize: LOG_PAGE_SIZE,
          total: log.data?.total ?? 0,
          showSizeChanger: false,
          onChange: setPage,
        }}
        columns={[
          { key: 'time', title: t('profile.log.time'), render: (_, row) => formatBaseTime(row.gmtCreate), width: 180 },
          {
            key: 'action',
            title: t('profile.log.action'),
            render: (_, row) => <Typography.Text code>{row.action}</Typography.Text>,
          },
          {
            key: 'object',
            title: t('profile.log.object'),
            render: (_, row) => (row.objectType ? `${row.objectType} ${row.objectId}`.trim() : '—'),
          },
          {
            key: 'result',
            title: t('profile.log.result'),
            render: (_, row) =>
              SUCCESS_CODES.includes(row.result) ? (
                <Tag color="success">{t('profile.log.succeeded')}</Tag>
              ) : (
                <Tag color="error">{errorText(row.result)}</Tag>
              ),
          },
          { key: 'address', title: t('profile.log.address'), dataIndex: 'address', width: 160 },
        ]}
      />
    </Flex>
  );
}
