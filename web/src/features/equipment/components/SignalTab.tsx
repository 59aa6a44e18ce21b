/**
 * Signal tab: the equipment's signal definitions as a table edited in the browser and saved whole (one
 * transaction on the server). Add, edit, copy, delete and bulk delete change the draft; import reads an .xlsx
 * file into the draft (all rows or none); export writes the table as .xlsx. Problems, found here or by the
 * server (`signals.3.address`), mark their row and open on their field. Alarm rules belong to saved signals.
 */
import { useMemo, useRef, useState, type HTMLAttributes, type Key } from 'react';
import { Alert, Badge, Button, Flex, Modal, Popconfirm, Space, Table, Tag, Tooltip, Typography, Upload } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import {
  AlertOutlined,
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  ExclamationCircleFilled,
  PlusOutlined,
  SaveOutlined,
  UndoOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SignalDef } from '@/generated/answers';
import { showError } from '@/lib/api/client';
import { currentLanguage } from '@/lib/i18n';
import { stateLabel } from '@/entities/signals/states';
import { useAlarmRules } from '../api/alarmRules';
import { useSignals } from '../api/querySignals';
import { useSaveSignals } from '../api/saveSignals';
import { saveBlob } from '@/lib/download';
import { refusedListEntry } from '@/lib/api/fieldErrors';
import { problemText } from '../problemText';
import { MAX_SIGNALS, SIGNAL_FIELDS, checkSignals, copySignal, newSignal, type SignalField } from '../signals/model';
import { exportSignals, importSignals, keepIds, type ImportError } from '../signals/xlsx';
import { AlarmRulesModal } from './AlarmRulesModal';
import { SignalModal, type FieldError } from './SignalModal';

/** A draft row: the definition and a key that survives edits (new rows have no id yet). */
type Row = SignalDef & { key: string };

/** A problem of a row: found here (translated when shown, so it follows the language) or the server's text. */
type RowError = { index: number; field: SignalField | ''; reason?: string; params?: Record<string, string | number>; message?: string };

const PAGE_SIZE = 10;

let nextKey = 0;
const keyed = (signal: SignalDef): Row => ({ ...signal, key: signal.id > 0 ? `id-${signal.id}` : `new-${(nextKey += 1)}` });
const strip = ({ key: _key, ...signal }: Row): SignalDef => signal;

