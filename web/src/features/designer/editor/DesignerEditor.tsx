/**
 * The designer on one page: header (back, title, unsaved mark, save), toolbar, palette, canvas and the position
 * panel. Keys run the action registry's shortcuts (Esc abandons a gesture) and Ctrl+S (Cmd+S) saves, in place of
 * the browser's "save page"; leaving with unsaved changes asks first, in the app and in the browser. A save is
 * confirmed by a short "saved" beside the title (SavedMark), not by a message over the header's buttons. The page's owner decides what widgets bind: an equipment page its
 * equipment's signals, a project page any of its project's equipment's signals (the pickers pick the equipment
 * first, templates bind to the equipment chosen in their panel).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Button, Flex, Layout, Modal, Tag, Typography, message as antdMessage } from 'antd';
import { ArrowLeftOutlined, HistoryOutlined, LockOutlined, SaveOutlined, UnlockOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker } from 'react-router';
import type { ApiError } from '@/lib/api/errors';
import { Code } from '@/lib/api/codes';
import type { PageSaved, SignalEntry } from '@/generated/answers';
import type { PageDocument } from '@/runtime/document';
import { savePage } from '../api/savePage';
import { performShortcut, type Action, type EditorState } from '../model/actions';
import { escape } from '../model/tools';
import { droppedWidget } from '../model/drop';
import { drawnDataOf } from '../model/drawnData';
import widgetTypes from '@/generated/widgetTypes.json';
import { DesignerCanvas } from './DesignerCanvas';
import { CanvasMenu } from './CanvasMenu';
import { bindableSignals, type PageChoice } from './PropertyPanel';
import { LeftPanel, RightPanel, ToolbarBar } from './DesignerPanels';
import { useCalmEditor, useLatestCallback } from './calmEditor';
import { useDesignerSettings } from './localSettings';
import { useDesigner } from './useDesigner';
import { typingIn } from './typing';
import { useStageView } from './useStageView';
import { PagePasswordModal } from './PagePasswordModal';
import { VersionsDrawer } from './VersionsDrawer';
import { restoreVersion } from '../model/versions';
import { refusedWidget, widgetOfReason } from '../model/refusal';
import { checkDocumentText, refusalMessage } from '../model/check/documentCheck';
import { writePageDocumentText } from '../model/writeDocument';
import { RepairNotice } from './RepairNotice';
import { WithRulers } from './Rulers';
import { useAutoSave } from './useAutoSave';
import { PageFileButtons } from './PageFileButtons';
import { MvarsButton } from './MvarsDrawer';
import { ProjectMvarsContext } from './projectMvars';
import { useMvars } from '@/entities/mvars/api';
import { useTemplateInsert } from './useTemplateInsert';
import type { RepairResult } from '@/runtime/bindings';
import { useUser } from '@/lib/session';
import { usePages, type PageOwner } from '@/entities/pages/configPages';
import { writePageDraft } from '@/entities/pages/pageDraft';
import type { EquipmentChoice } from '../model/properties';
import { RunButtons } from './RunButtons';
import { SavedMark } from './SavedMark';
import { useFullWindowChrome } from '@/lib/fullWindowChrome';

/** Where the designer's messages open: below its header and toolbar (px from the window's top). */
const MESSAGE_TOP = 120;

/** No pages yet (a stable empty list, so the properties panel is not drawn again for a new one). */
const NO_PAGES: readonly PageChoice[] = [];

interface DesignerEditorProps {
  pageId: number;
  /** The version opened (the page's `updated`): a save based on it is refused if someone saved since. */
  version: number;
  /** Loads the page again, dropping this editor's changes. */
  onReload(): void;
  /** Whose page it is: an equipment's or a project's. */
  owner: PageOwner;
  /** The owner's equipment (a project's, in its order; an equipment page's own). */
  equipment: readonly EquipmentChoice[];
  /** What widgets bind to: the signals of that equipment, each knowing its equipment. */
  signals: readonly SignalEntry[];
  title: string;
  /** The page asks the viewer for a password. */
  protectedPage: boolean;
  document: PageDocument;
  /** Binding repair on open, against the catalogue: the editor starts on its document when it changed anything. */
  repair: RepairResult | null;
  /** Where "back" goes: the owner's page list. */
  backTo: string;
}


