/**
 * New sub-account (login name, password twice, telephone, e-mail, data range, permissions) and edit (the same
 * without login name and password, which have their own actions). Each field is checked as the server checks it;
 * the server's refusals naming a field, and a login name already taken (1201), show on the field in the server's
 * words; other refusals toast.
 */
import { useEffect } from 'react';
import { Checkbox, Flex, Form, Input, Modal, Radio, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { useAddSubAccount } from '../api/addSubAccount';
import { useEditSubAccount } from '../api/editSubAccount';
import {
  DATA_RANGES,
  DEFAULT_DATA_RANGE,
  EMAIL_MAX,
  LOGINNAME_MAX,
  PERMISSIONS,
  SUB_ACCOUNT_NOT_FOUND,
  TEL_MAX,
  emailProblem,
  isPermission,
  loginnameProblem,
  accountField,
  telephoneProblem,
  type DataRange,
  type SubAccount,
} from '../model';
import { PasswordFields } from '@/entities/account/components/PasswordFields';
import { PASSWORD_MAX } from '@/entities/account/password';
import { useRevalidateOnLanguage } from '@/lib/useRevalidateOnLanguage';

interface Values {
  loginname: string;
  password: string;
  confirm: string;
  tel: string;
  email: string;
  dataRange: DataRange;
  auths: string[];
}

const FIELDS = ['loginname', 'password', 'tel', 'email', 'dataRange', 'auths'] as const;
/** Choices with a line of explanation each, two to a row where they fit. */
const CHOICE_GRID = { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(240px, 1fr))', gap: '8px 16px', width: '100%' } as const;

const EMPTY: Values = { loginname: '', password: '', confirm: '', tel: '', email: '', dataRange: DEFAULT_DATA_RANGE, auths: [] };

/** The data range choice, each option with what it means. */
export function DataRangeChoice(props: { value?: DataRange; onChange?: (value: DataRange) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      value={props.value}
      disabled={props.disabled}
      onChange={(event) => props.onChange?.(event.target.value as DataRange)}
      style={{ width: '100%' }}
    >
      <div style={CHOICE_GRID}>
        {DATA_RANGES.map((range) => (
          <Radio key={range} value={range} data-testid={`accounts-range-${range}`}>
            <Flex vertical>
              <span>{t(`subAccounts.range.${range}`)}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t(`subAccounts.range.${range}Hint`)}
              </Typography.Text>
            </Flex>
          </Radio>
        ))}
      </div>
    </Radio.Group>
  );
}

/** The permission checkboxes, each with what it allows. */
function PermissionChoice(props: { value?: string[]; onChange?: (value: string[]) => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Checkbox.Group
      value={props.value}
      disabled={props.disabled}
      onChange={(value) => props.onChange?.(value.map(String))}
      style={{ width: '100%' }}
    >
      <div style={CHOICE_GRID}>
        {PERMISSIONS.map((code) => (
          <Checkbox key={code} value={code} data-testid={`accounts-auth-${code}`}>
            <Flex vertical>
              <span>{t(`subAccounts.permission.${code}`)}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t(`subAccounts.permissionHint.${code}`)}
              </Typography.Text>
            </Flex>
          </Checkbox>
        ))}
      </div>
    </Checkbox.Group>
  );
}

