/**
 * Adopting an announced device as equipment: its name (by default the device id, or the source's name for the node's
 * own metrics, as the server would name it), then `gm/adopt`. A refusal (1383, 1384, 1385, a refused name) is shown
 * in the server's words in the form; the device list is read again either way.
 */
import { useState } from 'react';
import { Alert, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { GmDevice, GmSource } from '@/generated/answers';
import { useAdoptDevice } from '../api/discoveredDevices';
import { EQUIP_NAME_MAX, defaultEquipName, equipNameProblem } from './sourceModel';

interface AdoptModalProps {
  source: GmSource;
  device: GmDevice;
  onClose: () => void;
  /** The new equipment, once the server has made it. */
  onAdopted: (adopted: { id: number; name: string }) => void;
}

export function AdoptModal({ source, device, onClose, onAdopted }: AdoptModalProps) {
  const { t } = useTranslation();
  const adopt = useAdoptDevice();
  const [name, setName] = useState(() => defaultEquipName(device, source));
  const [touched, setTouched] = useState(false);
  const problem = equipNameProblem(name);
  const deviceName = device.deviceId || t('gmSource.devices.node');

  const submit = () => {
    setTouched(true);
    if (problem) return;
    adopt.mutate(
      { sourceId: source.id, deviceId: device.deviceId, equipName: name },
      { onSuccess: (created) => onAdopted({ id: created.id, name: name.trim() }) },
    );
  };

  return (
    <Modal
      open
      title={t('gmSource.adopt.title', { device: deviceName })}
      okText={t('gmSource.adopt.ok')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={adopt.isPending}
      okButtonProps={{ id: 'gm-adopt-ok' }}
      destroyOnHidden
    >
      <Form layout="vertical" onFinish={submit}>
        <Form.Item
          label={t('gmSource.adopt.name')}
          htmlFor="gm-adopt-name"
          validateStatus={touched && problem ? 'error' : undefined}
          help={touched && problem ? t(`gmSource.adopt.${problem}`, { max: EQUIP_NAME_MAX }) : undefined}
          extra={<Typography.Text type="secondary">{t('gmSource.adopt.hint')}</Typography.Text>}
        >
          <Input id="gm-adopt-name" value={name} onChange={(event) => setName(event.target.value)} onPressEnter={submit} autoFocus />
        </Form.Item>
      </Form>
      {adopt.error && <Alert type="error" showIcon data-testid="gm-adopt-error" message={adopt.error.message} />}
    </Modal>
  );
}
