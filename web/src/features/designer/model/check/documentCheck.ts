/**
 * The designer's check of a page document before it is saved: the server's rules
 * (crates/domain/src/page, `validate_document`), applied in the browser to the very text `page/save` would send,
 * so a document the server would refuse is not sent and the operator hears at once what to fix and where. The
 * server still checks every save.
 *
 * The rules come from the domain crate (the generated `widgetTypes.json` and `reasonTexts.json`); the walk
 * mirrors the server's step for step. Both checks are tested against one table of cases
 * (`../documentCheckCases.json`): the same document is accepted or refused alike, with the same first problem and
 * the same message.
 */
import type { PageDocument } from '@/runtime/document';
import { writePageDocumentText } from '../writeDocument';
import { Refused, type Reason } from './reasons';
import { walkDocument, type ValidDocument } from './walk';

export type { Reason, WidgetRef } from './reasons';
export type { ValidDocument } from './walk';
export { reasonText, refusalMessage } from './texts';

/** Accepted (with what the page list learns of it), or refused with the server's reason. */
export type DocumentCheck = { ok: true; valid: ValidDocument } | { ok: false; reason: Reason };

/** Checks a document's JSON text as the server checks what `page/save` receives. */
export function checkDocumentText(text: string): DocumentCheck {
  try {
    return { ok: true, valid: walkDocument(text) };
  } catch (error) {
    if (error instanceof Refused) return { ok: false, reason: error.reason };
    throw error;
  }
}

/** Checks the designer's document as it would be sent (written back by `writePageDocumentText`). */
export function checkPageDocument(document: PageDocument): DocumentCheck {
  return checkDocumentText(writePageDocumentText(document));
}
