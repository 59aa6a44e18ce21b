import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS } from '@/lib/lazyWithTimeout';
import { LazyScreen, type ScreenLoader } from './LazyScreen';

beforeEach(() => {
  // React reports errors caught by a boundary on console.error; here they are the point of the test.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const Screen = () => <p>the screen</p>;

describe('LazyScreen', () => {
  it('shows the screen once its chunk arrives', async () => {
    const loader: ScreenLoader = () => Promise.resolve({ default: Screen });
    render(<LazyScreen loader={loader} />);
    expect(await screen.findByText('the screen')).toBeTruthy();
  });

  it('draws a screen whose chunk has arrived at once, without a spinner, and imports it once', async () => {
    let imports = 0;
    const loader: ScreenLoader = () => {
      imports++;
      return Promise.resolve({ default: Screen });
    };
    const first = render(<><LazyScreen loader={loader} /><LazyScreen loader={loader} /></>);
    expect(await screen.findAllByText('the screen')).toHaveLength(2);
    first.unmount();
    render(<LazyScreen loader={loader} />);
    expect(screen.getByText('the screen')).toBeTruthy();
    expect(screen.queryByTestId('page-loading')).toBeNull();
    expect(imports).toBe(1);
  });

  it('shows LoadError when the chunk fails, and Retry loads it again', async () => {
    let attempts = 0;
    const loader: ScreenLoader = () => {
      attempts++;
      return attempts === 1 ? Promise.reject(new TypeError('Failed to fetch')) : Promise.resolve({ default: Screen });
    };
    render(<LazyScreen loader={loader} />);
    expect(await screen.findByTestId('load-error')).toBeTruthy();
    expect(screen.getByText('页面资源未能加载，请检查网络后重试。')).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByTestId('load-error-retry'));
    });
    expect(await screen.findByText('the screen')).toBeTruthy();
    expect(attempts).toBe(2);
  });

  it('shows LoadError after 120 s without the chunk', async () => {
    vi.useFakeTimers();
    const loader: ScreenLoader = () => new Promise(() => undefined);
    render(<LazyScreen loader={loader} />);
    expect(screen.getByTestId('page-loading')).toBeTruthy();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS);
    });
    expect(screen.getByTestId('load-error')).toBeTruthy();
    expect(screen.getByText('页面资源加载超时（超过 120 秒），请检查网络后重试。')).toBeTruthy();
  });
});
