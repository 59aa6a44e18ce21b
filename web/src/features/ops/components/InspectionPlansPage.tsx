/**
 * /manage/ops/inspection_plan: inspection plans (docs/work-orders.md): the route of equipment in order, the items
 * checked on each, the inspector (someone who sees the whole route and may handle work orders: the server's list),
 * the schedule in China time (daily; weekly on a weekday; monthly on day 1–28), how long a worksheet may take before
 * it is overdue, enabled. "Generate now" makes this moment's worksheet. `manage` holders only. Cards and a
 * full-width dialog below 768 px.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Empty, Flex, Form, Input, InputNumber, Modal, Popconfirm, Select, Spin, Switch, Table, Tag, Typography, message as antdMessage } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { InspectionPlan } from '@/generated/answers';
import { CardList, CardListItem } from '@/components/CardList';
import { TabEmpty, TabError } from '@/components/LoadState';
import { catalogueText } from '@/lib/api/errors';
import { Code } from '@/lib/api/codes';
import { Limits } from '@/lib/api/limits';
import { Permission, hasAuth } from '@/lib/access';
import { useEquipmentOptions } from '@/entities/equipment/options';
import { useDeletePlan, useGenerate, useInspectionItems, useInspectionPlans, useInspectors, useSavePlan, type PlanInput } from '@/entities/inspection/api';
import { timeOfMinute } from '@/entities/inspection/rules';
import { TOUCH_TARGET, useCardLayout } from '@/lib/layout';
import { useUser } from '@/lib/session';

const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export default function InspectionPlansPage() {
  const { t } = useTranslation();
  const user = useUser();
  const cards = useCardLayout();
  const allowed = hasAuth(user, Permission.Manage);
  const plans = useInspectionPlans(allowed);
  const generate = useGenerate();
  const remove = useDeletePlan();
  const [editing, setEditing] = useState<InspectionPlan | 'new' | null>(null);
  const [message, holder] = antdMessage.useMessage();
  if (!allowed) return <TabEmpty testId="plans-no-permission" description={catalogueText(Code.NoPermission) ?? t('inspection.plan.noPermission')} />;
  const size = cards ? 'large' : 'middle';
  const small = cards ? 'large' : 'small';
  const touch = cards ? { minHeight: TOUCH_TARGET, minWidth: TOUCH_TARGET } : undefined;
  const schedule = (p: InspectionPlan) => {
    const at = timeOfMinute(p.minute);
    if (p.frequency === 'weekly') return t('inspection.plan.weeklyAt', { day: t(`inspection.weekday.${p.day}`), time: at });
    if (p.frequency === 'monthly') return t('inspection.plan.monthlyAt', { day: p.day, time: at });
    return t('inspection.plan.dailyAt', { time: at });
  };
  const route = (p: InspectionPlan) => p.equipment.map((e) => e.name).join(' → ');
  const generateNow = (p: InspectionPlan) =>
    generate.mutate(p.id, {
      onSuccess: (w) => void message.success(t('inspection.plan.generated', { number: w.number })),
      onError: (e) => void message.error(e.message),
    });
  const buttons = (p: InspectionPlan) => (
    <Flex gap={8} wrap>
      <Button size={small} style={touch} onClick={() => generateNow(p)} loading={generate.isPending && generate.variables === p.id} data-testid={`plan-generate-${p.id}`}>
        {t('inspection.plan.generate')}
      </Button>
      <Button size={small} style={touch} onClick={() => setEditing(p)} data-testid={`plan-edit-${p.id}`}>
        {t('inspection.action.edit')}
      </Button>
      <Popconfirm title={t('inspection.plan.deleteConfirm', { name: p.name })} onConfirm={() => remove.mutate(p.id, { onError: (e) => void message.error(e.message) })}>
        <Button size={small} style={touch} danger data-testid={`plan-delete-${p.id}`}>
          {t('inspection.action.delete')}
        </Button>
      </Popconfirm>
    </Flex>
  );
  const enabledTag = (p: InspectionPlan) => (p.enabled ? <Tag color="green">{t('inspection.enabled')}</Tag> : <Tag>{t('inspection.disabled')}</Tag>);
  const list = plans.data ?? [];
  const columns: ColumnsType<InspectionPlan> = [
    { title: t('inspection.plan.name'), key: 'name', render: (_, p) => <Typography.Text strong>{p.name}</Typography.Text> },
    { title: t('inspection.column.route'), key: 'route', render: (_, p) => <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: 0, maxWidth: 260 }}>{route(p)}</Typography.Paragraph> },
    { title: t('inspection.plan.items'), key: 'items', render: (_, p) => p.items.map((i) => i.name).join(', ') },
    { title: t('inspection.column.inspector'), key: 'inspector', render: (_, p) => p.inspectorName },
    { title: t('inspection.plan.schedule'), key: 'schedule', render: (_, p) => <span style={{ whiteSpace: 'nowrap' }}>{schedule(p)}</span> },
    { title: t('inspection.plan.hours'), key: 'hours', render: (_, p) => t('inspection.plan.hoursValue', { count: p.allowedHours }) },
    { title: t('inspection.item.enabled'), key: 'enabled', render: (_, p) => enabledTag(p) },
    { title: '', key: 'actions', render: (_, p) => buttons(p) },
  ];
  return (
    <Flex vertical gap={16} data-testid="plans-page">
      {holder}
      <Flex justify="space-between" align="center" gap={12} wrap>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('route.manage.inspectionPlan')}
        </Typography.Title>
        <Button type="primary" icon={<PlusOutlined />} size={size} style={touch} onClick={() => setEditing('new')} id="plan-new">
          {t('inspection.plan.new')}
        </Button>
      </Flex>
      {plans.isError && !plans.data ? (
        <TabError title={t('inspection.loadFailed')} error={plans.error} onRetry={() => void plans.refetch()} />
      ) : cards ? (
        list.length === 0 ? (
          plans.isLoading ? <Spin /> : <Empty description={t('inspection.plan.empty')} />
        ) : (
          <CardList testId="plan-cards">
            {list.map((p) => (
              <CardListItem key={p.id} rowKey={p.id} testId="plan-card">
                <Flex justify="space-between" align="center" gap={8}>
                  <Typography.Text strong>{p.name}</Typography.Text>
                  {enabledTag(p)}
                </Flex>
                <Typography.Text style={{ overflowWrap: 'anywhere' }}>{route(p)}</Typography.Text>
                <Typography.Text type="secondary">
                  {schedule(p)} · {t('inspection.column.inspector')} {p.inspectorName}
                </Typography.Text>
                {buttons(p)}
              </CardListItem>
            ))}
          </CardList>
        )
      ) : (
        <div style={{ overflowX: 'auto' }}>
          <Table<InspectionPlan> rowKey="id" size="middle" columns={columns} dataSource={list} loading={plans.isLoading} pagination={false} locale={{ emptyText: t('inspection.plan.empty') }} data-testid="plan-table" />
        </div>
      )}
      <PlanDialog plan={editing} onClose={() => setEditing(null)} />
    </Flex>
  );
}

interface Fields {
  name: string;
  equipmentIds: number[];
  itemIds: number[];
  inspectorId?: number;
  frequency: PlanInput['frequency'];
  day?: number;
  time: string;
  allowedHours: number;
  enabled: boolean;
}

function PlanDialog({ plan, onClose }: { plan: InspectionPlan | 'new' | null; onClose(): void }) {
  const { t } = useTranslation();
  const cards = useCardLayout();
  const [form] = Form.useForm<Fields>();
  const [problem, setProblem] = useState<string | null>(null);
  const open = plan !== null;
  const existing = plan !== null && plan !== 'new' ? plan : null;
  const equipment = useEquipmentOptions(open);
  const items = useInspectionItems(open);
  const route = (Form.useWatch('equipmentIds', form) as number[] | undefined) ?? [];
  const frequency = Form.useWatch('frequency', form) as Fields['frequency'] | undefined;
  const inspectors = useInspectors(route);
  const save = useSavePlan();
  const submit = (f: Fields) =>
    save.mutate(
      { ...(existing ? { id: existing.id } : {}), ...f, inspectorId: f.inspectorId as number },
      { onSuccess: onClose, onError: (e) => setProblem(e.message) },
    );
  // Filled each time it opens, with the plan or a new one's defaults.
  useEffect(() => {
    if (plan === null) return;
    setProblem(null);
    form.setFieldsValue(
      plan !== 'new'
        ? {
            name: plan.name,
            equipmentIds: plan.equipment.map((e) => e.id),
            itemIds: plan.items.map((i) => i.id),
            inspectorId: plan.inspectorId,
            frequency: plan.frequency,
            day: plan.day || undefined,
            time: timeOfMinute(plan.minute),
            allowedHours: plan.allowedHours,
            enabled: plan.enabled,
          }
        : { name: '', equipmentIds: [], itemIds: [], frequency: 'daily', time: '08:00', allowedHours: 24, enabled: true },
    );
  }, [plan, form]);
  const selectable = (items.data ?? []).filter((i) => i.enabled || existing?.items.some((x) => x.id === i.id));
  return (
    <Modal
      open={open}
      title={existing ? t('inspection.plan.edit') : t('inspection.plan.new')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('inspection.action.save')}
      cancelText={t('inspection.action.cancel')}
      okButtonProps={{ loading: save.isPending, id: 'plan-save' }}
      width={cards ? '100%' : 600}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit}>
        {problem && <Alert type="error" showIcon message={problem} style={{ marginBottom: 12 }} data-testid="plan-problem" />}
        <Form.Item name="name" label={t('inspection.plan.name')} rules={[{ required: true, whitespace: true, message: t('inspection.plan.nameRequired') }]}>
          <Input id="plan-name" maxLength={Limits.InspectionNameChars} />
        </Form.Item>
        <Form.Item name="equipmentIds" label={t('inspection.plan.route')} extra={t('inspection.plan.routeHint')} rules={[{ required: true, message: t('inspection.plan.routeRequired') }]}>
          <Select
            id="plan-equipment"
            mode="multiple"
            showSearch
            optionFilterProp="label"
            maxCount={Limits.InspectionRouteMax}
            options={(equipment.data ?? []).map((e) => ({ value: e.id, label: e.equipName }))}
          />
        </Form.Item>
        <Form.Item name="itemIds" label={t('inspection.plan.items')} rules={[{ required: true, message: t('inspection.plan.itemsRequired') }]}>
          <Select id="plan-items" mode="multiple" optionFilterProp="label" maxCount={Limits.InspectionItemsMax} options={selectable.map((i) => ({ value: i.id, label: i.name }))} />
        </Form.Item>
        <Form.Item name="inspectorId" label={t('inspection.column.inspector')} extra={t('inspection.plan.inspectorHint')} rules={[{ required: true, message: t('inspection.plan.inspectorRequired') }]}>
          <Select id="plan-inspector" disabled={route.length === 0} loading={inspectors.isFetching} options={(inspectors.data ?? []).map((u) => ({ value: u.userId, label: u.loginname }))} />
        </Form.Item>
        <Flex gap={12} wrap>
          <Form.Item name="frequency" label={t('inspection.plan.frequency')} rules={[{ required: true }]}>
            <Select id="plan-frequency" style={{ width: 140 }} options={(['daily', 'weekly', 'monthly'] as const).map((f) => ({ value: f, label: t(`inspection.frequency.${f}`) }))} />
          </Form.Item>
          {frequency === 'weekly' && (
            <Form.Item name="day" label={t('inspection.plan.weekday')} rules={[{ required: true, message: t('inspection.plan.dayRequired') }]}>
              <Select id="plan-day" style={{ width: 140 }} options={WEEKDAYS.map((d) => ({ value: d, label: t(`inspection.weekday.${d}`) }))} />
            </Form.Item>
          )}
          {frequency === 'monthly' && (
            <Form.Item name="day" label={t('inspection.plan.monthDay')} rules={[{ required: true, message: t('inspection.plan.dayRequired') }]}>
              <InputNumber id="plan-day" min={1} max={28} precision={0} style={{ width: 120 }} />
            </Form.Item>
          )}
          <Form.Item name="time" label={t('inspection.plan.time')} rules={[{ required: true, pattern: /^\d{2}:\d{2}$/, message: t('inspection.plan.timeRequired') }]}>
            <Input id="plan-time" type="time" style={{ width: 130 }} />
          </Form.Item>
          <Form.Item name="allowedHours" label={t('inspection.plan.hours')} rules={[{ required: true }]}>
            <InputNumber id="plan-hours" min={1} max={Limits.InspectionHoursMax} precision={0} style={{ width: 120 }} />
          </Form.Item>
        </Flex>
        <Form.Item name="enabled" label={t('inspection.item.enabled')} valuePropName="checked">
          <Switch id="plan-enabled" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
