/**
 * Signal definitions (the generated `SignalDef`, with its `Area`, `DataType` and `Order`) and the rules the server
 * checks them with (crates/protocol/src/validate.rs), repeated here so a mistake shows while typing. The server
 * stays the authority: whatever it refuses is shown on the row and field it names. The limits come from the server
 * (crates/domain/src/limits.rs, through the generated contract).
 */
import type { Area, DataType, Order, SignalDef } from '@/generated/answers';
import { Limits } from '@/lib/api/limits';
import { checkStates, type StateProblemReason } from '@/entities/signals/states';

/** The generated types' values, in the order the forms and the spreadsheet offer them. */
export const AREAS = ['holding_register', 'input_register', 'coil', 'discrete_input'] as const satisfies readonly Area[];
export const DATA_TYPES = ['bool', 'int16', 'uint16', 'int32', 'uint32', 'float32', 'float64'] as const satisfies readonly DataType[];
export const ORDERS = ['big', 'little'] as const satisfies readonly Order[];

/** The editable fields, in the order forms and the spreadsheet show them. */
export const SIGNAL_FIELDS = [
  'name',
  'area',
  'address',
  'dataType',
  'byteOrder',
  'wordOrder',
  'scale',
  'offset',
  'unit',
  'decimals',
  'writable',
  'min',
  'max',
  'valueMap',
] as const satisfies ReadonlyArray<keyof SignalDef>;
export type SignalField = (typeof SIGNAL_FIELDS)[number];

export const NAME_MAX = Limits.SignalNameChars;
export const UNIT_MAX = Limits.SignalUnitChars;
export const DECIMALS = { min: 0, max: Limits.SignalDecimalsMax } as const;
/** Highest register or coil address (a signal wider than one register must end by it too). */
export const ADDRESS_MAX = Limits.SignalAddressMax;
/** Most signals one equipment may have. */
export const MAX_SIGNALS = Limits.SignalsPerEquipment;

/** Registers (or coils) a data type occupies. */
export function width(dataType: DataType): number {
  switch (dataType) {
    case 'bool':
    case 'int16':
    case 'uint16':
      return 1;
    case 'int32':
    case 'uint32':
    case 'float32':
      return 2;
    case 'float64':
      return 4;
  }
}

/** Coils and discrete inputs hold single bits. */
export function isBitArea(area: Area): boolean {
  return area === 'coil' || area === 'discrete_input';
}

/** Coils and holding registers can be written by a Modbus master. */
export function isWritableArea(area: Area): boolean {
  return area === 'coil' || area === 'holding_register';
}

/** Why a field is refused; the text is `equipment.problem.<reason>` with `params` filled in. */
export type ProblemReason =
  | 'required'
  | 'tooLong'
  | 'outOfRange'
  | 'typeNotInArea'
  | 'notWritableArea'
  | 'scaleZero'
  | 'notNumber'
  | 'maxBelowMin'
  | 'overlap'
  | StateProblemReason;

export interface Problem {
  field: SignalField;
  reason: ProblemReason;
  params?: Record<string, number | string>;
}

/** A problem of one entry of a list. */
export interface RowProblem extends Problem {
  index: number;
}

