/**
 * The data rule's time (the server's clock, or a path of the message in ms, s or ISO text) and its write command
 * (the template with its three placeholders, the reply path). Refusals show under their field (`errors` by the
 * server's field name: `time.path`, `command.template`, …).
 */
import { Col, Form, Input, Radio, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RULE_MAX, TIME_UNITS, type RuleField, type RuleForm } from './ruleModel';

/** The element id of a field's input. */
export const fieldId = (field: RuleField) => `gm-rule-${field.replace('.', '-').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

interface Props {
  form: RuleForm;
  onChange: (patch: Partial<RuleForm>, edited: RuleField[]) => void;
  errors: Record<string, string>;
  /** The device's topic prefix, for the command topic in the hint. */
  prefix: string;
}

const PLACEHOLDERS = { id: '{{id}}', signal: '{{signal}}', value: '{{value}}' };

export function RuleTimeSection({ form, onChange, errors }: Omit<Props, 'prefix'>) {
  const { t } = useTranslation();
  const status = (field: RuleField) => ({ validateStatus: errors[field] ? ('error' as const) : undefined, help: errors[field] });
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        {t('gmRule.time.title')}
      </Typography.Title>
      <Radio.Group
        id="gm-rule-time-from"
        value={form.timeFrom}
        onChange={(e) => onChange({ timeFrom: e.target.value as RuleForm['timeFrom'] }, ['time.path', 'time.unit'])}
        options={[
          { value: 'server', label: t('gmRule.time.server') },
          { value: 'path', label: t('gmRule.time.path') },
        ]}
        style={{ marginBottom: 8 }}
      />
      {form.timeFrom === 'path' && (
        <Row gutter={12}>
          <Col xs={24} sm={12}>
            <Form.Item label={t('gmRule.time.pathLabel')} htmlFor={fieldId('time.path')} {...status('time.path')}>
              <Input
                id={fieldId('time.path')}
                value={form.timePath}
                placeholder={t('gmRule.time.pathPlaceholder')}
                maxLength={RULE_MAX.pathChars}
                autoComplete="off"
                onChange={(e) => onChange({ timePath: e.target.value }, ['time.path'])}
              />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item label={t('gmRule.time.unit')} htmlFor={fieldId('time.unit')} {...status('time.unit')}>
              <Select
                id={fieldId('time.unit')}
                value={form.timeUnit}
                onChange={(timeUnit) => onChange({ timeUnit }, ['time.unit'])}
                options={TIME_UNITS.map((unit) => ({ value: unit, label: t(`gmRule.time.units.${unit}`) }))}
              />
            </Form.Item>
          </Col>
        </Row>
      )}
    </>
  );
}

export function RuleCommandSection({ form, onChange, errors, prefix }: Props) {
  const { t } = useTranslation();
  const status = (field: RuleField) => ({ validateStatus: errors[field] ? ('error' as const) : undefined, help: errors[field] });
  return (
    <>
      <Typography.Title level={5} style={{ marginTop: 8 }}>
        {t('gmRule.command.title')}
      </Typography.Title>
      <Form.Item
        label={t('gmRule.command.template')}
        htmlFor={fieldId('command.template')}
        {...status('command.template')}
        extra={t('gmRule.command.templateHint', { ...PLACEHOLDERS, topic: `${prefix}/cmd` })}
      >
        <Input.TextArea
          id={fieldId('command.template')}
          value={form.template}
          placeholder={t('gmRule.command.templatePlaceholder')}
          autoSize={{ minRows: 2, maxRows: 8 }}
          maxLength={RULE_MAX.templateChars}
          spellCheck={false}
          style={{ fontFamily: 'monospace' }}
          onChange={(e) => onChange({ template: e.target.value }, ['command.template'])}
        />
      </Form.Item>
      <Form.Item
        label={t('gmRule.command.replyPath')}
        htmlFor={fieldId('command.replyPath')}
        {...status('command.replyPath')}
        extra={t('gmRule.command.replyPathHint')}
      >
        <Input
          id={fieldId('command.replyPath')}
          value={form.replyPath}
          placeholder={t('gmRule.command.replyPathPlaceholder')}
          maxLength={RULE_MAX.pathChars}
          autoComplete="off"
          disabled={form.template.trim() === ''}
          onChange={(e) => onChange({ replyPath: e.target.value }, ['command.replyPath'])}
        />
      </Form.Item>
    </>
  );
}
