/**
 * The project's intermediate variables, from its page designer (docs/mvars.md): a list (name, how it is computed,
 * unit), deleted from its row, and a form that adds one or changes the one being edited. A variable is an aggregate
 * (sum, average, minimum, maximum) over chosen signals of the project's equipment, or a formula over
 * `${equipmentId.signalId}` placeholders, inserted by picking a signal. The formula is read as the server reads it
 * while it is typed (runtime/formula.ts: where and why it is refused); the server checks every field on save
 * (1100 naming it, 1377 a name taken) and the form marks the refused one. Widgets bind a variable in the binding
 * picker, under "Intermediate variables".
 */
import { useState } from 'react';
import { Alert, Button, Drawer, Flex, Form, Input, InputNumber, Modal, Popconfirm, Select, Table, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, FunctionOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api/client';
import { Code } from '@/lib/api/codes';
import type { ApiError } from '@/lib/api/errors';
import { refusedFormField } from '@/lib/api/fieldErrors';
import { Limits } from '@/lib/api/limits';
import { CALCS, useDeleteMvar, useMvars, useSaveMvar, type Calc, type Mvar } from '@/entities/mvars/api';
import { parseFormula } from '@/runtime/formula';
import type { BindableSignal, EquipmentChoice } from '../model/properties';

const FIELDS = ['name', 'calc', 'signalIds', 'formula', 'unit', 'decimals'] as const;

/** A placeholder of a stored formula (one the server accepted), its signal id captured. */
const PLACEHOLDER = /\$\{\d+\.(\d+)\}/g;

interface Draft {
  name: string;
  calc: Calc;
  signalIds: number[];
  formula: string;
  unit: string;
  decimals: number;
}

const EMPTY: Draft = { name: '', calc: 'sum', signalIds: [], formula: '', unit: '', decimals: 2 };

interface MvarsProps {
  projectId: number;
  signals: readonly BindableSignal[];
  equipment: readonly EquipmentChoice[];
}

/** The toolbar's button and the drawer it opens. */
export function MvarsButton(props: MvarsProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<FunctionOutlined />} data-testid="designer-mvars" onClick={() => setOpen(true)}>
        {t('designer.mvars.open')}
      </Button>
      <Drawer open={open} onClose={() => setOpen(false)} title={t('designer.mvars.title')} width={620} destroyOnHidden>
        <MvarsList {...props} />
      </Drawer>
    </>
  );
}

