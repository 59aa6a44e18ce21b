import { describe, expect, it } from 'vitest';
import { refusedField, refusedListEntry, refusedSubField } from './fieldErrors';

describe('the field a server refusal names', () => {
  it('reads the dotted path out of 1100 and 1101 in both languages', () => {
    expect(refusedField({ code: '1100', message: '参数 signals.3.address 无效：地址重叠' })).toBe('signals.3.address');
    expect(refusedField({ code: '1100', message: 'Invalid parameter driver.port: out of range 1–65535' })).toBe('driver.port');
    expect(refusedField({ code: '1101', message: 'Missing parameter equipName' })).toBe('equipName');
    expect(refusedField({ code: '1101', message: '缺少参数 driver.host' })).toBe('driver.host');
  });

  it('ignores other codes and other texts', () => {
    expect(refusedField({ code: '1214', message: 'Invalid parameter id: x' })).toBeUndefined();
    expect(refusedField({ code: '1100', message: 'something else' })).toBeUndefined();
  });

  it('splits list entries and sub-fields', () => {
    const error = { code: '1100', message: 'Invalid parameter signals.12.dataType: not allowed' };
    expect(refusedListEntry(error, 'signals')).toEqual({ index: 12, field: 'dataType' });
    expect(refusedListEntry({ code: '1100', message: '参数 signals.2 无效：不是对象' }, 'signals')).toEqual({ index: 2, field: '' });
    expect(refusedListEntry(error, 'rules')).toBeUndefined();
    expect(refusedSubField({ code: '1100', message: 'Invalid parameter driver.unitId: out of range' }, 'driver')).toBe('unitId');
  });
});
