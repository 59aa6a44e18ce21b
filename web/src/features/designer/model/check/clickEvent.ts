/**
 * A click event (`clickEvent.config`): the mirror of `click_event_in` in crates/domain/src/page/check.rs, used for
 * a widget's own event and for each drop-down item's (selectVideo.ts), so both are checked alike.
 */
import widgetTypes from '@/generated/widgetTypes.json';
import { isHttpUrl, join, object, oneOf, text, type Obj } from './reads';
import { at, reason, refuse } from './reasons';

/** The click event at `clickEvent` of `parent` (a widget, or an item at `parentPath`): a known action and target;
 * a link only to an http or https URL, required for the link action. */
export function clickEventIn(parent: Obj, parentPath: string): void {
  const event = object(parent, 'clickEvent', parentPath);
  if (event === undefined) return;
  const eventPath = join(parentPath, 'clickEvent');
  const config = object(event, 'config', eventPath);
  if (config === undefined) return;
  const path = join(eventPath, 'config');
  const action = oneOf(config, 'action', path, widgetTypes.actions);
  oneOf(config, 'target', path, widgetTypes.targets);
  const link = text(config, 'link', path);
  if (link !== undefined && link !== '') {
    if (!isHttpUrl(link)) refuse(at(join(path, 'link'), reason('notHttpUrl')));
  } else if (action === 'link') {
    refuse(at(join(path, 'link'), reason('required')));
  }
}
