/**
 * The steps the current user may take on an order, as buttons computed from the server's step table
 * (entities/repairs/rules.ts): dispatch (choose the repairer among those who see the equipment, a remark), reassign
 * before it is received (another of them, the current repairer left out), receive
 * (confirmed), finish (the repair content, required), end early (the reason, required; "cancel" for the dispatcher)
 * and add pictures. A refusal (someone else took a step first: 1292) is toasted by the client and the order is
 * fetched again, so the buttons follow.
 */
import { useState } from 'react';
import { Button, Flex, Form, Input, Popconfirm, Select, Typography } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { RepairOrder } from '@/generated/answers';
import { Limits } from '@/lib/api/limits';
import { IMAGE_EXTENSIONS, IMAGE_MAX_MIB, imageFileProblem } from '@/lib/imageFiles';
import { TOUCH_TARGET, useCardLayout } from '@/lib/layout';
import { useRepairStep, useRepairUsers, useUploadRepairPicture } from '@/entities/repairs/api';
import { availableActions, isClosed, rolesOf, type RepairAction, type RepairViewer } from '@/entities/repairs/rules';

type FormStep = 'dispatch' | 'redispatch' | 'finish' | 'earlyFinish';

interface StepFields {
  repairerId?: number;
  content?: string;
  remark?: string;
}

export function RepairStepPanel({ order, user, pictureCount }: { order: RepairOrder; user: RepairViewer; pictureCount: number }) {
  const { t } = useTranslation();
  const cards = useCardLayout();
  const actions = availableActions(order, user);
  const [open, setOpen] = useState<FormStep | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const step = useRepairStep();
  const attach = useUploadRepairPicture();
  const [form] = Form.useForm<StepFields>();
  const naming = open === 'dispatch' || open === 'redispatch';
  const users = useRepairUsers(order.equipmentId, naming);
  const touch = cards ? { minHeight: TOUCH_TARGET } : undefined;
  const size = cards ? 'large' : 'middle';

  if (actions.length === 0) {
    // A closed order has no steps for anyone: nothing to say.
    if (isClosed(order.status)) return null;
    return (
      <Typography.Text type="secondary" data-testid="repair-nothing-to-do">
        {t('repair.detail.nothingToDo')}
      </Typography.Text>
    );
  }

  const cancelling = rolesOf(order, user).dispatcher && order.status !== 'received';
  const label = (action: RepairAction) => (action === 'earlyFinish' && cancelling ? t('repair.action.cancel') : t(`repair.action.${action}`));

  const submit = (fields: StepFields) => {
    if (open === null) return;
    step.mutate(
      {
        id: order.id,
        action: open,
        ...(fields.repairerId !== undefined ? { repairerId: fields.repairerId } : {}),
        ...(fields.content ? { content: fields.content.trim() } : {}),
        ...(fields.remark ? { remark: fields.remark.trim() } : {}),
      },
      {
        onSuccess: () => {
          setOpen(null);
          form.resetFields();
        },
      },
    );
  };

  const upload = (chosen: FileList | null) => {
    const file = chosen?.[0];
    if (!file) return;
    const found = imageFileProblem(file);
    if (found) {
      setProblem(found === 'type' ? t('repair.create.pictureProblemType', { name: file.name }) : t('repair.create.pictureProblemSize', { name: file.name, mib: IMAGE_MAX_MIB }));
      return;
    }
    setProblem(null);
    attach.mutate({ id: order.id, file });
  };

  return (
    <Flex vertical gap={12} data-testid="repair-actions">
      <Flex gap={8} wrap>
        {actions.map((action) =>
          action === 'receive' ? (
            <Popconfirm key={action} title={t('repair.step.receiveConfirm')} onConfirm={() => step.mutate({ id: order.id, action: 'receive' })}>
              <Button type="primary" size={size} style={touch} loading={step.isPending} id="repair-receive">
                {label(action)}
              </Button>
            </Popconfirm>
          ) : action === 'attach' ? (
            pictureCount < Limits.RepairPictures && (
              <Button key={action} size={size} style={touch} icon={<PictureOutlined />} loading={attach.isPending} onClick={() => document.getElementById('repair-attach-file')?.click()} id="repair-attach">
                {t('repair.create.addPicture')}
              </Button>
            )
          ) : (
            <Button
              key={action}
              type={action === 'earlyFinish' || action === 'redispatch' ? 'default' : 'primary'}
              danger={action === 'earlyFinish'}
              size={size}
              style={touch}
              id={`repair-${action}`}
              onClick={() => {
                form.resetFields();
                setOpen(open === action ? null : action);
              }}
            >
              {label(action)}
            </Button>
          ),
        )}
      </Flex>
      <input id="repair-attach-file" type="file" accept={IMAGE_EXTENSIONS.join(',')} style={{ display: 'none' }} onChange={(e) => { upload(e.target.files); e.target.value = ''; }} />
      {problem && <Typography.Text type="danger">{problem}</Typography.Text>}
      {open !== null && (
        <Form<StepFields> form={form} layout="vertical" onFinish={submit} disabled={step.isPending} data-testid={`repair-form-${open}`}>
          {naming && (
            <Form.Item
              name="repairerId"
              htmlFor="repair-repairer"
              label={open === 'redispatch' ? t('repair.step.newRepairer') : t('repair.step.repairer')}
              rules={[{ required: true, message: t('repair.step.repairerRequired') }]}
            >
              <Select
                id="repair-repairer"
                size={size}
                loading={users.isLoading}
                placeholder={t('repair.step.repairerPlaceholder')}
                options={(users.data ?? []).filter((u) => u.userId !== order.repairerId).map((u) => ({ value: u.userId, label: u.loginname }))}
              />
            </Form.Item>
          )}
          {open === 'finish' && (
            <Form.Item name="content" htmlFor="repair-content" label={t('repair.step.content')} rules={[{ required: true, whitespace: true, message: t('repair.step.contentRequired') }]}>
              <Input.TextArea id="repair-content" rows={3} maxLength={Limits.RepairContentChars} showCount />
            </Form.Item>
          )}
          <Form.Item
            name="remark"
            htmlFor="repair-remark"
            label={open === 'earlyFinish' ? t('repair.step.reason') : t('repair.step.remark')}
            rules={open === 'earlyFinish' ? [{ required: true, whitespace: true, message: t('repair.step.reasonRequired') }] : []}
          >
            <Input.TextArea id="repair-remark" rows={2} maxLength={Limits.RepairRemarkChars} showCount />
          </Form.Item>
          <Flex gap={8} justify="flex-end">
            <Button size={size} style={touch} onClick={() => setOpen(null)}>
              {t('repair.step.cancel')}
            </Button>
            <Button type="primary" htmlType="submit" size={size} style={touch} loading={step.isPending} id="repair-step-submit">
              {t('repair.step.confirm')}
            </Button>
          </Flex>
        </Form>
      )}
    </Flex>
  );
}
