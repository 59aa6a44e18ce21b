/** The shell's banner while the server cannot be reached (lib/connection.ts), with the time of the last answer. */
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { installConnectionWatch, reportReachable, resetConnection } from '@/lib/connection';
import { ConnectionBanner } from './ConnectionBanner';

beforeEach(async () => {
  await changeLanguage('zh-CN');
  installConnectionWatch();
  resetConnection();
});

afterEach(() => {
  resetConnection();
});

describe('the connection banner', () => {
  it('shows the banner with the time of the last answer while the server is out of reach', () => {
    render(<ConnectionBanner />);
    expect(screen.queryByTestId('connection-banner')).toBeNull();
    act(() => reportReachable(true, Date.UTC(2026, 10, 26, 2, 30, 5)));
    act(() => reportReachable(false));
    // The console's time (UTC+8).
    expect(screen.getByTestId('connection-banner').textContent).toContain('显示的数值停留在 2026-11-26 10:30:05');
    act(() => reportReachable(true));
    expect(screen.queryByTestId('connection-banner')).toBeNull();
  });
});
