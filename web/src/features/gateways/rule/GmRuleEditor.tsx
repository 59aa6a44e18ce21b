/**
 * A JSON device's data rule editor (docs/gm-equipment.md, "A JSON device's data rule"), a drawer from the JSON
 * devices tab: the data topic below the device's prefix, the signals, the time, the write command, and beside them
 * the try-out on a pasted sample. It opens with the device's saved rule (or one empty signal row) and saves the
 * whole rule; a refusal naming `rule.<field>` shows on that field (`rule.signals[1].path` on row 2's path cell), any
 * other failure is toasted.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Col, Drawer, Flex, Form, Input, Modal, Row, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { fieldRefusal } from '@/lib/api/fieldErrors';
import { useCardLayout } from '@/lib/layout';
import { useSaveGmRule } from '../api/saveGmRule';
import { useTryGmRule, type RuleTried } from '../api/tryGmRule';
import type { GmSource } from '../gmModel';
import { RuleSignalsTable, cellErrorKey, cellId } from './RuleSignalsTable';
import { RuleCommandSection, RuleTimeSection, fieldId } from './RuleTimeCommand';
import { RuleTryOut } from './RuleTryOut';
import {
  addLeaves,
  dataTopic,
  docFromForm,
  formFromDoc,
  parseSample,
  reasonOnly,
  refusedPlace,
  sampleLeaves,
  type RuleField,
  type RuleForm,
} from './ruleModel';

interface GmRuleEditorProps {
  source: GmSource;
  onClose: () => void;
  /** Called once the rule is saved (the list says so: this drawer is gone by then). */
  onSaved: () => void;
}

type Errors = Record<string, string>;


