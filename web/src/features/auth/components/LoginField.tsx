/**
 * One field of the login form: its label above, the input, and the field's message below, spaced as antd's
 * vertical Form.Item is (label 8 px above; a 24 px line under the input that holds the message when there is
 * one, so the form does not jump). The login page does without antd's Form (see ../loginForm.ts).
 */
import type { ReactNode } from 'react';
import { theme as antdTheme } from 'antd';

interface LoginFieldProps {
  /** The input's id: the label points at it, the message is `<id>-message`. */
  id: string;
  label: string;
  /** The message to show, or undefined when the field is fine. */
  message: string | undefined;
  children: ReactNode;
}

export function LoginField({ id, label, message, children }: LoginFieldProps) {
  const { token } = antdTheme.useToken();
  const line = { fontSize: token.fontSize, lineHeight: token.lineHeight } as const;
  return (
    <div>
      <label htmlFor={id} style={{ ...line, display: 'block', paddingBottom: 8, color: token.colorTextHeading }}>
        {label}
      </label>
      {children}
      <div id={`${id}-message`} style={{ ...line, minHeight: token.marginLG, color: token.colorError }}>
        {message}
      </div>
    </div>
  );
}
