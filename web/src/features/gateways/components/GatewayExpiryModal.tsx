/**
 * The gateway service's expiry date, set or cleared from the gateway list (manage permission): the one setting of
 * a registered gateway a person edits here. A refused date shows on the field.
 */
import { useEffect } from 'react';
import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api/client';
import { refusedField } from '@/lib/api/fieldErrors';
import { ExpiryDateField } from '@/entities/expiry/components/ExpiryDateField';
import { useSetGatewayExpiry } from '../api/setGatewayExpiry';
import type { Gateway } from '../model';

interface GatewayExpiryModalProps {
  /** The gateway whose date is edited; null when closed. */
  gateway: Gateway | null;
  onClose: () => void;
}

export function GatewayExpiryModal({ gateway, onClose }: GatewayExpiryModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ expireDate: string | null }>();
  const save = useSetGatewayExpiry();

  useEffect(() => {
    if (gateway) form.setFieldsValue({ expireDate: gateway.expireDate });
  }, [gateway, form]);

  const submit = ({ expireDate }: { expireDate: string | null }) => {
    if (!gateway) return;
    save.mutate(
      { sn: gateway.sn, expireDate: expireDate ?? null },
      {
        onSuccess: onClose,
        onError: (error) => {
          if (refusedField(error) === 'expireDate') form.setFields([{ name: 'expireDate', errors: [error.message] }]);
          else showError(error);
        },
      },
    );
  };

  return (
    <Modal
      open={gateway !== null}
      title={t('expiry.editTitle', { name: gateway ? gateway.name || gateway.sn : '' })}
      okText={t('expiry.save')}
      cancelText={t('expiry.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      forceRender
      okButtonProps={{ id: 'gateway-expiry-save' }}
    >
      <Form form={form} layout="vertical" onFinish={submit} disabled={save.isPending}>
        <Form.Item name="expireDate" htmlFor="gateway-expiry-date" label={t('expiry.gatewayField')} extra={t('expiry.gatewayHint')}>
          <ExpiryDateField id="gateway-expiry-date" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
