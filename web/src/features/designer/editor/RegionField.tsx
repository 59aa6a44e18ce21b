/**
 * A place in China (the `region` field kind): province → city → county in a searchable antd Cascader, its options
 * the server's division table (GET /lfscada/weather/regions, asked once per session and shared with the weather
 * widget's still frame), so the designer offers exactly the places the server can answer the weather of. Picking
 * a county commits at once (one history step); clearing commits no place.
 */
import { useMemo } from 'react';
import { Cascader } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Region } from '@/generated/answers';
import { regionsQuery } from '@/runtime/weather';

interface RegionFieldProps {
  id: string;
  /** The codes from the province down; `[]` for none. */
  value: readonly string[];
  disabled?: boolean;
  onChange(path: string[]): void;
}

interface Option {
  value: string;
  label: string;
  children?: Option[];
}

const optionsOf = (regions: readonly Region[]): Option[] =>
  regions.map((r) => (r.children?.length ? { value: r.code, label: r.name, children: optionsOf(r.children) } : { value: r.code, label: r.name }));

/** A search matches any level's name (海淀 finds 北京市 / 北京市 / 海淀区). */
const matches = (input: string, path: Option[]) => path.some((o) => o.label.includes(input.trim()));

export function RegionField({ id, value, disabled, onChange }: RegionFieldProps) {
  const { t } = useTranslation();
  const regions = useQuery(regionsQuery());
  const options = useMemo(() => optionsOf(regions.data ?? []), [regions.data]);
  return (
    <Cascader
      id={id}
      data-testid={id}
      size="small"
      style={{ flex: 1, minWidth: 0 }}
      disabled={disabled}
      loading={regions.isPending}
      status={regions.isError ? 'error' : undefined}
      placeholder={regions.isError ? t('designer.regionFailed') : t('designer.regionNone')}
      options={options}
      // Until the options are there, a stored path is shown as its codes rather than dropped.
      value={value.length > 0 ? [...value] : undefined}
      showSearch={{ filter: matches, limit: 50 }}
      changeOnSelect={false}
      allowClear
      classNames={{ popup: { root: `${id}-popup` } }}
      onChange={(path) => onChange(Array.isArray(path) ? path.map(String) : [])}
    />
  );
}
