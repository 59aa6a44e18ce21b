/**
 * Adds a group or renames one: the name is checked as the server checks it (trimmed, 1 to GROUP_NAME_MAX
 * characters, no control characters), and the server's refusals that concern the name — "group name already
 * exists" (1202) above all — are shown on the field in the server's words, not as a toast.
 */
import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { refusedFormField } from '@/lib/api/fieldErrors';
import { useAddGroup } from '../api/addGroup';
import { useEditGroup } from '../api/editGroup';
import { GROUP_NAME_MAX, groupNameProblem } from '../model';
import { Code } from '@/lib/api/codes';

/** Group name already exists. */
const NAME_EXISTS = Code.GroupNameExists;

/** True when a refusal belongs on the name field rather than in a toast. */
export function isNameError(error: ApiError): boolean {
  return error.code === NAME_EXISTS || refusedFormField(error, ['name']) === 'name';
}

interface GroupNameModalProps {
  open: boolean;
  /** The group to rename; absent to add one. */
  group?: { id: number; name: string } | null;
  onClose: () => void;
  /** After the server accepted: the group's id and its (trimmed) name. */
  onSaved?: (group: { id: number; name: string }) => void;
}

export function GroupNameModal({ open, group, onClose, onSaved }: GroupNameModalProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<{ name: string }>();
  const add = useAddGroup();
  const edit = useEditGroup();
  const pending = add.isPending || edit.isPending;
  const editing = Boolean(group);

  useEffect(() => {
    if (open) form.setFieldsValue({ name: group?.name ?? '' });
  }, [open, group, form]);

  // Validation messages are texts too: re-validate a field showing one when the language changes.
  useEffect(() => {
    if (form.getFieldError('name').length > 0) void form.validateFields(['name']).catch(() => undefined);
  }, [i18n.language, form]);

  const rules: Rule[] = [
    {
      validator: async (_rule, value: string | undefined) => {
        const problem = groupNameProblem(value);
        if (problem) throw new Error(t(`monitorList.groupName.${problem}`, { max: GROUP_NAME_MAX }));
      },
    },
  ];

  const close = () => {
    form.resetFields();
    add.reset();
    edit.reset();
    onClose();
  };

  const refused = (error: ApiError) => {
    if (isNameError(error)) form.setFields([{ name: 'name', errors: [error.message] }]);
    else showError(error);
  };

  const submit = ({ name }: { name: string }) => {
    const trimmed = name.trim();
    const saved = (id: number) => {
      form.resetFields();
      onSaved?.({ id, name: trimmed });
      onClose();
    };
    if (group) edit.mutate({ id: group.id, name: trimmed }, { onSuccess: () => saved(group.id), onError: refused });
    else add.mutate(trimmed, { onSuccess: ({ id }) => saved(id), onError: refused });
  };

  return (
    <Modal
      open={open}
      title={editing ? t('monitorList.groupName.renameTitle') : t('monitorList.groupName.addTitle')}
      okText={t('monitorList.groupName.save')}
      cancelText={t('monitorList.cancel')}
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={pending}
      maskClosable={false}
      forceRender
      okButtonProps={{ id: 'fleet-group-submit' }}
    >
      <Form<{ name: string }> form={form} layout="vertical" onFinish={submit} disabled={pending}>
        <Form.Item
          name="name"
          htmlFor="fleet-group-name"
          label={t('monitorList.groupName.label')}
          rules={rules}
          extra={t('monitorList.groupName.hint', { max: GROUP_NAME_MAX })}
        >
          <Input id="fleet-group-name" autoComplete="off" autoFocus showCount={{ formatter: ({ value }) => `${[...value].length} / ${GROUP_NAME_MAX}` }} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
