import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api/errors';
import { changeLanguage } from '@/lib/i18n';
import { repairBindings } from './bindings';
import { parsePageDocument } from './document';
import { PageView } from './PageView';
import { EQUIPMENT_ID, TEST_NOW, testContext, testDocumentRaw, testSignals } from './testDocument';
import type { RuntimeContext } from './types';

function show(overrides: Partial<RuntimeContext> = {}) {
  const write = vi.fn<RuntimeContext['write']>(() => Promise.resolve());
  const openPage = vi.fn<RuntimeContext['openPage']>();
  const context = testContext({ write, openPage, ...overrides });
  const { document: doc } = repairBindings(parsePageDocument(testDocumentRaw), testSignals, EQUIPMENT_ID);
  render(<PageView document={doc} context={context} now={TEST_NOW} />);
  return { write: overrides.write ?? write, openPage: overrides.openPage ?? openPage };
}

async function click(id: string) {
  await act(async () => {
    fireEvent.click(screen.getByTestId(`widget-${id}`));
  });
}

/** The open dialog (antd Modal). */
const dialog = () => screen.getByRole('dialog');

async function press(name: RegExp) {
  await act(async () => {
    fireEvent.click(within(dialog()).getByRole('button', { name }));
  });
}

async function type(value: string) {
  const input = within(dialog()).getByTestId('runtime-write-input');
  await act(async () => {
    fireEvent.change(input, { target: { value } });
  });
}

const WRITE = /写\s*入/;
const CANCEL = /取\s*消/;

