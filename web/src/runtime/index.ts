/**
 * The configuration page viewer (spec section 3, "Configuration page"; the document contract is
 * docs/page-document.md). A pure view module: the screen that shows a page supplies the document, the equipment's
 * signal catalogue, live values and the write and page-opening calls.
 *
 * ```tsx
 * const parsed = parsePageDocument(info.document);
 * const { document } = repairBindings(parsed, signals, info.equipmentId);
 * <PageView document={document} context={{ values, signals, canWrite, write, openPage }} />
 * ```
 */
export type { RuntimeContext, RuntimeSignal, RuntimeValue } from './types';
export type { PageDocument, Widget } from './document';
export { parsePageDocument } from './document';
export { repairBindings } from './bindings';
export { PageView, type PageViewProps } from './PageView';
