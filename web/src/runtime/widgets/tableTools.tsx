/**
 * The bar above a table's rows when its settings ask for it: the time-range picker (`filterTime`) and the export
 * button (`exportExcel`). Live, a range picked here replaces the rolling window until "back to live" is pressed (the
 * table then shows that fixed range and stops rolling); the export saves every row the table covers now, not only
 * the page shown. In the designer and in still previews both are drawn disabled, so the engineer sees where they go.
 *
 * The picker's pop-up is put in the document body: the table sits in an SVG <foreignObject> scaled with the page,
 * and a pop-up inside it would be scaled and clipped with the widget's box. Times are picked as UTC+8 wall-clock
 * times, as everywhere in the console (lib/chinaTime toPickerDate).
 */
import { useState } from 'react';
import { Button, DatePicker } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { fromPickerDate, toPickerDate } from '@/lib/chinaTime';
import { MAX_TABLE_TIME_RANGE, RANGE_PRESETS, pickedRange, type FixedRange, type TableSettings } from '../tables';

/** The bar's height in canvas units, taken from the rows' room. */
export const TOOLS_HEIGHT = 30;

const MINUTE = 60_000;
const picker = (ms: number) => dayjs(toPickerDate(ms));

/** The preset's words by its minutes ("近 1 小时", "Last 7 days"). */
const PRESET_KEYS: Record<(typeof RANGE_PRESETS)[number], string> = {
  60: 'runtime.table.tools.lastHour',
  720: 'runtime.table.tools.last12Hours',
  1440: 'runtime.table.tools.lastDay',
  10080: 'runtime.table.tools.last7Days',
};

export interface TableToolsProps {
  widgetId: string;
  settings: Pick<TableSettings, 'filterTime' | 'exportExcel'>;
  /** Null where the page is drawn still: the tools are drawn disabled. */
  live: {
    fixed: FixedRange | null;
    onFixed(range: FixedRange | null): void;
    /** Builds and saves the file; a failure is shown as the console shows failed exports. */
    onExport(): Promise<void>;
    /** Nothing to export yet (no answer). */
    exportDisabled: boolean;
  } | null;
  clock?: () => number;
}

/** The bar, or nothing when neither tool is switched on. */
export function TableTools({ widgetId, settings, live, clock = Date.now }: TableToolsProps) {
  const { t } = useTranslation();
  const [exporting, setExporting] = useState(false);
  if (!settings.filterTime && !settings.exportExcel) return null;
  const fixed = live?.fixed ?? null;
  const value: [Dayjs, Dayjs] | null = fixed ? [picker(fixed.startTime), picker(fixed.endTime)] : null;
  const runExport = async () => {
    if (!live) return;
    setExporting(true);
    try {
      await live.onExport();
    } catch (error) {
      showError(error instanceof ApiError ? error : new ApiError('export', t('runtime.table.tools.exportFailed')));
    } finally {
      setExporting(false);
    }
  };
  return (
    <div
      data-testid={`table-tools-${widgetId}`}
      style={{ height: TOOLS_HEIGHT, flex: 'none', display: 'flex', alignItems: 'center', gap: 6, padding: '0 6px', borderBottom: '1px solid var(--rt-table-line, rgba(5, 5, 5, 0.06))' }}
    >
      {settings.filterTime && (
        <>
          <DatePicker.RangePicker
            size="small"
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            disabled={!live}
            // Drawn still it has no value; antd asks that an empty disabled picker say it may be empty.
            {...(live ? {} : { allowEmpty: [true, true] as [boolean, boolean] })}
            value={value}
            allowClear={false}
            placeholder={[t('runtime.table.tools.start'), t('runtime.table.tools.end')]}
            getPopupContainer={() => document.body}
            data-testid={`table-range-${widgetId}`}
            style={{ flex: '0 1 300px', minWidth: 0 }}
            presets={RANGE_PRESETS.map((minutes) => ({
              label: t(PRESET_KEYS[minutes]),
              value: () => {
                const now = clock();
                return [picker(now - minutes * MINUTE), picker(now)] as [Dayjs, Dayjs];
              },
            }))}
            // The server answers at most 30 days, and nothing after now.
            disabledDate={(date, info) => {
              const day = fromPickerDate(date.toDate());
              if (day > clock()) return true;
              if (!info.from) return false;
              return Math.abs(day - fromPickerDate(info.from.toDate())) > MAX_TABLE_TIME_RANGE * MINUTE;
            }}
            onChange={(dates) => {
              if (!live || !dates?.[0] || !dates[1]) return;
              const range = pickedRange(fromPickerDate(dates[0].toDate()), fromPickerDate(dates[1].toDate()), clock());
              if (range) live.onFixed(range);
              else showError(new ApiError('range', t('runtime.table.tools.badRange', { days: MAX_TABLE_TIME_RANGE / (24 * 60) })));
            }}
          />
          {fixed && (
            <Button size="small" type="link" onClick={() => live?.onFixed(null)} data-testid={`table-live-${widgetId}`} style={{ padding: '0 4px' }}>
              {t('runtime.table.tools.backToLive')}
            </Button>
          )}
        </>
      )}
      <span style={{ flex: 1 }} />
      {settings.exportExcel && (
        <Button
          size="small"
          icon={<DownloadOutlined />}
          disabled={!live || live.exportDisabled}
          loading={exporting}
          onClick={() => void runExport()}
          data-testid={`table-export-${widgetId}`}
        >
          {t('runtime.table.tools.export')}
        </Button>
      )}
    </div>
  );
}
