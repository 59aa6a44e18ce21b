/**
 * The drop-down select's and the video's fields: the viewer's readers read back what the panel writes (through the
 * stored form), fields are shown per type, addresses the viewer would not play are not taken, items keep what the
 * panel does not edit, and what is written passes the save check.
 */
import { describe, expect, it } from 'vitest';
import { parsePageDocument, type Widget } from '@/runtime/document';
import { currentItem, itemClickWidget, selectItemsOf, selectedIdsOf } from '@/runtime/select';
import { videoPlanOf, videoSettingsOf } from '@/runtime/video';
import { checkPageDocument } from '../check/documentCheck';
import { drawnDataOf } from '../drawnData';
import { sectionsOf, withField } from '../properties';
import { writeWidget } from '../writeDocument';
import { choiceItemsOf, nextChoiceItem } from './selectVideo';
import type { ChoiceItem } from './types';

function widget(widgetType: string, data: Record<string, unknown> = {}): Widget {
  const [w] = parsePageDocument({ widgets: [{ id: 'w', widgetType, position: { x: 0, y: 0, width: 300, height: 200 }, data }] }).widgets;
  return w as Widget;
}
const reread = (w: Widget) => parsePageDocument({ widgets: [writeWidget(w)] }).widgets[0] as Widget;
const ids = (type: string) => sectionsOf(type).flatMap((s) => s.fields.map((f) => f.id));
const shown = (w: Widget) =>
  sectionsOf(w.widgetType)
    .flatMap((s) => s.fields)
    .filter((f) => f.shown?.(w) ?? true)
    .map((f) => f.id);
const valid = (w: Widget) => checkPageDocument(parsePageDocument({ widgets: [writeWidget(w)] })).ok;
const t = ((key: string, args?: { n: number }) => `${key}:${args?.n}`) as never;

describe('the drop-down select fields', () => {
  it('offer the binding and the items with the box and font', () => {
    expect(ids('UsualSelect')).toEqual(expect.arrayContaining(['binding', 'selectItems', 'fontSize', 'fillColor', 'strokeColor']));
  });

  it('start from two items named in the engineer language, writing 0 and 1', () => {
    const drawn = widget('UsualSelect', drawnDataOf('UsualSelect', t));
    expect(choiceItemsOf(drawn).map((i) => [i.indexId, i.text, i.action, i.writeValue])).toEqual([
      [1, 'designer.drawn.selectItem:1', 'write', 0],
      [2, 'designer.drawn.selectItem:2', 'write', 1],
    ]);
    expect(valid(drawn)).toBe(true);
    expect(drawnDataOf('UsualButton', t)).toBeUndefined();
  });

  it('write items the viewer reads back, keeping what the panel does not edit', () => {
    const stored = {
      indexId: 'a', text: 'Auto', extraField: 1,
      clickEvent: { enable: true, config: { action: 'write', writeType: 'fixed', writeValue: 2, hint: true, hintValue: 'Sure?', delay: { enable: false, value: 0 } } },
    };
    const w = widget('UsualSelect', { type: 'signal', equipId: 7, signalId: 4, items: [stored], selectDatas: ['a'] });
    const items = choiceItemsOf(w);
    const edited: ChoiceItem[] = [
      { ...items[0]!, text: 'Automatic', writeValue: 3 },
      { ...nextChoiceItem(items), text: 'Docs', action: 'link', link: 'https://example.com/docs', target: '_blank', pressDisabled: true },
      { ...nextChoiceItem(items), indexId: 7, text: 'Overview', action: 'page', pageId: 12 },
    ];
    const next = reread(withField(w, 'selectItems', edited));
    const read = selectItemsOf(next.data);
    expect(read.map((i) => [i.indexId, i.text, i.pressDisabled, i.clickEvent.config.action])).toEqual([
      ['a', 'Automatic', false, 'write'],
      ['1', 'Docs', true, 'link'],
      ['7', 'Overview', false, 'page'],
    ]);
    expect(read[0]?.clickEvent.config).toMatchObject({ writeValue: 3, hint: true, hintValue: 'Sure?', delay: { enable: false, value: 0 } });
    expect(read[0]?.raw.extraField).toBe(1);
    expect(read[1]?.clickEvent.config).toMatchObject({ link: 'https://example.com/docs', target: '_blank' });
    expect(read[2]?.clickEvent.config.pageId).toBe(12);
    expect(next.data.extra.selectDatas).toEqual(['a']);
    expect(choiceItemsOf(next).map((i) => i.text)).toEqual(['Automatic', 'Docs', 'Overview']);
    // The write goes to the bound signal, and the live value 3 now shows "Automatic".
    expect(itemClickWidget(next, read[0]!).clickEvent.config.data.signalId).toBe(4);
    expect(currentItem(read, { bound: true, value: { value: 3, time: 0, good: true, stale: false }, lastChoice: null, selected: [] })).toBe(0);
    expect(valid(next)).toBe(true);
  });

  it('drop a link the server would refuse, and bound texts and counts', () => {
    const w = widget('UsualSelect', { items: [] });
    const bad: ChoiceItem = { ...nextChoiceItem([]), text: 'x'.repeat(500), action: 'link', link: 'javascript:alert(1)' };
    const next = reread(withField(w, 'selectItems', Array.from({ length: 60 }, () => bad)));
    const read = selectItemsOf(next.data);
    expect(read).toHaveLength(50);
    expect(read[0]?.text).toHaveLength(100);
    expect(read[0]?.clickEvent.config.link).toBe('');
  });

  it('mark one item as chosen when the view opens (selectDatas), which an unbound select shows first', () => {
    const w = widget('UsualSelect', drawnDataOf('UsualSelect', t));
    const items = choiceItemsOf(w);
    expect(items.map((i) => i.initial)).toEqual([false, false]);
    const marked = reread(withField(w, 'selectItems', items.map((item, i) => ({ ...item, initial: i === 1 }))));
    expect(marked.data.extra.selectDatas).toEqual([2]);
    expect(choiceItemsOf(marked).map((i) => i.initial)).toEqual([false, true]);
    const read = selectItemsOf(marked.data);
    expect(currentItem(read, { bound: false, value: undefined, lastChoice: null, selected: selectedIdsOf(marked.data) })).toBe(1);
    // Removing the marked item leaves none chosen, not a dangling id.
    const removed = reread(withField(marked, 'selectItems', choiceItemsOf(marked).slice(0, 1)));
    expect(removed.data.extra.selectDatas).toEqual([]);
    // A stored selectDatas naming no item marks none; the first id naming an item wins.
    const stored = widget('UsualSelect', { ...drawnDataOf('UsualSelect', t), selectDatas: ['9', 2, 1] });
    expect(choiceItemsOf(stored).map((i) => i.initial)).toEqual([false, true]);
  });

  it('add items with the next free id and value', () => {
    const items = choiceItemsOf(widget('UsualSelect', drawnDataOf('UsualSelect', t)));
    expect(nextChoiceItem(items)).toMatchObject({ indexId: 3, writeValue: 2, action: 'write', text: '' });
    expect(nextChoiceItem([])).toMatchObject({ indexId: 1, writeValue: 0 });
  });
});

