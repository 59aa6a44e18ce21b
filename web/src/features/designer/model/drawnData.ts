/**
 * What a widget type holds in `data` when it is drawn from the palette, beyond the parser's defaults: texts an
 * engineer would otherwise have to type before the widget shows anything. The texts are the engineer's language
 * at the time (`t`), stored as plain text in the document, as if typed.
 */
import type { TFunction } from 'i18next';
import { CLICK_WINDOW_SIZE, DEFAULT_PRESS_TYPE } from '@/runtime/document';

/** The click event of a new drop-down item: write `value` to the widget's bound signal (runtime/select.ts). */
function writeItem(indexId: number, text: string, value: number) {
  return {
    indexId,
    text,
    pressDisabled: false,
    clickEvent: {
      enable: true,
      config: { action: 'write', writeType: 'fixed', writeValue: value, hint: false, hintValue: '', delay: { enable: true, value: 1000 }, feedback: true, link: '', target: '_self', width: CLICK_WINDOW_SIZE, height: CLICK_WINDOW_SIZE, pressType: DEFAULT_PRESS_TYPE },
    },
  };
}

/** The `data` a new widget of `widgetType` starts with, or undefined for the parser's defaults. */
export function drawnDataOf(widgetType: string, t: TFunction): Record<string, unknown> | undefined {
  if (widgetType === 'UsualSelect') {
    // Two choices writing 0 and 1, named "Option 1" and "Option 2" in the engineer's language.
    return { items: [1, 2].map((n) => writeItem(n, t('designer.drawn.selectItem', { n }), n - 1)), selectDatas: [] };
  }
  return undefined;
}
