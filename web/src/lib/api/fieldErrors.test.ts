import { describe, expect, it } from 'vitest';
import { fieldRefusal, refusedField, refusedListEntry, refusedSubField } from './fieldErrors';

const refusal = (code: string, field: string) => ({ code, data: { field, reason: { kind: 'required' } } });

describe('the field a server refusal names', () => {
  it('reads the dotted path from the data of 1100 and 1101', () => {
    expect(refusedField(refusal('1100', 'signals.3.address'))).toBe('signals.3.address');
    expect(refusedField(refusal('1101', 'equipName'))).toBe('equipName');
    expect(fieldRefusal({ code: '1100', data: { field: 'driver.port', reason: { kind: 'outOfRange', args: { min: 1 } } } }))
      .toEqual({ field: 'driver.port', reason: { kind: 'outOfRange', args: { min: 1 } } });
  });

  it('ignores other codes and answers without a field', () => {
    expect(refusedField(refusal('1214', 'id'))).toBeUndefined();
    expect(refusedField({ code: '1100', data: null })).toBeUndefined();
    expect(refusedField({ code: '1100', data: { reason: { kind: 'required' } } })).toBeUndefined();
  });

  it('splits list entries and sub-fields', () => {
    const error = refusal('1100', 'signals.12.dataType');
    expect(refusedListEntry(error, 'signals')).toEqual({ index: 12, field: 'dataType' });
    expect(refusedListEntry(refusal('1100', 'signals.2'), 'signals')).toEqual({ index: 2, field: '' });
    expect(refusedListEntry(refusal('1100', 'signals.x.name'), 'signals')).toBeUndefined();
    expect(refusedListEntry(refusal('1100', 'signals.3.valueMap.1.value'), 'signals')).toEqual({ index: 3, field: 'valueMap' });
    expect(refusedListEntry(error, 'rules')).toBeUndefined();
    expect(refusedSubField(refusal('1100', 'driver.unitId'), 'driver')).toBe('unitId');
  });
});
