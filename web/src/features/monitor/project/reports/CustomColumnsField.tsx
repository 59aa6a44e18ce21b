/**
 * The custom report editor's columns: each reads a signal of one of the project's equipment or one of its
 * intermediate variables (one picker, grouped by equipment, the variables last) with a statistic. A variable's
 * statistics are only those the server allows for its rule (`validStatistics`: a sum of signals keeps its average,
 * a formula its first and last…); a statistic it does not allow is replaced by the first it does. "Wraps at" is
 * shown only for a difference. Columns are added up to the server's limit, moved and removed (one stays).
 */
import { useEffect } from 'react';
import { Button, Flex, Form, InputNumber, Select, Typography, type FormInstance } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { RowOrderButtons } from '@/components/RowOrderButtons';
import { useTranslation } from 'react-i18next';
import type { Mvar, ReportEquipment, Statistic } from '@/generated/answers';
import { useReportLabels } from '@/entities/reports/labels';
import { DEFAULT_STATISTIC, STATISTICS, takesWrap } from '@/entities/reports/statistics';
import { useMvarStatistics } from './api';
import { CUSTOM_COLUMNS_MAX, mvarSource, parseSource, signalSource, type CustomColumnDraft, type CustomDraft } from './customModel';

const SOURCE_FLEX = '1 1 220px';
const STATISTIC_WIDTH = 150;
const WRAPS_WIDTH = 140;

export interface CustomColumnsFieldProps {
  form: FormInstance<CustomDraft>;
  equipment: readonly ReportEquipment[];
  mvars: readonly Mvar[];
}

export function CustomColumnsField({ form, equipment, mvars }: CustomColumnsFieldProps) {
  const { t } = useTranslation();
  const sourceOptions = [
    ...equipment.map((e) => ({
      label: e.equipName,
      title: e.equipName,
      options: e.signals.map((s) => ({
        value: signalSource(e.equipmentId, s.signalId),
        label: `${e.equipName} · ${s.name}${s.unit ? ` (${s.unit})` : ''}`,
      })),
    })),
    ...(mvars.length > 0
      ? [{ label: t('reports.custom.variables'), title: t('reports.custom.variables'), options: mvars.map((m) => ({ value: mvarSource(m.id), label: m.name })) }]
      : []),
  ];
  // A column whose signal, equipment or variable is gone keeps its value, named so the operator replaces it.
  const known = new Set(sourceOptions.flatMap((group) => group.options.map((o) => o.value)));
  const columns = (Form.useWatch('columns', form) ?? []) as CustomColumnDraft[];
  const missing = [...new Set(columns.map((c) => c?.source).filter((s): s is string => typeof s === 'string' && s !== '' && !known.has(s)))];
  const options = missing.length > 0 ? [...sourceOptions, { label: '—', title: '—', options: missing.map((value) => ({ value, label: t('reports.custom.gone') })) }] : sourceOptions;

  return (
    <Form.List
      name="columns"
      rules={[
        {
          validator: async (_, value: unknown[] | undefined) => {
            if (!value || value.length === 0) throw new Error(t('reports.custom.columnsRequired'));
          },
        },
      ]}
    >
      {(fields, { add, remove, move }, { errors }) => (
        <Flex vertical gap={8} data-testid="custom-columns">
          <Flex gap={8} aria-hidden>
            <span style={{ width: 20, flexShrink: 0 }} />
            <Typography.Text type="secondary" style={{ flex: SOURCE_FLEX }}>{t('reports.custom.header.source')}</Typography.Text>
            <Typography.Text type="secondary" style={{ width: STATISTIC_WIDTH, flexShrink: 0 }}>{t('reports.custom.header.statistic')}</Typography.Text>
            <Typography.Text type="secondary" style={{ width: WRAPS_WIDTH, flexShrink: 0 }} title={t('reports.custom.wrapsHint')}>
              {t('reports.custom.header.wrapsAt')}
            </Typography.Text>
            <span style={{ width: 100, flexShrink: 0 }} />
          </Flex>
          {fields.map((field, index) => (
            <Flex key={field.key} gap={8} align="flex-start" wrap data-testid="custom-column">
              <Typography.Text type="secondary" style={{ width: 20, flexShrink: 0, lineHeight: '32px', textAlign: 'right' }}>
                {index + 1}
              </Typography.Text>
              <Form.Item
                name={[field.name, 'source']}
                style={{ flex: SOURCE_FLEX, minWidth: 0, marginBottom: 0 }}
                rules={[{ required: true, message: t('reports.custom.chooseSource') }]}
              >
                <Select
                  id={`custom-column-${index}-source`}
                  aria-label={t('reports.custom.sourceOf', { index: index + 1 })}
                  placeholder={t('reports.custom.pickSource')}
                  showSearch
                  optionFilterProp="label"
                  popupMatchSelectWidth={false}
                  options={options}
                />
              </Form.Item>
              <ColumnStatistic form={form} name={field.name} index={index} />
              <RowOrderButtons
                index={index}
                count={fields.length}
                onMove={move}
                onRemove={() => remove(index)}
                removable={fields.length > 1}
                labels={{
                  up: t('reports.custom.moveUp', { index: index + 1 }),
                  down: t('reports.custom.moveDown', { index: index + 1 }),
                  remove: t('reports.custom.removeColumn', { index: index + 1 }),
                }}
                testId={(action) => (action === 'remove' ? `custom-column-${index}-remove` : undefined)}
                style={{ flexShrink: 0 }}
              />
            </Flex>
          ))}
          <Form.ErrorList errors={errors} />
          <Flex align="center" gap={12}>
            <Button
              id="custom-column-add"
              icon={<PlusOutlined />}
              disabled={fields.length >= CUSTOM_COLUMNS_MAX}
              onClick={() => add({ source: null, statistic: DEFAULT_STATISTIC } satisfies CustomColumnDraft)}
            >
              {t('reports.custom.addColumn')}
            </Button>
            <Typography.Text type="secondary">{t('reports.custom.columnCount', { count: fields.length, max: CUSTOM_COLUMNS_MAX })}</Typography.Text>
          </Flex>
        </Flex>
      )}
    </Form.List>
  );
}

