/**
 * An interval in ms as the operator reads it ("1 s", "500 ms", "5 min"): a gateway's monitor interval and a
 * history bucket's width say it the same way, on the EG detail and in the project monitor.
 */
import { useTranslation } from 'react-i18next';

export function useDuration() {
  const { t } = useTranslation();
  return (ms: number | null | undefined) => {
    if (ms === null || ms === undefined || !Number.isFinite(ms)) return '—';
    if (ms < 1000) return t('monitor.duration.ms', { value: ms });
    if (ms < 60_000 || ms % 60_000 !== 0) return t('monitor.duration.s', { value: Number((ms / 1000).toFixed(1)) });
    return t('monitor.duration.min', { value: ms / 60_000 });
  };
}
