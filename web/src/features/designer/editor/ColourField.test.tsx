import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage, loadTexts } from '@/lib/i18n';
import { ColourField } from './ColourField';

beforeEach(async () => {
  await changeLanguage('en');
  await loadTexts(['designer']);
  localStorage.clear();
});

function openPicker(onChange: (colour: string) => void, value = '#1677FF') {
  render(<ColourField value={value} onChange={onChange} testId="fill" />);
  fireEvent.click(screen.getByTestId('fill'));
  return {
    hex: screen.getByTestId('fill-hex') as HTMLInputElement,
    alpha: screen.getByTestId('fill-alpha') as HTMLInputElement,
  };
}

describe('the colour field', { timeout: 40_000 }, () => {
  it('keeps only hex digits as typed and commits on Enter, into the recent colours', () => {
    const onChange = vi.fn();
    const { hex } = openPicker(onChange);
    expect(hex.value).toBe('1677FF');
    fireEvent.change(hex, { target: { value: '#zz12ab3fq9' } });
    expect(hex.value).toBe('12ab3f');
    fireEvent.keyDown(hex, { key: 'Enter', code: 'Enter', keyCode: 13 });
    expect(onChange).toHaveBeenLastCalledWith('#12AB3F');
    expect(JSON.parse(localStorage.getItem('colorsArr') ?? '[]')).toEqual(['#12AB3F']);
  });

  it('makes an empty input white and refuses a length that is no colour', () => {
    const onChange = vi.fn();
    const { hex } = openPicker(onChange);
    fireEvent.change(hex, { target: { value: '12ab' } });
    fireEvent.blur(hex);
    expect(onChange).not.toHaveBeenCalled();
    expect(hex.closest('.ant-input-affix-wrapper')?.className).toContain('status-error');
    fireEvent.change(hex, { target: { value: '' } });
    fireEvent.blur(hex);
    expect(onChange).toHaveBeenLastCalledWith('#FFFFFF');
  });

  it('takes an alpha from 0 to 100 % as the fourth byte', () => {
    const onChange = vi.fn();
    const { alpha } = openPicker(onChange, '#000000');
    expect(alpha.value).toBe('100');
    fireEvent.change(alpha, { target: { value: '50' } });
    fireEvent.blur(alpha);
    expect(onChange).toHaveBeenLastCalledWith('#00000080');
  });
});
