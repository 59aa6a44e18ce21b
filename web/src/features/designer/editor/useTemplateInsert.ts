/**
 * Dropping a template on the page (model/templates.ts): fetched, bound by name to the page's equipment's signals,
 * added as one history step and selected. The editor's notice tells the engineer how many bindings found their
 * signal and which names the equipment lacks, or why the page's counts refused it; decided in the same state change
 * as the insertion, against the page as it is when the template arrives. Used by the templates panel (insert) and
 * the canvas (drop at the pointer).
 */
import { useCallback } from 'react';
import { parsePageDocument } from '@/runtime/document';
import type { ApiError } from '@/lib/api/errors';
import { fetchTemplate } from '../api/templates';
import { refusalNotice, withWidgets, type EditorState, type Notice } from '../model/actions';
import { placeTemplate, type NamedSignal } from '../model/templates';

interface TemplateInsertProps {
  /** Changes the editor from its latest state (the template arrives later than the click). */
  apply(change: (editor: EditorState) => EditorState): void;
  signals: readonly NamedSignal[];
  equipment: { id: number; title: string };
  /** Tells why a template could not be fetched. */
  failed(reason: string): void;
}

/** Inserts the template `id` with its top-left at `at` (canvas units). */
export function useTemplateInsert({ apply, signals, equipment, failed }: TemplateInsertProps) {
  return useCallback(
    async (id: number, at: { x: number; y: number }) => {
      let template;
      try {
        template = await fetchTemplate(id);
      } catch (error) {
        failed((error as ApiError).message);
        return;
      }
      const { name } = template;
      const widgets = parsePageDocument(template.document).widgets;
      apply((editor) => {
        const present = editor.history.present;
        const placed = placeTemplate(present.widgets, widgets, signals, equipment, at, present.con);
        if (!placed.ok) return { ...editor, notice: refusalNotice(placed.refusal) };
        const next = withWidgets(editor, placed.widgets, placed.insertedIds);
        const notice: Notice =
          placed.missing.length === 0
            ? { key: 'designer.templates.inserted', values: { name, count: placed.bound }, level: 'success' }
            : {
                key: 'designer.templates.insertedMissing',
                values: { name, count: placed.bound, names: placed.missing.join(', '), equipment: equipment.title },
              };
        return { ...next, notice };
      });
    },
    [apply, signals, equipment, failed],
  );
}
