import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { catalogueText, errorText } from './errors';

beforeEach(async () => {
  await changeLanguage('zh-CN');
});

describe('error texts (spec section 8)', () => {
  it('reads catalogue texts by code and language', () => {
    expect(catalogueText('90099', 'zh-CN')).toBe('未知异常');
    expect(catalogueText('90099', 'en')).toBe('Unknown exception');
    expect(catalogueText('no-such-code')).toBeUndefined();
    expect(catalogueText('constructor')).toBeUndefined();
  });

  it("prefers the server's message, then the catalogue, then the generic text", () => {
    expect(errorText('1301', '设备离线')).toBe('设备离线');
    expect(errorText('1301', '  ')).toBe('通信超时');
    expect(errorText('77777')).toBe('通信异常（代码 77777）');
  });
});
