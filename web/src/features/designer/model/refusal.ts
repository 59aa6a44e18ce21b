/**
 * Which widget a refused save names. The server checks the whole document and names the widget of the first
 * problem in the answer's data (`reason: {kind: 'widget', args: {widget: {id} | {at: 'widgets[3].children[0]'}}}`);
 * the designer's own check before saving (model/check) gives the same reason. The designer selects the top-level
 * widget that holds it (a group, for a child) so its panel shows the field.
 */
import type { ApiError } from '@/lib/api/errors';
import { fieldRefusal, type RefusalReason } from '@/lib/api/fieldErrors';
import { allWidgets, type Widget } from '@/runtime/document';

interface WidgetArgs {
  widget?: { id?: unknown; at?: unknown };
}

/** The id of the top-level widget `reason` names, if it names one of `widgets`. */
export function widgetOfReason(reason: RefusalReason | undefined, widgets: readonly Widget[]): string | undefined {
  if (reason?.kind !== 'widget') return undefined;
  const named = (reason.args as WidgetArgs | undefined)?.widget;
  if (typeof named?.id === 'string') {
    const id = named.id;
    return widgets.find((top) => [...allWidgets([top])].some((w) => w.id === id))?.id;
  }
  if (typeof named?.at === 'string') {
    const index = /^widgets\[(\d+)\]/.exec(named.at)?.[1];
    return index === undefined ? undefined : widgets[Number(index)]?.id;
  }
  return undefined;
}

/** The id of the top-level widget a refused save's answer names, if it names one of `widgets`. */
export function refusedWidget(error: Pick<ApiError, 'code' | 'data'>, widgets: readonly Widget[]): string | undefined {
  return widgetOfReason(fieldRefusal(error)?.reason, widgets);
}