/** The first problem of one signal, checked in the server's order; null when it is sound. */
export function checkSignal(s: SignalDef): Problem | null {
  const name = s.name.trim();
  if (!name) return { field: 'name', reason: 'required' };
  if ([...name].length > NAME_MAX) return { field: 'name', reason: 'tooLong', params: { max: NAME_MAX } };
  if (isBitArea(s.area) !== (s.dataType === 'bool')) return { field: 'dataType', reason: 'typeNotInArea' };
  const lastAddress = ADDRESS_MAX + 1 - width(s.dataType);
  if (!Number.isInteger(s.address) || s.address < 0 || s.address > lastAddress) {
    return { field: 'address', reason: 'outOfRange', params: { min: 0, max: lastAddress } };
  }
  if (!Number.isFinite(s.scale)) return { field: 'scale', reason: 'notNumber' };
  if (s.scale === 0) return { field: 'scale', reason: 'scaleZero' };
  if (!Number.isFinite(s.offset)) return { field: 'offset', reason: 'notNumber' };
  if (!Number.isInteger(s.decimals) || s.decimals < DECIMALS.min || s.decimals > DECIMALS.max) {
    return { field: 'decimals', reason: 'outOfRange', params: { min: DECIMALS.min, max: DECIMALS.max } };
  }
  if ([...s.unit].length > UNIT_MAX) return { field: 'unit', reason: 'tooLong', params: { max: UNIT_MAX } };
  if (s.writable && !isWritableArea(s.area)) return { field: 'writable', reason: 'notWritableArea' };
  if (s.min !== null && !Number.isFinite(s.min)) return { field: 'min', reason: 'notNumber' };
  if (s.max !== null && !Number.isFinite(s.max)) return { field: 'max', reason: 'notNumber' };
  if (s.min !== null && s.max !== null && s.min > s.max) return { field: 'max', reason: 'maxBelowMin' };
  const state = checkStates(s.valueMap ?? [], s.dataType === 'bool');
  if (state) return { field: 'valueMap', reason: state.reason, params: { ...state.params, ...(state.index === null ? {} : { state: state.index + 1 }) } };
  return null;
}

/** True when the two signals share a register (or coil) of the same area. */
export function overlaps(a: SignalDef, b: SignalDef): boolean {
  return a.area === b.area && a.address < b.address + width(b.dataType) && b.address < a.address + width(a.dataType);
}

/**
 * Every problem of a list: each signal's first problem, then, for sound signals, an overlap with an earlier
 * signal (reported on the later one, as the server does). Empty when the server would accept the list.
 */
export function checkSignals(list: readonly SignalDef[]): RowProblem[] {
  const problems: RowProblem[] = [];
  list.forEach((signal, index) => {
    const own = checkSignal(signal);
    if (own) {
      problems.push({ ...own, index });
      return;
    }
    const earlier = list.slice(0, index).findIndex((other) => overlaps(signal, other));
    if (earlier >= 0) {
      problems.push({ index, field: 'address', reason: 'overlap', params: { row: earlier + 1, name: list[earlier]?.name ?? '' } });
    }
  });
  return problems;
}

/** The lowest address at or after every signal of `area`: where a new signal fits without overlapping. */
export function nextFreeAddress(list: readonly SignalDef[], area: Area): number {
  let next = 0;
  for (const s of list) if (s.area === area) next = Math.max(next, s.address + width(s.dataType));
  return Math.min(next, ADDRESS_MAX);
}

/** A new signal with the protocol's defaults (big-endian, scale 1, read-only, no limits) at the next free address. */
export function newSignal(list: readonly SignalDef[], area: Area = 'holding_register'): SignalDef {
  return {
    id: 0,
    name: '',
    area,
    address: nextFreeAddress(list, area),
    dataType: isBitArea(area) ? 'bool' : 'int16',
    byteOrder: 'big',
    wordOrder: 'big',
    scale: 1,
    offset: 0,
    unit: '',
    decimals: 0,
    writable: false,
    min: null,
    max: null,
    valueMap: [],
  };
}

/** A copy as a new signal (id 0) at the next free address of its area, named `copyName`. */
export function copySignal(list: readonly SignalDef[], source: SignalDef, copyName: string): SignalDef {
  return { ...source, id: 0, name: copyName.slice(0, NAME_MAX), address: nextFreeAddress(list, source.area) };
}

/** A signal as the server answers it, with the defaults SignalDef has for fields left out. */
export function fromServer(raw: Partial<SignalDef> & Pick<SignalDef, 'name' | 'area' | 'address' | 'dataType'>): SignalDef {
  return {
    id: raw.id ?? 0,
    name: raw.name,
    area: raw.area,
    address: raw.address,
    dataType: raw.dataType,
    byteOrder: raw.byteOrder ?? 'big',
    wordOrder: raw.wordOrder ?? 'big',
    scale: raw.scale ?? 1,
    offset: raw.offset ?? 0,
    unit: raw.unit ?? '',
    decimals: raw.decimals ?? 0,
    writable: raw.writable ?? false,
    min: raw.min ?? null,
    max: raw.max ?? null,
    valueMap: raw.valueMap ?? [],
  };
}