beforeEach(async () => {
  await changeLanguage('zh-CN');
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('click event: write a fixed value', () => {
  it('asks the page question first, then writes (signalId, value) and says it succeeded', async () => {
    const { write } = show();
    await click('start-pump');
    expect(within(dialog()).getByTestId('runtime-write-confirm').textContent).toContain('确定启动 1# 泵吗？');
    expect(write).not.toHaveBeenCalled();
    await press(WRITE);
    expect(write).toHaveBeenCalledWith(3, 1);
    expect(await screen.findByText('“Pump start”写入成功：1')).toBeTruthy();
  });

  it('writes nothing when the operator cancels the question', async () => {
    const { write } = show();
    await click('start-pump');
    await press(CANCEL);
    expect(write).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('writes at once without a hint', async () => {
    const { write } = show();
    await click('stop-pump');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(write).toHaveBeenCalledWith(3, 0);
  });

  it('shows progress while writing and keeps the button disabled for the delay after the write', async () => {
    let finish: () => void = () => undefined;
    const write = vi.fn<RuntimeContext['write']>(() => new Promise<void>((resolve) => (finish = resolve)));
    show({ write });
    await click('start-pump');
    await press(WRITE);
    const button = screen.getByTestId('widget-start-pump');
    expect(screen.getByTestId('button-start-pump').textContent).toBe('写入中…');
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect(button.getAttribute('aria-disabled')).toBe('true');
    // A second click while writing sends nothing.
    await click('start-pump');
    expect(write).toHaveBeenCalledTimes(1);
    await act(async () => finish());
    expect(screen.getByTestId('button-start-pump').textContent).toBe('启动泵');
    // The delay (1000 ms from the write) still holds the button.
    expect(button.getAttribute('aria-disabled')).toBe('true');
    await waitFor(() => expect(button.getAttribute('aria-disabled')).toBe('false'), { timeout: 3000 });
  });

  it('shows a failed write with the error text', async () => {
    const write = vi.fn<RuntimeContext['write']>(() => Promise.reject(new ApiError('1301', '通信超时')));
    show({ write });
    await click('stop-pump');
    expect(await screen.findByText('写入失败：通信超时')).toBeTruthy();
  });

  it('refuses without the write permission and sends nothing', async () => {
    const { write } = show({ canWrite: false });
    await click('start-pump');
    expect(await screen.findByText('您没有写入权限')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(write).not.toHaveBeenCalled();
  });

  it('refuses a fixed value outside the signal range', async () => {
    const write = vi.fn<RuntimeContext['write']>(() => Promise.resolve());
    const raw = {
      widgets: [
        {
          id: 'too-fast',
          widgetType: 'UsualButton',
          data: { text: 'Max' },
          clickEvent: { enable: true, config: { data: { type: 'signal', equipId: 7, signalId: 4 }, writeType: 'fixed', writeValue: 5000 } },
        },
      ],
    };
    render(<PageView document={parsePageDocument(raw)} context={testContext({ write })} />);
    await click('too-fast');
    expect(await screen.findByText('写入值不能大于 2900 rpm')).toBeTruthy();
    expect(write).not.toHaveBeenCalled();
  });

  it('refuses a button whose signal left the catalogue', async () => {
    const write = vi.fn<RuntimeContext['write']>(() => Promise.resolve());
    const raw = {
      widgets: [
        {
          id: 'orphan',
          widgetType: 'UsualButton',
          data: { text: 'Go' },
          clickEvent: { enable: true, config: { data: { type: 'signal', equipId: 7, signalId: 99 }, writeValue: 1 } },
        },
      ],
    };
    const { document: doc } = repairBindings(parsePageDocument(raw), testSignals, EQUIPMENT_ID);
    render(<PageView document={doc} context={testContext({ write })} />);
    await click('orphan');
    expect(await screen.findByText('此按钮未绑定可写入的变量')).toBeTruthy();
    expect(write).not.toHaveBeenCalled();
  });
});

describe('click event: ask for the value (spec section 5)', () => {
  it.each([
    ['', '请输入写入值'],
    ['   ', '请输入写入值'],
    ['abc', '写入值必须是数字'],
    ['3000', '写入值不能大于 2900 rpm'],
    ['-1', '写入值不能小于 0 rpm'],
  ])('refuses %j with "%s" and sends nothing', async (input, message) => {
    const { write } = show();
    await click('set-speed');
    expect(within(dialog()).getByTestId('runtime-write-hint').textContent).toBe('允许范围：0 至 2900 (rpm)');
    await type(input);
    await press(WRITE);
    expect(within(dialog()).getByTestId('runtime-write-error').textContent).toBe(message);
    expect(write).not.toHaveBeenCalled();
  });

  it('writes a valid value', async () => {
    const { write } = show();
    await click('set-speed');
    await type('1500');
    await press(WRITE);
    expect(write).toHaveBeenCalledWith(4, 1500);
    expect(await screen.findByText('“Speed setpoint”写入成功：1500 rpm')).toBeTruthy();
  });

  it('refuses a read-only signal before asking', async () => {
    const { write } = show();
    await click('write-level');
    expect(await screen.findByText('变量只读')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(write).not.toHaveBeenCalled();
  });

  it('refuses without the write permission before asking', async () => {
    const { write } = show({ canWrite: false });
    await click('set-speed');
    expect(await screen.findByText('您没有写入权限')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(write).not.toHaveBeenCalled();
  });

  it('says so in English too', async () => {
    await changeLanguage('en');
    const { write } = show();
    await click('set-speed');
    await type('');
    await act(async () => {
      fireEvent.click(within(dialog()).getByRole('button', { name: 'Write' }));
    });
    expect(within(dialog()).getByTestId('runtime-write-error').textContent).toBe('Please enter a value');
    expect(write).not.toHaveBeenCalled();
  });
});

describe('click event: page and link', () => {
  it('opens another configuration page', async () => {
    const { openPage, write } = show();
    await click('open-page');
    expect(openPage).toHaveBeenCalledWith(12);
    expect(write).not.toHaveBeenCalled();
  });

  it('opens an https link in a new window of 600 × 600 (the page says no size) without access to the console', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    show();
    await click('help-link');
    expect(open).toHaveBeenCalledWith('https://example.com/help', '_blank', 'noopener,noreferrer,width=600,height=600');
  });

  it("opens the link's window at the size the page gives", async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const doc = parsePageDocument({
      widgets: [
        {
          id: 'sized-link',
          widgetType: 'UsualButton',
          position: { x: 10, y: 10, width: 100, height: 40 },
          data: { text: 'Manual' },
          clickEvent: { enable: true, config: { action: 'link', link: 'https://example.com/manual', target: '_blank', width: 900, height: 480 } },
        },
      ],
    });
    render(<PageView document={doc} context={testContext()} now={TEST_NOW} />);
    await click('sized-link');
    expect(open).toHaveBeenCalledWith('https://example.com/manual', '_blank', 'noopener,noreferrer,width=900,height=480');
  });

  it('refuses a javascript: link', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const before = window.location.href;
    show();
    await click('bad-link');
    expect(await screen.findByText('链接地址无效，只能打开 http 或 https 地址')).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
    expect(window.location.href).toBe(before);
  });

  it('opens from the keyboard too', async () => {
    const { openPage } = show();
    const page = screen.getByTestId('widget-open-page');
    expect(page.getAttribute('role')).toBe('button');
    expect(page.getAttribute('tabindex')).toBe('0');
    await act(async () => {
      fireEvent.keyDown(page, { key: 'Enter' });
    });
    expect(openPage).toHaveBeenCalledWith(12);
  });

  it('a widget without a click event is not a button', () => {
    show();
    expect(screen.getByTestId('widget-circle').getAttribute('role')).toBeNull();
  });
});
