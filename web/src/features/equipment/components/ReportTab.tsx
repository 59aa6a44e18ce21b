/**
 * Report tab: the equipment's report definitions (a name, chosen signals as columns, a sampling period in whole
 * minutes). The server has no edit for a report: one is defined or deleted.
 */
import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, InputNumber, Modal, Popconfirm, Select, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api/client';
import { useDeleteReport } from '../api/deleteReport';
import { useSignals } from '../api/querySignals';
import { useReports } from '../api/reports';
import type { Report } from '@/generated/answers';
import { REPORT_MAX_COLUMNS, REPORT_NAME_MAX, REPORT_PERIOD_MINUTES, useSaveReport } from '../api/saveReport';
import { refusedField } from '@/lib/api/fieldErrors';
import { useRevalidateOnLanguage } from '@/lib/useRevalidateOnLanguage';

type Values = { name: string; periodMinutes: number; signalIds: number[] };

export function ReportTab({ equipmentId, readOnly }: { equipmentId: number; readOnly?: boolean }) {
  const { t } = useTranslation();
  const reports = useReports(equipmentId);
  const signals = useSignals(equipmentId);
  const save = useSaveReport();
  const remove = useDeleteReport();
  const [adding, setAdding] = useState(false);
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguage(form);
  const signalName = new Map((signals.data ?? []).map((s) => [s.id, s.name]));

  const period = (ms: number) => {
    const minutes = ms / 60_000;
    return minutes % 60 === 0 ? t('equipment.report.hours', { count: minutes / 60 }) : t('equipment.report.minutes', { count: minutes });
  };

  const columns: ColumnsType<Report> = [
    { title: t('equipment.report.field.name'), key: 'name', render: (_, r) => <Typography.Text strong>{r.name}</Typography.Text> },
    { title: t('equipment.report.field.period'), key: 'period', render: (_, r) => period(r.periodMs) },
    {
      title: t('equipment.report.field.signals'),
      key: 'signals',
      render: (_, r) => (
        <Space size={4} wrap>
          {r.columns.map(({ signalId: id }, i) => (
            <Tag key={i} style={{ marginInlineEnd: 0 }}>
              {signalName.get(id) ?? t('equipment.report.deletedSignal', { id })}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('equipment.column.created'),
      key: 'created',
      render: (_, r) => <span style={{ whiteSpace: 'nowrap' }}>{dayjs(r.gmtCreate).format('YYYY-MM-DD HH:mm')}</span>,
    },
  ];
  if (!readOnly) {
    columns.push({
      title: t('equipment.column.actions'),
      key: 'actions',
      render: (_, r) => (
        <Popconfirm
          title={t('equipment.report.deleteConfirm', { name: r.name })}
          okText={t('equipment.delete.ok')}
          cancelText={t('equipment.cancel')}
          okButtonProps={{ danger: true }}
          onConfirm={() => remove.mutateAsync({ id: r.id, equipmentId }).catch(() => undefined)}
        >
          <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid={`report-delete-${r.id}`}>
            {t('equipment.delete.action')}
          </Button>
        </Popconfirm>
      ),
    });
  }

  const submit = (values: Values) => {
    save.mutate(
      { equipmentId, name: values.name, periodMs: values.periodMinutes * 60_000, signalIds: values.signalIds },
      {
        onSuccess: () => {
          setAdding(false);
          form.resetFields();
        },
        onError: (error) => {
          const field = refusedField(error);
          const name = field === 'name' ? 'name' : field === 'periodMs' ? 'periodMinutes' : field?.startsWith('columns') ? 'signalIds' : null;
          if (name) form.setFields([{ name, errors: [error.message] }]);
          else showError(error);
        },
      },
    );
  };

  const noSignals = signals.data?.length === 0;

  return (
    <Flex vertical gap={12} data-testid="report-tab">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text type="secondary">{t('equipment.report.hint')}</Typography.Text>
        {!readOnly && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} disabled={!signals.data || noSignals} id="report-add">
            {t('equipment.report.add')}
          </Button>
        )}
      </Flex>
      {noSignals && !readOnly && <Alert type="info" showIcon message={t('equipment.report.needSignals')} />}
      {reports.isError ? (
        <Alert
          type="error"
          showIcon
          message={t('equipment.report.loadFailed')}
          description={reports.error.message}
          action={
            <Button size="small" onClick={() => void reports.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        <Table<Report>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={reports.data ?? []}
          loading={reports.isLoading}
          locale={{ emptyText: t('equipment.report.empty') }}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        />
      )}
      <Modal
        open={adding}
        title={t('equipment.report.add')}
        okText={t('equipment.ok')}
        cancelText={t('equipment.cancel')}
        onOk={() => form.submit()}
        onCancel={() => {
          setAdding(false);
          form.resetFields();
        }}
        confirmLoading={save.isPending}
        maskClosable={false}
        forceRender
        okButtonProps={{ id: 'report-save' }}
      >
        <Form<Values> form={form} layout="vertical" onFinish={submit} initialValues={{ periodMinutes: 60, signalIds: [] }}>
          <Form.Item
            name="name"
            htmlFor="report-name"
            label={t('equipment.report.field.name')}
            rules={[
              { required: true, whitespace: true, message: t('equipment.validation.required', { field: t('equipment.report.field.name') }) },
              { max: REPORT_NAME_MAX, message: t('equipment.validation.tooLong', { field: t('equipment.report.field.name'), max: REPORT_NAME_MAX }) },
            ]}
          >
            <Input id="report-name" autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="periodMinutes"
            htmlFor="report-period"
            label={t('equipment.report.field.period')}
            rules={[
              {
                type: 'integer',
                required: true,
                min: REPORT_PERIOD_MINUTES.min,
                max: REPORT_PERIOD_MINUTES.max,
                message: t('equipment.validation.integerRange', {
                  field: t('equipment.report.field.period'),
                  min: REPORT_PERIOD_MINUTES.min,
                  max: REPORT_PERIOD_MINUTES.max,
                }),
              },
            ]}
          >
            <InputNumber id="report-period" precision={0} style={{ width: '100%' }} suffix={t('equipment.report.minuteUnit')} />
          </Form.Item>
          <Form.Item
            name="signalIds"
            htmlFor="report-signals"
            label={t('equipment.report.field.signals')}
            rules={[
              { type: 'array', required: true, min: 1, message: t('equipment.report.chooseSignals') },
              { type: 'array', max: REPORT_MAX_COLUMNS, message: t('equipment.report.tooManySignals', { max: REPORT_MAX_COLUMNS }) },
            ]}
          >
            <Select
              id="report-signals"
              mode="multiple"
              optionFilterProp="label"
              options={(signals.data ?? []).filter((s) => s.id > 0).map((s) => ({ value: s.id, label: s.name }))}
            />
          </Form.Item>
        </Form>
      </Modal>
    </Flex>
  );
}
