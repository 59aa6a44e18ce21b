/**
 * Adds or edits one signal definition: every field of the protocol's SignalDef, its state texts included. The data types offered follow
 * the area (bits are bools, registers hold numbers) and "writable" is offered only where Modbus can write. On OK
 * the signal is checked with the server's rules and against the other signals' addresses; a problem, or the
 * server's refusal the tab passes in, is shown on its field.
 */
import { useEffect } from 'react';
import { Col, Form, Input, InputNumber, Modal, Row, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Area, SignalDef } from '@/generated/answers';
import { problemText } from '../problemText';
import {
  ADDRESS_MAX,
  AREAS,
  DATA_TYPES,
  DECIMALS,
  NAME_MAX,
  ORDERS,
  UNIT_MAX,
  checkSignal,
  isBitArea,
  isWritableArea,
  overlaps,
  width,
  type SignalField,
} from '../signals/model';
import { useRevalidateOnLanguage } from '@/lib/useRevalidateOnLanguage';
import { StateTextsField } from './StateTextsField';

export interface FieldError {
  field: SignalField | '';
  text: string;
}

interface SignalModalProps {
  open: boolean;
  /** The signal to edit, or the new signal's starting values. */
  signal: SignalDef | null;
  isNew: boolean;
  /** The other signals of the list (for the overlap check). */
  others: readonly SignalDef[];
  /** A refusal to show on its field when the dialog opens. */
  initialError?: FieldError | null;
  onOk: (signal: SignalDef) => void;
  onCancel: () => void;
}

/** The form's values: a SignalDef whose numbers may still be empty. */
type Values = Omit<SignalDef, 'id' | 'address' | 'scale' | 'offset' | 'decimals'> & {
  address: number | null;
  scale: number | null;
  offset: number | null;
  decimals: number | null;
};

export function SignalModal({ open, signal, isNew, others, initialError, onOk, onCancel }: SignalModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const area = Form.useWatch('area', form) as Area | undefined;
  useRevalidateOnLanguage(form);

  useEffect(() => {
    if (!open || !signal) return;
    form.resetFields();
    form.setFieldsValue(signal);
    if (initialError?.field) form.setFields([{ name: initialError.field, errors: [initialError.text] }]);
  }, [open, signal, initialError, form]);

  const bitArea = area ? isBitArea(area) : false;
  const typeOptions = DATA_TYPES.filter((type) => (type === 'bool') === bitArea).map((type) => ({
    value: type,
    label: t(`equipment.signal.dataType.${type}`),
  }));

  const changeArea = (next: Area) => {
    const current = form.getFieldValue('dataType') as string;
    if ((current === 'bool') !== isBitArea(next)) form.setFieldValue('dataType', isBitArea(next) ? 'bool' : 'int16');
    if (!isWritableArea(next)) form.setFieldValue('writable', false);
  };

  const submit = async () => {
    let values: Values;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const result: SignalDef = {
      id: signal?.id ?? 0,
      name: values.name.trim(),
      area: values.area,
      address: values.address ?? Number.NaN,
      dataType: values.dataType,
      byteOrder: values.byteOrder,
      wordOrder: values.wordOrder,
      scale: values.scale ?? 1,
      offset: values.offset ?? 0,
      unit: (values.unit ?? '').trim(),
      decimals: values.decimals ?? 0,
      writable: values.writable ?? false,
      min: values.min ?? null,
      max: values.max ?? null,
      valueMap: (values.valueMap ?? []).map((state) => ({ ...state, zh: state.zh.trim(), en: state.en.trim(), color: state.color.trim() })),
    };
    const problem = checkSignal(result);
    if (problem) {
      form.setFields([{ name: problem.field, errors: [problemText(t, problem.reason, problem.params)] }]);
      return;
    }
    const clash = others.findIndex((other) => overlaps(result, other));
    if (clash >= 0) {
      form.setFields([
        { name: 'address', errors: [problemText(t, 'overlap', { row: clash + 1, name: others[clash]?.name ?? '' })] },
      ]);
      return;
    }
    onOk(result);
  };

  const label = (field: SignalField) => t(`equipment.signal.field.${field}`);
  const required = (field: SignalField) => ({ required: true, message: t('equipment.validation.required', { field: label(field) }) });
  const dataType = Form.useWatch('dataType', form) as SignalDef['dataType'] | undefined;
  const lastAddress = ADDRESS_MAX + 1 - (dataType ? width(dataType) : 1);

  return (
    <Modal
      open={open}
      title={isNew ? t('equipment.signal.addTitle') : t('equipment.signal.editTitle')}
      okText={t('equipment.ok')}
      cancelText={t('equipment.cancel')}
      onOk={() => void submit()}
      onCancel={onCancel}
      maskClosable={false}
      width={720}
      forceRender
      okButtonProps={{ id: 'signal-modal-ok' }}
    >
      <Form<Values> form={form} layout="vertical" data-testid="signal-form" onFinish={() => void submit()}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item
              name="name"
              htmlFor="signal-name"
              label={label('name')}
              rules={[
                { required: true, whitespace: true, message: problemText(t, 'required') },
                { max: NAME_MAX, message: problemText(t, 'tooLong', { max: NAME_MAX }) },
              ]}
            >
              <Input id="signal-name" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="unit" htmlFor="signal-unit" label={label('unit')} rules={[{ max: UNIT_MAX, message: problemText(t, 'tooLong', { max: UNIT_MAX }) }]}>
              <Input id="signal-unit" autoComplete="off" />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="area" htmlFor="signal-area" label={label('area')} rules={[required('area')]}>
              <Select
                id="signal-area"
                onChange={changeArea}
                options={AREAS.map((value) => ({ value, label: t(`equipment.signal.area.${value}`) }))}
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="address"
              htmlFor="signal-address"
              label={label('address')}
              rules={[required('address')]}
              extra={t('equipment.signal.addressHint', { max: lastAddress })}
            >
              <InputNumber id="signal-address" min={0} max={ADDRESS_MAX} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="dataType" htmlFor="signal-dataType" label={label('dataType')} rules={[required('dataType')]}>
              <Select id="signal-dataType" options={typeOptions} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="byteOrder" htmlFor="signal-byteOrder" label={label('byteOrder')}>
              <Select id="signal-byteOrder" options={ORDERS.map((value) => ({ value, label: t(`equipment.signal.order.${value}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="wordOrder" htmlFor="signal-wordOrder" label={label('wordOrder')}>
              <Select id="signal-wordOrder" options={ORDERS.map((value) => ({ value, label: t(`equipment.signal.order.${value}`) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="decimals" htmlFor="signal-decimals" label={label('decimals')}>
              <InputNumber id="signal-decimals" min={DECIMALS.min} max={DECIMALS.max} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="scale" htmlFor="signal-scale" label={label('scale')} extra={t('equipment.signal.scaleHint')}>
              <InputNumber id="signal-scale" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name="offset" htmlFor="signal-offset" label={label('offset')}>
              <InputNumber id="signal-offset" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              name="writable"
              htmlFor="signal-writable"
              label={label('writable')}
              valuePropName="checked"
              extra={area && !isWritableArea(area) ? t('equipment.signal.readOnlyArea') : undefined}
            >
              <Switch id="signal-writable" disabled={!area || !isWritableArea(area)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="min" htmlFor="signal-min" label={label('min')}>
              <InputNumber id="signal-min" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="max" htmlFor="signal-max" label={label('max')}>
              <InputNumber id="signal-max" style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="valueMap" label={label('valueMap')} extra={t('equipment.signal.states.hint')}>
              <StateTextsField onOff={dataType === 'bool'} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
