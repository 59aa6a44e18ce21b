import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '@/lib/i18n';
import { fail, installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import { renderApp } from '@/test/renderApp';
import { body, click, confirmPopover } from '../testHelpers';

const QUERY = '/lfscada/project/query';
const INFO = '/lfscada/project/info';
const PAGES = '/lfscada/project/page/query';
const ADD = '/lfscada/project/page/add';
const EDIT = '/lfscada/configuration/page/edit';
const COPY = '/lfscada/configuration/page/copy';
const HOME = '/lfscada/configuration/page/setHome';
const DELETE = '/lfscada/configuration/page/delete';

const page = (id: number, title: string, extra: object = {}) => ({
  id,
  equipmentId: null,
  projectId: 5,
  title,
  width: 1024,
  height: 768,
  updated: Date.UTC(2026, 0, 2),
  protected: false,
  home: false,
  ...extra,
});

let server: FakeServer;

beforeEach(async () => {
  await changeLanguage('zh-CN');
  server = installFakeServer({ loggedIn: true });
  server.on(QUERY, ok({ total: 1, list: [{ id: 5, name: 'North plant', remark: '', equipmentCount: 2, updated: Date.UTC(2026, 0, 2) }] }));
  server.on(INFO, ok({ id: 5, name: 'North plant', remark: '', equipment: [{ id: 1, equipName: 'Fan' }, { id: 2, equipName: 'Pump' }] }));
  server.on(PAGES, ok([page(11, 'Overview', { home: true }), page(12, 'Hall', { protected: true })]));
});

afterEach(() => {
  vi.unstubAllGlobals();
});

async function openPages() {
  const app = renderApp('/manage/eg/project/list');
  await click(await screen.findByTestId('projects-pages-5', undefined, { timeout: 15_000 }));
  const drawer = await screen.findByTestId('project-pages');
  await within(drawer).findByText('Overview');
  return { app, drawer };
}

describe("a project's configuration pages", { timeout: 60_000 }, () => {
  it("lists the project's pages with the home and protected marks, and opens the project's designer", async () => {
    const { app, drawer } = await openPages();
    expect(body(server.calls(PAGES)[0])).toEqual({ projectId: '5' });
    expect(await screen.findByText('“North plant”的组态页面')).toBeTruthy();
    expect(within(drawer).getByTestId('page-home-11')).toBeTruthy();
    expect(within(drawer).queryByTestId('page-home-12')).toBeNull();
    expect(within(drawer).getByTestId('page-protected-12')).toBeTruthy();
    expect(within(drawer).getByTestId('page-designer-hint').textContent).toContain('项目中任一设备');
    expect(app.router.state.location.search).toBe('?pages=5');
    expect(within(drawer).getByTestId('page-design-12').getAttribute('href')).toBe('/manage/project/5/designer/12');
  });

  it('creates a page with its canvas in the project; a refused title shows on the field', async () => {
    server.on(ADD, fail('1100', '参数 title 不合法', { field: 'title', reason: { kind: 'notAllowed' } }));
    await openPages();
    await click(document.getElementById('page-add') as HTMLElement);
    fireEvent.change(document.getElementById('page-title') as HTMLElement, { target: { value: ' Pumps ' } });
    fireEvent.change(document.getElementById('page-width') as HTMLElement, { target: { value: '1280' } });
    await click(document.getElementById('page-save') as HTMLElement);
    expect(await screen.findByText('参数 title 不合法')).toBeTruthy();
    expect(body(server.calls(ADD)[0])).toEqual({ projectId: '5', title: 'Pumps', width: '1280' });

    server.on(ADD, ok({ id: 13 }));
    server.on(PAGES, ok([page(11, 'Overview', { home: true }), page(12, 'Hall'), page(13, 'Pumps')]));
    await click(document.getElementById('page-save') as HTMLElement);
    expect(await screen.findByText('Pumps', undefined, { timeout: 15_000 })).toBeTruthy();
  });

  it('renames, copies under an offered title, makes the home page and deletes after asking, by page id', async () => {
    for (const path of [EDIT, COPY, HOME, DELETE]) server.on(path, ok(path === COPY ? { id: 14 } : null));
    const { drawer } = await openPages();

    await click(within(drawer).getByTestId('page-rename-12'));
    await waitFor(() => expect((document.getElementById('page-title') as HTMLInputElement).value).toBe('Hall'));
    fireEvent.change(document.getElementById('page-title') as HTMLElement, { target: { value: 'Hall A' } });
    await click(document.getElementById('page-save') as HTMLElement);
    await waitFor(() => expect(body(server.calls(EDIT)[0])).toEqual({ id: '12', title: 'Hall A' }));

    await click(within(drawer).getByTestId('page-copy-11'));
    await waitFor(() => expect((document.getElementById('page-title') as HTMLInputElement).value).toBe('Overview（副本）'));
    await click(document.getElementById('page-save') as HTMLElement);
    await waitFor(() => expect(body(server.calls(COPY)[0])).toEqual({ id: '11', title: 'Overview（副本）' }));

    await click(within(drawer).getByTestId('page-set-home-12'));
    await waitFor(() => expect(body(server.calls(HOME)[0])).toEqual({ id: '12' }));

    await click(within(drawer).getByTestId('page-delete-12'));
    const popover = await confirmPopover();
    expect(popover.textContent).toContain('删除页面“Hall”？');
    expect(server.calls(DELETE)).toHaveLength(0);
    await click(within(popover).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(body(server.calls(DELETE)[0])).toEqual({ id: '12' }));
    // Every change reloads the project's list.
    await waitFor(() => expect(server.calls(PAGES).length).toBeGreaterThanOrEqual(5));
  });

  it('opens from the address and says when the project cannot be seen', async () => {
    server.on(PAGES, fail('1253', '项目不存在'));
    renderApp('/manage/eg/project/list?pages=5');
    const error = await screen.findByTestId('page-load-error', undefined, { timeout: 15_000 });
    expect(error.textContent).toContain('组态页面列表加载失败');
    expect(error.textContent).toContain('项目不存在');
    expect(document.getElementById('page-add')).toBeNull();
  });

  it('in English', async () => {
    await changeLanguage('en');
    const { drawer } = await openPages();
    expect(await screen.findByText('Configuration pages of “North plant”')).toBeTruthy();
    expect(within(drawer).getByText('New page')).toBeTruthy();
    expect(within(drawer).getByTestId('page-designer-hint').textContent).toContain('any equipment of the project');
  });
});
