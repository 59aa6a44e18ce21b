/**
 * The drop-down select and the video drawn by the page view: still in the designer (no select, no stream), live in
 * the viewer (a real <select> whose items run their click events through the page's runner; a <video> whose
 * failure shows the error state and a retry, never a crash).
 */
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { parsePageDocument } from '../document';
import { PageView } from '../PageView';
import { TEST_NOW, reading, testContext, testValues } from '../testDocument';
import type { RuntimeContext } from '../types';

const write = (value: number) => ({ enable: true, config: { action: 'write', writeType: 'fixed', writeValue: value, delay: { enable: false, value: 0 } } });
const at = (x: number, y: number, width: number, height: number) => ({ x, y, width, height });

function page() {
  return parsePageDocument({
    widgets: [
      {
        id: 'mode', widgetType: 'UsualSelect', position: at(10, 10, 160, 32),
        // Speed setpoint (4) is 1450 in the sample values.
        data: {
          type: 'signal', equipId: 7, signalId: 4,
          items: [
            { indexId: 1, text: 'Slow', clickEvent: write(500) },
            { indexId: 2, text: 'Normal', clickEvent: write(1450) },
            { indexId: 3, text: 'Locked', clickEvent: write(2900), pressDisabled: true },
          ],
        },
      },
      { id: 'free', widgetType: 'UsualSelect', position: at(10, 60, 160, 32), data: { items: [{ indexId: 'a', text: 'A', clickEvent: write(1) }, { indexId: 'b', text: 'B' }], selectDatas: ['b'] } },
      { id: 'cam', widgetType: 'ComplexVideo', position: at(200, 10, 320, 240), data: { dataAddon: { type: 'stream', hlsReserve: '/live/cam.m3u8' } } },
      { id: 'rtmp', widgetType: 'ComplexVideo', position: at(200, 260, 320, 240), data: { dataAddon: { type: 'stream', rtmpReserve: 'rtmp://media.example/live/cam' } } },
      { id: 'ezviz', widgetType: 'ComplexVideo', position: at(540, 10, 320, 240), data: { dataAddon: { type: 'ezviz', serialNumber: 'D123', channelNumber: 2 } } },
    ],
  });
}

function show(overrides: Partial<RuntimeContext> = {}) {
  return render(<PageView document={page()} context={testContext(overrides)} now={TEST_NOW} />);
}

beforeEach(async () => {
  await changeLanguage('en');
});

describe('still (the designer, a preview)', () => {
  it('draws the closed select with the current or first item, and the video as a frame with its address, with no stream', () => {
    const { container } = show();
    expect(screen.getByTestId('select-text-mode').textContent).toBe('Normal');
    expect(screen.getByTestId('select-text-free').textContent).toBe('B');
    expect(container.querySelector('select')).toBeNull();
    expect(container.querySelector('video')).toBeNull();
    const cam = screen.getByTestId('video-cam');
    expect(cam.dataset.state).toBe('still');
    expect(cam.textContent).toContain('/live/cam.m3u8');
    expect(cam.textContent).toContain('Plays when the page runs');
  });

  it('says honestly what RTMP needs and which EZVIZ camera plays live, in both languages', async () => {
    show();
    expect(screen.getByTestId('video-rtmp').textContent).toContain('Browsers cannot play RTMP streams');
    expect(screen.getByTestId('video-rtmp').textContent).toContain('HLS (.m3u8) or HTTP-FLV');
    expect(screen.getByTestId('video-ezviz').textContent).toContain('EZVIZ cloud video');
    expect(screen.getByTestId('video-ezviz').textContent).toContain('Device D123 · channel 2');
    expect(screen.getByTestId('video-ezviz').dataset.state).toBe('still');
    await act(() => changeLanguage('zh-CN'));
    expect(screen.getByTestId('video-rtmp').textContent).toContain('浏览器无法播放 RTMP 视频流');
    expect(screen.getByTestId('video-ezviz').textContent).toContain('萤石云视频');
  });
});

describe('live (the monitor viewer)', () => {
  const live = { live: { equipmentIds: [7] } };

  it("shows the item the live value names, and writes an item's value as a button would", async () => {
    const writes = vi.fn(() => Promise.resolve());
    const view = show({ ...live, write: writes });
    const select = screen.getByTestId('select-input-mode') as HTMLSelectElement;
    expect(select.value).toBe('1');
    expect(screen.getByTestId('select-mode').dataset.current).toBe('2');
    expect((select.options[2] as HTMLOptionElement).disabled).toBe(true);
    fireEvent.change(select, { target: { value: '0' } });
    await waitFor(() => expect(writes).toHaveBeenCalledWith(4, 500));
    // Still the live value's item until the plant says otherwise.
    await waitFor(() => expect(screen.getByTestId('select-text-mode').textContent).toBe('Normal'));
    view.rerender(<PageView document={page()} context={testContext({ ...live, write: writes, values: { ...testValues, '4': reading(500) } })} now={TEST_NOW} />);
    expect(screen.getByTestId('select-text-mode').textContent).toBe('Slow');
    view.rerender(<PageView document={page()} context={testContext({ ...live, write: writes, values: { ...testValues, '4': reading(7) } })} now={TEST_NOW} />);
    expect(screen.getByTestId('select-text-mode').textContent).toBe('Select…');
  });

  it('never runs a disabled item, and an unbound select shows its last choice', async () => {
    const writes = vi.fn(() => Promise.resolve());
    show({ ...live, write: writes });
    fireEvent.change(screen.getByTestId('select-input-mode'), { target: { value: '2' } });
    const free = screen.getByTestId('select-input-free') as HTMLSelectElement;
    expect(free.value).toBe('1');
    fireEvent.change(free, { target: { value: '0' } });
    await waitFor(() => expect(screen.getByTestId('select-text-free').textContent).toBe('A'));
    // The item writes the widget's binding; this select has none, so nothing is written (the runner says why).
    expect(writes).not.toHaveBeenCalled();
  });

  it('plays into a muted inline video, and shows the error and a retry when the browser cannot play it', async () => {
    const { container } = show(live);
    const video = container.querySelector('video') as HTMLVideoElement;
    expect(video).not.toBeNull();
    expect(video.muted).toBe(true);
    expect(video.autoplay).toBe(true);
    expect(video.hasAttribute('playsinline')).toBe(true);
    // jsdom has neither Media Source Extensions nor native HLS: the honest error, then a retry in 2 s.
    await waitFor(() => expect(screen.getByTestId('video-cam').dataset.state).toBe('error'));
    expect(screen.getByTestId('video-cam').textContent).toContain('This browser cannot play this video format');
    expect(screen.getByTestId('video-cam').textContent).toContain('Retrying in 2 s (attempt 1)');
  });
});
