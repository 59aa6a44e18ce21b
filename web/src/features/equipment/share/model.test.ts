import { describe, expect, it } from 'vitest';
import {
  afterAuthCall,
  afterPasswordSet,
  authorityCall,
  qrFileName,
  shareLink,
  sharePasswordProblem,
  switchCall,
  type ShareInfo,
} from './model';

const INFO: ShareInfo = { equipId: 7, enabled: false, hasPassword: false, auth: 'control' };

describe('share settings → calls', () => {
  it('turning sharing on or off sends the authority it has and the new state', () => {
    expect(switchCall(INFO, true)).toEqual({ equipId: 7, auth: 'control', enabled: true });
    expect(switchCall({ ...INFO, enabled: true, auth: 'view' }, false)).toEqual({ equipId: 7, auth: 'view', enabled: false });
  });

  it('choosing an authority leaves `enabled` out, so the server keeps whether sharing is on', () => {
    const call = authorityCall({ ...INFO, enabled: true }, 'view');
    expect(call).toEqual({ equipId: 7, auth: 'view' });
    expect('enabled' in call).toBe(false);
  });

  it('the settings after a call are what the server stores', () => {
    expect(afterAuthCall(INFO, switchCall(INFO, true))).toEqual({ ...INFO, enabled: true });
    expect(afterAuthCall({ ...INFO, enabled: true }, authorityCall(INFO, 'view'))).toEqual({ ...INFO, enabled: true, auth: 'view' });
    // Setting a password turns sharing on (crates/store/src/shares.rs).
    expect(afterPasswordSet(INFO)).toEqual({ ...INFO, enabled: true, hasPassword: true });
  });
});

describe('share password rule (spec: at least 4 characters, letters or digits only)', () => {
  it('accepts 4 to 32 letters or digits', () => {
    expect(sharePasswordProblem('ab12')).toBeNull();
    expect(sharePasswordProblem('ABCDEFGH')).toBeNull();
    expect(sharePasswordProblem('1'.repeat(32))).toBeNull();
  });

  it('refuses in the order the server checks: empty, other characters, too short, too long', () => {
    expect(sharePasswordProblem('')).toBe('required');
    expect(sharePasswordProblem('ab-12')).toBe('lettersDigits');
    expect(sharePasswordProblem('ab 12')).toBe('lettersDigits');
    expect(sharePasswordProblem('密码密码')).toBe('lettersDigits');
    expect(sharePasswordProblem('a-')).toBe('lettersDigits');
    expect(sharePasswordProblem('ab1')).toBe('tooShort');
    expect(sharePasswordProblem('1'.repeat(33))).toBe('tooLong');
  });
});

describe('share link and QR file', () => {
  it('is the absolute address of the equipment’s monitor page', () => {
    expect(shareLink('http://127.0.0.1:8080', 7)).toBe('http://127.0.0.1:8080/share/7');
    expect(shareLink('https://scada.example.com/', 42)).toBe('https://scada.example.com/share/42');
  });

  it('names the PNG after the equipment, without characters file systems refuse', () => {
    expect(qrFileName('1# Pump station', 7)).toBe('1# Pump station-qr.png');
    expect(qrFileName('泵站 A/B: "主"', 7)).toBe('泵站 A_B_ _主_-qr.png');
    expect(qrFileName('   ', 7)).toBe('equipment-7-qr.png');
    expect(qrFileName('..hidden', 7)).toBe('hidden-qr.png');
  });
});
