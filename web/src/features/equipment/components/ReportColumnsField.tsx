/**
 * The report editor's columns: each a signal of the equipment and a statistic (its meaning shown in the list), and
 * for a counter's difference the value the counter wraps at (hidden for every other statistic, which the server
 * would refuse it for). Columns are added up to the server's limit, moved up and down (their order is the table's)
 * and removed; at least one stays.
 */
import { Button, Flex, Form, InputNumber, Select, Tooltip, Typography, type FormInstance } from 'antd';
import { PlusOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { RowOrderButtons } from '@/components/RowOrderButtons';
import { useTranslation } from 'react-i18next';
import type { SignalDef } from '@/generated/answers';
import { useReportLabels } from '@/entities/reports/labels';
import { DEFAULT_STATISTIC, STATISTICS, takesWrap } from '@/entities/reports/statistics';
import { REPORT_COLUMNS_MAX, type ColumnDraft, type ReportDraft } from '../reports/model';

const INDEX_WIDTH = 20;
const SIGNAL_FLEX = '1 1 160px';
const STATISTIC_WIDTH = 150;
const WRAPS_WIDTH = 150;
/** Up, down and remove. */
const ACTIONS_WIDTH = 100;

export function ReportColumnsField({ form, signals }: { form: FormInstance<ReportDraft>; signals: readonly SignalDef[] }) {
  const { t } = useTranslation();
  const labels = useReportLabels();
  const columns = (Form.useWatch('columns', form) ?? []) as ColumnDraft[];
  const known = new Set(signals.map((s) => s.id));
  // A signal deleted since the report was saved stays named, so the operator sees what to replace.
  const missing = [...new Set(columns.map((c) => c?.signalId).filter((id): id is number => typeof id === 'number' && !known.has(id)))];
  const signalOptions = [
    ...signals.filter((s) => s.id > 0).map((s) => ({ value: s.id, label: s.unit ? `${s.name} (${s.unit})` : s.name })),
    ...missing.map((id) => ({ value: id, label: t('equipment.report.deletedSignal', { id }) })),
  ];
  const statisticOptions = STATISTICS.map((s) => ({ value: s, label: labels.statistic(s), hint: t(`reports.statisticHint.${s}`) }));

  return (
    <Form.List
      name="columns"
      rules={[
        {
          validator: async (_, value: unknown[] | undefined) => {
            if (!value || value.length === 0) throw new Error(t('equipment.report.columnsRequired'));
            if (value.length > REPORT_COLUMNS_MAX) throw new Error(t('equipment.report.tooManyColumns', { max: REPORT_COLUMNS_MAX }));
          },
        },
      ]}
    >
      {(fields, { add, remove, move }, { errors }) => (
        <Flex vertical gap={8} data-testid="report-columns">
          <Flex gap={8} aria-hidden>
            <span style={{ width: INDEX_WIDTH, flexShrink: 0 }} />
            <Typography.Text type="secondary" style={{ flex: SIGNAL_FLEX }}>{t('equipment.report.header.signal')}</Typography.Text>
            <Typography.Text type="secondary" style={{ width: STATISTIC_WIDTH, flexShrink: 0 }}>
              {t('equipment.report.header.statistic')}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ width: WRAPS_WIDTH, flexShrink: 0 }}>
              {t('equipment.report.header.wrapsAt')}{' '}
              <Tooltip title={t('equipment.report.wrapsHint')}>
                <QuestionCircleOutlined aria-label={t('equipment.report.wrapsHint')} />
              </Tooltip>
            </Typography.Text>
            <span style={{ width: ACTIONS_WIDTH, flexShrink: 0 }} />
          </Flex>
          {fields.map((field, index) => {
            const statistic = columns[index]?.statistic;
            return (
              <Flex key={field.key} gap={8} align="flex-start" wrap data-testid="report-column">
                <Typography.Text type="secondary" style={{ width: INDEX_WIDTH, flexShrink: 0, lineHeight: '32px', textAlign: 'right' }}>
                  {index + 1}
                </Typography.Text>
                <Form.Item
                  name={[field.name, 'signalId']}
                  style={{ flex: SIGNAL_FLEX, minWidth: 0, marginBottom: 0 }}
                  rules={[{ required: true, message: t('equipment.report.chooseSignal') }]}
                >
                  <Select
                    id={`report-column-${index}-signal`}
                    aria-label={t('equipment.report.field.signal', { index: index + 1 })}
                    placeholder={t('equipment.report.pickSignal')}
                    showSearch
                    optionFilterProp="label"
                    options={signalOptions}
                  />
                </Form.Item>
                <Form.Item name={[field.name, 'statistic']} style={{ width: STATISTIC_WIDTH, flexShrink: 0, marginBottom: 0 }} rules={[{ required: true }]}>
                  <Select
                    id={`report-column-${index}-statistic`}
                    aria-label={t('equipment.report.field.statistic', { index: index + 1 })}
                    options={statisticOptions}
                    popupMatchSelectWidth={false}
                    optionRender={(option) => (
                      <Flex vertical>
                        <span>{option.data.label}</span>
                        <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'normal', maxWidth: 320 }}>
                          {option.data.hint}
                        </Typography.Text>
                      </Flex>
                    )}
                  />
                </Form.Item>
                {statistic && takesWrap(statistic) ? (
                  <Form.Item
                    name={[field.name, 'wrapsAt']}
                    style={{ width: WRAPS_WIDTH, flexShrink: 0, marginBottom: 0 }}
                    rules={[
                      {
                        validator: async (_, value: unknown) => {
                          if (value !== null && value !== undefined && !(typeof value === 'number' && value > 0)) {
                            throw new Error(t('equipment.report.wrapsPositive'));
                          }
                        },
                      },
                    ]}
                  >
                    <InputNumber
                      id={`report-column-${index}-wraps`}
                      aria-label={t('equipment.report.field.wrapsAt', { index: index + 1 })}
                      placeholder={t('equipment.report.wrapsPlaceholder')}
                      style={{ width: '100%' }}
                    />
                  </Form.Item>
                ) : (
                  <span style={{ width: WRAPS_WIDTH, flexShrink: 0 }} />
                )}
                <RowOrderButtons
                  index={index}
                  count={fields.length}
                  onMove={move}
                  onRemove={() => remove(index)}
                  removable={fields.length > 1}
                  labels={{
                    up: t('equipment.report.moveUp', { index: index + 1 }),
                    down: t('equipment.report.moveDown', { index: index + 1 }),
                    remove: t('equipment.report.removeColumn', { index: index + 1 }),
                  }}
                  testId={(action) => `report-column-${index}-${action}`}
                  style={{ width: ACTIONS_WIDTH, flexShrink: 0 }}
                />
              </Flex>
            );
          })}
          <Form.ErrorList errors={errors} />
          <Flex align="center" gap={12}>
            <Button
              id="report-column-add"
              icon={<PlusOutlined />}
              disabled={fields.length >= REPORT_COLUMNS_MAX}
              onClick={() => add({ signalId: null, statistic: DEFAULT_STATISTIC } satisfies ColumnDraft)}
            >
              {t('equipment.report.addColumn')}
            </Button>
            <Typography.Text type="secondary" data-testid="report-column-count">
              {t('equipment.report.columnCount', { count: fields.length, max: REPORT_COLUMNS_MAX })}
            </Typography.Text>
          </Flex>
        </Flex>
      )}
    </Form.List>
  );
}
