/**
 * A worksheet's results, per equipment of the route and item. For the inspector while it is not started: a check is
 * normal/abnormal, a number is typed (its range shown, out of range marked at once), text is free; a note per result;
 * "save draft", "submit" (once, every check and number item filled) and "abort" (with a reason; a manager may abort
 * too). After submission, read only, and an abnormal result opens a repair order in one click, prefilled with the
 * equipment and a description from the item and value, and linked back to the result.
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Flex, Input, Modal, Radio, Tag, Typography, message as antdMessage } from 'antd';
import { ToolOutlined } from '@ant-design/icons';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WorksheetDetail, WorksheetItem } from '@/generated/answers';
import { CreateRepairDialog, type RepairPrefill } from '@/entities/repairs/components/CreateRepairDialog';
import { repairOrderPath } from '@/lib/paths';
import { Limits } from '@/lib/api/limits';
import { useLinkRepair, useSheetStep, type ResultInput } from '@/entities/inspection/api';
import { isComplete, judge, rangeText, repairDescription, resultKey } from '@/entities/inspection/rules';
import { TOUCH_TARGET, useCardLayout } from '@/lib/layout';

interface Entry {
  value: string;
  remark: string;
}

export function WorksheetResults({ detail }: { detail: WorksheetDetail }) {
  const { t } = useTranslation();
  const cards = useCardLayout();
  const { worksheet: sheet, items, results, actions } = detail;
  const editable = actions.includes('submit');
  const initial = useMemo(() => {
    const map: Record<string, Entry> = {};
    for (const r of results) map[resultKey(r.equipmentId, r.itemId)] = { value: r.value, remark: r.remark };
    return map;
  }, [results]);
  const [entries, setEntries] = useState<Record<string, Entry>>(initial);
  useEffect(() => setEntries(initial), [initial]);
  const [aborting, setAborting] = useState(false);
  const [reason, setReason] = useState('');
  const [repairing, setRepairing] = useState<{ prefill: RepairPrefill; resultId: number } | null>(null);
  const [message, holder] = antdMessage.useMessage();
  const step = useSheetStep();
  const link = useLinkRepair();
  const size = cards ? 'large' : 'middle';
  const touch = cards ? { minHeight: TOUCH_TARGET } : undefined;

  const entry = (equipmentId: number, itemId: number): Entry => entries[resultKey(equipmentId, itemId)] ?? { value: '', remark: '' };
  const set = (equipmentId: number, itemId: number, patch: Partial<Entry>) =>
    setEntries((all) => ({ ...all, [resultKey(equipmentId, itemId)]: { ...entry(equipmentId, itemId), ...patch } }));
  const filled = (): ResultInput[] =>
    sheet.equipment.flatMap((e) =>
      items
        .map((i) => ({ equipmentId: e.id, itemId: i.id, ...entry(e.id, i.id) }))
        .filter((r) => r.value.trim() !== '' || r.remark.trim() !== ''),
    );
  const complete = isComplete(
    sheet.equipment.map((e) => e.id),
    items,
    (e, i) => entry(e, i).value,
  );
  const take = (action: 'save' | 'submit' | 'abort', extra: { remark?: string } = {}) =>
    step.mutate(
      { id: sheet.id, action, ...(action === 'abort' ? {} : { results: filled() }), ...extra },
      {
        onSuccess: () => {
          void message.success(t(`inspection.done.${action}`));
          setAborting(false);
        },
        onError: (e) => void message.error(e.message),
      },
    );

  return (
    <Flex vertical gap={12} data-testid="worksheet-results">
      {holder}
      <Typography.Text strong>{t('inspection.detail.results')}</Typography.Text>
      {items.length === 0 && <Typography.Text type="secondary">{t('inspection.detail.noItems')}</Typography.Text>}
      {sheet.equipment.map((e) => (
        <Card key={e.id} size="small" title={e.name} data-testid="worksheet-equipment" styles={{ body: { padding: cards ? 12 : 16 } }}>
          <Flex vertical gap={12}>
            {items.map((item) => {
              const current = entry(e.id, item.id);
              const stored = results.find((r) => r.equipmentId === e.id && r.itemId === item.id);
              const verdict = editable ? judge(item, current.value) : (stored?.abnormal ?? null);
              return (
                <Flex key={item.id} vertical gap={6} data-testid="worksheet-result" data-item={item.name} data-abnormal={verdict === true ? 'true' : 'false'}>
                  <Flex justify="space-between" align="center" gap={8} wrap>
                    <Typography.Text strong>{item.name}</Typography.Text>
                    {verdict === true && <Tag color="red">{t('inspection.result.abnormal')}</Tag>}
                    {verdict === false && item.kind !== 'text' && <Tag color="green">{t('inspection.result.normal')}</Tag>}
                  </Flex>
                  {item.content && <Typography.Text type="secondary">{item.content}</Typography.Text>}
                  {editable ? (
                    <ValueInput item={item} value={current.value} size={size} onChange={(value) => set(e.id, item.id, { value })} />
                  ) : (
                    <Typography.Text>{shownValue(item, stored?.value ?? '', t)}</Typography.Text>
                  )}
                  {editable ? (
                    <Input
                      size={size}
                      placeholder={t('inspection.result.remark')}
                      maxLength={Limits.InspectionRemarkChars}
                      value={current.remark}
                      onChange={(ev) => set(e.id, item.id, { remark: ev.target.value })}
                      aria-label={t('inspection.result.remarkOf', { item: item.name, equipment: e.name })}
                    />
                  ) : (
                    stored?.remark && <Typography.Text type="secondary">{t('inspection.detail.remark', { remark: stored.remark })}</Typography.Text>
                  )}
                  {!editable && stored?.abnormal && (
                    stored.repairOrderId !== null ? (
                      <Link to={repairOrderPath(e.id, stored.repairOrderId)} data-testid="worksheet-repair-link">
                        {t('inspection.result.repairOrder')}
                      </Link>
                    ) : (
                      <Button
                        icon={<ToolOutlined />}
                        size={size}
                        style={touch}
                        data-testid="worksheet-repair"
                        onClick={() =>
                          setRepairing({
                            resultId: stored.id,
                            prefill: {
                              equipmentId: e.id,
                              equipName: e.name,
                              description: repairDescription(item, stored.value, stored.remark, t('inspection.result.abnormal'), sheet.number),
                            },
                          })
                        }
                      >
                        {t('inspection.result.createRepair')}
                      </Button>
                    )
                  )}
                </Flex>
              );
            })}
          </Flex>
        </Card>
      ))}
      {(editable || actions.includes('abort')) && (
        <Flex gap={8} wrap vertical={cards} data-testid="worksheet-actions">
          {editable && (
            <>
              <Button type="primary" size={size} style={touch} disabled={!complete} loading={step.isPending} onClick={() => take('submit')} id="worksheet-submit">
                {t('inspection.action.submit')}
              </Button>
              <Button size={size} style={touch} loading={step.isPending} onClick={() => take('save')} id="worksheet-save">
                {t('inspection.action.save')}
              </Button>
            </>
          )}
          {actions.includes('abort') && (
            <Button danger size={size} style={touch} onClick={() => setAborting(true)} id="worksheet-abort">
              {t('inspection.action.abort')}
            </Button>
          )}
        </Flex>
      )}
      {editable && !complete && <Alert type="info" showIcon message={t('inspection.detail.incomplete')} />}
      <Modal
        open={aborting}
        title={t('inspection.action.abort')}
        onCancel={() => setAborting(false)}
        onOk={() => take('abort', { remark: reason.trim() })}
        okButtonProps={{ disabled: reason.trim() === '', danger: true, id: 'worksheet-abort-confirm' }}
        okText={t('inspection.action.abort')}
        cancelText={t('inspection.action.cancel')}
        width={cards ? '100%' : 480}
        destroyOnHidden
      >
        <Input.TextArea
          id="worksheet-abort-reason"
          rows={3}
          maxLength={Limits.InspectionRemarkChars}
          placeholder={t('inspection.detail.abortReason')}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
      </Modal>
      <CreateRepairDialog
        open={repairing !== null}
        prefill={repairing?.prefill ?? null}
        onClose={() => setRepairing(null)}
        onCreated={(orderId) => {
          if (repairing) link.mutate({ id: sheet.id, resultId: repairing.resultId, orderId });
        }}
      />
    </Flex>
  );
}

function ValueInput({ item, value, size, onChange }: { item: WorksheetItem; value: string; size: 'large' | 'middle'; onChange(v: string): void }) {
  const { t } = useTranslation();
  if (item.kind === 'check') {
    return (
      <Radio.Group
        size={size}
        optionType="button"
        buttonStyle="solid"
        value={value || undefined}
        onChange={(e) => onChange(String(e.target.value))}
        options={[
          { value: 'normal', label: t('inspection.result.normal') },
          { value: 'abnormal', label: t('inspection.result.abnormal') },
        ]}
        aria-label={item.name}
      />
    );
  }
  if (item.kind === 'number') {
    const range = rangeText(item);
    return (
      <Input
        size={size}
        inputMode="decimal"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        suffix={item.unit || undefined}
        placeholder={range ? t('inspection.result.expected', { range }) : t('inspection.result.number')}
        status={value.trim() !== '' && judge(item, value) === null ? 'error' : undefined}
        aria-label={item.name}
      />
    );
  }
  return (
    <Input size={size} value={value} maxLength={Limits.InspectionContentChars} onChange={(e) => onChange(e.target.value)} aria-label={item.name} />
  );
}

function shownValue(item: WorksheetItem, value: string, t: TFunction): string {
  if (value === '') return '—';
  if (item.kind === 'check') return t(`inspection.result.${value}`);
  if (item.kind === 'number') {
    const range = rangeText(item);
    return `${value}${item.unit ? ` ${item.unit}` : ''}${range ? ` (${range})` : ''}`;
  }
  return value;
}
