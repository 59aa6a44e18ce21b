import { Button } from 'antd';
import { GlobalOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { changeLanguage } from '@/lib/i18n';
import { TOUCH_ROW } from '@/lib/layout';
import { isLanguage, otherLanguage, DEFAULT_LANGUAGE } from '@/lib/i18n/language';

interface LanguageSwitchProps {
  /** 'dark' for the app header, 'light' on light backgrounds (login page). */
  tone?: 'light' | 'dark';
  /** A full-width row a finger can hit (the compact shell's drawer). */
  block?: boolean;
}

/**
 * Offers the other language by its own name ("English" while Chinese is shown, "中文" while English is).
 * Switching re-renders every text at once and is saved in localStorage `langs`.
 */
export function LanguageSwitch({ tone = 'light', block = false }: LanguageSwitchProps) {
  const { t, i18n } = useTranslation();
  const current = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const next = otherLanguage(current);
  const nextName = t(`language.names.${next}`);
  return (
    <Button
      id="lang-switch"
      type="text"
      icon={<GlobalOutlined />}
      lang={next}
      aria-label={t('language.switchTo', { name: nextName })}
      title={t('language.switchTo', { name: nextName })}
      onClick={() => void changeLanguage(next)}
      block={block}
      style={{
        ...(tone === 'dark' ? { color: 'rgba(255, 255, 255, 0.85)' } : {}),
        ...(block ? TOUCH_ROW : {}),
      }}
    >
      {nextName}
    </Button>
  );
}
