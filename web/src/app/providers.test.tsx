import { act, render, screen } from '@testing-library/react';
import { Empty, theme } from 'antd';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { showError } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { fixedMediaQuery } from '@/test/viewport';
import { AppProviders } from './providers';

/** antd's motion switch as the providers set it for the components below them. */
function MotionProbe() {
  const { token } = theme.useToken();
  return <p data-testid="motion">{String(token.motion)}</p>;
}

describe('motion follows the system setting (prefers-reduced-motion)', () => {
  afterEach(() => vi.restoreAllMocks());

  it.each([
    [false, 'true'],
    [true, 'false'],
  ])('reduced motion %s: antd motion %s', (reduced, motion) => {
    vi.spyOn(window, 'matchMedia').mockImplementation((query) =>
      fixedMediaQuery(query, query === '(prefers-reduced-motion: reduce)' && reduced),
    );
    render(
      <AppProviders queryClient={createQueryClient()}>
        <MotionProbe />
      </AppProviders>,
    );
    expect(screen.getByTestId('motion').textContent).toBe(motion);
  });
});

describe('error toasts (antd message, loaded with the first toast)', () => {
  it('shows the failures that came while it loaded, then the later ones, a repeated key once', async () => {
    render(
      <AppProviders queryClient={createQueryClient()}>
        <p>screen</p>
      </AppProviders>,
    );
    expect(document.querySelector('.ant-message')).toBeNull();
    showError(new ApiError('3001', 'first failure'));
    showError(new ApiError('3002', 'second failure'));
    expect(await screen.findByText('first failure', undefined, { timeout: 10_000 })).toBeTruthy();
    expect(await screen.findByText('second failure')).toBeTruthy();
    showError(new ApiError('3003', 'later failure'));
    showError(new ApiError('3003', 'later failure'));
    expect(await screen.findByText('later failure')).toBeTruthy();
    expect(screen.getAllByText('later failure')).toHaveLength(1);
  });
});

describe('antd follows the language (lib/i18n)', () => {
  beforeEach(async () => {
    await changeLanguage('zh-CN');
    localStorage.clear();
  });

  it("antd's locale follows the language", async () => {
    const { container } = render(
      <AppProviders queryClient={createQueryClient()}>
        <Empty />
      </AppProviders>,
    );
    const description = () => container.querySelector('.ant-empty-description')?.textContent;
    expect(description()).toBe('暂无数据');
    await act(async () => {
      await changeLanguage('en');
    });
    expect(description()).toBe('No data');
  });
});
