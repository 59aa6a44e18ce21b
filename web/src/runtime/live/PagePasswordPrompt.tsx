/**
 * A protected page's password, asked before the viewer shows it (the server sends nothing of the page before).
 * The answer is the server's: wrong (1241) or too many wrong ones (1007) are shown under the field; right, the
 * page loads for the rest of this session. `give` is the page source's password call for the page (pageSource.ts: a
 * project's page gives it to the project monitor's `page/validPassword`, an equipment's to the configuration one).
 */
import { useState } from 'react';
import { Button, Card, Flex, Form, Input, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '@/lib/api/errors';

interface PagePasswordPromptProps {
  /** Gives the password to the server; rejects with its refusal. */
  give(password: string): Promise<unknown>;
  onUnlocked(): void;
}

export function PagePasswordPrompt({ give: givePassword, onUnlocked }: PagePasswordPromptProps) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const give = useMutation<unknown, ApiError, string>({
    mutationFn: givePassword,
    onSuccess: onUnlocked,
  });
  return (
    <Flex justify="center" style={{ padding: '48px 16px' }} data-testid="page-password">
      <Card style={{ width: 360, maxWidth: '100%' }}>
        <Form layout="vertical" onFinish={() => give.mutate(password)}>
          <Typography.Paragraph>
            <LockOutlined /> {t('livePage.protected')}
          </Typography.Paragraph>
          <Form.Item
            label={t('livePage.password')}
            htmlFor="page-password-input"
            validateStatus={give.error ? 'error' : undefined}
            help={give.error?.message}
          >
            <Input.Password
              id="page-password-input"
              data-testid="page-password-input"
              autoFocus
              autoComplete="off"
              maxLength={32}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={give.isPending} disabled={!password} data-testid="page-password-open">
            {t('livePage.open')}
          </Button>
        </Form>
      </Card>
    </Flex>
  );
}
