import type { ReactNode } from 'react';
import { Alert, Button, Descriptions, Flex, Modal, Typography, message } from 'antd';
import { CopyOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { copyText } from '@/lib/clipboard';

/** The labels' column, wide enough for "User name (client id)" on one line. */
export const LABEL_WIDTH = 180;

/** One line of the dialog: a value with its label, and a copy button when `copyId` is given. */
export interface CredentialRow {
  label: string;
  value: string;
  /** The value's element id. */
  valueId?: string;
  /** The copy button's id; no button without it. */
  copyId?: string;
  /** Shown as code (the secret, a user name). */
  code?: boolean;
}

interface CredentialsDialogProps {
  /** What to show; null when there is nothing (the dialog stays closed). */
  rows: CredentialRow[] | null;
  title: string;
  /** The warning that this is the only time: its title and text. */
  onceTitle: string;
  onceText: string;
  open: boolean;
  onClose: () => void;
  /** After the closing animation: the place to forget the secret. */
  afterClose: () => void;
  /** The content's test id and the close button's id. */
  testId: string;
  closeId: string;
  /** Below the values: a download, the topics the identity may use. */
  children?: ReactNode;
}

/**
 * Shows a freshly issued MQTT identity (a gateway's or a collection source's), the only time its secret is ever
 * visible: the server keeps only its hash. Each value can be copied; closing needs an explicit click (no closing by
 * the mask or Escape).
 */
export function CredentialsDialog({ rows, title, onceTitle, onceText, open, onClose, afterClose, testId, closeId, children }: CredentialsDialogProps) {
  const { t } = useTranslation();
  const [messageApi, holder] = message.useMessage();

  const copy = async (row: CredentialRow) => {
    if (await copyText(row.value)) void messageApi.success(t('credentials.copied', { what: row.label }));
    else void messageApi.error(t('credentials.copyFailed', { what: row.label }));
  };

  return (
    <Modal
      open={open && rows !== null}
      afterClose={afterClose}
      title={title}
      onCancel={onClose}
      maskClosable={false}
      keyboard={false}
      width={700}
      destroyOnHidden
      footer={
        <Button type="primary" id={closeId} onClick={onClose}>
          {t('credentials.close')}
        </Button>
      }
    >
      {holder}
      {rows && (
        <div data-testid={testId}>
          <Alert type="warning" showIcon message={onceTitle} description={onceText} style={{ marginBottom: 16 }} />
          <Descriptions column={1} size="small" bordered styles={{ label: { width: LABEL_WIDTH } }}>
            {rows.map((row) => (
              <Descriptions.Item key={row.label} label={row.label}>
                <Flex justify="space-between" align="center" gap={8}>
                  <Typography.Text code={row.code} id={row.valueId} style={{ wordBreak: 'break-all' }}>
                    {row.value}
                  </Typography.Text>
                  {row.copyId && (
                    <Button
                      size="small"
                      id={row.copyId}
                      icon={<CopyOutlined />}
                      aria-label={t('credentials.copyWhat', { what: row.label })}
                      onClick={() => void copy(row)}
                    >
                      {t('credentials.copy')}
                    </Button>
                  )}
                </Flex>
              </Descriptions.Item>
            ))}
          </Descriptions>
          {children}
        </div>
      )}
    </Modal>
  );
}
