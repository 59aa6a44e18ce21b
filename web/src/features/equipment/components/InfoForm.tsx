/**
 * The equipment's own fields, for add and edit: name, model, manufacturer (suggested from the ones already
 * used, free text otherwise), address, coordinates (typed, or picked on a map), the service expiry date, remark,
 * display mode and, once it exists, its picture. Refusals naming a field (1100/1101) go on the field; other failures are toasted.
 */
import { useEffect, useState } from 'react';
import { AutoComplete, Button, Col, Form, Input, InputNumber, Radio, Row, Space } from 'antd';
import { EnvironmentOutlined } from '@ant-design/icons';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api/client';
import { useManufacturers } from '../api/manufacturers';
import { useSaveEquipment } from '../api/saveEquipment';
import { refusedField } from '@/lib/api/fieldErrors';
import { placeOf, type LatLng } from '../location/model';
import { LATITUDE, LIMITS, LONGITUDE, type Equipment, type EquipmentFields } from '../model';
import { ImageUpload } from './ImageUpload';
import { LocationPickerModal } from './LocationPickerModal';
import { useRevalidateOnLanguage } from '@/lib/useRevalidateOnLanguage';
import { ExpiryDateField } from '@/entities/expiry/components/ExpiryDateField';

const EMPTY: EquipmentFields = {
  equipName: '',
  display: 'list',
  ruleType: '00',
  model: '',
  manufacturer: '',
  address: '',
  latitude: null,
  longitude: null,
  remark: '',
  expireDate: null,
};

const FIELDS = Object.keys(EMPTY) as (keyof EquipmentFields)[];

interface InfoFormProps {
  /** The equipment being edited; absent when adding. */
  equipment?: Equipment;
  readOnly?: boolean;
  onSaved: (id: number) => void;
  onCancel?: () => void;
}

