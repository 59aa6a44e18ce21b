import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { showError } from '@/lib/api/client';
import { ApiError } from '@/lib/api/errors';
import { createQueryClient } from '@/lib/queryClient';
import { AppProviders } from './providers';

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