export function GmRuleEditor({ source, onClose, onSaved }: GmRuleEditorProps) {
  const { t, i18n } = useTranslation();
  const cards = useCardLayout();
  const [form, setForm] = useState<RuleForm>(() => formFromDoc(source.rule));
  // What the editor opened with, as sent: closing asks first when the rule differs from it.
  const [opened] = useState(() => JSON.stringify(docFromForm(form)));
  const [modal, modalHolder] = Modal.useModal();
  const [errors, setErrors] = useState<Errors>({});
  const [focus, setFocus] = useState<string | null>(null);
  const [sample, setSample] = useState('');
  const [note, setNote] = useState<{ type: 'error' | 'info'; text: string } | null>(null);
  const [tried, setTried] = useState<{ result: RuleTried; timeFromMessage: boolean; stale: boolean } | null>(null);
  const save = useSaveGmRule();
  const trial = useTryGmRule();
  const prefix = source.topicPrefix ?? '';

  // The refused field is focused once it is drawn with its message.
  useEffect(() => {
    if (focus === null) return;
    document.getElementById(focus)?.focus();
    setFocus(null);
  }, [focus]);

  const edited = (...keys: string[]) => {
    setTried((was) => (was ? { ...was, stale: true } : was));
    if (keys.some((key) => key in errors) || 'rule' in errors) {
      setErrors((was) => Object.fromEntries(Object.entries(was).filter(([key]) => !keys.includes(key) && key !== 'rule')));
    }
  };
  const change = (patch: Partial<RuleForm>, fields: RuleField[]) => {
    edited(...fields);
    setForm((was) => ({ ...was, ...patch }));
  };

  /** Puts a refusal on the field it names (of the rule as `sent`); answers false when it names none. */
  const placeRefusal = (error: ApiError, sent: RuleForm): boolean => {
    const field = fieldRefusal(error)?.field;
    const place = refusedPlace(field);
    if (!place) return false;
    // On its own cell or field the message needs no field name; the signal list and the rule keep it whole.
    const reason = reasonOnly(error.message, field);
    if (place.at === 'signal') {
      const row = sent.signals[place.index];
      if (!row) return false;
      setErrors({ [cellErrorKey(row, place.field)]: reason });
      setFocus(cellId(form.signals.findIndex((r) => r.id === row.id), place.field));
    } else if (place.at === 'field') {
      setErrors({ [place.field]: reason });
      setFocus(fieldId(place.field));
    } else {
      setErrors({ [place.at]: error.message });
    }
    return true;
  };

  const close = () => {
    if (JSON.stringify(docFromForm(form)) === opened) {
      onClose();
      return;
    }
    void modal.confirm({
      title: t('gmRule.discard.title'),
      content: t('gmRule.discard.text'),
      okText: t('gmRule.discard.ok'),
      cancelText: t('gmRule.discard.cancel'),
      okButtonProps: { danger: true, id: 'gm-rule-discard' },
      onOk: onClose,
    });
  };

  const submit = () => {
    const sent = form;
    save.mutate(
      { id: source.id, rule: docFromForm(sent) },
      {
        onSuccess: onSaved,
        onError: (error) => {
          if (!placeRefusal(error, sent)) showError(error);
        },
      },
    );
  };

  const tryRule = () => {
    if (sample.trim() === '') {
      setNote({ type: 'error', text: t('gmRule.sample.empty') });
      return;
    }
    // A sample that is not JSON is said so at once (the server would answer only that).
    if (!parseSample(sample)) {
      setTried(null);
      setNote({ type: 'error', text: t('gmRule.sample.notJson') });
      return;
    }
    const sent = form;
    setNote(null);
    trial.mutate(
      { rule: docFromForm(sent), sample },
      {
        onSuccess: (result) => setTried({ result, timeFromMessage: sent.timeFrom === 'path', stale: false }),
        onError: (error) => {
          setTried(null);
          // A refused rule is not tried: said beside the sample too, as its field may be scrolled out of sight.
          if (placeRefusal(error, sent)) setNote({ type: 'error', text: error.message });
          else showError(error);
        },
      },
    );
  };

  // The try-out's problems are worded in the language of the call: tried again when the language changes.
  const [triedIn, setTriedIn] = useState(i18n.language);
  useEffect(() => {
    if (i18n.language === triedIn) return;
    setTriedIn(i18n.language);
    if (tried && !tried.stale) tryRule();
    // Only the language matters here; the trial reads the current rule and sample when it runs.
  }, [i18n.language]);

  const addFromSample = () => {
    const parsed = parseSample(sample);
    if (!parsed) {
      setNote({ type: 'error', text: t(sample.trim() === '' ? 'gmRule.sample.empty' : 'gmRule.sample.notJson') });
      return;
    }
    const { rows, added } = addLeaves(form.signals, sampleLeaves(parsed.value));
    setNote({ type: 'info', text: added > 0 ? t('gmRule.sample.added', { count: added }) : t('gmRule.sample.noneAdded') });
    if (added > 0) {
      edited('signals');
      setForm((was) => ({ ...was, signals: rows }));
    }
  };

  return (
    <Drawer
      open
      onClose={close}
      title={t('gmRule.title', { name: source.name })}
      width={cards ? '100%' : 'min(1360px, 100vw)'}
      maskClosable={false}
      data-testid="gm-rule-editor"
      extra={
        <Space>
          <Button id="gm-rule-cancel" onClick={close}>
            {t('gmRule.cancel')}
          </Button>
          <Button id="gm-rule-save" type="primary" loading={save.isPending} onClick={submit}>
            {t('gmRule.save')}
          </Button>
        </Space>
      }
    >
      {modalHolder}
      <Form component={false} layout="vertical" disabled={save.isPending}>
        <Flex vertical gap={12}>
          <Typography.Text type="secondary">{t('gmRule.intro')}</Typography.Text>
          {errors.rule && <Alert type="error" showIcon message={t('gmRule.refusedRule', { message: errors.rule })} data-testid="gm-rule-refused" />}
          <Row gutter={[24, 16]}>
            <Col xs={24} xl={15}>
              <Form.Item
                label={t('gmRule.topic.label')}
                htmlFor={fieldId('topic')}
                validateStatus={errors.topic ? 'error' : undefined}
                help={errors.topic}
                extra={t('gmRule.topic.hint', { prefix })}
              >
                <Input
                  id={fieldId('topic')}
                  addonBefore={<Typography.Text code data-testid="gm-rule-prefix">{`${prefix}/`}</Typography.Text>}
                  value={form.topic}
                  placeholder={t('gmRule.topic.placeholder')}
                  autoComplete="off"
                  onChange={(e) => change({ topic: e.target.value }, ['topic'])}
                />
              </Form.Item>
              <Typography.Paragraph type="secondary" style={{ marginTop: -12 }}>
                {t('gmRule.topic.shown')}
                <Typography.Text code data-testid="gm-rule-data-topic">
                  {form.topic.trim() === '' ? `${prefix}, ${prefix}/…` : dataTopic(prefix, form.topic)}
                </Typography.Text>
              </Typography.Paragraph>
              <Typography.Title level={5} style={{ marginTop: 16 }}>
                {t('gmRule.signals.title')}
              </Typography.Title>
              <RuleSignalsTable
                rows={form.signals}
                onChange={(signals) => {
                  edited();
                  setForm((was) => ({ ...was, signals }));
                }}
                errors={errors}
                onEdited={(key) => edited(key)}
                disabled={save.isPending}
              />
              <RuleTimeSection form={form} onChange={change} errors={errors} />
              <RuleCommandSection form={form} onChange={change} errors={errors} prefix={prefix} />
            </Col>
            <Col xs={24} xl={9}>
              {/* The try-out stays in sight while the rule beside it scrolls. */}
              <div style={cards ? undefined : { position: 'sticky', top: 0, maxHeight: 'calc(100vh - 110px)', overflowY: 'auto', paddingRight: 4 }}>
                <RuleTryOut
                  sample={sample}
                  onSampleChange={(text) => {
                    setSample(text);
                    setNote(null);
                    setTried((was) => (was ? { ...was, stale: true } : was));
                  }}
                  onTry={tryRule}
                  onAddLeaves={addFromSample}
                  trying={trial.isPending}
                  note={note}
                  result={tried?.result ?? null}
                  stale={tried?.stale ?? false}
                  timeFromMessage={tried?.timeFromMessage ?? false}
                />
              </div>
            </Col>
          </Row>
        </Flex>
      </Form>
    </Drawer>
  );
}
