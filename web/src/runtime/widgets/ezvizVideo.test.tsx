/**
 * The EZVIZ video's states (docs/ezviz.md): still in the designer (the device, no call); live, the camera's
 * address asked of the server by page and widget (a saved page) or by serial for the page's owner (the designer's
 * draft), played in the HLS player and asked again when the stream fails; the server's refusal shown as it words
 * it, in the reader's language; nothing asked without a serial number or without a page to name.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { fail, installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { parsePageDocument } from '../document';
import { PageView } from '../PageView';
import { TEST_NOW, testContext } from '../testDocument';
import { consoleRecordCalls } from '../recordCalls';
import type { LivePage, RuntimeContext } from '../types';

const LIVE = '/lfscada/ezviz/live/address';
const PREVIEW = '/lfscada/ezviz/live/preview';
const at = { x: 10, y: 10, width: 320, height: 240 };

function page(serialNumber = 'D123') {
  return parsePageDocument({
    widgets: [{ id: 'cam', widgetType: 'ComplexVideo', position: at, data: { dataAddon: { type: 'ezviz', serialNumber, channelNumber: 2 } } }],
  });
}

const SAVED: LivePage = { id: 41, owner: { kind: 'equipment', id: 7 }, draft: false };

let server: FakeServer;

beforeEach(async () => {
  await changeLanguage('en');
  server = installFakeServer({ loggedIn: true });
  server.on(LIVE, ok({ url: '/hls/D123/2.m3u8', expireTime: Date.now() + 3_600_000 }));
  server.on(PREVIEW, ok({ url: '/hls/D123/2.m3u8', expireTime: Date.now() + 3_600_000 }));
});

function show(overrides: Partial<RuntimeContext>, serialNumber?: string) {
  return render(
    <QueryClientProvider client={createQueryClient()}>
      <PageView document={page(serialNumber)} context={testContext(overrides)} now={TEST_NOW} />
    </QueryClientProvider>,
  );
}

const body = (path: string, index = 0) => Object.fromEntries(new URLSearchParams(server.calls(path)[index]?.body));

describe('EZVIZ video', { timeout: 20_000 }, () => {
  it('in the designer draws the device and asks nothing', () => {
    const { container } = show({});
    const cam = screen.getByTestId('video-cam');
    expect(cam.dataset.state).toBe('still');
    expect(cam.textContent).toContain('EZVIZ cloud video');
    expect(cam.textContent).toContain('Device D123 · channel 2');
    expect(container.querySelector('video')).toBeNull();
    expect(server.calls(LIVE)).toHaveLength(0);
  });

  it('in a share view (no console call) says it is not shown and asks nothing', async () => {
    show({ live: { equipmentIds: [7], page: SAVED, calls: { ...consoleRecordCalls, scope: 'share:7', ezviz: false } } });
    const cam = await screen.findByTestId('video-cam');
    expect(cam.dataset.state).toBe('ezviz-none');
    expect(cam.textContent).toContain('EZVIZ video is not shown in a share');
    expect(server.calls(LIVE)).toHaveLength(0);
  });

  it('live on a saved page asks by page and widget, plays the address, and asks again when the stream fails', async () => {
    const { container } = show({ live: { equipmentIds: [7], page: SAVED } });
    await waitFor(() => expect(container.querySelector('[data-testid="video-el-cam"]')).not.toBeNull());
    expect(body(LIVE)).toEqual({ pageId: '41', widgetId: 'cam' });
    expect(server.calls(PREVIEW)).toHaveLength(0);
    // jsdom cannot play HLS: the player's error, and the address is asked again (it may have expired).
    await waitFor(() => expect(screen.getByTestId('video-cam').dataset.state).toBe('error'));
    await waitFor(() => expect(server.calls(LIVE).length).toBeGreaterThanOrEqual(2));
  });

  it("live on the designer's draft asks by serial for the page's owner", async () => {
    const { container } = show({ live: { equipmentIds: [9], page: { id: 5, owner: { kind: 'project', id: 9 }, draft: true } } });
    await waitFor(() => expect(container.querySelector('[data-testid="video-el-cam"]')).not.toBeNull());
    expect(body(PREVIEW)).toEqual({ projectId: '9', serialNumber: 'D123', channelNumber: '2' });
    expect(server.calls(LIVE)).toHaveLength(0);
  });

  it("shows the server's refusal as it words it, in the reader's language, and no video", async () => {
    server.on(LIVE, (request) =>
      request.headers['Accept-Language']?.startsWith('zh')
        ? fail('1370', '组织尚未关联萤石密钥，请管理员在“系统设置”中关联萤石开放平台的 AppKey 和 Secret')
        : fail('1370', 'The organisation has no EZVIZ key linked: an administrator must link the EZVIZ AppKey and Secret in System settings'),
    );
    const { container } = show({ live: { equipmentIds: [7], page: SAVED } });
    await waitFor(() => expect(screen.getByTestId('video-cam').dataset.state).toBe('ezviz-error'));
    expect(screen.getByRole('alert').textContent).toContain('an administrator must link the EZVIZ AppKey');
    expect(screen.getByTestId('video-cam').textContent).toContain('Device D123 · channel 2');
    expect(screen.getByTestId('video-cam').textContent).toContain('Asking again every 30 s');
    expect(container.querySelector('video')).toBeNull();
    await act(() => changeLanguage('zh-CN'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('请管理员在“系统设置”中关联'));
  });

  it('EZVIZ refusals and an unreachable service are shown too', async () => {
    server.on(LIVE, fail('1372', 'EZVIZ refused: device does not exist (code 20002)'));
    show({ live: { equipmentIds: [7], page: SAVED } });
    await waitFor(() => expect(screen.getByTestId('video-cam').dataset.state).toBe('ezviz-error'));
    expect(screen.getByRole('alert').textContent).toContain('(code 20002)');
  });

  it('asks nothing without a serial number or without a page to name', () => {
    const first = show({ live: { equipmentIds: [7], page: SAVED } }, '');
    expect(screen.getByTestId('video-cam').dataset.state).toBe('ezviz-none');
    expect(screen.getByTestId('video-cam').textContent).toContain('No device serial number is set');
    first.unmount();
    show({ live: { equipmentIds: [7] } });
    expect(screen.getByTestId('video-cam').dataset.state).toBe('ezviz-none');
    expect(screen.getByTestId('video-cam').textContent).toContain("EZVIZ video plays in the console's page viewer");
    expect(server.calls(LIVE)).toHaveLength(0);
    expect(server.calls(PREVIEW)).toHaveLength(0);
  });
});
