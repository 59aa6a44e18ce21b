/**
 * Reading the document's text as the server reads it (serde_json), which is stricter than `JSON.parse`: a number
 * too large for a double, a lone UTF-16 surrogate (`"\ud800"`) and values nested `jsonDepth` deep are not JSON to
 * it. Each is refused here as `badJson`, as the server would; the shared cases pin each difference.
 */
import widgetTypes from '@/generated/widgetTypes.json';
import { reason, refuse } from './reasons';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `value` (at `depth` containers down) holds only what serde_json reads. */
function readable(value: unknown, depth: number): boolean {
  if (typeof value === 'number') return Number.isFinite(value);
  if (typeof value === 'string') return !LONE_SURROGATE.test(value);
  if (typeof value !== 'object' || value === null) return true;
  if (depth + 1 >= widgetTypes.jsonDepth) return false;
  if (Array.isArray(value)) return value.every((item) => readable(item, depth + 1));
  return Object.entries(value).every(([key, item]) => !LONE_SURROGATE.test(key) && readable(item, depth + 1));
}

/** The value `text` holds; refuses `badJson` where the server's reader would fail. */
export function readJson(text: string): unknown {
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    return refuse(reason('badJson'));
  }
  return readable(value, 0) ? value : refuse(reason('badJson'));
}