export function SignalTab({ equipmentId, readOnly }: { equipmentId: number; readOnly?: boolean }) {
  const { t } = useTranslation();
  const signals = useSignals(equipmentId);
  const alarmRules = useAlarmRules(equipmentId);
  const save = useSaveSignals();
  const [draft, setDraft] = useState<Row[] | null>(null);
  const [errors, setErrors] = useState<RowError[]>([]);
  const [selected, setSelected] = useState<Key[]>([]);
  const [page, setPage] = useState(1);
  const pageSize = PAGE_SIZE;
  const [editing, setEditing] = useState<{ index: number | null; signal: SignalDef } | null>(null);
  const [alarmFor, setAlarmFor] = useState<SignalDef | null>(null);
  const [importErrors, setImportErrors] = useState<ImportError[] | null>(null);
  const [imported, setImported] = useState<{ file: string; count: number } | null>(null);
  const [busy, setBusy] = useState<'import' | 'export' | null>(null);
  const fileName = useRef('');

  const saved = useMemo(() => (signals.data ?? []).map(keyed), [signals.data]);
  const rows = draft ?? saved;
  const dirty = draft !== null;

  const rulesBySignal = useMemo(() => {
    const counts = new Map<number, number>();
    for (const rule of alarmRules.data ?? []) counts.set(rule.signalId, (counts.get(rule.signalId) ?? 0) + 1);
    return counts;
  }, [alarmRules.data]);

  const errorText = (error: RowError) =>
    error.message ?? problemText(t, error.reason ?? 'required', error.params ?? {});
  const errorOf = (index: number) => errors.find((error) => error.index === index);

  /** Replaces the draft (null: back to the saved list); problems found before no longer describe it. */
  const change = (next: Row[] | null) => {
    setDraft(next);
    setErrors([]);
    setImported(null);
  };

  const showRow = (index: number) => setPage(Math.floor(index / pageSize) + 1);

  const saveAll = () => {
    const list = rows.map(strip);
    const problems = checkSignals(list);
    if (problems.length > 0) {
      setErrors(problems.map(({ index, field, reason, params }) => ({ index, field, reason, ...(params ? { params } : {}) })));
      showRow(problems[0]?.index ?? 0);
      return;
    }
    save.mutate(
      { equipmentId, signals: list },
      {
        onSuccess: () => {
          setDraft(null);
          setErrors([]);
          setImported(null);
          setSelected([]);
        },
        onError: (error) => {
          const entry = refusedListEntry(error, 'signals');
          if (entry) {
            const field = (SIGNAL_FIELDS as readonly string[]).includes(entry.field) ? (entry.field as SignalField) : '';
            setErrors([{ index: entry.index, field, message: error.message }]);
            showRow(entry.index);
          } else showError(error);
        },
      },
    );
  };

  const exportFile = async () => {
    setBusy('export');
    try {
      const blob = await exportSignals(rows.map(strip), currentLanguage());
      saveBlob(`signals-${equipmentId}.xlsx`, blob);
    } finally {
      setBusy(null);
    }
  };

  const importFile = async (file: File) => {
    setBusy('import');
    fileName.current = file.name;
    try {
      const result = await importSignals(file);
      if (!result.ok) {
        setImportErrors(result.errors);
        return;
      }
      change(keepIds(rows.map(strip), result.signals).map(keyed));
      setImported({ file: file.name, count: result.signals.length });
      setPage(1);
    } finally {
      setBusy(null);
    }
  };

  const removeKeys = (keys: Key[]) => {
    change(rows.filter((row) => !keys.includes(row.key)));
    setSelected([]);
  };

  const columns: ColumnsType<Row> = [
    {
      title: '#',
      key: 'index',
      width: 56,
      render: (_, _row, index) => {
        const at = (page - 1) * pageSize + index;
        const error = errorOf(at);
        return error ? (
          <Tooltip title={errorText(error)}>
            <Space size={4}>
              <ExclamationCircleFilled style={{ color: '#ff4d4f' }} />
              {at + 1}
            </Space>
          </Tooltip>
        ) : (
          at + 1
        );
      },
    },
    {
      title: t('equipment.signal.field.name'),
      key: 'name',
      render: (_, row) => (
        <Space size={4}>
          <Typography.Text strong ellipsis={{ tooltip: row.name }} style={{ maxWidth: 200 }}>
            {row.name}
          </Typography.Text>
          {row.id === 0 && <Tag color="blue">{t('equipment.signal.new')}</Tag>}
        </Space>
      ),
    },
    { title: t('equipment.signal.field.area'), key: 'area', render: (_, row) => t(`equipment.signal.area.${row.area}`) },
    { title: t('equipment.signal.field.address'), dataIndex: 'address', key: 'address' },
    {
      title: t('equipment.signal.field.dataType'),
      key: 'dataType',
      render: (_, row) => t(`equipment.signal.dataType.${row.dataType}`),
    },
    {
      title: t('equipment.signal.columnScale'),
      key: 'scale',
      render: (_, row) => (
        <span style={{ whiteSpace: 'nowrap' }}>
          ×{row.scale}
          {row.offset ? ` ${row.offset > 0 ? '+' : '−'} ${Math.abs(row.offset)}` : ''}
        </span>
      ),
    },
    { title: t('equipment.signal.field.unit'), key: 'unit', render: (_, row) => row.unit || '—' },
    {
      title: t('equipment.signal.field.writable'),
      key: 'writable',
      render: (_, row) => (row.writable ? t('equipment.signal.writableYes') : t('equipment.signal.writableNo')),
    },
    {
      title: t('equipment.signal.columnRange'),
      key: 'range',
      render: (_, row) =>
        row.min === null && row.max === null ? '—' : <span style={{ whiteSpace: 'nowrap' }}>{`${row.min ?? '−∞'} ~ ${row.max ?? '∞'}`}</span>,
    },
    {
      title: t('equipment.signal.field.valueMap'),
      key: 'valueMap',
      render: (_, { valueMap = [] }) =>
        valueMap.length === 0 ? (
          '—'
        ) : (
          <Tooltip title={valueMap.map((state) => `${state.value} ${stateLabel(state, currentLanguage())}`).join(' · ')}>
            <Tag data-testid="signal-states">{t('equipment.signal.states.count', { count: valueMap.length })}</Tag>
          </Tooltip>
        ),
    },
    {
      title: t('equipment.signal.columnAlarms'),
      key: 'alarms',
      render: (_, row) => {
        const count = rulesBySignal.get(row.id) ?? 0;
        const unsaved = row.id === 0 || dirty;
        return (
          <Tooltip title={unsaved ? t('equipment.alarm.saveFirst') : undefined}>
            <Button
              size="small"
              type="link"
              icon={<AlertOutlined />}
              disabled={unsaved}
              onClick={() => setAlarmFor(strip(row))}
              data-testid={`signal-alarms-${row.name}`}
            >
              <Badge count={count} size="small" color="#1668dc" showZero={false} offset={[6, -2]}>
                <span>{t('equipment.alarm.rules')}</span>
              </Badge>
            </Button>
          </Tooltip>
        );
      },
    },
  ];

  if (!readOnly) {
    columns.push({
      title: t('equipment.column.actions'),
      key: 'actions',
      render: (_, row, index) => {
        const at = (page - 1) * pageSize + index;
        return (
          <Space size={0} style={{ whiteSpace: 'nowrap' }}>
            <Tooltip title={t('equipment.edit')}>
              <Button
                type="text"
                size="small"
                icon={<EditOutlined />}
                aria-label={t('equipment.edit')}
                data-testid={`signal-edit-${at}`}
                onClick={() => setEditing({ index: at, signal: strip(row) })}
              />
            </Tooltip>
            <Tooltip title={t('equipment.signal.copy')}>
              <Button
                type="text"
                size="small"
                icon={<CopyOutlined />}
                aria-label={t('equipment.signal.copy')}
                data-testid={`signal-copy-${at}`}
                disabled={rows.length >= MAX_SIGNALS}
                onClick={() =>
                  setEditing({ index: null, signal: copySignal(rows, row, t('equipment.signal.copyName', { name: row.name })) })
                }
              />
            </Tooltip>
            <Popconfirm
              title={t('equipment.signal.deleteConfirm', { name: row.name })}
              okText={t('equipment.delete.ok')}
              cancelText={t('equipment.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => removeKeys([row.key])}
            >
              <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('equipment.delete.action')} data-testid={`signal-delete-${at}`} />
            </Popconfirm>
          </Space>
        );
      },
    });
  }

  const editingError: FieldError | null = (() => {
    if (editing?.index === null || editing === null) return null;
    const error = errorOf(editing.index);
    return error ? { field: error.field, text: errorText(error) } : null;
  })();

  return (
    <Flex vertical gap={12} data-testid="signal-tab">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Space wrap>
          {!readOnly && (
            <Button
              icon={<PlusOutlined />}
              id="signal-add"
              disabled={!signals.data || rows.length >= MAX_SIGNALS}
              onClick={() => setEditing({ index: null, signal: newSignal(rows) })}
            >
              {t('equipment.signal.add')}
            </Button>
          )}
          {!readOnly && (
            <Popconfirm
              title={t('equipment.signal.bulkDeleteConfirm', { count: selected.length })}
              okText={t('equipment.delete.ok')}
              cancelText={t('equipment.cancel')}
              okButtonProps={{ danger: true }}
              onConfirm={() => removeKeys(selected)}
              disabled={selected.length === 0}
            >
              <Button danger icon={<DeleteOutlined />} disabled={selected.length === 0} id="signal-bulk-delete">
                {t('equipment.signal.bulkDelete', { count: selected.length })}
              </Button>
            </Popconfirm>
          )}
          {!readOnly && (
            <Upload accept=".xlsx" showUploadList={false} beforeUpload={(file) => (void importFile(file), false)} disabled={!signals.data}>
              <Button icon={<UploadOutlined />} loading={busy === 'import'} id="signal-import">
                {t('equipment.signal.import')}
              </Button>
            </Upload>
          )}
          <Button icon={<DownloadOutlined />} loading={busy === 'export'} disabled={!signals.data} onClick={() => void exportFile()} id="signal-export">
            {t('equipment.signal.export')}
          </Button>
        </Space>
        {!readOnly && (
          <Space wrap>
            {dirty && <Typography.Text type="warning" data-testid="signal-unsaved">{t('equipment.signal.unsaved')}</Typography.Text>}
            <Button icon={<UndoOutlined />} disabled={!dirty || save.isPending} onClick={() => change(null)} id="signal-discard">
              {t('equipment.signal.discard')}
            </Button>
            <Button type="primary" icon={<SaveOutlined />} disabled={!dirty} loading={save.isPending} onClick={saveAll} id="signal-save">
              {t('equipment.signal.save')}
            </Button>
          </Space>
        )}
      </Flex>

      {imported && (
        <Alert
          type="info"
          showIcon
          closable
          onClose={() => setImported(null)}
          data-testid="signal-imported"
          message={t('equipment.import.done', { count: imported.count, file: imported.file })}
        />
      )}
      {errors.length > 0 && (
        <Alert
          type="error"
          showIcon
          data-testid="signal-errors"
          message={t('equipment.signal.problems', { count: errors.length })}
          description={
            <ul style={{ margin: 0, paddingInlineStart: 18 }}>
              {errors.slice(0, 10).map((error) => (
                <li key={`${error.index}-${error.field}`}>
                  <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} onClick={() => showRow(error.index)}>
                    {t('equipment.signal.problemAt', {
                      row: error.index + 1,
                      field: error.field ? t(`equipment.signal.field.${error.field}`) : '—',
                    })}
                  </Button>
                  <span style={{ marginInlineStart: 4 }}>{errorText(error)}</span>
                </li>
              ))}
            </ul>
          }
        />
      )}
      {signals.isError && (
        <Alert
          type="error"
          showIcon
          data-testid="signal-load-error"
          message={t('equipment.signal.loadFailed')}
          description={signals.error.message}
          action={
            <Button size="small" onClick={() => void signals.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      )}

      {!signals.isError && (
        <div style={{ overflowX: 'auto' }}>
          <Table<Row>
            rowKey="key"
            size="small"
            columns={columns}
            dataSource={rows}
            loading={signals.isLoading}
            onRow={(_, index) => {
              const error = errorOf((page - 1) * pageSize + (index ?? 0));
              return error ? ({ style: { background: '#fff1f0' }, 'data-error': 'true' } as HTMLAttributes<HTMLElement>) : {};
            }}
            {...(readOnly ? {} : { rowSelection: { selectedRowKeys: selected, onChange: setSelected } })}
            locale={{ emptyText: readOnly ? t('equipment.signal.empty') : t('equipment.signal.emptyManage') }}
            pagination={{
              current: page,
              pageSize: PAGE_SIZE,
              showSizeChanger: false,
              showTotal: (total) => t('equipment.signal.total', { count: total }),
              onChange: setPage,
            }}
          />
        </div>
      )}

      <SignalModal
        open={editing !== null}
        signal={editing?.signal ?? null}
        isNew={editing?.index === null}
        others={rows.filter((_, index) => index !== editing?.index).map(strip)}
        initialError={editingError}
        onCancel={() => setEditing(null)}
        onOk={(signal) => {
          if (!editing) return;
          if (editing.index === null) {
            change([...rows, keyed(signal)]);
            setPage(Math.floor(rows.length / pageSize) + 1);
          } else {
            const index = editing.index;
            change(rows.map((row, at) => (at === index ? { ...signal, key: row.key } : row)));
          }
          setEditing(null);
        }}
      />
      <AlarmRulesModal
        equipmentId={equipmentId}
        signal={alarmFor}
        rules={(alarmRules.data ?? []).filter((rule) => rule.signalId === alarmFor?.id)}
        readOnly={readOnly}
        onClose={() => setAlarmFor(null)}
      />
      <Modal
        open={importErrors !== null}
        title={t('equipment.import.failedTitle')}
        onCancel={() => setImportErrors(null)}
        footer={<Button onClick={() => setImportErrors(null)}>{t('equipment.ok')}</Button>}
        width={640}
      >
        <Flex vertical gap={8} data-testid="signal-import-errors">
          <Typography.Text>{t('equipment.import.failedText', { file: fileName.current, count: importErrors?.length ?? 0 })}</Typography.Text>
          <ul style={{ margin: 0, paddingInlineStart: 18, maxHeight: 320, overflowY: 'auto' }}>
            {(importErrors ?? []).slice(0, 50).map((error, at) => (
              <li key={at}>
                {error.row > 0
                  ? t('equipment.import.at', {
                      row: error.row,
                      field: error.field ? t(`equipment.signal.field.${error.field}`) : '—',
                    })
                  : null}
                <span style={{ marginInlineStart: 4 }}>{problemText(t, error.reason, error.params ?? {})}</span>
              </li>
            ))}
          </ul>
          {(importErrors?.length ?? 0) > 50 && (
            <Typography.Text type="secondary">{t('equipment.import.more', { count: (importErrors?.length ?? 0) - 50 })}</Typography.Text>
          )}
        </Flex>
      </Modal>
    </Flex>
  );
}
