/**
 * Why the designer's check refuses a document, in the JSON form the server sends in a refused save's
 * `data.reason` (crates/domain's `Reason`: `{kind, args}`): a reason inside a `field` (naming the path) inside a
 * `widget` (naming the widget by `{id}` or, without a usable id, by `{at}`: its place). The leaf kinds are those of
 * the generated texts (`reasonTexts.json`, from the domain crate), so a kind the server does not know fails the
 * type check.
 */
import reasonTexts from '@/generated/reasonTexts.json';

/** A reason that wraps no other: `required`, `tooLong`, `oneOf`, … */
export type LeafKind = keyof typeof reasonTexts.reasons;

/** How a refusal names a widget: by its id, or by its place (`widgets[3].children[0]`). */
export type WidgetRef = { id: string } | { at: string };

/** An argument of a leaf reason: a bound, a widget type, the allowed values. */
export type ReasonArg = number | string | readonly string[];

export type Reason =
  | { kind: 'field'; args: { path: string; reason: Reason } }
  | { kind: 'widget'; args: { widget: WidgetRef; reason: Reason } }
  | { kind: LeafKind; args?: Record<string, ReasonArg> };

/** A leaf reason; `args` named as the server names them (`max`, `max_kib`, `widget_type`, `allowed`, …). */
export function reason(kind: LeafKind, args?: Record<string, ReasonArg>): Reason {
  return args === undefined ? { kind } : { kind, args };
}

/** `inner` about the value at `path`. */
export function at(path: string, inner: Reason): Reason {
  return { kind: 'field', args: { path, reason: inner } };
}

/** `inner` about one widget. */
export function inWidget(widget: WidgetRef, inner: Reason): Reason {
  return { kind: 'widget', args: { widget, reason: inner } };
}

/** Thrown by the walk at the first problem, as the server's check returns its first `Err`. */
export class Refused {
  constructor(readonly reason: Reason) {}
}

export function refuse(why: Reason): never {
  throw new Refused(why);
}

/** `run`'s answer, or undefined when it refuses (other errors go on). */
export function unlessRefused<T>(run: () => T): T | undefined {
  try {
    return run();
  } catch (error) {
    if (error instanceof Refused) return undefined;
    throw error;
  }
}
