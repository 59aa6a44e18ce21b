/**
 * The `picture` field kind: the description gives it to every picture address (an image widget's, a state's, and
 * the page's background in the page panel), and the panel draws it as the typed address (an address the viewer
 * would not draw is marked and not committed) beside the button that opens the image library.
 */
import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage, loadTexts } from '@/lib/i18n';
import { parsePageDocument, type Widget } from '@/runtime/document';
import type { EditorState } from '../model/actions';
import { createHistory } from '../model/history';
import { sectionsOf } from '../model/properties';
import { PropertyPanel } from './PropertyPanel';

let latest: EditorState;

function Harness({ start }: { start: EditorState }) {
  const [editor, setEditor] = useState(start);
  latest = editor;
  return <PropertyPanel editor={editor} onChange={setEditor} signals={[]} pages={[]} />;
}

function show(widgets: unknown[], selection: string[]) {
  render(<Harness start={{ history: createHistory(parsePageDocument({ widgets })), selection }} />);
}

const image = { id: 'w', widgetType: 'UsualImage', position: { x: 0, y: 0, width: 200, height: 160 }, data: { url: '' } };
const current = (): Widget => latest.history.present.widgets[0] as Widget;

function type(input: HTMLElement, text: string) {
  fireEvent.change(input, { target: { value: text } });
  fireEvent.blur(input);
}

beforeEach(async () => {
  await changeLanguage('zh-CN');
  await loadTexts(['designer']);
});

describe('the picture field kind', { timeout: 60_000 }, () => {
  it('is the kind of every picture address of the description', () => {
    const field = (type: string, id: string) =>
      sectionsOf(type)
        .flatMap((section) => section.fields)
        .find((f) => f.id === id);
    expect(field('UsualImage', 'url')?.type).toEqual({ kind: 'picture', max: 2048 });
    const items = field('UsualAnimation', 'imgItems')?.type;
    expect(items?.kind === 'rows' && items.columns.find((c) => c.key === 'url')).toEqual({ key: 'url', kind: 'picture', max: 2048 });
  });

  it('commits an address the viewer draws, as one step, and marks one it would not', () => {
    show([image], ['w']);
    const input = screen.getByTestId('field-url');
    const before = latest.history.past.length;
    type(input, 'javascript:alert(1)');
    expect(screen.getByTestId('field-url').className).toMatch(/status-error/);
    expect(current().data.url).toBe('');
    expect(latest.history.past.length).toBe(before);
    type(screen.getByTestId('field-url'), ' /userimg/0123456789abcdef0123456789abcdef.png ');
    expect(current().data.url).toBe('/userimg/0123456789abcdef0123456789abcdef.png');
    expect(latest.history.past.length).toBe(before + 1);
  });

  it('offers the image library beside every picture address', () => {
    show([image], ['w']);
    expect(screen.getByRole('button', { name: '从图库选择图片' }).getAttribute('data-testid')).toBe('field-url-library');
  });

  it("offers it for each state's picture", () => {
    const states = { ...image, id: 's', widgetType: 'UsualAnimation', data: { display: 'image' } };
    show([states], ['s']);
    expect(screen.getByTestId('field-imgItems-url-0-library')).toBeTruthy();
    expect(screen.getByTestId('field-imgItems-url-1-library')).toBeTruthy();
  });

  it("offers it for the page's background while nothing is selected", () => {
    show([image], []);
    expect(screen.getByTestId('page-bgImage-library')).toBeTruthy();
    type(screen.getByTestId('page-bgImage'), '/userimg/0123456789abcdef0123456789abcdef.svg');
    expect(latest.history.present.con.bgImage).toBe('/userimg/0123456789abcdef0123456789abcdef.svg');
  });
});
