/**
 * Group and ungroup on the page's top-level widgets. A group's children keep their canvas positions
 * (docs/page-document.md), so grouping moves nothing on screen: the group's box is the bounds of its members, and
 * it takes the drawing place of its front-most member. Locked widgets are never grouped (spec section 5), and a
 * group that would break the page's limits (1,000 widgets counting groups, the nesting depth) is not made.
 */
import widgetTypes from '@/generated/widgetTypes.json';
import { allWidgets, parsePageDocument, type Widget } from '@/runtime/document';
import { bounds } from './arrange';
import { canGroup, countRefusal } from './rules';

/** An id no widget of the page has (group members included): `prefix-1`, `prefix-2`, … */
export function newWidgetId(widgets: readonly Widget[], prefix: string): string {
  const taken = new Set([...allWidgets(widgets)].map((w) => w.id));
  let n = 1;
  while (taken.has(`${prefix}-${n}`)) n += 1;
  return `${prefix}-${n}`;
}

/** Levels of widgets from `widget` down (a plain widget is 1, a group of plain widgets 2). */
function depth(widget: Widget): number {
  return 1 + Math.max(0, ...widget.children.map(depth));
}

/**
 * Groups the selected unlocked widgets; `null` when fewer than two may be grouped or the page's limits refuse one
 * more widget or one more level.
 */
export function group(widgets: readonly Widget[], ids: readonly string[]): { widgets: Widget[]; groupId: string } | null {
  const members = widgets.filter((w) => ids.includes(w.id) && !w.posLock);
  if (!canGroup(members)) return null;
  const types = [...allWidgets(widgets)].map((w) => w.widgetType);
  if (countRefusal(types, ['WidgetGroup']) !== null) return null;
  if (1 + Math.max(...members.map(depth)) > widgetTypes.maxDepth) return null;
  const groupId = newWidgetId(widgets, 'group');
  const box = bounds(members.map((w) => w.position));
  const [shell] = parsePageDocument({ widgets: [{ id: groupId, widgetType: 'WidgetGroup', position: box }] }).widgets;
  const made: Widget = { ...(shell as Widget), children: members };
  const front = widgets.findLastIndex((w) => members.includes(w));
  const out: Widget[] = [];
  widgets.forEach((w, i) => {
    if (i === front) out.push(made);
    else if (!members.includes(w)) out.push(w);
  });
  return { widgets: out, groupId };
}

/** Lifts the members of every selected unlocked group into its drawing place; they become the selection. */
export function ungroup(widgets: readonly Widget[], ids: readonly string[]): { widgets: Widget[]; selection: string[] } {
  const selection: string[] = [];
  const out: Widget[] = [];
  for (const w of widgets) {
    const chosen = ids.includes(w.id);
    if (chosen && w.widgetType === 'WidgetGroup' && !w.posLock) {
      out.push(...w.children);
      selection.push(...w.children.map((child) => child.id));
    } else {
      out.push(w);
      if (chosen) selection.push(w.id);
    }
  }
  return { widgets: out, selection };
}
