/**
 * The expiry date in a form (equipment add/edit, gateway register and expiry dialog): an antd DatePicker, clearable,
 * holding the `YYYY-MM-DD` text the server takes (null: no date; the save sends it empty, which clears it).
 */
import { DatePicker } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';

export const DATE_FORMAT = 'YYYY-MM-DD';

interface ExpiryDateFieldProps {
  id?: string;
  /** Form.Item passes these. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  disabled?: boolean;
}

export function ExpiryDateField({ id, value, onChange, disabled }: ExpiryDateFieldProps) {
  const { t } = useTranslation();
  const day = value ? dayjs(value, DATE_FORMAT) : null;
  return (
    <DatePicker
      {...(id ? { id } : {})}
      value={day && day.isValid() ? day : null}
      format={DATE_FORMAT}
      allowClear
      placeholder={t('expiry.placeholder')}
      style={{ width: '100%' }}
      {...(disabled !== undefined ? { disabled } : {})}
      onChange={(picked) => onChange?.(picked ? picked.format(DATE_FORMAT) : null)}
    />
  );
}
