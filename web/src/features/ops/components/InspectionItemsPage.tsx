/**
 * /manage/ops/inspection_content: the organisation's inspection items (docs/work-orders.md): name, what to check, the
 * kind of result (check normal/abnormal; a number with its expected range and unit; text), enabled. Added, changed
 * and deleted by `manage` holders that see the whole organisation; an item a plan checks cannot be deleted (the
 * server says so: 1295), only disabled. Cards and a full-width dialog below 768 px.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Empty, Flex, Form, Input, InputNumber, Modal, Popconfirm, Select, Spin, Switch, Table, Tag, Typography, message as antdMessage } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { InspectionItem } from '@/generated/answers';
import { CardList, CardListItem } from '@/components/CardList';
import { TabEmpty, TabError } from '@/components/LoadState';
import { catalogueText } from '@/lib/api/errors';
import { Code } from '@/lib/api/codes';
import { Limits } from '@/lib/api/limits';
import { Permission, hasAuth, seesWholeOrg } from '@/lib/access';
import { useDeleteItem, useInspectionItems, useSaveItem, type ItemInput } from '@/entities/inspection/api';
import { RESULT_KINDS, rangeText } from '@/entities/inspection/rules';
import { TOUCH_TARGET, useCardLayout } from '@/lib/layout';
import { canHandleRepairs } from '@/entities/repairs/rules';
import { useUser } from '@/lib/session';

export default function InspectionItemsPage() {
  const { t } = useTranslation();
  const user = useUser();
  const cards = useCardLayout();
  const allowed = canHandleRepairs(user);
  const mayEdit = hasAuth(user, Permission.Manage) && seesWholeOrg(user);
  const items = useInspectionItems(allowed);
  const remove = useDeleteItem();
  const [editing, setEditing] = useState<InspectionItem | 'new' | null>(null);
  const [message, holder] = antdMessage.useMessage();
  if (!allowed) return <TabEmpty testId="items-no-permission" description={catalogueText(Code.NoRepairPermission) ?? t('repair.noPermission')} />;
  const size = cards ? 'large' : 'middle';
  const touch = cards ? { minHeight: TOUCH_TARGET, minWidth: TOUCH_TARGET } : undefined;
  const del = (item: InspectionItem) =>
    remove.mutate(item.id, {
      onSuccess: () => void message.success(t('inspection.item.deleted')),
      onError: (e) => void message.error(e.message),
    });
  const kindText = (i: InspectionItem) => `${t(`inspection.kind.${i.kind}`)}${i.kind === 'number' && rangeText(i) ? ` · ${rangeText(i)}` : ''}`;
  const buttons = (i: InspectionItem) =>
    mayEdit && (
      <Flex gap={8}>
        <Button size={cards ? 'large' : 'small'} style={touch} onClick={() => setEditing(i)} data-testid={`item-edit-${i.id}`}>
          {t('inspection.action.edit')}
        </Button>
        <Popconfirm title={t('inspection.item.deleteConfirm', { name: i.name })} onConfirm={() => del(i)}>
          <Button size={cards ? 'large' : 'small'} style={touch} danger data-testid={`item-delete-${i.id}`}>
            {t('inspection.action.delete')}
          </Button>
        </Popconfirm>
      </Flex>
    );
  const enabledTag = (i: InspectionItem) => (i.enabled ? <Tag color="green">{t('inspection.enabled')}</Tag> : <Tag>{t('inspection.disabled')}</Tag>);
  const list = items.data ?? [];
  const columns: ColumnsType<InspectionItem> = [
    { title: t('inspection.item.name'), key: 'name', render: (_, i) => <Typography.Text strong>{i.name}</Typography.Text> },
    { title: t('inspection.item.content'), key: 'content', render: (_, i) => i.content || '—' },
    { title: t('inspection.item.kind'), key: 'kind', render: (_, i) => <span style={{ whiteSpace: 'nowrap' }}>{kindText(i)}</span> },
    { title: t('inspection.item.plans'), key: 'plans', render: (_, i) => i.plans },
    { title: t('inspection.item.enabled'), key: 'enabled', render: (_, i) => enabledTag(i) },
    ...(mayEdit ? [{ title: '', key: 'actions', render: (_: unknown, i: InspectionItem) => buttons(i) }] : []),
  ];
  return (
    <Flex vertical gap={16} data-testid="items-page">
      {holder}
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('route.manage.inspectionContent')}
        </Typography.Title>
        {mayEdit && (
          <Button type="primary" icon={<PlusOutlined />} size={size} style={touch} onClick={() => setEditing('new')} id="item-new">
            {t('inspection.item.new')}
          </Button>
        )}
      </Flex>
      {items.isError && !items.data ? (
        <TabError title={t('inspection.loadFailed')} error={items.error} onRetry={() => void items.refetch()} />
      ) : cards ? (
        list.length === 0 ? (
          items.isLoading ? <Spin /> : <Empty description={t('inspection.item.empty')} />
        ) : (
          <CardList testId="item-cards">
            {list.map((i) => (
              <CardListItem key={i.id} rowKey={i.id} testId="item-card">
                <Flex justify="space-between" align="center" gap={8}>
                  <Typography.Text strong>{i.name}</Typography.Text>
                  {enabledTag(i)}
                </Flex>
                {i.content && <Typography.Text type="secondary">{i.content}</Typography.Text>}
                <Typography.Text>{kindText(i)}</Typography.Text>
                {buttons(i)}
              </CardListItem>
            ))}
          </CardList>
        )
      ) : (
        <Table<InspectionItem> rowKey="id" size="middle" columns={columns} dataSource={list} loading={items.isLoading} pagination={false} locale={{ emptyText: t('inspection.item.empty') }} data-testid="item-table" />
      )}
      <ItemDialog item={editing} onClose={() => setEditing(null)} />
    </Flex>
  );
}

interface Fields {
  name: string;
  content: string;
  kind: ItemInput['kind'];
  minValue?: number | null;
  maxValue?: number | null;
  unit?: string;
  enabled: boolean;
}

function ItemDialog({ item, onClose }: { item: InspectionItem | 'new' | null; onClose(): void }) {
  const { t } = useTranslation();
  const cards = useCardLayout();
  const [form] = Form.useForm<Fields>();
  const save = useSaveItem();
  const kind = Form.useWatch('kind', form);
  const [problem, setProblem] = useState<string | null>(null);
  const existing = item !== null && item !== 'new' ? item : null;
  // Filled each time it opens, with the item or a new one's defaults.
  useEffect(() => {
    if (item === null) return;
    setProblem(null);
    form.setFieldsValue(item !== 'new' ? { ...item } : { name: '', content: '', kind: 'check', enabled: true, unit: '', minValue: null, maxValue: null });
  }, [item, form]);
  const submit = (f: Fields) =>
    save.mutate(
      { ...(existing ? { id: existing.id } : {}), ...f, content: f.content ?? '' },
      {
        onSuccess: onClose,
        onError: (e) => setProblem(e.message),
      },
    );
  return (
    <Modal
      open={item !== null}
      title={existing ? t('inspection.item.edit') : t('inspection.item.new')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('inspection.action.save')}
      cancelText={t('inspection.action.cancel')}
      okButtonProps={{ loading: save.isPending, id: 'item-save' }}
      width={cards ? '100%' : 520}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} data-testid="item-problem" />}
        <Form.Item name="name" label={t('inspection.item.name')} rules={[{ required: true, whitespace: true, message: t('inspection.item.nameRequired') }]}>
          <Input id="item-name" maxLength={Limits.InspectionNameChars} />
        </Form.Item>
        <Form.Item name="content" label={t('inspection.item.content')}>
          <Input.TextArea id="item-content" rows={2} maxLength={Limits.InspectionContentChars} />
        </Form.Item>
        <Form.Item name="kind" label={t('inspection.item.kind')} rules={[{ required: true }]}>
          <Select id="item-kind" options={RESULT_KINDS.map((k) => ({ value: k, label: t(`inspection.kind.${k}`) }))} />
        </Form.Item>
        {kind === 'number' && (
          <Flex gap={8} wrap>
            <Form.Item name="minValue" label={t('inspection.item.min')}>
              <InputNumber id="item-min" style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="maxValue" label={t('inspection.item.max')}>
              <InputNumber id="item-max" style={{ width: 140 }} />
            </Form.Item>
            <Form.Item name="unit" label={t('inspection.item.unit')}>
              <Input id="item-unit" style={{ width: 100 }} maxLength={Limits.InspectionUnitChars} />
            </Form.Item>
          </Flex>
        )}
        <Form.Item name="enabled" label={t('inspection.item.enabled')} valuePropName="checked">
          <Switch id="item-enabled" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
