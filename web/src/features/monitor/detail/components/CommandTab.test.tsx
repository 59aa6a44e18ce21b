import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { fail, ok } from '@/test/fakeServer';
import { P, body, click, fill, installDetailServer, openDetail, openTab, pick, type Harness } from './testSupport';

let h: Harness;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  h = installDetailServer();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('command: read now and write', { timeout: 60_000 }, () => {
  it('asks for a signal first', async () => {
    await openDetail('?tab=command');
    expect((await screen.findByTestId('command-pick')).textContent).toContain('请选择要读取或写入的信号');
  });

  it('reads a value from the device through the callback', async () => {
    const time = Date.UTC(2026, 10, 23, 4, 0, 0);
    h.server.on(P.read, ok({ online: true, uuid: 'r-1' }));
    h.server.on(P.callback, ok({ status: 'success', code: '200', message: '', data: { value: 1.5, readings: [{ value: 1.5, time, quality: 'good' }] } }));
    await openDetail();
    await openTab('命令');
    await pick('command-signal', 'Inlet pressure (只读)');
    await click(document.getElementById('read-now') as HTMLElement);
    const result = await screen.findByTestId('read-result', undefined, { timeout: 8000 });
    expect(result.textContent).toContain('读取结果：1.50 bar');
    expect(result.textContent).toContain('2026-11-23 12:00:00');
    expect(body(h.server.calls(P.read)[0])).toEqual({ signalId: '1' });
  });

  it('shows a failed read with the mapped text', async () => {
    h.server.on(P.read, ok({ online: true, uuid: 'r-2' }));
    h.server.on(P.callback, ok({ status: 'failure', code: '1301', message: '' }));
    await openDetail('?tab=command');
    await pick('command-signal', 'Inlet pressure (只读)');
    await click(document.getElementById('read-now') as HTMLElement);
    const result = await screen.findByTestId('read-result', undefined, { timeout: 8000 });
    expect(result.textContent).toContain('读取失败');
    expect(result.textContent).toContain('通信超时');
  });

  it('refuses a write to a read-only signal without sending it', async () => {
    await openDetail('?tab=command');
    await pick('command-signal', 'Tank level (只读)');
    fill('write-value', '50');
    await click(document.getElementById('write-submit') as HTMLElement);
    expect(screen.getByTestId('write-error').textContent).toBe('变量只读');
    expect(h.server.calls(P.write)).toHaveLength(0);
  });

  it('writes a writable signal', async () => {
    h.server.on(P.write, ok({ online: true, uuid: 'w-1' }));
    h.server.on(P.callback, ok({ status: 'success', code: '200', message: '', data: { value: 1, readings: [] } }));
    await openDetail('?tab=command');
    await pick('command-signal', 'Pump start');
    fill('write-value', '1');
    await click(document.getElementById('write-submit') as HTMLElement);
    expect((await screen.findByTestId('write-result', undefined, { timeout: 8000 })).textContent).toContain('写入成功：1');
    expect(body(h.server.calls(P.write)[0])).toEqual({ signalId: '10', value: '1' });
  });

  it('shows the server refusing a read (gateway offline) as text', async () => {
    h.server.on(P.read, fail('1207', ''));
    await openDetail('?tab=command');
    await pick('command-signal', 'Speed setpoint');
    await click(document.getElementById('read-now') as HTMLElement);
    expect((await screen.findByTestId('read-result')).textContent).toContain('设备离线，无法下发命令');
  });
});
