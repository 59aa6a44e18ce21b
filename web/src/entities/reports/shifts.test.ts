import { describe, expect, it } from 'vitest';
import { checkShifts, crossesMidnight, minuteText, shiftMinutes, textMinute } from './shifts';

const shift = (name: string, start: string, end: string) => ({ name, startMinute: textMinute(start) as number, endMinute: textMinute(end) as number });

describe('shifts', () => {
  it('reads and writes times of the day', () => {
    expect(minuteText(0)).toBe('00:00');
    expect(minuteText(22 * 60 + 5)).toBe('22:05');
    expect(textMinute('06:30')).toBe(390);
    expect(textMinute('24:00')).toBeNull();
    expect(textMinute('6:3')).toBeNull();
  });

  it('runs a shift that ends at or before its start past midnight', () => {
    expect(shiftMinutes(shift('Night', '22:00', '06:00'))).toBe(480);
    expect(crossesMidnight(shift('Night', '22:00', '06:00'))).toBe(true);
    expect(crossesMidnight(shift('Evening', '16:00', '00:00'))).toBe(false);
    expect(shiftMinutes(shift('All day', '07:00', '07:00'))).toBe(1440);
  });

  it('accepts the default three and a night shift past midnight', () => {
    expect(checkShifts([shift('夜班', '00:00', '08:00'), shift('早班', '08:00', '16:00'), shift('中班', '16:00', '00:00')])).toBeNull();
    expect(checkShifts([shift('Day', '06:00', '18:00'), shift('Night', '18:00', '06:00')])).toBeNull();
  });

  it('refuses what the server refuses, naming the shifts that overlap', () => {
    expect(checkShifts([])).toEqual({ kind: 'none' });
    expect(checkShifts(Array.from({ length: 7 }, (_, i) => shift(`S${i}`, `0${i}:00`, `0${i}:30`)))).toEqual({ kind: 'tooMany', max: 6 });
    expect(checkShifts([shift(' ', '00:00', '08:00')])).toEqual({ kind: 'nameRequired', index: 0 });
    expect(checkShifts([shift('x'.repeat(21), '00:00', '08:00')])).toEqual({ kind: 'nameTooLong', index: 0, max: 20 });
    expect(checkShifts([shift('Day', '06:00', '18:00'), shift('Night', '17:00', '07:00')])).toEqual({ kind: 'overlap', index: 1, other: 0 });
  });
});
