/**
 * Sets a sub-account's password (an administrator may reset passwords); the account's sessions end, so whoever
 * uses it logs in again with the new one. A refusal naming the password shows on it; others toast.
 */
import { Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { useResetPassword } from '../api/resetPassword';
import { accountField, type SubAccount } from '../model';
import { PasswordFields } from '@/entities/account/components/PasswordFields';
import { useRevalidateOnLanguage } from '@/lib/useRevalidateOnLanguage';

interface Values {
  password: string;
  confirm: string;
}

export function ResetPasswordModal({
  account,
  onClose,
  onDone,
}: {
  account: SubAccount | null;
  onClose: () => void;
  onDone: (account: SubAccount) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const reset = useResetPassword();
  useRevalidateOnLanguage(form);

  const close = () => {
    form.resetFields();
    reset.reset();
    onClose();
  };

  const refused = (error: ApiError) => {
    const field = accountField(error, ['password'] as const);
    if (field) form.setFields([{ name: field, errors: [error.message] }]);
    else {
      showError(error);
      close();
    }
  };

  return (
    <Modal
      open={account !== null}
      title={t('subAccounts.reset.title', { name: account?.loginname ?? '' })}
      okText={t('subAccounts.reset.ok')}
      cancelText={t('subAccounts.cancel')}
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={reset.isPending}
      maskClosable={false}
      forceRender
      okButtonProps={{ id: 'accounts-reset-submit' }}
    >
      <Typography.Paragraph type="secondary">{t('subAccounts.reset.intro')}</Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="vertical"
        disabled={reset.isPending}
        onFinish={(values) =>
          account &&
          reset.mutate(
            { userId: account.userId, password: values.password },
            {
              onSuccess: () => {
                onDone(account);
                close();
              },
              onError: refused,
            },
          )
        }
      >
        <PasswordFields idPrefix="accounts-reset" />
      </Form>
    </Modal>
  );
}
