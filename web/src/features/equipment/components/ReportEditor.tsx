/**
 * The dialog that defines a report or changes one (`report` given): its name, the range view's step and its columns
 * (ReportColumnsField). The server checks everything again; a field it refuses (`columns.3.signalId`) is marked on
 * the control that holds it (../reports/model.ts, formPathOf), anything else is shown as a message.
 */
import { useEffect } from 'react';
import { Flex, Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api/client';
import { refusedField } from '@/lib/api/fieldErrors';
import { useRevalidateOnLanguage } from '@/lib/useRevalidateOnLanguage';
import type { Report, SignalDef } from '@/generated/answers';
import { useSaveReport } from '../api/saveReport';
import { REPORT_NAME_MAX, REPORT_PERIOD_MINUTES, columnsOf, draftOf, emptyDraft, formPathOf, type ReportDraft } from '../reports/model';
import { ReportColumnsField } from './ReportColumnsField';

export interface ReportEditorProps {
  equipmentId: number;
  signals: readonly SignalDef[];
  /** Open: null for a new report, else the report to change; closed: undefined. */
  editing: Report | null | undefined;
  onClose: () => void;
}

export function ReportEditor({ equipmentId, signals, editing, onClose }: ReportEditorProps) {
  const { t } = useTranslation();
  const save = useSaveReport();
  const [form] = Form.useForm<ReportDraft>();
  useRevalidateOnLanguage(form);
  const open = editing !== undefined;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(editing ? draftOf(editing) : emptyDraft());
  }, [form, open, editing]);

  const submit = (values: ReportDraft) => {
    save.mutate(
      {
        equipmentId,
        ...(editing ? { id: editing.id } : {}),
        name: values.name,
        periodMs: values.periodMinutes * 60_000,
        columns: columnsOf(values.columns),
      },
      {
        onSuccess: onClose,
        onError: (error) => {
          const path = formPathOf(refusedField(error));
          if (path) form.setFields([{ name: path, errors: [error.message] }]);
          else showError(error);
        },
      },
    );
  };

  const nameLabel = t('equipment.report.field.name');
  const periodLabel = t('equipment.report.field.period');
  return (
    <Modal
      open={open}
      title={editing ? t('equipment.report.edit', { name: editing.name }) : t('equipment.report.add')}
      okText={t('equipment.ok')}
      cancelText={t('equipment.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      maskClosable={false}
      forceRender
      width={760}
      okButtonProps={{ id: 'report-save' }}
      data-testid="report-editor"
    >
      <Form<ReportDraft> form={form} layout="vertical" onFinish={submit} initialValues={emptyDraft()}>
        <Flex gap={12} wrap>
          <Form.Item
            name="name"
            htmlFor="report-name"
            label={nameLabel}
            style={{ flex: '2 1 240px' }}
            rules={[
              { required: true, whitespace: true, message: t('equipment.validation.required', { field: nameLabel }) },
              { max: REPORT_NAME_MAX, message: t('equipment.validation.tooLong', { field: nameLabel, max: REPORT_NAME_MAX }) },
            ]}
          >
            <Input id="report-name" autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="periodMinutes"
            htmlFor="report-period"
            label={periodLabel}
            tooltip={t('equipment.report.periodHint')}
            style={{ flex: '1 1 160px' }}
            rules={[
              {
                type: 'integer',
                required: true,
                min: REPORT_PERIOD_MINUTES.min,
                max: REPORT_PERIOD_MINUTES.max,
                message: t('equipment.validation.integerRange', { field: periodLabel, min: REPORT_PERIOD_MINUTES.min, max: REPORT_PERIOD_MINUTES.max }),
              },
            ]}
          >
            <InputNumber id="report-period" precision={0} style={{ width: '100%' }} suffix={t('equipment.report.minuteUnit')} />
          </Form.Item>
        </Flex>
        <Form.Item label={t('equipment.report.field.columns')} required style={{ marginBottom: 0 }}>
          <ReportColumnsField form={form} signals={signals} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
