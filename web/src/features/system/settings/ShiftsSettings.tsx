/**
 * The shifts section of the system settings dialog, an organisation administrator's: the shifts a report's shift
 * view cuts a day into (entities/reports/shifts.ts), each a name and a start and an end time (China time; an end at
 * or before the start runs past midnight and is tagged so). 1 to Limits.ShiftsPerDay shifts that do not overlap;
 * checked here as the server checks them, and what the server refuses is marked on its field or shown above Save.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Divider, Flex, Form, Input, Tag, TimePicker, Typography, message as antdMessage } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useTranslation } from 'react-i18next';
import { refusedField } from '@/lib/api/fieldErrors';
import type { Shift } from '@/generated/answers';
import { SHIFTS_MAX, SHIFT_NAME_MAX, checkShifts, crossesMidnight, useSaveShifts, useShifts, type ShiftsProblem } from '@/entities/reports/shifts';

interface ShiftRow {
  name: string;
  start: Dayjs | null;
  end: Dayjs | null;
}

const FORMAT = 'HH:mm';
/** Widths that keep a row on one line in the dialog, its "past midnight" tag included. */
const TIME_WIDTH = 108;
const TAG_WIDTH = 136;
const timeOf = (minute: number) => dayjs().startOf('day').add(minute, 'minute');
const minuteOf = (time: Dayjs | null) => (time ? time.hour() * 60 + time.minute() : -1);
const rowOf = (shift: Shift): ShiftRow => ({ name: shift.name, start: timeOf(shift.startMinute), end: timeOf(shift.endMinute) });
const shiftOf = (row: ShiftRow): Shift => ({ name: row.name ?? '', startMinute: minuteOf(row.start), endMinute: minuteOf(row.end) });

/** The server's field (`shifts.2.endMinute`) as the form's (`['shifts', 2, 'end']`); the list itself for `shifts`. */
function formPath(field: string | undefined): ['shifts'] | ['shifts', number, 'name' | 'start' | 'end'] | null {
  if (field === 'shifts') return ['shifts'];
  const match = /^shifts\.(\d+)\.(name|startMinute|endMinute)$/.exec(field ?? '');
  if (!match) return null;
  const part = match[2] === 'name' ? 'name' : match[2] === 'startMinute' ? 'start' : ('end' as const);
  return ['shifts', Number(match[1]), part];
}

