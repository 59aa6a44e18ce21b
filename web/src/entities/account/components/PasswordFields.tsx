/**
 * A new password and its confirmation, checked with the spec's rule (8 to 15 characters with a letter, a digit
 * and a symbol) as the server checks it. For the fields `password` and `confirm` of the form it is in.
 */
import { Flex, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem } from '../password';

export function PasswordFields({ idPrefix = 'accounts', maxLength = PASSWORD_MAX }: { idPrefix?: string; maxLength?: number }) {
  const { t } = useTranslation();
  const rule: Rule = {
    validator: async (_rule, value: string | undefined) => {
      const problem = passwordProblem(value);
      if (problem) throw new Error(t(`subAccounts.validation.password.${problem}`, { min: PASSWORD_MIN, max: PASSWORD_MAX }));
    },
  };
  return (
    <Flex gap={16} wrap>
      <Form.Item
        style={{ flex: '1 1 240px' }}
        required
        name="password"
        htmlFor={`${idPrefix}-password`}
        label={t('subAccounts.field.password')}
        rules={[rule]}
        extra={t('subAccounts.field.passwordHint', { min: PASSWORD_MIN, max: PASSWORD_MAX })}
      >
        <Input.Password id={`${idPrefix}-password`} autoComplete="new-password" maxLength={maxLength} />
      </Form.Item>
      <Form.Item
        style={{ flex: '1 1 240px' }}
        required
        name="confirm"
        htmlFor={`${idPrefix}-confirm`}
        label={t('subAccounts.field.confirm')}
        dependencies={['password']}
        rules={[
          ({ getFieldValue }) => ({
            validator: async (_rule, value: string | undefined) => {
              if (!value) throw new Error(t('subAccounts.validation.confirm.required'));
              if (value !== getFieldValue('password')) throw new Error(t('subAccounts.validation.confirm.mismatch'));
            },
          }),
        ]}
      >
        <Input.Password id={`${idPrefix}-confirm`} autoComplete="new-password" maxLength={maxLength} />
      </Form.Item>
    </Flex>
  );
}
