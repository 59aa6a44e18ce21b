import { describe, expect, it } from 'vitest';
import {
  emailProblem,
  loginnameProblem,
  matchesEquipment,
  accountField,
  telephoneProblem,
  type EquipmentOption,
} from './model';

describe('account fields as the server checks them', () => {
  it('login name: required, at most 64 characters, no control characters', () => {
    expect(loginnameProblem('  ')).toBe('required');
    expect(loginnameProblem('a'.repeat(64))).toBeUndefined();
    expect(loginnameProblem('a'.repeat(65))).toBe('tooLong');
    expect(loginnameProblem('op\u0007')).toBe('controlCharacters');
    expect(loginnameProblem(' 操作员 ')).toBeUndefined();
  });

  it('telephone: optional; digits, spaces and + - ( ), at most 20 characters, at least 5 digits', () => {
    expect(telephoneProblem('')).toBeUndefined();
    expect(telephoneProblem('+86 (21) 5555-0100')).toBeUndefined();
    expect(telephoneProblem('1234')).toBe('format');
    expect(telephoneProblem('12345x')).toBe('format');
    expect(telephoneProblem('1'.repeat(21))).toBe('format');
  });

  it('e-mail: optional; one @ between a local part and a dotted domain, at most 100 characters', () => {
    expect(emailProblem('')).toBeUndefined();
    expect(emailProblem('op@plant.example')).toBeUndefined();
    expect(emailProblem('op@plant')).toBe('format');
    expect(emailProblem('@plant.example')).toBe('format');
    expect(emailProblem('op@.plant')).toBe('format');
    expect(emailProblem('o p@plant.example')).toBe('format');
    expect(emailProblem(`${'a'.repeat(95)}@b.com`)).toBe('tooLong');
  });
});

describe('which field a refusal of the server belongs on', () => {
  const fields = ['loginname', 'password', 'tel', 'email', 'auths'] as const;

  const refused = (code: string, field: string) => ({ code, data: { field, reason: { kind: 'notAllowed' } } });

  it('reads the field from the data of 1100/1101', () => {
    expect(accountField(refused('1100', 'tel'), fields)).toBe('tel');
    expect(accountField(refused('1101', 'password'), fields)).toBe('password');
    expect(accountField(refused('1100', 'auths.2'), fields)).toBe('auths');
  });

  it('puts a taken login name on the login name, and nothing else on a field', () => {
    expect(accountField({ code: '1201', data: null }, fields)).toBe('loginname');
    expect(accountField({ code: '1201', data: null }, ['password'] as const)).toBeUndefined();
    expect(accountField(refused('1100', 'dataRange'), fields)).toBeUndefined();
    expect(accountField({ code: '1011', data: null }, fields)).toBeUndefined();
    expect(accountField({ code: '1100', data: 'tel' }, fields)).toBeUndefined();
  });
});

describe('equipment search', () => {
  const pump: EquipmentOption = { id: 1, equipName: '1# Pump station', gatewayName: 'Gateway A', gatewaySn: 'EG-001', groupName: '一号泵房' };

  it('matches the name, the gateway and the group, ignoring case and spaces around', () => {
    expect(matchesEquipment(pump, '')).toBe(true);
    expect(matchesEquipment(pump, ' pump ')).toBe(true);
    expect(matchesEquipment(pump, 'eg-001')).toBe(true);
    expect(matchesEquipment(pump, 'gateway a')).toBe(true);
    expect(matchesEquipment(pump, '泵房')).toBe(true);
    expect(matchesEquipment(pump, 'tower')).toBe(false);
    expect(matchesEquipment({ ...pump, gatewayName: null, gatewaySn: null, groupName: null }, 'EG')).toBe(false);
  });
});
