/**
 * The add/edit form modal of a named set of the organisation's equipment — a scene or a project. Both are a name
 * (checked as the server checks it) and a choice of equipment, saved the same way with the same refusals, so the
 * modal is written once here; the scene's and the project's modals only load their set, say how it is saved and
 * add fields of their own (a project's remark) as children, shown between the name and the equipment. The
 * equipment are kept in the order chosen, which is a scene's board order. The server's refusals that concern a
 * field are shown on that field in the server's words, the rest as a toast.
 */
import type { ReactNode } from 'react';
import { Form, Input, Modal, Spin } from 'antd';
import type { FormInstance, Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { TabError } from '@/components/LoadState';
import { charLength, nameProblem, refusedField } from '../model';
import { EquipmentSelect } from './EquipmentSelect';

/** The form values every equipment set has. */
export interface EquipmentSetValues {
  name: string;
  equipmentIds: number[];
}

type RefusalField = NonNullable<ReturnType<typeof refusedField>>;

interface EquipmentSetModalProps<V extends EquipmentSetValues> {
  /** Which kind of set: the translation namespace and the prefix of the element ids. */
  kind: 'scenes' | 'projects';
  open: boolean;
  /** True to edit an existing set, false to add one. */
  editing: boolean;
  form: FormInstance<V>;
  /** The set to edit is still loading. */
  loading: boolean;
  /** Why the set to edit could not be loaded; null when it could (or when adding). */
  loadError: Error | null;
  /** Members already chosen, with their names, for the equipment picker. */
  known: Array<{ id: number; equipName: string }>;
  nameMax: number;
  /** At least one and at most this many equipment; absent for any number, none allowed. */
  equipmentMax?: number;
  /** The fields a refusal of the server may be shown on; other refusals toast. */
  refusalFields: readonly RefusalField[];
  saving: boolean;
  /** Saves the form's values, calling back on success or with the server's refusal. */
  save: (values: V, outcome: { onSuccess: () => void; onError: (error: ApiError) => void }) => void;
  /** Forgets the outcome of the last save (on closing). */
  resetSave: () => void;
  onClose: () => void;
  /** Fields of this kind of set, between the name and the equipment. */
  children?: ReactNode;
}

export function EquipmentSetModal<V extends EquipmentSetValues>({
  kind,
  open,
  editing,
  form,
  loading,
  loadError,
  known,
  nameMax,
  equipmentMax,
  refusalFields,
  saving,
  save,
  resetSave,
  onClose,
  children,
}: EquipmentSetModalProps<V>) {
  const { t } = useTranslation();

  const nameRules: Rule[] = [
    {
      validator: async (_rule, value: string | undefined) => {
        const problem = nameProblem(value, nameMax);
        if (problem) throw new Error(t(`${kind}.name.${problem}`, { max: nameMax }));
      },
    },
  ];
  const equipmentRules: Rule[] | undefined =
    equipmentMax === undefined
      ? undefined
      : [
          {
            validator: async (_rule, value: number[] | undefined) => {
              if (!value || value.length === 0) throw new Error(t(`${kind}.equipment.required`));
              if (value.length > equipmentMax) throw new Error(t(`${kind}.equipment.tooMany`, { max: equipmentMax }));
            },
          },
        ];

  const close = () => {
    form.resetFields();
    resetSave();
    onClose();
  };

  const refused = (error: ApiError) => {
    const field = refusedField(error);
    // The field names are those of EquipmentSetValues or the kind's own fields, which TypeScript cannot see in V.
    if (field && refusalFields.includes(field)) {
      (form as FormInstance).setFields([{ name: field, errors: [error.message] }]);
    } else showError(error);
  };

  const submit = (values: V) => {
    save(values, {
      onSuccess: () => {
        form.resetFields();
        onClose();
      },
      onError: refused,
    });
  };

  return (
    <Modal
      open={open}
      title={editing ? t(`${kind}.modal.editTitle`) : t(`${kind}.modal.addTitle`)}
      okText={t(`${kind}.modal.save`)}
      cancelText={t(`${kind}.cancel`)}
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={saving}
      okButtonProps={{ id: `${kind}-submit`, disabled: loading || loadError !== null }}
      maskClosable={false}
      forceRender
      width={560}
    >
      {loadError ? (
        <TabError title={t(`${kind}.modal.loadFailed`)} error={loadError} />
      ) : (
        <Spin spinning={loading}>
          <Form<V> form={form} layout="vertical" onFinish={submit} disabled={saving}>
            <Form.Item
              name="name"
              htmlFor={`${kind}-name`}
              label={t(`${kind}.name.label`)}
              rules={nameRules}
              extra={t(`${kind}.name.hint`, { max: nameMax })}
            >
              <Input
                id={`${kind}-name`}
                autoComplete="off"
                showCount={{ formatter: ({ value }) => `${charLength(value)} / ${nameMax}` }}
              />
            </Form.Item>
            {children}
            <Form.Item
              name="equipmentIds"
              htmlFor={`${kind}-equipment`}
              label={t(`${kind}.equipment.label`)}
              rules={equipmentRules}
              extra={equipmentMax === undefined ? undefined : t(`${kind}.equipment.hint`, { max: equipmentMax })}
            >
              <EquipmentSelect id={`${kind}-equipment`} max={equipmentMax} known={known} />
            </Form.Item>
          </Form>
        </Spin>
      )}
    </Modal>
  );
}
