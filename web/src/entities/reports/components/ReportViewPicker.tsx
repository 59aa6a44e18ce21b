/**
 * Choosing what a report is read over: the view (a day by the hour, a month by the day, a day's shifts, a range in
 * the report's step) and its day, month or range. Switching the view opens it on its default (yesterday, this month,
 * yesterday's range: ../view.ts). Days and months are China days, picked as plain dates; a range's times are China
 * wall-clock times (lib/chinaTime.ts), refused here as the server would (no end before start, at most 30 days).
 */
import { useState } from 'react';
import { DatePicker, Flex, Segmented, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { fromPickerDate, toPickerDate } from '@/lib/chinaTime';
import { useReportLabels } from '../labels';
import { chinaDay, checkRange, defaultView, VIEW_KINDS, type ReportView, type ViewKind } from '../view';

export function ReportViewPicker({ view, onChange }: { view: ReportView; onChange: (view: ReportView) => void }) {
  const { t } = useTranslation();
  const labels = useReportLabels();
  const today = chinaDay(Date.now());
  const [draft, setDraft] = useState<[number | null, number | null] | null>(null);
  const [rangeError, setRangeError] = useState<string | null>(null);

  const future = (date: Dayjs) => date.format('YYYY-MM-DD') > today;
  const rangeText = (start: number | null, end: number | null): string | null => {
    const problem = checkRange(start, end);
    if (!problem) return null;
    if (problem.kind === 'required') return t('reports.range.required');
    if (problem.kind === 'endBeforeStart') return t('reports.range.endBeforeStart');
    return t('reports.range.tooLong', { days: problem.maxDays });
  };

  const picker = () => {
    switch (view.kind) {
      case 'day':
      case 'shift':
        return (
          <DatePicker
            id="report-date"
            allowClear={false}
            value={dayjs(view.date)}
            disabledDate={future}
            onChange={(date: Dayjs | null) => date && onChange({ kind: view.kind, date: date.format('YYYY-MM-DD') })}
          />
        );
      case 'month':
        return (
          <DatePicker
            id="report-month"
            picker="month"
            allowClear={false}
            value={dayjs(`${view.month}-01`)}
            disabledDate={(date) => date.format('YYYY-MM') > today.slice(0, 7)}
            onChange={(date: Dayjs | null) => date && onChange({ kind: 'month', month: date.format('YYYY-MM') })}
          />
        );
      case 'range': {
        const [start, end] = draft ?? [view.start, view.end];
        return (
          <DatePicker.RangePicker
            id="report-range"
            showTime={{ format: 'HH:mm' }}
            format="YYYY-MM-DD HH:mm"
            allowClear={false}
            order={false}
            status={rangeError ? 'error' : undefined}
            placeholder={[t('reports.range.start'), t('reports.range.end')]}
            value={[start === null ? null : dayjs(toPickerDate(start)), end === null ? null : dayjs(toPickerDate(end))]}
            onChange={(values) => {
              const next: [number | null, number | null] = [
                values?.[0] ? fromPickerDate(values[0].toDate()) : null,
                values?.[1] ? fromPickerDate(values[1].toDate()) : null,
              ];
              const problem = rangeText(next[0], next[1]);
              setRangeError(problem);
              setDraft(problem ? next : null);
              if (!problem) onChange({ kind: 'range', start: next[0] as number, end: next[1] as number });
            }}
          />
        );
      }
    }
  };

  return (
    <Flex gap={12} wrap align="flex-start">
      <Segmented<ViewKind>
        id="report-view"
        value={view.kind}
        onChange={(kind) => {
          setDraft(null);
          setRangeError(null);
          onChange(defaultView(kind, Date.now()));
        }}
        options={VIEW_KINDS.map((kind) => ({ value: kind, label: <span data-testid={`report-view-${kind}`}>{labels.view(kind)}</span> }))}
      />
      <Flex vertical gap={4}>
        {picker()}
        {rangeError && (
          <Typography.Text type="danger" role="alert" data-testid="report-range-error" style={{ fontSize: 12 }}>
            {rangeError}
          </Typography.Text>
        )}
      </Flex>
    </Flex>
  );
}
