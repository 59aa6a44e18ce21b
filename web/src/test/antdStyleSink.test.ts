import { describe, expect, it } from 'vitest';
import { hidingRules } from './antdStyleSink';

describe('hidingRules: what of antd’s CSS the test document keeps', () => {
  it('keeps the rules that hide and drops the rest', () => {
    const css =
      '.a{color:red}.ant-select-dropdown-hidden{display:none}.b{visibility:hidden;color:blue}' +
      '.c{display:none !important}.d{display:none-ish}.e{visibility:visible}';
    expect(hidingRules(css).split('\n')).toEqual([
      '.ant-select-dropdown-hidden{display:none}',
      '.b{visibility:hidden;color:blue}',
      '.c{display:none !important}',
    ]);
  });

  it('skips what an at-rule’s block holds, and statement at-rules', () => {
    const css =
      '@import url(x.css);@media (max-width:575px){.m{display:none}.n{color:red}}' +
      '@keyframes k{0%{opacity:0}100%{opacity:1}}.after{display:none}';
    expect(hidingRules(css)).toBe('.after{display:none}');
  });

  it('answers nothing for nothing, and for an unclosed rule', () => {
    expect(hidingRules('')).toBe('');
    expect(hidingRules('.x{display:none')).toBe('');
  });
});