export function InfoForm({ equipment, readOnly, onSaved, onCancel }: InfoFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<EquipmentFields>();
  const save = useSaveEquipment();
  const manufacturers = useManufacturers();
  useRevalidateOnLanguage(form);
  /** The map picker: closed, or open starting from the place the form had when it opened. */
  const [picker, setPicker] = useState<{ open: boolean; initial: LatLng | null }>({ open: false, initial: null });

  const openPicker = () =>
    setPicker({ open: true, initial: placeOf(form.getFieldValue('latitude'), form.getFieldValue('longitude')) });
  const confirmPicked = (point: LatLng) => {
    setPicker((previous) => ({ ...previous, open: false }));
    form.setFieldsValue({ latitude: point.latitude, longitude: point.longitude });
    // Clears an earlier range error; the fields keep their rules.
    void form.validateFields(['latitude', 'longitude']).catch(() => undefined);
  };

  useEffect(() => {
    if (!equipment) return;
    const values = Object.fromEntries(FIELDS.map((field) => [field, equipment[field] ?? EMPTY[field]]));
    form.setFieldsValue(values as unknown as EquipmentFields);
  }, [equipment, form]);

  const textRule = (field: keyof typeof LIMITS): Rule => ({
    max: LIMITS[field],
    message: t('equipment.validation.tooLong', { field: t(`equipment.field.${field}`), max: LIMITS[field] }),
  });
  const rangeRule = (field: 'latitude' | 'longitude', range: { min: number; max: number }): Rule => ({
    type: 'number',
    min: range.min,
    max: range.max,
    message: t('equipment.validation.range', { field: t(`equipment.field.${field}`), ...range }),
  });

  const submit = (values: EquipmentFields) => {
    const fields: EquipmentFields = {
      ...EMPTY,
      ...Object.fromEntries(Object.entries(values).map(([key, value]) => [key, value ?? EMPTY[key as keyof EquipmentFields]])),
      ruleType: equipment?.ruleType ?? '00',
    };
    save.mutate(
      { ...(equipment ? { id: equipment.id } : {}), fields },
      {
        onSuccess: ({ id }) => onSaved(id),
        onError: (error) => {
          const field = refusedField(error) as keyof EquipmentFields | undefined;
          if (field && FIELDS.includes(field)) form.setFields([{ name: field, errors: [error.message] }]);
          else showError(error);
        },
      },
    );
  };

  const suggestions = (manufacturers.data ?? []).map((value) => ({ value }));

  return (
    <Form<EquipmentFields>
      form={form}
      layout="vertical"
      initialValues={EMPTY}
      onFinish={submit}
      disabled={readOnly || save.isPending}
      style={{ maxWidth: 880 }}
      data-testid="equipment-info-form"
    >
      <Row gutter={24}>
        <Col xs={24} md={12}>
          <Form.Item
            name="equipName"
            htmlFor="equipment-name"
            label={t('equipment.field.equipName')}
            rules={[{ required: true, whitespace: true, message: t('equipment.validation.nameRequired') }, textRule('equipName')]}
          >
            <Input id="equipment-name" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="display" label={t('equipment.field.display')} extra={t('equipment.display.hint')}>
            <Radio.Group id="equipment-display">
              <Radio value="list">{t('equipment.display.list')}</Radio>
              <Radio value="page">{t('equipment.display.page')}</Radio>
            </Radio.Group>
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name="model" htmlFor="equipment-model" label={t('equipment.field.model')} rules={[textRule('model')]}>
            <Input id="equipment-model" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="manufacturer"
            htmlFor="equipment-manufacturer"
            label={t('equipment.field.manufacturer')}
            rules={[textRule('manufacturer')]}
          >
            <AutoComplete
              id="equipment-manufacturer"
              options={suggestions}
              filterOption={(input, option) => String(option?.value ?? '').toLowerCase().includes(input.trim().toLowerCase())}
            />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="address" htmlFor="equipment-address" label={t('equipment.field.address')} rules={[textRule('address')]}>
            <Input id="equipment-address" autoComplete="off" />
          </Form.Item>
        </Col>
        <Col xs={24} md={9}>
          <Form.Item
            name="latitude"
            htmlFor="equipment-latitude"
            label={t('equipment.field.latitude')}
            rules={[rangeRule('latitude', LATITUDE)]}
            extra={t('equipment.coordinatesHint')}
          >
            <InputNumber id="equipment-latitude" style={{ width: '100%' }} placeholder="-90 ~ 90" />
          </Form.Item>
        </Col>
        <Col xs={24} md={9}>
          <Form.Item
            name="longitude"
            htmlFor="equipment-longitude"
            label={t('equipment.field.longitude')}
            rules={[rangeRule('longitude', LONGITUDE)]}
          >
            <InputNumber id="equipment-longitude" style={{ width: '100%' }} placeholder="-180 ~ 180" />
          </Form.Item>
        </Col>
        <Col xs={24} md={6}>
          {/* A blank label keeps the button on the line of the two fields. */}
          <Form.Item label={<span aria-hidden>&nbsp;</span>} colon={false}>
            <Button id="equipment-pick-location" icon={<EnvironmentOutlined />} onClick={openPicker} block>
              {t('equipment.location.open')}
            </Button>
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item
            name="expireDate"
            htmlFor="equipment-expire-date"
            label={t('expiry.equipmentField')}
            extra={t('expiry.equipmentHint')}
          >
            <ExpiryDateField id="equipment-expire-date" />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item name="remark" htmlFor="equipment-remark" label={t('equipment.field.remark')} rules={[textRule('remark')]}>
            <Input.TextArea id="equipment-remark" autoSize={{ minRows: 2, maxRows: 6 }} />
          </Form.Item>
        </Col>
        <Col xs={24}>
          <Form.Item label={t('equipment.field.image')}>
            <ImageUpload
              {...(equipment ? { equipmentId: equipment.id } : {})}
              image={equipment?.image ?? null}
              disabled={readOnly}
            />
          </Form.Item>
        </Col>
      </Row>
      <LocationPickerModal
        open={picker.open}
        initial={picker.initial}
        onConfirm={confirmPicked}
        onCancel={() => setPicker((previous) => ({ ...previous, open: false }))}
      />
      {!readOnly && (
        <Space>
          <Button type="primary" htmlType="submit" loading={save.isPending} id="equipment-info-save">
            {equipment ? t('equipment.save') : t('equipment.create')}
          </Button>
          {onCancel && <Button onClick={onCancel}>{t('equipment.cancel')}</Button>}
        </Space>
      )}
    </Form>
  );
}
