import { Form, Input, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api/client';
import { Code } from '@/lib/api/codes';
import type { ApiError } from '@/lib/api/errors';
import { refusedFormField } from '@/lib/api/fieldErrors';
import { useRevalidateOnLanguage } from '@/lib/useRevalidateOnLanguage';
import { useAddGmSource, type NewGmSource } from '../api/addGmSource';
import { GM_MAX, sparkplugIdProblem, topicPrefixProblem, type GmKind, type IssuedGmCredentials, type NameProblem } from '../gmModel';

type FieldName = keyof NewGmSource;

/** Each kind's fields, in the form's order; the first is focused. */
const FIELDS: Record<GmKind, readonly FieldName[]> = {
  node: ['groupId', 'nodeId', 'name'],
  json: ['topicPrefix', 'name'],
};

/** The element id of a field's input. */
const inputId = (field: FieldName) => `gm-${field.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/** The field a server refusal belongs to: 1381 is the node (its pair), 1382 the prefix; 1100/1101 name it. */
export function gmFieldOfError(kind: GmKind, error: ApiError): FieldName | undefined {
  if (error.code === Code.GmNodeExists) return 'nodeId';
  if (error.code === Code.GmTopicPrefixTaken) return 'topicPrefix';
  return refusedFormField(error, FIELDS[kind]);
}

interface RegisterGmSourceModalProps {
  kind: GmKind;
  open: boolean;
  onClose: () => void;
  /** Called with the issued credentials once the source is registered. */
  onRegistered: (issued: IssuedGmCredentials) => void;
}

/** Registers an edge node {groupId, nodeId, name} or a JSON device {topicPrefix, name}; the server issues its identity. */
export function RegisterGmSourceModal({ kind, open, onClose, onRegistered }: RegisterGmSourceModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewGmSource>();
  const add = useAddGmSource(kind);
  useRevalidateOnLanguage(form);

  const label = (field: FieldName) => t(`gmSources.field.${field}`);

  /** The form refuses what the server would (crates/domain/src/gm.rs), with the reason in the current language. */
  const rules = (field: FieldName): Rule[] => {
    const max = GM_MAX[field];
    const tooLong = t('gmSources.validation.tooLong', { field: label(field), max });
    if (field === 'name') return [{ max, message: tooLong }];
    const problemOf = field === 'topicPrefix' ? topicPrefixProblem : sparkplugIdProblem;
    const message = (problem: NameProblem) =>
      problem === 'required'
        ? t('gmSources.validation.required', { field: label(field) })
        : problem === 'tooLong'
          ? tooLong
          : t(`gmSources.validation.${field === 'topicPrefix' ? 'prefix' : 'id'}.${problem}`, { field: label(field) });
    return [
      {
        required: true,
        validator: async (_rule, value: string | undefined) => {
          const problem = problemOf(value);
          if (problem) throw new Error(message(problem));
        },
      },
    ];
  };

  const close = () => {
    form.resetFields();
    add.reset();
    onClose();
  };

  const submit = (values: NewGmSource) => {
    add.mutate(values, {
      onSuccess: (credentials) => {
        form.resetFields();
        const trimmed = (text: string | undefined) => text?.trim() ?? null;
        onRegistered({
          ...credentials,
          kind,
          address: { groupId: trimmed(values.groupId), nodeId: trimmed(values.nodeId), topicPrefix: trimmed(values.topicPrefix) },
        });
      },
      onError: (error) => {
        const field = gmFieldOfError(kind, error);
        if (field) form.setFields([{ name: field, errors: [error.message] }]);
        else showError(error);
      },
    });
  };

  return (
    <Modal
      open={open}
      title={t(`gmSources.${kind}.registerTitle`)}
      okText={t('gmSources.submit')}
      cancelText={t('gateways.register.cancel')}
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={add.isPending}
      maskClosable={false}
      forceRender
      okButtonProps={{ id: 'gm-register-submit' }}
    >
      <Form<NewGmSource> form={form} layout="vertical" onFinish={submit} disabled={add.isPending}>
        {FIELDS[kind].map((field, index) => (
          <Form.Item
            key={field}
            name={field}
            htmlFor={inputId(field)}
            label={label(field)}
            rules={rules(field)}
            extra={t(`gmSources.${kind}.hint.${field}`)}
          >
            <Input id={inputId(field)} autoComplete="off" autoFocus={index === 0} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
