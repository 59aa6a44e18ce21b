/**
 * The designer on one page: header (back, title, unsaved mark, save), toolbar, palette, canvas and the position
 * panel. Keys run the action registry's shortcuts (Esc abandons a gesture); leaving with unsaved changes asks
 * first, in the app and in the browser.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, Flex, Layout, Modal, Slider, Switch, Tabs, Tag, Tooltip, Typography, message as antdMessage } from 'antd';
import { ArrowLeftOutlined, EyeOutlined, HistoryOutlined, LockOutlined, PlayCircleOutlined, SaveOutlined, UnlockOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useBlocker } from 'react-router';
import type { ApiError } from '@/lib/api/errors';
import { Code } from '@/lib/api/codes';
import type { PageSaved } from '@/generated/answers';
import type { PageDocument } from '@/runtime/document';
import { savePage } from '../api/savePage';
import { performShortcut, type Action, type EditorState } from '../model/actions';
import { escape } from '../model/tools';
import { DesignerCanvas } from './DesignerCanvas';
import { CanvasMenu } from './CanvasMenu';
import { LayerList } from './LayerList';
import { Palette } from './Palette';
import { PropertyPanel, bindableSignals } from './PropertyPanel';
import { Toolbar } from './Toolbar';
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
import { SettingsPopover } from './SettingsPopover';
import { useAutoSave } from './useAutoSave';
import { PageFileButtons } from './PageFileButtons';
import { TemplatesPanel } from './TemplatesPanel';
import { useTemplateInsert } from './useTemplateInsert';
import type { RepairResult } from '@/runtime/bindings';
import { useUser } from '@/lib/session';
import { useSignals } from '@/lib/signals/catalogue';
import { usePages } from '@/lib/configPages';
import { egPagePath } from '@/lib/paths';
import { DRAFT_QUERY, writePageDraft } from '@/lib/pageDraft';

interface DesignerEditorProps {
  pageId: number;
  /** The version opened (the page's `updated`): a save based on it is refused if someone saved since. */
  version: number;
  /** Loads the page again, dropping this editor's changes. */
  onReload(): void;
  /** The page's equipment: its signals are what widgets bind to. */
  equipmentId: number;
  title: string;
  /** The page asks the viewer for a password. */
  protectedPage: boolean;
  document: PageDocument;
  /** Binding repair on open, against the catalogue: the editor starts on its document when it changed anything. */
  repair: RepairResult | null;
  /** Where "back" goes: the equipment's page list. */
  backTo: string;
}