function MvarsList({ projectId, signals, equipment }: MvarsProps) {
  const { t } = useTranslation();
  const mvars = useMvars(projectId);
  const remove = useDeleteMvar(projectId);
  const [editing, setEditing] = useState<Mvar | 'new' | null>(null);
  const list = mvars.data ?? [];
  const signalName = (id: number) => {
    const signal = signals.find((s) => s.id === id);
    return signal ? `${signal.equipTitle} · ${signal.title}` : `#${id}`;
  };
  return (
    <Flex vertical gap={12} data-testid="mvars-drawer">
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('designer.mvars.hint')}
      </Typography.Paragraph>
      {mvars.isError && <Alert type="error" showIcon message={mvars.error.message} />}
      <Table<Mvar>
        size="small"
        rowKey="id"
        pagination={false}
        loading={mvars.isPending}
        dataSource={list}
        data-testid="mvars-table"
        locale={{ emptyText: t('designer.mvars.empty') }}
        columns={[
          { title: t('designer.mvars.name'), dataIndex: 'name', width: 130, ellipsis: true },
          {
            title: t('designer.mvars.calc'),
            key: 'calc',
            render: (_, m) =>
              m.calc === 'custom' ? (
                // The formula as it reads, each placeholder by its signal's name; as written in the tooltip.
                <Typography.Text ellipsis={{ tooltip: m.formula }} data-testid={`mvar-formula-${m.id}`}>
                  {m.formula.replace(PLACEHOLDER, (_, signalId: string) => `[${signalName(Number(signalId))}]`)}
                </Typography.Text>
              ) : (
                <Typography.Text ellipsis={{ tooltip: m.signalIds.map(signalName).join('\n') }}>
                  {t('designer.mvars.over', { calc: t(`designer.mvars.calcs.${m.calc}`), count: m.signalIds.length })}
                </Typography.Text>
              ),
          },
          { title: t('designer.mvars.unit'), dataIndex: 'unit', width: 70 },
          {
            title: t('designer.mvars.actions'),
            key: 'actions',
            width: 80,
            render: (_, m) => (
              <Flex gap={4}>
                <Button
                  size="small"
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={t('designer.mvars.edit', { name: m.name })}
                  title={t('designer.mvars.edit', { name: m.name })}
                  data-testid={`mvar-edit-${m.id}`}
                  onClick={() => setEditing(m)}
                />
                <Popconfirm title={t('designer.mvars.deleteConfirm', { name: m.name })} onConfirm={() => remove.mutate(m.id)}>
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('designer.mvars.delete', { name: m.name })}
                    title={t('designer.mvars.delete', { name: m.name })}
                    data-testid={`mvar-delete-${m.id}`}
                  />
                </Popconfirm>
              </Flex>
            ),
          },
        ]}
      />
      <div>
        <Button icon={<PlusOutlined />} id="mvar-new" onClick={() => setEditing('new')} disabled={list.length >= Limits.ProjectMvars}>
          {t('designer.mvars.add')}
        </Button>
      </div>
      {editing !== null && (
        <MvarForm
          projectId={projectId}
          editing={editing === 'new' ? null : editing}
          signals={signals}
          equipment={equipment}
          onClose={() => setEditing(null)}
        />
      )}
    </Flex>
  );
}

interface MvarFormProps extends MvarsProps {
  editing: Mvar | null;
  onClose(): void;
}

