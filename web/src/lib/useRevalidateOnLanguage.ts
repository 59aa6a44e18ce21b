import { useEffect } from 'react';
import type { FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';

/** Validation messages are texts too: re-validate the fields showing one when the language changes. */
export function useRevalidateOnLanguage(form: FormInstance) {
  const { i18n } = useTranslation();
  useEffect(() => {
    const shown = form.getFieldsError().filter((field) => field.errors.length > 0).map((field) => field.name);
    if (shown.length > 0) void form.validateFields(shown).catch(() => undefined);
  }, [i18n.language, form]);
}
