/**
 * "Saved", beside the page's title for a few seconds after a save succeeded. It was an antd message at the top of
 * the window, which opened over the header's buttons (Save among them) and stayed open while the pointer rested
 * on it, so the engineer's next click landed on the message. This mark covers nothing and goes on its own, hovered
 * or not; it is a polite live region, so a screen reader says it too.
 */
import { useEffect, useState } from 'react';
import { Typography } from 'antd';
import { CheckCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

/** How long the mark shows. */
export const SAVED_SHOWN_MS = 4000;

/** `at`: when the last save succeeded (a new value shows the mark again); null hides it (changed since). */
export function SavedMark({ at }: { at: number | null }) {
  const { t } = useTranslation();
  // The save whose mark has had its time.
  const [expired, setExpired] = useState<number | null>(null);
  useEffect(() => {
    if (at === null) return undefined;
    const timer = setTimeout(() => setExpired(at), SAVED_SHOWN_MS);
    return () => clearTimeout(timer);
  }, [at]);
  const shown = at !== null && expired !== at;
  return (
    <span role="status" aria-live="polite" data-testid="designer-save-status">
      {shown && (
        <Typography.Text type="success" data-testid="designer-saved">
          <CheckCircleOutlined /> {t('designer.saved')}
        </Typography.Text>
      )}
    </span>
  );
}