describe('the video fields', () => {
  it('are shown per type', () => {
    const stream = widget('ComplexVideo');
    expect(shown(stream)).toEqual(['opacity', 'videoType', 'videoHls', 'videoFlv', 'videoRtmp']);
    const cloud = withField(stream, 'videoType', 'ezviz');
    expect(shown(cloud)).toEqual(['opacity', 'videoType', 'videoSerial', 'videoChannel', 'videoPanTilt']);
  });

  it('write what the viewer reads', () => {
    let w = widget('ComplexVideo');
    w = withField(w, 'videoHls', ' /live/cam1/index.m3u8 ');
    w = withField(w, 'videoFlv', 'http://10.0.0.5:8080/live/cam1.flv');
    w = withField(w, 'videoRtmp', 'rtmp://10.0.0.5/live/cam1');
    const read = reread(w);
    expect(videoSettingsOf(read.data)).toMatchObject({ type: 'stream', hls: '/live/cam1/index.m3u8', flv: 'http://10.0.0.5:8080/live/cam1.flv', rtmp: 'rtmp://10.0.0.5/live/cam1' });
    expect(videoPlanOf(videoSettingsOf(read.data))).toEqual({ kind: 'hls', url: '/live/cam1/index.m3u8' });
    expect(valid(read)).toBe(true);

    let c = withField(read, 'videoType', 'ezviz');
    c = withField(c, 'videoSerial', ' D12345678 ');
    c = withField(c, 'videoChannel', 2000);
    c = withField(c, 'videoPanTilt', true);
    const cloud = reread(c);
    expect(videoSettingsOf(cloud.data)).toMatchObject({ type: 'ezviz', serialNumber: 'D12345678', channelNumber: 999, panTilt: true });
    expect(cloud.data.dataAddon.extra.PanTilt).toBe(true);
    expect(valid(cloud)).toBe(true);
    expect(videoSettingsOf(reread(withField(cloud, 'videoType', 'stream')).data).type).toBe('stream');
  });

  it('do not take an address the viewer would not play', () => {
    const w = withField(widget('ComplexVideo'), 'videoHls', '/live/ok.m3u8');
    for (const bad of ['javascript:alert(1)', '//evil.example/a.m3u8', 'file:///etc/passwd']) {
      expect(withField(w, 'videoHls', bad)).toBe(w);
      expect(withField(w, 'videoFlv', bad)).toBe(w);
    }
    expect(withField(w, 'videoRtmp', 'http://not-rtmp.example/')).toBe(w);
    // Clearing is always taken.
    expect(videoSettingsOf(withField(w, 'videoHls', '').data).hls).toBe('');
    const textField = sectionsOf('ComplexVideo').flatMap((s) => s.fields).find((f) => f.id === 'videoHls');
    expect(textField?.type.kind === 'text' && textField.type.valid?.('javascript:x')).toBe(false);
  });
});
