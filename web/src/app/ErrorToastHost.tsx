/**
 * Shows the API client's error toasts with antd's message (inside the ConfigProvider: theme, locale). Loaded by
 * providers.tsx with the first toast, so antd's message and its notification engine are not in the first
 * download of any page.
 */
import { useEffect, useRef } from 'react';
import { message } from 'antd';
import { setErrorNotifier } from '@/lib/api/client';

export interface Toast {
  text: string;
  /** Toasts with the same key replace each other (the client keys them by error). */
  key: string;
}

/** `early`: the toasts that came before this host was loaded, in order (each shown once). */
export default function ErrorToastHost({ early }: { early: readonly Toast[] }) {
  const [messageApi, holder] = message.useMessage();
  const shown = useRef(0);
  useEffect(() => {
    const show = ({ text, key }: Toast) => void messageApi.error({ content: text, key, duration: 5 });
    early.slice(shown.current).forEach(show);
    shown.current = early.length;
    setErrorNotifier((text, key) => show({ text, key }));
  }, [early, messageApi]);
  return holder;
}
