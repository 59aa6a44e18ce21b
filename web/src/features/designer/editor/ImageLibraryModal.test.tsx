/**
 * The image library as a picture field opens it: a file the server would refuse is refused in the browser (nothing
 * sent), a good one is uploaded; a picture picked sets the field as one history step; a deletion the server
 * refuses (the picture is on a page) shows the server's words and keeps the picture; a picture is renamed in place.
 */
import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { LibraryImage } from '@/generated/answers';
import { changeLanguage, loadTexts } from '@/lib/i18n';
import { createQueryClient } from '@/lib/queryClient';
import { parsePageDocument, type Widget } from '@/runtime/document';
import { fail, installFakeServer, ok, type FakeServer } from '@/test/fakeServer';
import type { EditorState } from '../model/actions';
import { createHistory } from '../model/history';
import { PropertyPanel } from './PropertyPanel';

const QUERY = '/lfscada/configuration/image/query';
const UPLOAD = '/lfscada/configuration/image/upload';
const DELETE = '/lfscada/configuration/image/delete';
const RENAME = '/lfscada/configuration/image/rename';

const PICTURES: LibraryImage[] = [
  { id: 2, image: '/userimg/bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb.svg', title: '进水阀', kind: 'svg', bytes: 912, gmtCreate: 1_800_000_100_000 },
  { id: 1, image: '/userimg/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.png', title: '水泵', kind: 'png', bytes: 20_480, gmtCreate: 1_800_000_000_000 },
];

let server: FakeServer;
let latest: EditorState;

function Harness({ start }: { start: EditorState }) {
  const [editor, setEditor] = useState(start);
  latest = editor;
  return <PropertyPanel editor={editor} onChange={setEditor} signals={[]} pages={[]} />;
}

function showImageWidget(url = '') {
  const doc = parsePageDocument({
    widgets: [{ id: 'w', widgetType: 'UsualImage', position: { x: 0, y: 0, width: 200, height: 160 }, data: { url } }],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness start={{ history: createHistory(doc), selection: ['w'] }} />
    </QueryClientProvider>,
  );
}

const current = (): Widget => latest.history.present.widgets[0] as Widget;

async function openLibrary() {
  fireEvent.click(screen.getByTestId('field-url-library'));
  return screen.findByTestId('image-library');
}

/** Chooses `file` in the library's upload control, as the browser's file dialog would. */
async function choose(dialog: HTMLElement, file: File) {
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  await act(async () => {
    fireEvent.change(input, { target: { files: [file] } });
  });
}

beforeEach(async () => {
  await changeLanguage('zh-CN');
  await loadTexts(['designer']);
  server = installFakeServer({ loggedIn: true });
  server.on(QUERY, ok({ total: PICTURES.length, list: PICTURES }));
});

const MODEL: LibraryImage = { id: 9, image: '/userimg/dddddddddddddddddddddddddddddddd.glb', title: '泵模型', kind: 'glb', bytes: 1504, gmtCreate: 1_800_000_200_000 };

function showModelWidget() {
  const doc = parsePageDocument({
    widgets: [{ id: 'w', widgetType: 'UsualWebgl', position: { x: 0, y: 0, width: 200, height: 160 }, data: {} }],
  });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Harness start={{ history: createHistory(doc), selection: ['w'] }} />
    </QueryClientProvider>,
  );
}

