import type { ReactNode } from 'react';
import { Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';

interface ConfirmButtonProps {
  /** The question, its consequence and the confirming button's text. */
  title: string;
  text: string;
  okText: string;
  label: string;
  icon: ReactNode;
  testId: string;
  /** A red link (delete); the confirming button is red either way, as every action asked about here is destructive. */
  danger?: boolean;
  onConfirm: () => Promise<unknown>;
}

/** A row's destructive action (new secret, delete) asked about first; a failure is toasted by the API client. */
export function ConfirmButton({ title, text, okText, label, icon, testId, danger, onConfirm }: ConfirmButtonProps) {
  const { t } = useTranslation();
  return (
    <Popconfirm
      title={title}
      description={<div style={{ maxWidth: 320 }}>{text}</div>}
      okText={okText}
      cancelText={t('gateways.register.cancel')}
      okButtonProps={{ danger: true }}
      onConfirm={() => onConfirm().catch(() => undefined)}
    >
      <Button type="link" size="small" danger={danger} icon={icon} data-testid={testId}>
        {label}
      </Button>
    </Popconfirm>
  );
}