export function ShiftsSettings() {
  const { t } = useTranslation();
  const shifts = useShifts(true);
  const save = useSaveShifts();
  const [form] = Form.useForm<{ shifts: ShiftRow[] }>();
  const rows = (Form.useWatch('shifts', form) ?? []) as ShiftRow[];
  const [refusal, setRefusal] = useState<string | null>(null);
  const [message, holder] = antdMessage.useMessage();

  useEffect(() => {
    if (shifts.data) form.setFieldsValue({ shifts: shifts.data.map(rowOf) });
  }, [form, shifts.data]);

  const problemText = (problem: ShiftsProblem, list: readonly Shift[]): string => {
    const name = (i: number) => list[i]?.name.trim() || t('shifts.numbered', { index: i + 1 });
    switch (problem.kind) {
      case 'none':
        return t('shifts.none');
      case 'tooMany':
        return t('shifts.tooMany', { max: problem.max });
      case 'nameRequired':
        return t('shifts.nameRequired');
      case 'nameTooLong':
        return t('shifts.nameTooLong', { max: problem.max });
      case 'overlap':
        return t('shifts.overlap', { a: name(problem.other), b: name(problem.index) });
    }
  };

  const submit = ({ shifts: values }: { shifts: ShiftRow[] }) => {
    const list = (values ?? []).map(shiftOf);
    const problem = checkShifts(list);
    setRefusal(problem ? problemText(problem, list) : null);
    if (problem) return;
    save.mutate(list, {
      onSuccess: () => void message.success(t('shifts.saved')),
      onError: (error) => {
        const path = formPath(refusedField(error));
        if (path?.length === 3) form.setFields([{ name: path, errors: [error.message] }]);
        else setRefusal(error.message);
      },
    });
  };

  return (
    <section data-testid="shifts-settings">
      {holder}
      <Divider style={{ margin: '16px 0' }}>{t('shifts.heading')}</Divider>
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {t('shifts.hint', { max: SHIFTS_MAX })}
      </Typography.Paragraph>
      {shifts.isError && <Alert type="error" showIcon message={shifts.error.message} />}
      <Form form={form} onFinish={submit} disabled={save.isPending || !shifts.data} onValuesChange={() => setRefusal(null)}>
        <Form.List name="shifts">
          {(fields, { add, remove }) => (
            <Flex vertical gap={8}>
              {fields.map((field, index) => {
                const row = rows[index];
                const night = row?.start && row?.end ? crossesMidnight({ startMinute: minuteOf(row.start), endMinute: minuteOf(row.end) }) : false;
                return (
                  <Flex key={field.key} gap={8} align="flex-start" data-testid="shift-row">
                    <Form.Item
                      name={[field.name, 'name']}
                      style={{ flex: '1 1 100px', minWidth: 0, marginBottom: 0 }}
                      rules={[{ required: true, whitespace: true, message: t('shifts.nameRequired') }]}
                    >
                      <Input id={`shift-${index}-name`} maxLength={SHIFT_NAME_MAX} aria-label={t('shifts.name', { index: index + 1 })} placeholder={t('shifts.namePlaceholder')} />
                    </Form.Item>
                    <Form.Item name={[field.name, 'start']} style={{ marginBottom: 0 }} rules={[{ required: true, message: t('shifts.timeRequired') }]}>
                      <TimePicker id={`shift-${index}-start`} format={FORMAT} needConfirm={false} style={{ width: TIME_WIDTH }} aria-label={t('shifts.start', { index: index + 1 })} placeholder={t('shifts.startPlaceholder')} />
                    </Form.Item>
                    <Typography.Text style={{ lineHeight: '32px' }}>–</Typography.Text>
                    <Form.Item name={[field.name, 'end']} style={{ marginBottom: 0 }} rules={[{ required: true, message: t('shifts.timeRequired') }]}>
                      <TimePicker id={`shift-${index}-end`} format={FORMAT} needConfirm={false} style={{ width: TIME_WIDTH }} aria-label={t('shifts.end', { index: index + 1 })} placeholder={t('shifts.endPlaceholder')} />
                    </Form.Item>
                    <Flex align="center" justify="flex-end" gap={4} style={{ minHeight: 32, width: TAG_WIDTH, flexShrink: 0 }}>
                      {night && (
                        <Tag color="purple" style={{ marginInlineEnd: 0 }} data-testid="shift-night">
                          {t('shifts.pastMidnight')}
                        </Tag>
                      )}
                      <Button
                        type="text"
                        danger
                        icon={<DeleteOutlined />}
                        disabled={fields.length <= 1}
                        onClick={() => remove(field.name)}
                        aria-label={t('shifts.remove', { index: index + 1 })}
                        data-testid={`shift-${index}-remove`}
                      />
                    </Flex>
                  </Flex>
                );
              })}
              {refusal && <Alert type="error" showIcon message={refusal} data-testid="shifts-refusal" />}
              <Flex gap={8} wrap>
                <Button id="shift-add" icon={<PlusOutlined />} disabled={fields.length >= SHIFTS_MAX} onClick={() => add({ name: '', start: null, end: null })}>
                  {t('shifts.add')}
                </Button>
                <Button type="primary" htmlType="submit" id="shifts-save" loading={save.isPending}>
                  {t('shifts.save')}
                </Button>
              </Flex>
            </Flex>
          )}
        </Form.List>
      </Form>
    </section>
  );
}
