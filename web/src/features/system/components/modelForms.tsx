/**
 * The equipment model dialogs: make a model from an equipment's signals, rename one (name, manufacturer,
 * remark) and apply one to equipment that has no signals yet. Refusals naming a field or a name already taken
 * (1232) show on the field in the server's words; others toast.
 */
import { useEffect } from 'react';
import { Alert, Form, Input, Modal, Select, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { refusedFormField } from '@/lib/api/fieldErrors';
import { useApplyModel } from '../api/applyModel';
import { useEditModel } from '../api/editModel';
import { useModelEquipment } from '../api/modelEquipment';
import { useModelFromEquipment } from '../api/modelFromEquipment';
import { MANUFACTURER_MAX, MODEL_NAME_MAX, REMARK_MAX, textProblem, type ModelSummary } from '../model';
import { Code } from '@/lib/api/codes';
import { TabError } from '@/components/LoadState';

const NAME_EXISTS = Code.ModelNameExists;
/** The equipment has signals already (apply) or none (make a model). */
const EQUIPMENT_CODES = [Code.EquipmentNotFound, Code.EquipmentHasSignals, Code.EquipmentHasNoSignals];

/** The form field a refusal belongs on, if any. */
function fieldOf(error: ApiError, fields: readonly string[]): string | undefined {
  if (error.code === NAME_EXISTS && fields.includes('name')) return 'name';
  if (EQUIPMENT_CODES.includes(error.code) && fields.includes('equipmentId')) return 'equipmentId';
  return refusedFormField(error, fields);
}

function useNameRule(max: number, required = true): Rule {
  const { t } = useTranslation();
  return {
    validator: async (_rule, value: string | undefined) => {
      if (!required && !(value ?? '').trim()) return;
      const problem = textProblem(value, max);
      if (problem) throw new Error(t(`system.text.${problem}`, { max }));
    },
  };
}

export function FromEquipmentModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ equipmentId?: number; name: string }>();
  const equipment = useModelEquipment(open);
  const create = useModelFromEquipment();
  const nameRule = useNameRule(MODEL_NAME_MAX);
  const withSignals = (equipment.data ?? []).filter((e) => e.signalCount > 0);

  const close = () => {
    form.resetFields();
    create.reset();
    onClose();
  };
  const refused = (error: ApiError) => {
    const field = fieldOf(error, ['equipmentId', 'name']);
    if (field) form.setFields([{ name: field as 'name', errors: [error.message] }]);
    else showError(error);
  };

  return (
    <Modal
      open={open}
      title={t('system.model.fromTitle')}
      okText={t('system.model.create')}
      cancelText={t('system.cancel')}
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={create.isPending}
      maskClosable={false}
      forceRender
      okButtonProps={{ id: 'system-model-from-submit', disabled: withSignals.length === 0 }}
    >
      <Typography.Paragraph type="secondary">{t('system.model.fromIntro')}</Typography.Paragraph>
      {equipment.isError && <TabError title={t('system.loadFailed')} error={equipment.error} style={{ marginBottom: 16 }} />}
      {equipment.data && withSignals.length === 0 && (
        <Alert type="info" showIcon message={t('system.model.noEquipmentWithSignals')} style={{ marginBottom: 16 }} />
      )}
      <Form
        form={form}
        layout="vertical"
        disabled={create.isPending}
        onFinish={({ equipmentId, name }) =>
          equipmentId !== undefined &&
          create.mutate({ equipmentId, name: name.trim() }, { onSuccess: close, onError: refused })
        }
      >
        <Form.Item
          name="equipmentId"
          htmlFor="system-model-from-equipment"
          label={t('system.model.field.equipment')}
          rules={[{ required: true, message: t('system.model.chooseEquipment') }]}
        >
          <Select
            id="system-model-from-equipment"
            showSearch
            optionFilterProp="label"
            loading={equipment.isLoading}
            placeholder={t('system.model.chooseEquipment')}
            notFoundContent={t('system.model.noEquipmentWithSignals')}
            options={withSignals.map((e) => ({
              value: e.id,
              label: `${e.equipName} (${t('system.model.signalCount', { count: e.signalCount })})`,
            }))}
            onChange={(id: number) => {
              const chosen = withSignals.find((e) => e.id === id);
              if (chosen && !form.getFieldValue('name')) form.setFieldsValue({ name: chosen.equipName.slice(0, MODEL_NAME_MAX) });
            }}
          />
        </Form.Item>
        <Form.Item required name="name" htmlFor="system-model-from-name" label={t('system.model.field.name')} rules={[nameRule]}>
          <Input id="system-model-from-name" autoComplete="off" maxLength={MODEL_NAME_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface EditValues {
  name: string;
  manufacturer: string;
  remark: string;
}

export function EditModelModal({
  model,
  remark,
  onClose,
}: {
  model: ModelSummary | null;
  /** The model's remark, once its details have loaded. */
  remark: string | undefined;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EditValues>();
  const edit = useEditModel();
  const nameRule = useNameRule(MODEL_NAME_MAX);
  const manufacturerRule = useNameRule(MANUFACTURER_MAX, false);

  useEffect(() => {
    if (model) form.setFieldsValue({ name: model.name, manufacturer: model.manufacturer, remark: remark ?? '' });
  }, [model, remark, form]);

  const close = () => {
    form.resetFields();
    edit.reset();
    onClose();
  };
  const refused = (error: ApiError) => {
    const field = fieldOf(error, ['name', 'manufacturer', 'remark']);
    if (field) form.setFields([{ name: field as 'name', errors: [error.message] }]);
    else showError(error);
  };

  return (
    <Modal
      open={model !== null}
      title={t('system.model.editTitle')}
      okText={t('system.save')}
      cancelText={t('system.cancel')}
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={edit.isPending}
      maskClosable={false}
      forceRender
      okButtonProps={{ id: 'system-model-edit-submit', disabled: remark === undefined }}
    >
      <Form<EditValues>
        form={form}
        layout="vertical"
        disabled={edit.isPending}
        onFinish={(values) =>
          model &&
          edit.mutate(
            { id: model.id, name: values.name.trim(), manufacturer: (values.manufacturer ?? '').trim(), remark: (values.remark ?? '').trim() },
            { onSuccess: close, onError: refused },
          )
        }
      >
        <Form.Item required name="name" htmlFor="system-model-name" label={t('system.model.field.name')} rules={[nameRule]}>
          <Input id="system-model-name" autoComplete="off" maxLength={MODEL_NAME_MAX} showCount />
        </Form.Item>
        <Form.Item name="manufacturer" htmlFor="system-model-manufacturer" label={t('system.model.field.manufacturer')} rules={[manufacturerRule]}>
          <Input id="system-model-manufacturer" autoComplete="off" maxLength={MANUFACTURER_MAX} />
        </Form.Item>
        <Form.Item name="remark" htmlFor="system-model-remark" label={t('system.model.field.remark')}>
          <Input.TextArea id="system-model-remark" autoSize={{ minRows: 2, maxRows: 6 }} maxLength={REMARK_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}

export function ApplyModelModal({
  model,
  onClose,
  onApplied,
}: {
  model: ModelSummary | null;
  onClose: () => void;
  /** After the server saved the signals: how many, onto which equipment. */
  onApplied: (count: number, equipName: string) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ equipmentId?: number }>();
  const equipment = useModelEquipment(model !== null);
  const apply = useApplyModel();
  const empty = (equipment.data ?? []).filter((e) => e.signalCount === 0);

  const close = () => {
    form.resetFields();
    apply.reset();
    onClose();
  };
  const refused = (error: ApiError) => {
    const field = fieldOf(error, ['equipmentId']);
    if (field) form.setFields([{ name: 'equipmentId', errors: [error.message] }]);
    else showError(error);
  };

  return (
    <Modal
      open={model !== null}
      title={t('system.model.applyTitle', { name: model?.name ?? '' })}
      okText={t('system.model.apply')}
      cancelText={t('system.cancel')}
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={apply.isPending}
      maskClosable={false}
      forceRender
      okButtonProps={{ id: 'system-model-apply-submit', disabled: empty.length === 0 }}
    >
      <Typography.Paragraph type="secondary">{t('system.model.applyIntro', { count: model?.signalCount ?? 0 })}</Typography.Paragraph>
      {equipment.isError && <TabError title={t('system.loadFailed')} error={equipment.error} style={{ marginBottom: 16 }} />}
      {equipment.data && empty.length === 0 && (
        <Alert type="info" showIcon message={t('system.model.noEquipmentWithoutSignals')} style={{ marginBottom: 16 }} />
      )}
      <Form
        form={form}
        layout="vertical"
        disabled={apply.isPending}
        onFinish={({ equipmentId }) =>
          model &&
          equipmentId !== undefined &&
          apply.mutate(
            { id: model.id, equipmentId },
            {
              onSuccess: ({ ids }) => {
                onApplied(ids.length, empty.find((e) => e.id === equipmentId)?.equipName ?? '');
                close();
              },
              onError: refused,
            },
          )
        }
      >
        <Form.Item
          name="equipmentId"
          htmlFor="system-model-apply-equipment"
          label={t('system.model.field.target')}
          rules={[{ required: true, message: t('system.model.chooseEquipment') }]}
        >
          <Select
            id="system-model-apply-equipment"
            showSearch
            optionFilterProp="label"
            loading={equipment.isLoading}
            placeholder={t('system.model.chooseEquipment')}
            notFoundContent={t('system.model.noEquipmentWithoutSignals')}
            options={empty.map((e) => ({ value: e.id, label: e.equipName }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