export function DesignerEditor({ pageId, version, onReload, equipmentId, title, protectedPage, document, repair, backTo }: DesignerEditorProps) {
  const { t } = useTranslation();
  const [message, messageHolder] = antdMessage.useMessage();
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
  const { stageRef, zoom, setZoom, fit } = useStageView(update, editor.history.present.con);
  const catalogue = useSignals(equipmentId).data;
  const pages = usePages(equipmentId);
  const bindable = useMemo(
    () => bindableSignals(catalogue ?? [], t('designer.writable'), t('designer.readOnly')),
    [catalogue, t],
  );
  const setEditor = useCallback((next: EditorState) => update((d) => ({ ...d, editor: next })), [update]);
  const applyToEditor = useCallback(
    (change: (editor: EditorState) => EditorState) => update((d) => ({ ...d, editor: change(d.editor) })),
    [update],
  );
  const equipment = useMemo(() => ({ id: equipmentId, title: bindable[0]?.equipTitle ?? '' }), [equipmentId, bindable]);
  const insertTemplate = useTemplateInsert({
    apply: applyToEditor,
    signals: bindable,
    equipment,
    failed: useCallback((reason: string) => void message.error(t('designer.templates.loadFailed', { reason })), [message, t]),
  });
  // A template inserted from the list lands at the top-left of what the stage shows.
  const insertInView = (id: number) => {
    const stage = stageRef.current;
    const at = stage ? { x: stage.scrollLeft / zoom + 10, y: stage.scrollTop / zoom + 10 } : { x: 10, y: 10 };
    void insertTemplate(id, at);
  };
  const perform = useCallback((action: Action) => update((d) => (action.enabled(d.editor) ? { ...d, editor: action.perform(d.editor) } : d)), [update]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
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
      void message.success(t('designer.saved'));
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

  // "Preview": the document as it is now, unsaved changes included, live in the viewer of a new tab (lib/pageDraft).
  const preview = () => {
    if (!writePageDraft(pageId, writePageDocumentText(editor.history.present))) {
      void message.warning(t('designer.previewTooLarge'));
      return;
    }
    window.open(`${egPagePath(pageId)}?${DRAFT_QUERY}=1`, '_blank');
  };

  useAutoSave({
    enabled: settings.autoSave,
    minutes: settings.saveInterval,
    due: () => unsaved && !save.isPending && !conflict,
    save: () => send(false),
  });

  return (
    <Layout style={{ height: '100vh' }} data-testid="designer">
      <Flex align="center" gap={12} style={{ padding: '6px 12px', background: '#fff', borderBottom: '1px solid #f0f0f0' }}>
        <Link to={backTo} aria-label={t('designer.back')} data-testid="designer-back">
          <ArrowLeftOutlined />
        </Link>
        <Typography.Text strong data-testid="designer-title">
          {title}
        </Typography.Text>
        {unsaved && <Tag color="orange" data-testid="designer-unsaved">{t('designer.unsaved')}</Tag>}
        <Flex flex={1} />
        <PageFileButtons editor={editor} title={title} onChange={setEditor} />
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
        <Tooltip title={t('designer.previewHint')}>
          <Button icon={<EyeOutlined />} data-testid="designer-preview" onClick={preview}>
            {t('designer.preview')}
          </Button>
        </Tooltip>
        <Tooltip title={t('designer.runHint')}>
          <Button icon={<PlayCircleOutlined />} data-testid="designer-run" href={egPagePath(pageId)} target="_blank">
            {t('designer.run')}
          </Button>
        </Tooltip>
        <Button
          type="primary"
          icon={<SaveOutlined />}
          data-testid="designer-save"
          loading={save.isPending}
          disabled={!unsaved}
          onClick={() => send(false)}
        >
          {t('designer.save')}
        </Button>
      </Flex>
      {repairShown && repair && (
        <RepairNotice
          repair={repair}
          onClose={() => setRepairShown(false)}
          onSelect={(ids) => setEditor({ ...editor, selection: ids })}
        />
      )}
      <div style={{ padding: '4px 12px', background: '#fff', borderBottom: '1px solid #f0f0f0' }}>
        <Toolbar editor={editor} perform={perform}>
          <Flex align="center" gap={8} style={{ marginLeft: 'auto' }}>
            <label htmlFor="designer-grid">{t('designer.grid')}</label>
            <Switch id="designer-grid" size="small" checked={settings.grid} onChange={(grid) => changeSettings({ grid })} />
            <label htmlFor="designer-adsorb">{t('designer.adsorb')}</label>
            <Switch id="designer-adsorb" size="small" checked={settings.adsorb} onChange={(adsorb) => changeSettings({ adsorb })} />
            <label htmlFor="designer-outlines">{t('designer.outlines')}</label>
            <Switch id="designer-outlines" size="small" checked={outlines} onChange={setOutlines} />
            <span>{t('designer.zoom')}</span>
            <Slider
              style={{ width: 100 }}
              min={25}
              max={200}
              step={5}
              value={zoom * 100}
              onChange={(value) => setZoom(value / 100)}
              tooltip={{ formatter: (value) => `${value} %` }}
              aria-label={t('designer.zoom')}
            />
            <Typography.Text type="secondary" data-testid="designer-zoom" style={{ width: 44, textAlign: 'right' }}>
              {Math.round(zoom * 100)} %
            </Typography.Text>
            <Button size="small" autoInsertSpace={false} data-testid="zoom-fit" onClick={fit}>
              {t('designer.zoomFit')}
            </Button>
            <Button size="small" data-testid="zoom-actual" onClick={() => setZoom(1)}>
              100 %
            </Button>
            <SettingsPopover settings={settings} onChange={changeSettings} />
          </Flex>
        </Toolbar>
      </div>
      <Layout>
        <Layout.Sider width={220} theme="light" style={{ overflow: 'auto', borderRight: '1px solid #f0f0f0' }}>
          <Tabs
            size="small"
            centered
            items={[
              { key: 'palette', label: t('designer.layers.palette'), children: <Palette tool={designer.tool} onTool={setTool} /> },
              {
                key: 'templates',
                label: <span data-testid="tab-templates">{t('designer.templates.tab')}</span>,
                children: <TemplatesPanel editor={editor} onInsert={insertInView} />,
              },
              {
                key: 'layers',
                label: <span data-testid="tab-layers">{t('designer.layers.title')}</span>,
                children: <LayerList editor={editor} onChange={setEditor} hidden={hidden} onToggleHidden={toggleHidden} />,
              },
            ]}
          />
        </Layout.Sider>
        <Layout.Content ref={stageRef} style={{ overflow: 'auto', background: '#e9ecef', padding: 24 }} data-testid="designer-stage">
          <WithRulers shown={settings.ruler} width={editor.history.present.con.width} height={editor.history.present.con.height} zoom={zoom}>
            <CanvasMenu editor={editor} perform={perform}>
              <div style={{ display: 'inline-block' }}>
                <DesignerCanvas
                  designer={designer}
                  adsorb={settings.adsorb}
                  update={update}
                  zoom={zoom}
                  grid={settings.grid}
                  outlines={outlines}
                  hidden={hidden}
                  onDropTemplate={(id, at) => void insertTemplate(id, at)}
                />
              </div>
            </CanvasMenu>
          </WithRulers>
        </Layout.Content>
        <Layout.Sider width={280} theme="light" style={{ padding: 12, borderLeft: '1px solid #f0f0f0' }}>
          <PropertyPanel editor={editor} onChange={setEditor} signals={bindable} pages={pages.data ?? []} />
        </Layout.Sider>
      </Layout>
      {messageHolder}
      <VersionsDrawer
        pageId={pageId}
        open={versionsOpen}
        onClose={() => setVersionsOpen(false)}
        unsaved={unsaved}
        onRestore={(restored) => setEditor(restoreVersion(editor, restored))}
      />
      <PagePasswordModal pageId={pageId} open={passwordOpen} protectedPage={protectedPage} onClose={() => setPasswordOpen(false)} />
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
