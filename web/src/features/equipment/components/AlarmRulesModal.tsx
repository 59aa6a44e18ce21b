/**
 * The alarm rules of one saved signal: condition (== != > < >= <=) and threshold, deadband, delay, level and the
 * message in both languages, at most 10. Each field is checked with the server's rules while typing; a refusal
 * naming `rules.2.level` goes on that rule's field. Saving replaces the signal's rules.
 */
import { useEffect } from 'react';
import { Alert, Button, Card, Col, Empty, Flex, Form, Input, InputNumber, Modal, Row, Select, Switch, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { SignalDef } from '@/generated/answers';
import { useSaveAlarmRules } from '../api/saveAlarmRules';
import { refusedListEntry } from '@/lib/api/fieldErrors';
import { problemText } from '../problemText';
import {
  LEVELS,
  MAX_RULES_PER_SIGNAL,
  SYMBOLS,
  checkRule,
  newRule,
  type AlarmRule,
  type RuleDraft,
  type RuleField,
} from '../signals/alarmRules';
import { useRevalidateOnLanguage } from '@/lib/useRevalidateOnLanguage';

interface AlarmRulesModalProps {
  equipmentId: number;
  signal: SignalDef | null;
  /** The signal's saved rules. */
  rules: AlarmRule[];
  readOnly?: boolean;
  onClose: () => void;
}

type Values = { rules: RuleDraft[] };

function draftOf(rule: AlarmRule): RuleDraft {
  const { id, symbol, value, deadband, delay, level, msgZh, msgEn, enabled } = rule;
  return { id, symbol, value, deadband, delay, level, msgZh, msgEn, enabled };
}

export function AlarmRulesModal({ equipmentId, signal, rules, readOnly, onClose }: AlarmRulesModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSaveAlarmRules();
  const open = signal !== null;
  useRevalidateOnLanguage(form);

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ rules: rules.map(draftOf) });
    save.reset();
    // Only when the dialog opens for a signal: later rule refreshes must not wipe what is being typed.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, signal?.id]);

  /** A validator that asks checkRule about one field of rule `index`. */
  const ruleCheck = (index: number, field: RuleField) => ({
    validator: async () => {
      const rule = form.getFieldValue(['rules', index]) as Partial<RuleDraft> | undefined;
      const problem = checkRule(rule ?? {}).find((p) => p.field === field);
      if (problem) throw new Error(problemText(t, problem.reason, 'params' in problem ? problem.params : {}));
    },
  });

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    if (!signal) return;
    const list = (values.rules ?? []).map((rule) => ({
      ...rule,
      id: rule.id ?? 0,
      deadband: rule.deadband ?? 0,
      delay: rule.delay ?? 0,
      level: rule.level ?? 1,
      msgZh: rule.msgZh.trim(),
      msgEn: rule.msgEn.trim(),
      enabled: rule.enabled ?? true,
    }));
    save.mutate(
      { equipmentId, signalId: signal.id, rules: list },
      {
        onSuccess: onClose,
        onError: (error) => {
          const entry = refusedListEntry(error, 'rules');
          // Other refusals are shown in the dialog, under the rules.
          if (entry?.field) form.setFields([{ name: ['rules', entry.index, entry.field as RuleField], errors: [error.message] }]);
        },
      },
    );
  };

  return (
    <Modal
      open={open}
      title={t('equipment.alarm.title', { name: signal?.name ?? '' })}
      okText={t('equipment.alarm.save')}
      cancelText={t('equipment.cancel')}
      onOk={() => void submit()}
      onCancel={onClose}
      confirmLoading={save.isPending}
      okButtonProps={{ id: 'alarm-rules-save', disabled: readOnly }}
      maskClosable={false}
      width={860}
      forceRender
    >
      <Form<Values> form={form} layout="vertical" disabled={readOnly || save.isPending} data-testid="alarm-rules-form">
        <Form.List name="rules">
          {(fields, { add, remove }) => (
            <Flex vertical gap={12}>
              {fields.length === 0 && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('equipment.alarm.empty')} />}
              {fields.map(({ key, name }) => (
                <Card
                  key={key}
                  size="small"
                  data-testid={`alarm-rule-${name}`}
                  title={t('equipment.alarm.ruleTitle', { n: name + 1 })}
                  extra={
                    <Button
                      type="text"
                      danger
                      size="small"
                      icon={<DeleteOutlined />}
                      onClick={() => remove(name)}
                      aria-label={t('equipment.alarm.remove')}
                    >
                      {t('equipment.alarm.remove')}
                    </Button>
                  }
                >
                  <Row gutter={12}>
                    <Col xs={12} md={4}>
                      <Form.Item name={[name, 'symbol']} label={t('equipment.alarm.field.symbol')} rules={[ruleCheck(name, 'symbol')]}>
                        <Select id={`alarm-${name}-symbol`} options={SYMBOLS.map((value) => ({ value, label: value }))} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={5}>
                      <Form.Item name={[name, 'value']} label={t('equipment.alarm.field.value')} rules={[ruleCheck(name, 'value')]}>
                        <InputNumber id={`alarm-${name}-value`} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={5}>
                      <Form.Item
                        name={[name, 'deadband']}
                        label={t('equipment.alarm.field.deadband')}
                        rules={[ruleCheck(name, 'deadband')]}
                      >
                        <InputNumber id={`alarm-${name}-deadband`} style={{ width: '100%' }} />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={5}>
                      <Form.Item name={[name, 'delay']} label={t('equipment.alarm.field.delay')} rules={[ruleCheck(name, 'delay')]}>
                        <InputNumber id={`alarm-${name}-delay`} style={{ width: '100%' }} suffix="ms" />
                      </Form.Item>
                    </Col>
                    <Col xs={12} md={5}>
                      <Form.Item name={[name, 'level']} label={t('equipment.alarm.field.level')} rules={[ruleCheck(name, 'level')]}>
                        <Select
                          id={`alarm-${name}-level`}
                          options={LEVELS.map((value) => ({ value, label: t(`equipment.alarm.level.${value}`) }))}
                        />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={10}>
                      <Form.Item name={[name, 'msgZh']} label={t('equipment.alarm.field.msgZh')} rules={[ruleCheck(name, 'msgZh')]}>
                        <Input id={`alarm-${name}-msgZh`} autoComplete="off" />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={10}>
                      <Form.Item name={[name, 'msgEn']} label={t('equipment.alarm.field.msgEn')} rules={[ruleCheck(name, 'msgEn')]}>
                        <Input id={`alarm-${name}-msgEn`} autoComplete="off" />
                      </Form.Item>
                    </Col>
                    <Col xs={24} md={4}>
                      <Form.Item name={[name, 'enabled']} label={t('equipment.alarm.field.enabled')} valuePropName="checked">
                        <Switch id={`alarm-${name}-enabled`} />
                      </Form.Item>
                    </Col>
                  </Row>
                  <Form.Item name={[name, 'id']} hidden>
                    <InputNumber />
                  </Form.Item>
                </Card>
              ))}
              {!readOnly && (
                <Button
                  type="dashed"
                  icon={<PlusOutlined />}
                  disabled={fields.length >= MAX_RULES_PER_SIGNAL}
                  onClick={() => add(newRule())}
                  id="alarm-rule-add"
                >
                  {t('equipment.alarm.add')}
                </Button>
              )}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('equipment.alarm.hint', { max: MAX_RULES_PER_SIGNAL })}
              </Typography.Text>
              {save.isError && !refusedListEntry(save.error, 'rules')?.field && (
                <Alert type="error" showIcon message={save.error.message} />
              )}
            </Flex>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