describe('3D models in the image library', { timeout: 60_000 }, () => {
  it('shows a model as a cube with its name, not usable from a picture field', async () => {
    server.on(QUERY, ok({ total: 3, list: [MODEL, ...PICTURES] }));
    showImageWidget();
    const dialog = await openLibrary();
    const tiles = await within(dialog).findAllByTestId('library-image');
    expect(within(tiles[0]).getByTestId('library-model-icon')).toBeTruthy();
    expect(within(tiles[0]).getByText('泵模型')).toBeTruthy();
    expect(within(tiles[0]).getByText('GLB · 1.5 KB')).toBeTruthy();
    expect((within(tiles[0]).getByTestId('library-pick') as HTMLButtonElement).disabled).toBe(true);
    expect((within(tiles[1]).getByTestId('library-pick') as HTMLButtonElement).disabled).toBe(false);
  });

  it('sets a model field to the model picked, and refuses pictures there', async () => {
    server.on(QUERY, ok({ total: 3, list: [MODEL, ...PICTURES] }));
    showModelWidget();
    fireEvent.click(screen.getByTestId('field-modelUrl-library'));
    const dialog = await screen.findByTestId('image-library');
    const tiles = await within(dialog).findAllByTestId('library-image');
    expect((within(tiles[1]).getByTestId('library-pick') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(tiles[0]).getByTestId('library-pick'));
    await waitFor(() => expect(current().data.dataAddon.extra.modelUrl).toBe(MODEL.image));
  });

  it('uploads a .glb up to the model limit and refuses a larger one in the browser', async () => {
    server.on(UPLOAD, ok({ id: 10, image: '/userimg/eeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee.glb', title: 'cube' }));
    showModelWidget();
    fireEvent.click(screen.getByTestId('field-modelUrl-library'));
    const dialog = await screen.findByTestId('image-library');
    await within(dialog).findAllByTestId('library-image');
    await choose(dialog, new File([new Uint8Array(20 * 1024 * 1024 + 1)], 'huge.glb', { type: '' }));
    expect(within(dialog).getByTestId('library-error').textContent).toContain('20 MB');
    expect(server.calls(UPLOAD)).toHaveLength(0);
    await choose(dialog, new File([new Uint8Array([0x67, 0x6c, 0x54, 0x46])], 'cube.glb', { type: 'model/gltf-binary' }));
    await waitFor(() => expect(server.calls(UPLOAD)).toHaveLength(1));
  });
});

describe('the image library', { timeout: 60_000 }, () => {
  it('shows the pictures as thumbnails named by their titles, the field’s own marked', async () => {
    showImageWidget(PICTURES[1].image);
    const dialog = await openLibrary();
    const thumbnails = await within(dialog).findAllByRole('img', { name: /进水阀|水泵/ });
    expect(thumbnails.map((img) => img.getAttribute('src'))).toEqual(PICTURES.map((p) => p.image));
    const tiles = within(dialog).getAllByTestId('library-image');
    expect(within(tiles[1]).getByText('当前')).toBeTruthy();
    expect(within(tiles[1]).getByText('PNG · 20 KB')).toBeTruthy();
    expect(within(tiles[0]).queryByText('当前')).toBeNull();
    const asked = new URLSearchParams(server.calls(QUERY)[0].body);
    expect([asked.get('page'), asked.get('pageSize')]).toEqual(['1', '20']);
  });

  it('refuses a file of another type in the browser, sending nothing', async () => {
    showImageWidget();
    const dialog = await openLibrary();
    await within(dialog).findAllByTestId('library-image');
    await choose(dialog, new File(['just text'], 'notes.txt', { type: 'text/plain' }));
    expect((await within(dialog).findByTestId('library-error')).textContent).toContain('只能上传 PNG / JPG / GIF / SVG / WEBP 格式的图片');
    const big = new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await choose(dialog, big);
    expect(within(dialog).getByTestId('library-error').textContent).toContain('图片不能超过 2 MB');
    expect(server.calls(UPLOAD)).toHaveLength(0);
  });

  it('uploads a picture the browser accepts and lists the library again', async () => {
    server.on(UPLOAD, ok({ id: 3, image: '/userimg/cccccccccccccccccccccccccccccccc.png', title: 'tank' }));
    showImageWidget();
    const dialog = await openLibrary();
    await within(dialog).findAllByTestId('library-image');
    await choose(dialog, new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'tank.png', { type: 'image/png' }));
    await waitFor(() => expect(server.calls(UPLOAD)).toHaveLength(1));
    await waitFor(() => expect(server.calls(QUERY).length).toBeGreaterThan(1));
    expect(within(dialog).queryByTestId('library-error')).toBeNull();
  });

  it('sets the field to the picture picked, as one step, and closes', async () => {
    showImageWidget();
    const before = latest.history.past.length;
    const dialog = await openLibrary();
    const tiles = await within(dialog).findAllByTestId('library-image');
    fireEvent.click(within(tiles[1]).getByTestId('library-pick'));
    expect(current().data.url).toBe(PICTURES[1].image);
    expect(latest.history.past.length).toBe(before + 1);
    await waitFor(() => expect(screen.queryByTestId('image-library')).toBeNull());
    expect((screen.getByTestId('field-url') as HTMLInputElement).value).toBe(PICTURES[1].image);
  });

  it('shows the server’s refusal of a deletion and keeps the picture', async () => {
    server.on(DELETE, fail('1243', '该图片正被 1 个页面使用，请先在页面中替换后再删除'));
    showImageWidget();
    const dialog = await openLibrary();
    const tiles = await within(dialog).findAllByTestId('library-image');
    fireEvent.click(within(tiles[0]).getByTestId('library-delete'));
    const confirm = await waitFor(() => {
      const button = document.querySelector('.ant-popconfirm-buttons .ant-btn-primary');
      expect(button).not.toBeNull();
      return button as HTMLElement;
    });
    await act(async () => {
      fireEvent.click(confirm);
    });
    expect((await within(dialog).findByTestId('library-error')).textContent).toContain('该图片正被 1 个页面使用');
    expect(server.calls(DELETE)[0].body).toBe('id=2');
    expect(within(dialog).getAllByTestId('library-image')).toHaveLength(2);
  });

  it('renames a picture in place (Enter), sending nothing for an empty or unchanged title, and shows a refusal', async () => {
    server.on(RENAME, ok(null));
    showImageWidget();
    const dialog = await openLibrary();
    const tiles = await within(dialog).findAllByTestId('library-image');
    const rename = async (title: string) => {
      fireEvent.click(within(tiles[0]).getByRole('button', { name: '重命名' }));
      const field = within(tiles[0]).getByRole('textbox');
      fireEvent.change(field, { target: { value: title } });
      await act(async () => {
        fireEvent.keyDown(field, { key: 'Enter', keyCode: 13 });
        fireEvent.keyUp(field, { key: 'Enter', keyCode: 13 });
      });
    };
    await rename('   ');
    await rename('进水阀');
    expect(server.calls(RENAME)).toHaveLength(0);
    await rename(' 出水阀 ');
    await waitFor(() => expect(server.calls(RENAME)).toHaveLength(1));
    expect(new URLSearchParams(server.calls(RENAME)[0].body).get('title')).toBe('出水阀');
    expect(new URLSearchParams(server.calls(RENAME)[0].body).get('id')).toBe('2');
    await waitFor(() => expect(server.calls(QUERY).length).toBeGreaterThan(1));
    server.on(RENAME, fail('1242', '图片不存在'));
    await rename('别的名字');
    expect((await within(dialog).findByTestId('library-error')).textContent).toContain('图片不存在');
  });
});
