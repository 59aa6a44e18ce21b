/**
 * What a source's messages have been since the server started counting: how many, how many in the last minute and on
 * average, each kind of problem, and the last bad messages with the topic, the problem and a sample of what came, so
 * whoever wires a device sees why its data does not arrive. Times in China time (lib/chinaTime.ts), as elsewhere.
 */
import { Card, Empty, Flex, Statistic, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { GmSourceStats } from '@/generated/answers';
import { TabError, TabLoading } from '@/components/LoadState';
import { formatBaseTime } from '@/lib/chinaTime';
import { useGmSourceStats } from '../api/gmSourceInfo';
import { averagePerMinute, problemCounts } from './sourceModel';

/** A bad message with its place in the answer as its row key (two may share a time, a topic and a problem). */
type BadMessage = GmSourceStats['badMessages'][number] & { key: number };

export function SourceStats({ sourceId }: { sourceId: number }) {
  const { t } = useTranslation();
  const stats = useGmSourceStats(sourceId);
  const data = stats.data;
  return (
    <Card size="small" title={t('gmSource.stats.title')} data-testid="gm-source-stats">
      {stats.isLoading ? (
        <TabLoading />
      ) : !data ? (
        <TabError title={t('gmSource.stats.loadFailed')} error={stats.error ?? { message: '' }} onRetry={() => void stats.refetch()} testId="gm-stats-error" />
      ) : (
        <StatsBody stats={data} />
      )}
    </Card>
  );
}

function StatsBody({ stats }: { stats: GmSourceStats }) {
  const { t } = useTranslation();
  const average = averagePerMinute(stats, Date.now());
  const { problems, total } = problemCounts(stats);
  const columns: ColumnsType<BadMessage> = [
    {
      title: t('gmSource.bad.at'),
      key: 'at',
      width: 180,
      render: (_, message) => <span style={{ whiteSpace: 'nowrap' }}>{formatBaseTime(message.at)}</span>,
    },
    {
      title: t('gmSource.bad.topic'),
      key: 'topic',
      render: (_, message) => (
        <Typography.Text code style={{ wordBreak: 'break-all' }}>
          {message.topic}
        </Typography.Text>
      ),
    },
    { title: t('gmSource.bad.problem'), dataIndex: 'problem', key: 'problem' },
    {
      title: t('gmSource.bad.sample'),
      key: 'sample',
      render: (_, message) => (
        <pre
          data-testid="gm-bad-sample"
          style={{ margin: 0, maxHeight: 160, maxWidth: 480, overflow: 'auto', whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontFamily: 'monospace', fontSize: 12 }}
        >
          {message.sample}
        </pre>
      ),
    },
  ];
  return (
    <Flex vertical gap={16}>
      <Typography.Text type="secondary" data-testid="gm-stats-since">
        {t('gmSource.stats.since', { time: formatBaseTime(stats.since) })}
      </Typography.Text>
      <Flex wrap gap={32}>
        <Statistic title={t('gmSource.stats.messages')} value={stats.messages} data-testid="gm-stats-messages" />
        <Statistic title={t('gmSource.stats.lastMinute')} value={stats.lastMinute} data-testid="gm-stats-last-minute" />
        <Statistic title={t('gmSource.stats.average')} value={average ?? '—'} data-testid="gm-stats-average" />
        <Statistic
          title={t('gmSource.stats.interval')}
          value={stats.intervalMs === null ? '—' : t('gmSource.stats.seconds', { seconds: (stats.intervalMs / 1000).toFixed(1) })}
          data-testid="gm-stats-interval"
        />
      </Flex>
      <Flex wrap gap={8} align="center" data-testid="gm-stats-problems">
        <Typography.Text strong>{t('gmSource.stats.problems')}</Typography.Text>
        {total === 0 ? (
          <Tag color="success">{t('gmSource.stats.noProblems')}</Tag>
        ) : (
          problems.map(({ key, count }) => (
            <Tag key={key} color={count > 0 ? 'warning' : 'default'} data-testid={`gm-problem-${key}`}>
              {t(`gmSource.stats.problem.${key}`)}: {count}
            </Tag>
          ))
        )}
      </Flex>
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('gmSource.bad.title')}
      </Typography.Title>
      {stats.badMessages.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('gmSource.bad.empty')} />
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <Table<BadMessage>
            data-testid="gm-bad-messages"
            size="small"
            columns={columns}
            dataSource={stats.badMessages.map((message, key) => ({ ...message, key }))}
            pagination={false}
          />
        </div>
      )}
    </Flex>
  );
}