/** A column's statistic (a variable's: only those it allows) and, for a difference, its wrap value. */
function ColumnStatistic({ form, name, index }: { form: FormInstance<CustomDraft>; name: number; index: number }) {
  const { t } = useTranslation();
  const labels = useReportLabels();
  const source = parseSource(Form.useWatch(['columns', name, 'source'], form) as string | null | undefined);
  const statistic = Form.useWatch(['columns', name, 'statistic'], form) as Statistic | undefined;
  const mvarId = source?.kind === 'mvar' ? source.mvarId : null;
  const valid = useMvarStatistics(mvarId);
  const allowed: readonly Statistic[] = mvarId === null ? STATISTICS : (valid.data ?? []);

  // A variable that does not allow the column's statistic: its first allowed one instead.
  useEffect(() => {
    if (mvarId === null || !valid.data || valid.data.length === 0 || !statistic) return;
    if (!valid.data.includes(statistic)) form.setFieldValue(['columns', name, 'statistic'], valid.data[0]);
  }, [form, name, mvarId, valid.data, statistic]);

  const noneAllowed = mvarId !== null && valid.data?.length === 0;
  return (
    <>
      <Form.Item
        name={[name, 'statistic']}
        style={{ width: STATISTIC_WIDTH, flexShrink: 0, marginBottom: 0 }}
        help={noneAllowed ? t('reports.custom.noStatistic') : undefined}
        validateStatus={noneAllowed ? 'error' : undefined}
        rules={[
          { required: true, message: t('reports.custom.chooseStatistic') },
          {
            validator: async (_, value: unknown) => {
              if (mvarId !== null && valid.data && !valid.data.includes(value as Statistic)) throw new Error(t('reports.custom.statisticNotAllowed'));
            },
          },
        ]}
      >
        <Select
          id={`custom-column-${index}-statistic`}
          aria-label={t('reports.custom.statisticOf', { index: index + 1 })}
          loading={mvarId !== null && valid.isFetching}
          popupMatchSelectWidth={false}
          options={allowed.map((s) => ({ value: s, label: labels.statistic(s), hint: t(`reports.statisticHint.${s}`) }))}
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
          name={[name, 'wrapsAt']}
          style={{ width: WRAPS_WIDTH, flexShrink: 0, marginBottom: 0 }}
          rules={[
            {
              validator: async (_, value: unknown) => {
                if (value !== null && value !== undefined && !(typeof value === 'number' && value > 0)) throw new Error(t('reports.custom.wrapsPositive'));
              },
            },
          ]}
        >
          <InputNumber
            id={`custom-column-${index}-wraps`}
            aria-label={t('reports.custom.wrapsOf', { index: index + 1 })}
            placeholder={t('reports.custom.wrapsPlaceholder')}
            style={{ width: '100%' }}
          />
        </Form.Item>
      ) : (
        <span style={{ width: WRAPS_WIDTH, flexShrink: 0 }} />
      )}
    </>
  );
}
