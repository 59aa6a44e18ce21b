import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { refusedFormField } from '@/lib/api/fieldErrors';
import { useAddGateway, type NewGateway } from '../api/addGateway';
import { SN_MAX, SN_PATTERN, TEXT_MAX, type AgentConfigInput } from '../model';
import { Code } from '@/lib/api/codes';
import { ExpiryDateField } from '@/entities/expiry/components/ExpiryDateField';

type FieldName = keyof NewGateway;
const FIELDS: readonly FieldName[] = ['sn', 'name', 'model', 'firmware', 'expireDate'];

/** A gateway with this serial number is already registered. */
const GATEWAY_EXISTS = Code.GatewayExists;

/** The form field a server error belongs to, if any: 1213 is the serial number; 1100/1101 name it in their data. */
export function fieldOfError(error: ApiError): FieldName | undefined {
  if (error.code === GATEWAY_EXISTS) return 'sn';
  return refusedFormField(error, FIELDS);
}

interface RegisterGatewayModalProps {
  open: boolean;
  onClose: () => void;
  /** Called with the issued secret once the gateway is registered. */
  onRegistered: (issued: AgentConfigInput) => void;
}

/** Registers a gateway by serial number: {sn, name, model, firmware, expireDate} → /lfscada/gateway/add. */
export function RegisterGatewayModal({ open, onClose, onRegistered }: RegisterGatewayModalProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<NewGateway>();
  const add = useAddGateway();

  // Validation messages are texts too: re-validate the fields showing one when the language changes.
  useEffect(() => {
    const shown = form.getFieldsError().filter((field) => field.errors.length > 0).map((field) => field.name);
    if (shown.length > 0) void form.validateFields(shown).catch(() => undefined);
  }, [i18n.language, form]);

  const textRule = (field: keyof typeof TEXT_MAX): Rule => ({
    max: TEXT_MAX[field],
    message: t('gateways.validation.tooLong', { field: t(`gateways.field.${field}`), max: TEXT_MAX[field] }),
  });

  const snRules: Rule[] = [
    { required: true, whitespace: true, message: t('gateways.validation.snRequired') },
    { max: SN_MAX, message: t('gateways.validation.tooLong', { field: t('gateways.field.sn'), max: SN_MAX }) },
    {
      validator: async (_rule, value: string | undefined) => {
        const text = value?.trim() ?? '';
        if (text && text.length <= SN_MAX && !SN_PATTERN.test(text)) throw new Error(t('gateways.validation.snPattern'));
      },
    },
  ];

  const close = () => {
    form.resetFields();
    add.reset();
    onClose();
  };

  const submit = (values: NewGateway) => {
    add.mutate(values, {
      onSuccess: (added) => {
        form.resetFields();
        onRegistered({ ...added, model: values.model ?? null, firmware: values.firmware ?? null });
      },
      onError: (error) => {
        const field = fieldOfError(error);
        if (field) form.setFields([{ name: field, errors: [error.message] }]);
        else showError(error);
      },
    });
  };

  return (
    <Modal
      open={open}
      title={t('gateways.register.title')}
      okText={t('gateways.register.submit')}
      cancelText={t('gateways.register.cancel')}
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={add.isPending}
      maskClosable={false}
      forceRender
      okButtonProps={{ id: 'gateway-register-submit' }}
    >
      <Form<NewGateway> form={form} layout="vertical" onFinish={submit} disabled={add.isPending}>
        <Form.Item
          name="sn"
          htmlFor="gateway-sn"
          label={t('gateways.field.sn')}
          rules={snRules}
          extra={t('gateways.register.snHint')}
          validateFirst
        >
          <Input id="gateway-sn" autoComplete="off" maxLength={SN_MAX + 10} autoFocus />
        </Form.Item>
        <Form.Item name="name" htmlFor="gateway-name" label={t('gateways.field.name')} rules={[textRule('name')]} extra={t('gateways.register.nameHint')}>
          <Input id="gateway-name" autoComplete="off" />
        </Form.Item>
        <Form.Item name="model" htmlFor="gateway-model" label={t('gateways.field.model')} rules={[textRule('model')]}>
          <Input id="gateway-model" autoComplete="off" />
        </Form.Item>
        <Form.Item name="firmware" htmlFor="gateway-firmware" label={t('gateways.field.firmware')} rules={[textRule('firmware')]}>
          <Input id="gateway-firmware" autoComplete="off" />
        </Form.Item>
        <Form.Item name="expireDate" htmlFor="gateway-expire-date" label={t('expiry.gatewayField')} extra={t('expiry.gatewayHint')}>
          <ExpiryDateField id="gateway-expire-date" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