export function AccountModal({
  open,
  account,
  onClose,
  onCreated,
  onEdited,
}: {
  open: boolean;
  /** The account to edit; null for a new one. */
  account: SubAccount | null;
  onClose: () => void;
  /** After a new account was saved: its id and what it was saved with. */
  onCreated: (created: { userId: number; loginname: string; dataRange: DataRange }) => void;
  /** After an account's changes were saved. */
  onEdited: (account: SubAccount) => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const add = useAddSubAccount();
  const edit = useEditSubAccount();
  const saving = add.isPending || edit.isPending;
  const editing = account !== null;
  useRevalidateOnLanguage(form);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      account
        ? {
            ...EMPTY,
            tel: account.tel ?? '',
            email: account.email ?? '',
            dataRange: account.dataRange,
            auths: account.auths.filter(isPermission),
          }
        : EMPTY,
    );
  }, [open, account, form]);

  const close = () => {
    form.resetFields();
    add.reset();
    edit.reset();
    onClose();
  };

  const refused = (error: ApiError) => {
    const field = accountField(error, FIELDS);
    if (field) {
      form.setFields([{ name: field, errors: [error.message] }]);
      return;
    }
    showError(error);
    // The account is gone (another administrator's change): nothing left to edit.
    if (error.code === SUB_ACCOUNT_NOT_FOUND) close();
  };

  const submit = (values: Values) => {
    // In the form's order, whatever the order of the clicks.
    const auths = PERMISSIONS.filter((code) => (values.auths ?? []).includes(code));
    const fields = { tel: values.tel ?? '', email: values.email ?? '', dataRange: values.dataRange, auths };
    if (account) {
      edit.mutate(
        { userId: account.userId, ...fields },
        {
          onSuccess: () => {
            onEdited(account);
            close();
          },
          onError: refused,
        },
      );
      return;
    }
    add.mutate(
      { loginname: values.loginname, password: values.password, ...fields },
      {
        onSuccess: ({ userId }) => {
          onCreated({ userId, loginname: values.loginname.trim(), dataRange: values.dataRange });
          close();
        },
        onError: refused,
      },
    );
  };

  const loginnameRule: Rule = {
    validator: async (_rule, value: string | undefined) => {
      const problem = loginnameProblem(value);
      if (problem) throw new Error(t(`subAccounts.validation.loginname.${problem}`, { max: LOGINNAME_MAX }));
    },
  };
  const telRule: Rule = {
    validator: async (_rule, value: string | undefined) => {
      if (telephoneProblem(value)) throw new Error(t('subAccounts.validation.tel'));
    },
  };
  const emailRule: Rule = {
    validator: async (_rule, value: string | undefined) => {
      const problem = emailProblem(value);
      if (problem) throw new Error(t(`subAccounts.validation.email.${problem}`, { max: EMAIL_MAX }));
    },
  };

  return (
    <Modal
      open={open}
      title={editing ? t('subAccounts.modal.editTitle', { name: account.loginname }) : t('subAccounts.modal.addTitle')}
      okText={editing ? t('subAccounts.save') : t('subAccounts.create')}
      cancelText={t('subAccounts.cancel')}
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={saving}
      maskClosable={false}
      forceRender
      width={640}
      okButtonProps={{ id: 'accounts-submit' }}
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} disabled={saving} initialValues={EMPTY}>
        {!editing && (
          <>
            <Form.Item
              required
              name="loginname"
              htmlFor="accounts-loginname"
              label={t('subAccounts.field.loginname')}
              rules={[loginnameRule]}
              extra={t('subAccounts.field.loginnameHint')}
            >
              <Input id="accounts-loginname" autoComplete="off" maxLength={LOGINNAME_MAX} />
            </Form.Item>
            <PasswordFields maxLength={PASSWORD_MAX} />
          </>
        )}
        <Flex gap={16} wrap>
          <Form.Item name="tel" htmlFor="accounts-tel" label={t('subAccounts.field.tel')} rules={[telRule]} style={{ flex: '1 1 220px' }}>
            <Input id="accounts-tel" autoComplete="off" maxLength={TEL_MAX} />
          </Form.Item>
          <Form.Item name="email" htmlFor="accounts-email" label={t('subAccounts.field.email')} rules={[emailRule]} style={{ flex: '1 1 220px' }}>
            <Input id="accounts-email" autoComplete="off" maxLength={EMAIL_MAX} />
          </Form.Item>
        </Flex>
        <Form.Item name="dataRange" label={t('subAccounts.field.dataRange')} extra={editing ? t('subAccounts.field.dataRangeEditHint') : undefined}>
          <DataRangeChoice />
        </Form.Item>
        <Form.Item name="auths" label={t('subAccounts.field.auths')} style={{ marginBottom: 0 }}>
          <PermissionChoice />
        </Form.Item>
      </Form>
    </Modal>
  );
}
