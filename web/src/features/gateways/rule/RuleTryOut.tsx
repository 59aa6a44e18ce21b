/**
 * The try-out of a data rule on a pasted sample message: the sample, "Try" (the server reads it with the rule as it
 * is now, exactly as its ingest will) and the quick way to add a signal row per number and true/false of the
 * sample; then what the rule read: each signal's value after scale and offset or its problem in red, the
 * reading's time in China time or its problem, and the reply id.
 */
import { Alert, Button, Descriptions, Flex, Form, Input, Table, Typography } from 'antd';
import { ExperimentOutlined, PlusSquareOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RuleTried, SignalTried } from '@/generated/answers';
import { formatBaseTime } from '@/lib/chinaTime';

interface RuleTryOutProps {
  sample: string;
  onSampleChange: (sample: string) => void;
  onTry: () => void;
  onAddLeaves: () => void;
  trying: boolean;
  /** A word about the sample from the editor itself (not JSON, nothing to add, rows added). */
  note: { type: 'error' | 'info'; text: string } | null;
  result: RuleTried | null;
  /** The rule or the sample changed since the result. */
  stale: boolean;
  /** Whether the rule reads its time from the message (else the result's time is the server's clock). */
  timeFromMessage: boolean;
}

/** Enough digits to see a scale's effect, without a float's noise (0.1 × 215 = 21.500000000000004). */
const shown = (value: number) => String(Number(value.toPrecision(12)));

export function RuleTryOut({ sample, onSampleChange, onTry, onAddLeaves, trying, note, result, stale, timeFromMessage }: RuleTryOutProps) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8} data-testid="gm-rule-try">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('gmRule.sample.title')}
      </Typography.Title>
      <Form.Item
        label={t('gmRule.sample.label')}
        htmlFor="gm-rule-sample"
        extra={t('gmRule.sample.hint')}
        validateStatus={note?.type === 'error' ? 'error' : undefined}
        help={note ? <span data-testid="gm-rule-sample-note">{note.text}</span> : undefined}
        style={{ margin: 0 }}
      >
        <Input.TextArea
          id="gm-rule-sample"
          value={sample}
          placeholder={t('gmRule.sample.placeholder')}
          autoSize={{ minRows: 6, maxRows: 16 }}
          spellCheck={false}
          style={{ fontFamily: 'monospace' }}
          onChange={(e) => onSampleChange(e.target.value)}
        />
      </Form.Item>
      <Flex gap={8} wrap>
        <Button id="gm-rule-try" type="primary" ghost icon={<ExperimentOutlined />} loading={trying} onClick={onTry}>
          {t('gmRule.sample.try')}
        </Button>
        <Button id="gm-rule-add-leaves" icon={<PlusSquareOutlined />} onClick={onAddLeaves}>
          {t('gmRule.sample.addLeaves')}
        </Button>
      </Flex>
      {result && <TryResult result={result} stale={stale} timeFromMessage={timeFromMessage} />}
    </Flex>
  );
}

function TryResult({ result, stale, timeFromMessage }: { result: RuleTried; stale: boolean; timeFromMessage: boolean }) {
  const { t } = useTranslation();
  if (result.problem !== null) {
    return <Alert type="error" showIcon message={result.problem} data-testid="gm-rule-try-problem" />;
  }
  return (
    <Flex vertical gap={8} data-testid="gm-rule-try-result" style={{ opacity: stale ? 0.6 : 1 }}>
      <Typography.Text strong>{t('gmRule.sample.result')}</Typography.Text>
      {stale && <Alert type="warning" showIcon message={t('gmRule.sample.stale')} data-testid="gm-rule-try-stale" />}
      <Table<SignalTried>
        rowKey={(row, index) => `${row.key}-${index ?? 0}`}
        size="small"
        pagination={false}
        data-testid="gm-rule-try-values"
        dataSource={result.values}
        columns={[
          { title: t('gmRule.signals.key'), key: 'key', render: (_, row) => row.key },
          { title: t('gmRule.signals.path'), key: 'path', render: (_, row) => <Typography.Text code>{row.path}</Typography.Text> },
          {
            title: t('gmRule.sample.value'),
            key: 'value',
            render: (_, row) =>
              row.value !== null ? (
                <span data-testid="gm-rule-try-value">{shown(row.value)}</span>
              ) : (
                <Typography.Text type="danger" data-testid="gm-rule-try-value-problem">
                  {row.problem}
                </Typography.Text>
              ),
          },
        ]}
      />
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('gmRule.sample.time')}>
          {result.timeProblem !== null ? (
            <Typography.Text type="danger" data-testid="gm-rule-try-time">
              {result.timeProblem}
            </Typography.Text>
          ) : (
            <span data-testid="gm-rule-try-time">
              {formatBaseTime(result.t)}
              {timeFromMessage ? '' : ` ${t('gmRule.sample.timeServer')}`}
            </span>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={t('gmRule.sample.replyId')}>
          <span data-testid="gm-rule-try-reply">{result.replyId ?? t('gmRule.sample.noReply')}</span>
        </Descriptions.Item>
      </Descriptions>
    </Flex>
  );
}
