import type { ReactNode } from 'react';
import { Flex, theme } from 'antd';

interface StatusMessageProps {
  icon: ReactNode;
  title: string;
  description: string;
  actions?: ReactNode;
}

/**
 * A centred icon, title, text and actions: what antd's Result shows, without Result's illustrations. Used by the
 * error screens that are part of the first download (the load error, the router's error page), which must stay
 * small because the login page carries them.
 */
export function StatusMessage({ icon, title, description, actions }: StatusMessageProps) {
  const { token } = theme.useToken();
  return (
    <Flex vertical align="center" gap={12} style={{ padding: '48px 24px', textAlign: 'center' }}>
      <div style={{ fontSize: 56, lineHeight: 1 }} aria-hidden>
        {icon}
      </div>
      <h2 style={{ margin: 0, fontSize: 22, fontWeight: 500, color: token.colorTextHeading }}>{title}</h2>
      <p style={{ margin: 0, maxWidth: 520, color: token.colorTextSecondary }}>{description}</p>
      {actions && (
        <Flex gap={8} style={{ marginTop: 12 }}>
          {actions}
        </Flex>
      )}
    </Flex>
  );
}
