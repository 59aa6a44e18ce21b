/**
 * The driver settings form, drawn from the server's schema: a driver kind, then each field of that kind by its
 * field type (text, integer with limits, choice, number choice), with the label in the console's language, the
 * unit beside the input and the schema's default in a new form. No driver is known by name here.
 */
import { useEffect, useState } from 'react';
import { Button, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { currentLanguage } from '@/lib/i18n';
import { refusedSubField } from '@/lib/api/fieldErrors';
import type { DriverSchema, FieldSchema } from '@/generated/answers';
import { driverPayload, driverValues, isChoice, isInteger, isNumberChoice, isText, labelOf } from '@/entities/drivers/schema';
import { useRevalidateOnLanguage } from '@/lib/useRevalidateOnLanguage';

interface DriverFormProps {
  schemas: DriverSchema[];
  /** The saved settings, if any. */
  saved: Record<string, unknown> | null;
  readOnly?: boolean;
  saving: boolean;
  /** Saves; rejects with the server's refusal, which the form puts on the field it names. */
  onSave: (driver: Record<string, unknown>) => Promise<unknown>;
}

export function DriverForm({ schemas, saved, readOnly, saving, onSave }: DriverFormProps) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [form] = Form.useForm<Record<string, unknown>>();
  const savedKind = typeof saved?.kind === 'string' ? saved.kind : undefined;
  const [kind, setKind] = useState<string | undefined>(savedKind ?? schemas[0]?.kind);
  const schema = schemas.find((s) => s.kind === kind);
  useRevalidateOnLanguage(form);

  // A new kind (or the saved settings arriving) fills the form: saved values for the saved kind, else defaults.
  const savedKey = JSON.stringify(saved ?? null);
  useEffect(() => {
    if (!schema) return;
    form.resetFields();
    form.setFieldsValue(driverValues(schema, JSON.parse(savedKey) as Record<string, unknown> | null) as Record<string, never>);
  }, [schema, savedKey, form]);

  const rules = (field: FieldSchema): Rule[] => {
    const label = labelOf(field, language);
    const out: Rule[] = [{ required: true, message: t('equipment.validation.required', { field: label }) }];
    if (isText(field)) {
      out[0] = { required: true, whitespace: true, message: t('equipment.validation.required', { field: label }) };
      out.push({ max: field.max_len, message: t('equipment.validation.tooLong', { field: label, max: field.max_len }) });
    }
    if (isInteger(field)) {
      out.push({
        type: 'integer',
        min: field.min,
        max: field.max,
        message: t('equipment.validation.integerRange', { field: label, min: field.min, max: field.max }),
      });
    }
    return out;
  };

  const input = (field: FieldSchema) => {
    const id = `driver-${field.name}`;
    const unit = field.unit || undefined;
    if (isInteger(field)) {
      return <InputNumber id={id} precision={0} style={{ width: '100%' }} suffix={unit} placeholder={`${field.min} ~ ${field.max}`} />;
    }
    if (isChoice(field)) {
      return (
        <Select
          id={id}
          options={field.options.map((value) => ({ value, label: t(`equipment.driver.option.${value}`, { defaultValue: value }) }))}
        />
      );
    }
    if (isNumberChoice(field)) {
      return (
        <Select
          id={id}
          options={field.options.map((value) => ({ value, label: unit ? `${value} ${unit}` : String(value) }))}
        />
      );
    }
    // Text, and (kept although the generated union is closed) a kind a newer server adds: shown as text, the
    // server judges it.
    return <Input id={id} autoComplete="off" suffix={unit} {...(isText(field) ? { maxLength: field.max_len + 10 } : {})} />;
  };

  const submit = (values: Record<string, unknown>) => {
    if (!schema) return;
    onSave(driverPayload(schema, values)).catch((error: ApiError) => {
      const field = refusedSubField(error, 'driver');
      if (field && schema.fields.some((f) => f.name === field)) form.setFields([{ name: field, errors: [error.message] }]);
      else if (field === 'kind') form.setFields([{ name: 'kind', errors: [error.message] }]);
      else showError(error);
    });
  };

  return (
    <Form
      form={form}
      layout="vertical"
      onFinish={submit}
      disabled={readOnly || saving}
      data-testid="driver-form"
      data-kind={kind}
      onValuesChange={(changed: Record<string, unknown>) => {
        if (typeof changed.kind === 'string') setKind(changed.kind);
      }}
      style={{ maxWidth: 880 }}
    >
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item name="kind" label={t('equipment.driver.kind')} htmlFor="driver-kind">
            <Select
              id="driver-kind"
              options={schemas.map((s) => ({ value: s.kind, label: labelOf(s, language) }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={24}>
        {schema?.fields.map((field) => (
          <Col xs={24} md={12} key={`${schema.kind}-${field.name}`}>
            <Form.Item
              name={field.name}
              htmlFor={`driver-${field.name}`}
              label={labelOf(field, language)}
              rules={rules(field)}
              data-testid={`driver-field-${field.name}`}
            >
              {input(field)}
            </Form.Item>
          </Col>
        ))}
      </Row>
      {!readOnly && (
        <Button type="primary" htmlType="submit" loading={saving} id="driver-save">
          {t('equipment.driver.save')}
        </Button>
      )}
    </Form>
  );
}
