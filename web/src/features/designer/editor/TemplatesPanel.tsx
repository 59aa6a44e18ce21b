/**
 * The templates tab of the designer's left panel (docs/designer.md, "Templates"): save the selection as a template
 * of the organisation (named; the signals it binds are listed by name, as the template keeps them), and the
 * organisation's templates, each inserted with a click (at the top-left of what the stage shows) or dragged onto
 * the canvas (where it is dropped), or deleted. On a project's page the engineer first chooses which of the
 * project's equipment a template binds to (by name, as on that equipment's own page). The calls live only while the
 * tab is open.
 */
import { useState } from 'react';
import { Alert, Button, Empty, Flex, Input, List, Modal, Popconfirm, Select, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { TemplateSummary } from '@/generated/answers';
import { TEMPLATE_PAGE_SIZE, useTemplateChanges, useTemplates } from '../api/templates';
import { signalNamesOf, templateOf, templateText } from '../model/templates';
import type { EditorState } from '../model/actions';
import type { EquipmentChoice } from '../model/properties';
import widgetTypes from '@/generated/widgetTypes.json';

/** The drag's data type: a template's id dragged from the list onto the canvas. */
export const TEMPLATE_DRAG_TYPE = 'application/x-ironsight-template';

interface TemplatesPanelProps {
  editor: EditorState;
  /** Inserts a template where the stage's view starts. */
  onInsert(id: number): void;
  /** A project's page: the equipment templates may bind to, the one chosen, and how to choose another. */
  bindTo?: { equipment: readonly EquipmentChoice[]; chosen: number; onChoose(equipmentId: number): void } | undefined;
}

export function TemplatesPanel({ editor, onInsert, bindTo }: TemplatesPanelProps) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const [saving, setSaving] = useState<{ text: string; names: string[] } | null>(null);
  const templates = useTemplates(filter.trim());
  const { remove } = useTemplateChanges();
  const selected = editor.selection.length > 0;

  const startSave = () => {
    const widgets = templateOf(editor.history.present.widgets, editor.selection);
    if (widgets) setSaving({ text: templateText(widgets), names: signalNamesOf(widgets) });
  };

  return (
    <Flex vertical gap={8} style={{ padding: 8 }} data-testid="designer-templates">
      <Tooltip title={selected ? undefined : t('designer.templates.selectFirst')}>
        <Button icon={<SaveOutlined />} disabled={!selected} onClick={startSave} data-testid="template-save-open">
          {t('designer.templates.saveSelection')}
        </Button>
      </Tooltip>
      {bindTo && (
        <Flex vertical gap={2}>
          <label htmlFor="template-equipment">{t('designer.templates.bindTo')}</label>
          <Select
            id="template-equipment"
            data-testid="template-equipment"
            size="small"
            showSearch
            optionFilterProp="label"
            placeholder={t('designer.templates.noEquipment')}
            value={bindTo.equipment.length > 0 ? bindTo.chosen : undefined}
            options={bindTo.equipment.map((e) => ({ value: e.id, label: e.title || `#${e.id}` }))}
            onChange={bindTo.onChoose}
          />
        </Flex>
      )}
      <Input.Search
        allowClear
        size="small"
        placeholder={t('designer.templates.search')}
        onSearch={setFilter}
        aria-label={t('designer.templates.search')}
      />
      {templates.error && <Alert type="error" showIcon message={templates.error.message} />}
      {remove.error && <Alert type="error" showIcon message={remove.error.message} data-testid="template-delete-error" />}
      <List<TemplateSummary>
        size="small"
        loading={templates.isLoading}
        dataSource={templates.data?.list ?? []}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('designer.templates.empty')} /> }}
        renderItem={(template) => (
          <List.Item
            key={template.id}
            data-testid={`template-${template.name}`}
            draggable
            onDragStart={(event) => {
              event.dataTransfer.setData(TEMPLATE_DRAG_TYPE, String(template.id));
              event.dataTransfer.effectAllowed = 'copy';
            }}
            style={{ cursor: 'grab', display: 'block' }}
          >
            <Flex justify="space-between" align="center" gap={4}>
              <Typography.Text strong ellipsis title={template.name}>
                {template.name}
              </Typography.Text>
              <Flex gap={2}>
                <Tooltip title={t('designer.templates.insert')}>
                  <Button
                    size="small"
                    type="text"
                    icon={<PlusOutlined />}
                    aria-label={t('designer.templates.insert')}
                    data-testid="template-insert"
                    onClick={() => onInsert(template.id)}
                  />
                </Tooltip>
                <Popconfirm
                  title={t('designer.templates.deleteConfirm', { name: template.name })}
                  okText={t('designer.templates.delete')}
                  cancelText={t('designer.templates.cancel')}
                  onConfirm={() => remove.mutate(template.id)}
                >
                  <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('designer.templates.delete')} />
                </Popconfirm>
              </Flex>
            </Flex>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {t('designer.templates.widgets', { count: template.widgets })}
            </Typography.Text>
            <div>
              {template.signals.slice(0, 6).map((name) => (
                <Tag key={name} style={{ marginTop: 2, fontSize: 11 }}>
                  {name}
                </Tag>
              ))}
              {template.signals.length > 6 && <Tag style={{ fontSize: 11 }}>+{template.signals.length - 6}</Tag>}
            </div>
          </List.Item>
        )}
      />
      {(templates.data?.total ?? 0) > TEMPLATE_PAGE_SIZE && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('designer.templates.more', { count: TEMPLATE_PAGE_SIZE })}
        </Typography.Text>
      )}
      {saving && <SaveTemplateModal text={saving.text} names={saving.names} onClose={() => setSaving(null)} />}
    </Flex>
  );
}

/** Names the template and saves it; the server's refusal (a taken name, a rule) is shown in the dialog. */
function SaveTemplateModal({ text, names, onClose }: { text: string; names: string[]; onClose(): void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const { save } = useTemplateChanges();
  const blank = name.trim() === '';
  return (
    <Modal
      open
      title={t('designer.templates.saveTitle')}
      okText={t('designer.templates.save')}
      cancelText={t('designer.templates.cancel')}
      okButtonProps={{ disabled: blank, loading: save.isPending, ...{ 'data-testid': 'template-save' } }}
      onOk={() => save.mutate({ name: name.trim(), document: text }, { onSuccess: onClose })}
      onCancel={onClose}
      destroyOnHidden
    >
      <Flex vertical gap={8}>
        <label htmlFor="template-name">{t('designer.templates.name')}</label>
        <Input
          id="template-name"
          autoFocus
          maxLength={widgetTypes.maxTemplateNameChars}
          showCount
          value={name}
          onChange={(event) => setName(event.target.value)}
          status={save.error ? 'error' : undefined}
          data-testid="template-name"
        />
        {save.error && <Typography.Text type="danger" data-testid="template-save-error">{save.error.message}</Typography.Text>}
        <Typography.Text type="secondary">
          {names.length > 0 ? t('designer.templates.bindsNames', { names: names.join(', ') }) : t('designer.templates.bindsNothing')}
        </Typography.Text>
      </Flex>
    </Modal>
  );
}