export function DesignerEditor(props: DesignerEditorProps) {
  const { pageId, version, onReload, owner, equipment, signals, title, protectedPage, document, repair, backTo } = props;
  const { t } = useTranslation();
  const chrome = useFullWindowChrome();
  // Messages (a refusal, a template inserted) open over the stage, below the header and the toolbar, so they never
  // sit on a button the engineer reaches for next (antd keeps a message open while the pointer rests on it).
  const [message, messageHolder] = antdMessage.useMessage({ top: MESSAGE_TOP });
  const rootRef = useRef<HTMLDivElement>(null);
  const { designer, update, setTool, unsaved, markSaved } = useDesigner(document, repair?.document);
  const [repairShown, setRepairShown] = useState(() => repair !== null && repair.widgets.length > 0);
  const [settings, changeSettings] = useDesignerSettings(useUser()?.userId ?? 0);
  const [outlines, setOutlines] = useState(true);
  const [versionsOpen, setVersionsOpen] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  // Widgets hidden in the editor only (the page is not changed: the viewer still shows them).
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const toggleHidden = useCallback(
    (id: string) =>
      setHidden((current) => {
        const next = new Set(current);
        if (!next.delete(id)) next.add(id);
        return next;
      }),
    [],
  );
  const editor = designer.editor;
  // What the panels show: during a drag, the editor from before it (calmEditor.ts).
  const calm = useCalmEditor(designer);
  const { stageRef, zoom, setZoom, fit } = useStageView(update, editor.history.present.con);
  const pages = usePages(owner);
  const bindable = useMemo(() => bindableSignals(signals, t('designer.writable'), t('designer.readOnly')), [signals, t]);
  // A project page's pickers choose among its equipment first; an equipment page's list only its own signals.
  const pickEquipment = owner.kind === 'project' ? equipment : undefined;
  // A project page's intermediate variables, for the binding picker (the drawer changes them).
  const projectMvars = useMvars(owner.kind === 'project' ? owner.id : null);
  const mvarsOffered = useMemo(
    () => (owner.kind === 'project' ? { projectId: owner.id, mvars: projectMvars.data ?? [] } : null),
    [owner.kind, owner.id, projectMvars.data],
  );
  const setEditor = useCallback((next: EditorState) => update((d) => ({ ...d, editor: next })), [update]);
  const applyToEditor = useCallback(
    (change: (editor: EditorState) => EditorState) => update((d) => ({ ...d, editor: change(d.editor) })),
    [update],
  );
  // The equipment templates bind to by name: the page's own, or the one chosen in the templates panel (the first
  // of the project until another is chosen).
  const [templateEquipmentId, setTemplateEquipmentId] = useState<number | undefined>(undefined);
  const templateEquipment = useMemo(
    () => equipment.find((e) => e.id === templateEquipmentId) ?? equipment[0] ?? { id: 0, title: '' },
    [equipment, templateEquipmentId],
  );
  const insertTemplate = useTemplateInsert({
    apply: applyToEditor,
    signals: bindable,
    equipment: templateEquipment,
    failed: useCallback((reason: string) => void message.error(t('designer.templates.loadFailed', { reason })), [message, t]),
  });
  // A template inserted from the list lands at the top-left of what the stage shows.
  const insertInView = useLatestCallback((id: number) => {
    const stage = stageRef.current;
    const at = stage ? { x: stage.scrollLeft / zoom + 10, y: stage.scrollTop / zoom + 10 } : { x: 10, y: 10 };
    void insertTemplate(id, at);
  });
  const dropTemplate = useLatestCallback((id: number, at: { x: number; y: number }) => void insertTemplate(id, at));
  // A palette item dropped on the canvas: that type at its default size where it was dropped (model/drop.ts), with
  // what the palette's click would have drawn it with; the select tool after, as after drawing.
  const dropWidget = useLatestCallback((widgetType: string, at: { x: number; y: number }) => {
    const family = widgetTypes.types.find((entry) => entry.type === widgetType)?.family;
    if (!family || family === 'group') return;
    const data = drawnDataOf(widgetType, t);
    update((d) => ({ ...d, tool: { kind: 'select' }, editor: droppedWidget(d.editor, widgetType, family, at, data) }));
  });
  const templateBinding = useMemo(
    () => (pickEquipment ? { equipment: pickEquipment, chosen: templateEquipment.id, onChoose: setTemplateEquipmentId } : undefined),
    [pickEquipment, templateEquipment.id],
  );
  const perform = useCallback((action: Action) => update((d) => (action.enabled(d.editor) ? { ...d, editor: action.perform(d.editor) } : d)), [update]);

  // Ctrl+S / Cmd+S: asked here, done after the next render, so a panel field being typed in (committed when it is
  // left) is in the page that is saved.
  const [saveAsked, setSaveAsked] = useState(0);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 's') {
        // Never the browser's "save page" dialog while the designer is open, wherever the focus is.
        event.preventDefault();
        const focused = window.document.activeElement;
        if (focused instanceof HTMLElement && typingIn(focused) && rootRef.current?.contains(focused)) focused.blur();
        setSaveAsked((n) => n + 1);
        return;
      }
      if (typingIn(event.target)) return;
      if (event.key === 'Escape') {
        update(escape);
        return;
      }
      const press = { key: event.key, ctrlKey: event.ctrlKey, metaKey: event.metaKey, shiftKey: event.shiftKey };
      let handled = false;
      update((d) => {
        const next = performShortcut(d.editor, press);
        handled = next !== d.editor;
        return handled ? { ...d, editor: next } : d;
      });
      if (handled || ((event.ctrlKey || event.metaKey) && ['z', 'y', 'c', 'v', 'd', 'g'].includes(event.key.toLowerCase()))) {
        event.preventDefault();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [update]);

  // Why the last action did nothing (a page count), told once.
  useEffect(() => {
    if (editor.notice) void message[editor.notice.level ?? 'warning'](t(editor.notice.key, editor.notice.values));
  }, [editor.notice, message, t]);

  // The browser's own question when the tab closes with unsaved changes; the router's below.
  useEffect(() => {
    if (!unsaved) return;
    const onUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [unsaved]);
  const blocker = useBlocker(unsaved);

  const queryClient = useQueryClient();
  // The version this editor's document is based on; a save moves it on.
  const [base, setBase] = useState(version);
  const [conflict, setConflict] = useState(false);
  // When the last save succeeded (the mark beside the title shows for a moment).
  const [savedAt, setSavedAt] = useState<number | null>(null);
  // A refused save says why, and the widget the refusal names is selected, so its panel shows what to fix.
  const refused = (reason: string, widget: string | undefined) => {
    void message.error(t('designer.saveFailed', { reason }));
    if (widget) update((d) => ({ ...d, editor: { ...d.editor, selection: [widget] } }));
  };
  const save = useMutation<PageSaved, ApiError, { doc: PageDocument; text: string; overwrite: boolean }>({
    mutationFn: ({ text, overwrite }) => savePage(pageId, text, overwrite ? null : base),
    onSuccess: (answer, { doc }) => {
      setBase(answer.updated);
      setConflict(false);
      markSaved(doc);
      setSavedAt(Date.now());
      // The viewer and the page list read the saved page.
      void queryClient.invalidateQueries({ queryKey: ['configPages'] });
    },
    onError: (error, { doc }) => {
      if (error.code === Code.PageChanged) return setConflict(true);
      refused(error.message, refusedWidget(error, doc.widgets));
    },
  });
  // Every save (the button, autosave, overwriting) first checks the document as it would be sent with the server's
  // rules (model/check): one the server would refuse is not sent, and the refusal is told as the server's would be.
  // The server checks again.
  const send = (overwrite: boolean) => {
    const doc = editor.history.present;
    // Written once: the text checked is the text sent.
    const text = writePageDocumentText(doc);
    const check = checkDocumentText(text);
    if (!check.ok) return refused(refusalMessage(check.reason), widgetOfReason(check.reason, doc.widgets));
    save.mutate({ doc, text, overwrite });
  };

  // "Preview": the document as it is now, unsaved changes included, live in the viewer of a new tab
  // (entities/pages/pageDraft).
  const preview = useLatestCallback((url: string) => {
    if (!writePageDraft(pageId, writePageDocumentText(editor.history.present))) {
      void message.warning(t('designer.previewTooLarge'));
      return;
    }
    window.open(url, '_blank');
  });
  const closeVersions = useCallback(() => setVersionsOpen(false), []);
  const closePassword = useCallback(() => setPasswordOpen(false), []);
  const restore = useCallback(
    (restored: PageDocument) => applyToEditor((current) => restoreVersion(current, restored)),
    [applyToEditor],
  );

  const saveNow = useLatestCallback(() => {
    if (unsaved && !save.isPending && !conflict) send(false);
  });
  useEffect(() => {
    if (saveAsked > 0) saveNow();
  }, [saveAsked, saveNow]);

  useAutoSave({
    enabled: settings.autoSave,
    minutes: settings.saveInterval,
    due: () => unsaved && !save.isPending && !conflict,
    save: () => send(false),
  });

  return (
    <Layout ref={rootRef} style={{ height: '100vh' }} data-testid="designer">
      <Flex align="center" gap={12} style={{ padding: '6px 12px', background: '#fff', borderBottom: '1px solid #f0f0f0' }}>
        <Link to={backTo} aria-label={t('designer.back')} data-testid="designer-back">
          <ArrowLeftOutlined />
        </Link>
        <Typography.Text strong data-testid="designer-title">
          {title}
        </Typography.Text>
        {unsaved && <Tag color="orange" data-testid="designer-unsaved">{t('designer.unsaved')}</Tag>}
        <SavedMark at={unsaved ? null : savedAt} />
        <Flex flex={1} />
        <PageFileButtons editor={calm} title={title} onChange={setEditor} />
        {owner.kind === 'project' && <MvarsButton projectId={owner.id} signals={bindable} equipment={equipment} />}
        <Button icon={<HistoryOutlined />} data-testid="designer-versions" onClick={() => setVersionsOpen(true)}>
          {t('designer.versions.open')}
        </Button>
        <Button
          icon={protectedPage ? <LockOutlined /> : <UnlockOutlined />}
          data-testid="designer-password"
          onClick={() => setPasswordOpen(true)}
        >
          {protectedPage ? t('designer.password.buttonOn') : t('designer.password.buttonOff')}
        </Button>
        <RunButtons owner={owner} pageId={pageId} onPreview={preview} />
        <Button
          type="primary"
          icon={<SaveOutlined />}
          data-testid="designer-save"
          loading={save.isPending}
          disabled={!unsaved}
          title={`${t('designer.save')} (Ctrl+S)`}
          onClick={() => send(false)}
        >
          {t('designer.save')}
        </Button>
        {chrome.bell}
      </Flex>
      {repairShown && repair && (
        <RepairNotice
          repair={repair}
          onClose={() => setRepairShown(false)}
          onSelect={(ids) => applyToEditor((current) => ({ ...current, selection: ids }))}
        />
      )}
      <ToolbarBar
        editor={calm}
        perform={perform}
        settings={settings}
        changeSettings={changeSettings}
        outlines={outlines}
        setOutlines={setOutlines}
        zoom={zoom}
        setZoom={setZoom}
        fit={fit}
      />
      <Layout>
        <LeftPanel
          editor={calm}
          onChange={setEditor}
          tool={designer.tool}
          onTool={setTool}
          hidden={hidden}
          onToggleHidden={toggleHidden}
          onInsertTemplate={insertInView}
          templateBinding={templateBinding}
        />
        <Layout.Content ref={stageRef} style={{ overflow: 'auto', background: '#e9ecef', padding: 24 }} data-testid="designer-stage">
          <WithRulers shown={settings.ruler} width={editor.history.present.con.width} height={editor.history.present.con.height} zoom={zoom}>
            <CanvasMenu editor={calm} perform={perform}>
              <div style={{ display: 'inline-block' }}>
                <DesignerCanvas
                  designer={designer}
                  adsorb={settings.adsorb}
                  update={update}
                  zoom={zoom}
                  grid={settings.grid}
                  outlines={outlines}
                  hidden={hidden}
                  onDropTemplate={dropTemplate}
                  onDropWidget={dropWidget}
                />
              </div>
            </CanvasMenu>
          </WithRulers>
        </Layout.Content>
        {/* The binding pickers of a project page offer its intermediate variables. */}
        <ProjectMvarsContext.Provider value={mvarsOffered}>
          <RightPanel editor={calm} onChange={setEditor} signals={bindable} equipment={pickEquipment} pages={pages.data ?? NO_PAGES} />
        </ProjectMvarsContext.Provider>
      </Layout>
      {messageHolder}
      <VersionsDrawer
        pageId={pageId}
        open={versionsOpen}
        onClose={closeVersions}
        unsaved={unsaved}
        onRestore={restore}
      />
      <PagePasswordModal pageId={pageId} open={passwordOpen} protectedPage={protectedPage} onClose={closePassword} />
      <Modal
        open={conflict}
        title={t('designer.conflictTitle')}
        onCancel={() => setConflict(false)}
        footer={[
          <Button key="cancel" onClick={() => setConflict(false)}>
            {t('designer.stay')}
          </Button>,
          <Button key="reload" danger data-testid="conflict-reload" onClick={onReload}>
            {t('designer.conflictReload')}
          </Button>,
          <Button
            key="overwrite"
            type="primary"
            data-testid="conflict-overwrite"
            loading={save.isPending}
            onClick={() => send(true)}
          >
            {t('designer.conflictOverwrite')}
          </Button>,
        ]}
      >
        <p data-testid="conflict-body">{t('designer.conflictBody')}</p>
      </Modal>
      <Modal
        open={blocker.state === 'blocked'}
        title={t('designer.leaveTitle')}
        okText={t('designer.leave')}
        cancelText={t('designer.stay')}
        onOk={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        {t('designer.leaveBody')}
      </Modal>
    </Layout>
  );
}
