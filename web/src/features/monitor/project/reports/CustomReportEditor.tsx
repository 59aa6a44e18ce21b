/**
 * The dialog that defines a project's custom report or changes one (`editing` given): its name, the range view's
 * step and its columns (CustomColumnsField). The server checks everything again; a field it refuses
 * (`columns.2.mvarId`) is marked on the control that holds it (customModel.ts, customFormPathOf), anything else is
 * shown as a message.
 */
import { useEffect } from 'react';
import { Alert, Flex, Form, Input, InputNumber, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api/client';
import { refusedField } from '@/lib/api/fieldErrors';
import { useRevalidateOnLanguage } from '@/lib/useRevalidateOnLanguage';
import { useMvars } from '@/entities/mvars/api';
import type { CustomReport } from '@/generated/answers';
import { useColumnChoices, useSaveCustomReport } from './api';
import { CustomColumnsField } from './CustomColumnsField';
import { CUSTOM_NAME_MAX, CUSTOM_PERIOD_MINUTES, customColumnsOf, customDraftOf, customFormPathOf, emptyCustomDraft, type CustomDraft } from './customModel';

export interface CustomReportEditorProps {
  projectId: number;
  /** Open: null for a new custom report, else the one to change; closed: undefined. */
  editing: CustomReport | null | undefined;
  onClose: () => void;
  /** After a save, with the report's id (a new one is then shown). */
  onSaved?: (id: number) => void;
}

export function CustomReportEditor({ projectId, editing, onClose, onSaved }: CustomReportEditorProps) {
  const { t } = useTranslation();
  const open = editing !== undefined;
  const save = useSaveCustomReport();
  const choices = useColumnChoices(projectId, open);
  const mvars = useMvars(open ? projectId : null);
  const [form] = Form.useForm<CustomDraft>();
  useRevalidateOnLanguage(form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(editing ? customDraftOf(editing) : emptyCustomDraft());
  }, [form, open, editing]);

  const submit = (values: CustomDraft) => {
    save.mutate(
      {
        projectId,
        ...(editing ? { id: editing.id } : {}),
        name: values.name,
        periodMs: values.periodMinutes * 60_000,
        columns: customColumnsOf(values.columns),
      },
      {
        onSuccess: ({ id }) => {
          onClose();
          onSaved?.(id);
        },
        onError: (error) => {
          const path = customFormPathOf(refusedField(error));
          if (path) form.setFields([{ name: path, errors: [error.message] }]);
          else showError(error);
        },
      },
    );
  };

  const nameLabel = t('reports.custom.field.name');
  const periodLabel = t('reports.custom.field.period');
  const failed = choices.error ?? mvars.error;
  return (
    <Modal
      open={open}
      title={editing ? t('reports.custom.edit', { name: editing.name }) : t('reports.custom.add')}
      okText={t('reports.custom.save')}
      cancelText={t('reports.custom.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      maskClosable={false}
      forceRender
      width={820}
      okButtonProps={{ id: 'custom-save', disabled: !choices.data || !mvars.data }}
      data-testid="custom-editor"
    >
      {failed && <Alert type="error" showIcon message={t('reports.custom.choicesFailed')} description={failed.message} style={{ marginBottom: 12 }} />}
      <Form<CustomDraft> form={form} layout="vertical" onFinish={submit} initialValues={emptyCustomDraft()}>
        <Flex gap={12} wrap>
          <Form.Item
            name="name"
            htmlFor="custom-name"
            label={nameLabel}
            style={{ flex: '2 1 240px' }}
            rules={[
              { required: true, whitespace: true, message: t('reports.custom.nameRequired') },
              { max: CUSTOM_NAME_MAX, message: t('reports.custom.nameTooLong', { max: CUSTOM_NAME_MAX }) },
            ]}
          >
            <Input id="custom-name" autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="periodMinutes"
            htmlFor="custom-period"
            label={periodLabel}
            tooltip={t('reports.custom.periodHint')}
            style={{ flex: '1 1 160px' }}
            rules={[
              {
                type: 'integer',
                required: true,
                min: CUSTOM_PERIOD_MINUTES.min,
                max: CUSTOM_PERIOD_MINUTES.max,
                message: t('reports.custom.periodRange', { min: CUSTOM_PERIOD_MINUTES.min, max: CUSTOM_PERIOD_MINUTES.max }),
              },
            ]}
          >
            <InputNumber id="custom-period" precision={0} style={{ width: '100%' }} suffix={t('reports.custom.minuteUnit')} />
          </Form.Item>
        </Flex>
        <Form.Item label={t('reports.custom.field.columns')} required style={{ marginBottom: 0 }}>
          <CustomColumnsField form={form} equipment={choices.data ?? []} mvars={mvars.data ?? []} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
