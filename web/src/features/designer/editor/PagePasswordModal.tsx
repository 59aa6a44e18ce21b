/**
 * The page password (spec section 3, `checkpwd`): on, with a password of 4 to 32 letters or digits, the viewer asks
 * for it before showing the page; off, it opens for whoever sees the equipment. The change is made at once by its
 * own call, not by the page's save, and the dialog says so.
 */
import { memo, useState } from 'react';
import { Alert, Button, Flex, Input, Modal, Typography } from 'antd';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '@/lib/api/errors';
import { setPagePassword } from '../api/pagePassword';

interface PagePasswordModalProps {
  pageId: number;
  open: boolean;
  /** The page has a password now. */
  protectedPage: boolean;
  onClose(): void;
}

export const PagePasswordModal = memo(function PagePasswordModal({ pageId, open, protectedPage, onClose }: PagePasswordModalProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const change = useMutation<unknown, ApiError, string>({
    mutationFn: (text) => setPagePassword(pageId, text),
    onSuccess: () => {
      setPassword('');
      // The page list marks protected pages; the designer's load says whether this one is.
      void queryClient.invalidateQueries({ queryKey: ['configPages'] });
      onClose();
    },
  });
  return (
    <Modal open={open} title={t('designer.password.title')} onCancel={onClose} footer={null} destroyOnHidden data-testid="password-modal">
      <Flex vertical gap={12}>
        <Alert
          type={protectedPage ? 'warning' : 'info'}
          showIcon
          message={protectedPage ? t('designer.password.on') : t('designer.password.off')}
          data-testid="password-state"
        />
        <Typography.Text type="secondary">{t('designer.password.hint')}</Typography.Text>
        <label htmlFor="designer-page-password">{t('designer.password.new')}</label>
        <Input.Password
          id="designer-page-password"
          data-testid="designer-page-password"
          autoComplete="new-password"
          maxLength={32}
          value={password}
          status={change.error ? 'error' : undefined}
          onChange={(event) => setPassword(event.target.value)}
          onPressEnter={() => password && change.mutate(password)}
        />
        {change.error && (
          <Typography.Text type="danger" data-testid="password-error">
            {change.error.message}
          </Typography.Text>
        )}
        <Flex gap={8} justify="flex-end">
          {protectedPage && (
            <Button danger data-testid="password-remove" loading={change.isPending && change.variables === ''} onClick={() => change.mutate('')}>
              {t('designer.password.remove')}
            </Button>
          )}
          <Button
            type="primary"
            data-testid="password-set"
            disabled={!password}
            loading={change.isPending && change.variables !== ''}
            onClick={() => change.mutate(password)}
          >
            {t('designer.password.set')}
          </Button>
        </Flex>
      </Flex>
    </Modal>
  );
});