function MvarForm({ projectId, editing, signals, equipment, onClose }: MvarFormProps) {
  const { t } = useTranslation();
  const save = useSaveMvar();
  const [form] = Form.useForm<Draft>();
  const initial: Draft = editing
    ? {
        name: editing.name,
        calc: editing.calc as Calc,
        signalIds: editing.calc === 'custom' ? [] : editing.signalIds,
        formula: editing.formula,
        unit: editing.unit,
        decimals: editing.decimals,
      }
    : EMPTY;
  const calc = Form.useWatch('calc', form) ?? initial.calc;
  const formula = Form.useWatch('formula', form) ?? initial.formula;
  const signalGroups = equipment.map((e) => ({
    label: e.title || `#${e.id}`,
    title: e.title,
    options: signals.filter((s) => s.equipId === e.id).map((s) => ({ value: s.id, label: `${e.title} · ${s.title}` })),
  }));
  const insert = (signalId: number) => {
    const signal = signals.find((s) => s.id === signalId);
    if (!signal) return;
    const current = form.getFieldValue('formula') as string | undefined;
    const joint = current && !/\s$/.test(current) ? ' ' : '';
    form.setFieldValue('formula', `${current ?? ''}${joint}\${${signal.equipId}.${signal.id}}`);
  };
  const refused = (error: ApiError) => {
    const field = refusedFormField(error, FIELDS) ?? (error.code === Code.MvarNameExists ? 'name' : undefined);
    if (field) form.setFields([{ name: field, errors: [error.message] }]);
    else showError(error);
  };
  const submit = (values: Draft) =>
    save.mutate(
      {
        ...(editing ? { id: editing.id } : {}),
        projectId,
        name: values.name.trim(),
        calc: values.calc,
        signalIds: values.signalIds ?? [],
        formula: values.formula ?? '',
        unit: (values.unit ?? '').trim(),
        decimals: values.decimals ?? 2,
      },
      { onSuccess: onClose, onError: refused },
    );

  return (
    <Modal
      open
      title={editing ? t('designer.mvars.editTitle', { name: editing.name }) : t('designer.mvars.addTitle')}
      onCancel={onClose}
      okText={t('designer.mvars.save')}
      okButtonProps={{ id: 'mvar-save', loading: save.isPending }}
      onOk={() => form.submit()}
      destroyOnHidden
      width={560}
    >
      <Form<Draft> form={form} layout="vertical" initialValues={initial} onFinish={submit} data-testid="mvar-form">
        <Form.Item name="name" label={t('designer.mvars.name')} rules={[{ required: true, whitespace: true, message: t('designer.mvars.nameRequired') }]}>
          <Input id="mvar-name" maxLength={Limits.MvarNameChars} />
        </Form.Item>
        <Form.Item name="calc" label={t('designer.mvars.calc')}>
          <Select id="mvar-calc" options={CALCS.map((c) => ({ value: c, label: t(`designer.mvars.calcs.${c}`) }))} />
        </Form.Item>
        {calc === 'custom' ? (
          <>
            <Form.Item
              name="formula"
              label={t('designer.mvars.formula')}
              extra={<FormulaNote formula={formula} signals={signals} />}
              rules={[{ required: true, whitespace: true, message: t('designer.mvars.formulaRequired') }]}
            >
              <Input.TextArea id="mvar-formula" autoSize={{ minRows: 2, maxRows: 5 }} maxLength={Limits.FormulaChars} spellCheck={false} style={{ fontFamily: 'monospace' }} />
            </Form.Item>
            <Form.Item label={t('designer.mvars.insert')}>
              <Select
                id="mvar-insert"
                showSearch
                optionFilterProp="label"
                placeholder={t('designer.mvars.insertPlaceholder')}
                value={null}
                options={signalGroups}
                onChange={(id: number) => insert(id)}
              />
            </Form.Item>
          </>
        ) : (
          <Form.Item name="signalIds" label={t('designer.mvars.signals')} rules={[{ required: true, message: t('designer.mvars.signalsRequired') }]}>
            <Select id="mvar-signals" mode="multiple" showSearch optionFilterProp="label" maxCount={Limits.MvarSignals} options={signalGroups} />
          </Form.Item>
        )}
        <Flex gap={12}>
          <Form.Item name="unit" label={t('designer.mvars.unit')} style={{ flex: 1 }}>
            <Input id="mvar-unit" maxLength={Limits.MvarUnitChars} />
          </Form.Item>
          <Form.Item name="decimals" label={t('designer.mvars.decimals')} style={{ flex: 1 }}>
            <InputNumber id="mvar-decimals" min={0} max={Limits.MvarDecimals} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Flex>
      </Form>
    </Modal>
  );
}

/** Under the formula: where and why it is refused, or the signals it reads. */
function FormulaNote({ formula, signals }: { formula: string; signals: readonly BindableSignal[] }) {
  const { t } = useTranslation();
  if (formula.trim() === '') return <span>{t('designer.mvars.formulaHelp')}</span>;
  const parsed = parseFormula(formula);
  if ('error' in parsed) {
    return (
      <Typography.Text type="danger" data-testid="mvar-formula-fault">
        {t('designer.mvars.fault', { at: parsed.error.at, why: t(`designer.mvars.faults.${parsed.error.fault}`) })}
      </Typography.Text>
    );
  }
  const named = [...new Set(parsed.formula.placeholders.map((p) => p.signalId))].map((id) => {
    const signal = signals.find((s) => s.id === id);
    return signal ? `${signal.equipTitle} · ${signal.title}` : t('designer.mvars.unknownSignal', { id });
  });
  return (
    <span data-testid="mvar-formula-reads">
      {named.length === 0 ? t('designer.mvars.readsNothing') : t('designer.mvars.reads', { signals: named.join(t('designer.mvars.separator')) })}
    </span>
  );
}
