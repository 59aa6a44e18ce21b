import { describe, expect, it } from 'vitest';
import { checkSignal, checkSignals, copySignal, fromServer, newSignal, nextFreeAddress } from './model';

const sig = (patch: Parameters<typeof fromServer>[0]) => fromServer(patch);
const base = { name: 'Pressure', area: 'holding_register', address: 0, dataType: 'int16' } as const;

describe('signal rules (as crates/protocol/src/validate.rs)', () => {
  it('a sound signal passes', () => {
    expect(checkSignal(sig({ ...base, dataType: 'float32' }))).toBeNull();
    expect(checkSignal(sig({ ...base, area: 'coil', address: 65_535, dataType: 'bool' }))).toBeNull();
  });

  it('types must fit their area and the address space', () => {
    expect(checkSignal(sig({ ...base, area: 'coil', dataType: 'float32' }))?.field).toBe('dataType');
    expect(checkSignal(sig({ ...base, area: 'input_register', dataType: 'bool' }))?.field).toBe('dataType');
    expect(checkSignal(sig({ ...base, address: 65_535, dataType: 'uint32' }))).toEqual({
      field: 'address',
      reason: 'outOfRange',
      params: { min: 0, max: 65_534 },
    });
    expect(checkSignal(sig({ ...base, address: 65_532, dataType: 'float64' }))).toBeNull();
    expect(checkSignal(sig({ ...base, address: 65_533, dataType: 'float64' }))?.field).toBe('address');
  });

  it('field rules', () => {
    expect(checkSignal(sig({ ...base, area: 'input_register', writable: true }))?.field).toBe('writable');
    expect(checkSignal(sig({ ...base, scale: 0 }))?.reason).toBe('scaleZero');
    expect(checkSignal(sig({ ...base, min: 10, max: 1 }))).toEqual({ field: 'max', reason: 'maxBelowMin' });
    expect(checkSignal(sig({ ...base, name: '  ' }))).toEqual({ field: 'name', reason: 'required' });
    expect(checkSignal(sig({ ...base, name: 'x'.repeat(61) }))?.reason).toBe('tooLong');
    expect(checkSignal(sig({ ...base, decimals: 7 }))?.field).toBe('decimals');
    expect(checkSignal(sig({ ...base, unit: 'u'.repeat(17) }))?.field).toBe('unit');
  });

  it('overlapping signals are refused per area, on the later one', () => {
    const float = sig({ ...base, dataType: 'float32' });
    expect(checkSignals([float, sig({ ...base, address: 1 })])).toEqual([
      { index: 1, field: 'address', reason: 'overlap', params: { row: 1, name: 'Pressure' } },
    ]);
    expect(checkSignals([float, sig({ ...base, address: 2 })])).toEqual([]);
    expect(checkSignals([float, sig({ ...base, area: 'input_register', dataType: 'float32' })])).toEqual([]);
  });

  it('new and copied signals go to the next free address of their area', () => {
    const list = [sig({ ...base, dataType: 'float32' }), sig({ ...base, address: 4, dataType: 'float64' })];
    expect(nextFreeAddress(list, 'holding_register')).toBe(8);
    expect(nextFreeAddress(list, 'coil')).toBe(0);
    expect(newSignal(list)).toMatchObject({ id: 0, address: 8, dataType: 'int16', scale: 1 });
    expect(newSignal(list, 'coil')).toMatchObject({ address: 0, dataType: 'bool' });
    const copy = copySignal(list, { ...(list[0] as ReturnType<typeof sig>), id: 7 }, 'Pressure copy');
    expect(copy).toMatchObject({ id: 0, name: 'Pressure copy', address: 8, dataType: 'float32' });
    expect(checkSignals([...list, copy])).toEqual([]);
  });
});
