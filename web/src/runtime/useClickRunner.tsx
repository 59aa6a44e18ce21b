/**
 * Carries out click events (docs/page-document.md, "Click event"):
 * - write: the bound signal must be in the catalogue, the user must hold the write permission and the signal be
 *   writable; a fixed value is checked against the signal's range and, with `hint`, confirmed first; an input
 *   value is asked for and checked (spec section 5). Nothing is sent while any rule fails. The write goes through
 *   the context (the screen's usual write call and its callback); with `feedback` success is reported, failure
 *   always is, in the error's own translated text.
 * - page: opens another configuration page through the context.
 * - link: opens http and https addresses only (a new window of the event's width and height, 600 × 600 by default,
 *   without access to this one; or this tab).
 */
import { useCallback, useEffect, useRef, useState, type ReactNode, type RefObject } from 'react';
import type { message as antdMessage } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError, ClientErrorCode } from '@/lib/api/errors';
import { boundSignalId, type Widget } from './document';
import type { RuntimeContext, RuntimeSignal } from './types';
import { safeLink } from './urls';
import type { ClickHooks } from './widgets/common';
import { useWriteProblemText, withUnit } from '@/entities/signals/writeTexts';
import { checkWrite, checkWriteAccess } from '@/entities/signals/writeValidation';
import { ConfirmWriteDialog, WriteValueDialog } from './WriteDialog';

type MessageInstance = ReturnType<typeof antdMessage.useMessage>[0];

type Dialog =
  | { kind: 'confirm'; signal: RuntimeSignal; value: number; question: string; answer(confirmed: boolean): void }
  | { kind: 'input'; signal: RuntimeSignal; question: string; answer(value: number | null): void };

export function useClickRunner(context: RefObject<RuntimeContext>, message: RefObject<MessageInstance | null>) {
  const { t } = useTranslation();
  const problemText = useWriteProblemText();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  // Texts are read when a click runs, so a language switch applies without re-creating the runner (which would
  // re-render every widget).
  const texts = useRef({ t, problemText });
  useEffect(() => {
    texts.current = { t, problemText };
  });

  const runClick = useCallback(
    async (widget: Widget, hooks: ClickHooks): Promise<void> => {
      const ctx = context.current;
      const { t: tr, problemText: problem } = texts.current;
      const say = message.current;
      const config = widget.clickEvent.config;

      if (config.action === 'page') {
        if (config.pageId === null) say?.error(tr('runtime.page.missing'));
        else ctx.openPage(config.pageId);
        return;
      }

      if (config.action === 'link') {
        const url = safeLink(config.link);
        if (!url) {
          say?.error(tr('runtime.link.refused'));
          return;
        }
        // A window of the click event's size (600 × 600 unless the page says otherwise, spec section 3).
        if (config.target === '_blank') window.open(url, '_blank', `noopener,noreferrer,width=${config.width},height=${config.height}`);
        else window.location.assign(url);
        return;
      }

      const signalId = boundSignalId(config.data);
      const signal = signalId === null ? undefined : ctx.signals.get(signalId);
      const refused = checkWriteAccess(signal, ctx.canWrite);
      if (refused || !signal) {
        say?.error(problem(refused ?? { kind: 'unbound' }, signal));
        return;
      }

      let value: number;
      if (config.writeType === 'fixed') {
        // The page's fixed value passes the same rules as a typed one (a page may be older than the signal's range).
        const check = checkWrite(signal, String(config.writeValue));
        if (!check.ok) {
          say?.error(problem(check.problem, signal));
          return;
        }
        value = check.value;
        if (config.hint) {
          const fixed = value;
          const confirmed = await new Promise<boolean>((resolve) =>
            setDialog({ kind: 'confirm', signal, value: fixed, question: config.hintValue, answer: resolve }),
          );
          setDialog(null);
          if (!confirmed) return;
        }
      } else {
        const typed = await new Promise<number | null>((resolve) =>
          setDialog({ kind: 'input', signal, question: config.hint ? config.hintValue : '', answer: resolve }),
        );
        setDialog(null);
        if (typed === null) return;
        value = typed;
      }

      hooks.writing(true);
      try {
        await context.current.write(signal.id, value);
        if (config.feedback) say?.success(tr('runtime.write.success', { signal: signal.title, value: withUnit(value, signal.unit) }));
      } catch (error) {
        // Leaving the page cancels the write's polling: nothing to tell.
        if (error instanceof ApiError && error.code === ClientErrorCode.Aborted) return;
        // A failed write is always reported, with or without `feedback`: the operator must not believe it done.
        const reason = error instanceof ApiError ? error.message : tr('runtime.write.failedUnknown');
        say?.error(tr('runtime.write.failed', { reason }));
      } finally {
        hooks.writing(false);
      }
    },
    [context, message],
  );

  let dialogNode: ReactNode = null;
  if (dialog?.kind === 'confirm') {
    dialogNode = <ConfirmWriteDialog signal={dialog.signal} value={dialog.value} question={dialog.question} onAnswer={dialog.answer} />;
  } else if (dialog?.kind === 'input') {
    dialogNode = <WriteValueDialog signal={dialog.signal} question={dialog.question} onAnswer={dialog.answer} />;
  }
  return { runClick, dialog: dialogNode };
}
