/**
 * "New repair order": the equipment (chosen, or fixed when the order comes from an equipment or an alarm), the
 * problem description and up to 6 pictures (checked as every picture upload is: type and size), uploaded one by one
 * once the order exists. From an alarm, the alarm's equipment, signal and text are filled in and the alarm goes with
 * the order (`alarmId`). Full width on phones.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Form, Input, Modal, Select, Tag, Typography, message as antdMessage } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Limits } from '@/lib/api/limits';
import { useEquipmentOptions } from '@/entities/equipment/options';
import { IMAGE_EXTENSIONS, IMAGE_MAX_MIB, imageFileProblem } from '@/lib/imageFiles';
import { useCardLayout } from '@/lib/layout';
import { uploadRepairPicture, useAddRepair } from '@/entities/repairs/api';

/** What an order made from somewhere (an equipment, an alarm) starts with. */
export interface RepairPrefill {
  equipmentId: number;
  equipName: string;
  alarmId?: number;
  signalTitle?: string;
  description?: string;
}

export interface CreateRepairDialogProps {
  open: boolean;
  prefill?: RepairPrefill | null;
  onClose(): void;
  onCreated?(id: number): void;
}

interface Fields {
  equipmentId?: number;
  description: string;
}

export function CreateRepairDialog({ open, prefill, onClose, onCreated }: CreateRepairDialogProps) {
  const { t } = useTranslation();
  const cards = useCardLayout();
  const [form] = Form.useForm<Fields>();
  const [files, setFiles] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const [message, messageHolder] = antdMessage.useMessage();
  const add = useAddRepair();
  const equipment = useEquipmentOptions(open && !prefill);

  // Filled each time it opens (by what the prefill says, not its identity: a caller may build it afresh each render).
  const prefillKey = JSON.stringify(prefill ?? null);
  useEffect(() => {
    if (!open) return;
    const start = JSON.parse(prefillKey) as RepairPrefill | null;
    form.setFieldsValue({ equipmentId: start?.equipmentId, description: start?.description ?? '' });
    setFiles([]);
    setProblem(null);
  }, [open, prefillKey, form]);

  const choose = (chosen: FileList | null) => {
    const list = [...(chosen ?? [])];
    for (const file of list) {
      const found = imageFileProblem(file);
      if (found) {
        setProblem(
          found === 'type'
            ? t('repair.create.pictureProblemType', { name: file.name })
            : t('repair.create.pictureProblemSize', { name: file.name, mib: IMAGE_MAX_MIB }),
        );
        return;
      }
    }
    setProblem(null);
    setFiles((current) => [...current, ...list].slice(0, Limits.RepairPictures));
  };

  const submit = (fields: Fields) => {
    const equipmentId = prefill?.equipmentId ?? fields.equipmentId;
    if (equipmentId === undefined) return;
    add.mutate(
      { equipmentId, description: fields.description.trim(), ...(prefill?.alarmId !== undefined ? { alarmId: prefill.alarmId } : {}) },
      {
        onSuccess: async (created) => {
          setUploading(true);
          let failed = 0;
          for (const file of files) {
            try {
              await uploadRepairPicture(created.id, file);
            } catch {
              failed += 1;
            }
          }
          setUploading(false);
          if (failed > 0) void message.warning(t('repair.create.picturesFailed', { count: failed }));
          else void message.success(t('repair.create.created', { number: created.number }));
          onCreated?.(created.id);
          onClose();
        },
      },
    );
  };

  const busy = add.isPending || uploading;
  return (
    <Modal
      open={open}
      title={prefill?.alarmId !== undefined ? t('repair.fromAlarmTitle') : t('repair.new')}
      okText={t('repair.create.submit')}
      cancelText={t('repair.step.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      maskClosable={false}
      forceRender
      width={cards ? 'calc(100vw - 16px)' : 560}
      okButtonProps={{ id: 'repair-create-submit', size: cards ? 'large' : 'middle' }}
      cancelButtonProps={{ size: cards ? 'large' : 'middle' }}
    >
      {messageHolder}
      <Form<Fields> form={form} layout="vertical" onFinish={submit} disabled={busy} data-testid="repair-create-form">
        {prefill ? (
          <Flex vertical gap={4} style={{ marginBottom: 16 }} data-testid="repair-create-prefill">
            <Typography.Text>
              {t('repair.create.equipment')}: <Typography.Text strong>{prefill.equipName}</Typography.Text>
            </Typography.Text>
            {prefill.alarmId !== undefined && (
              <Typography.Text type="secondary">
                <Tag color="red">{t('repair.create.alarm')}</Tag>
                {prefill.signalTitle ? `${t('repair.create.signal')}: ${prefill.signalTitle}` : null}
              </Typography.Text>
            )}
          </Flex>
        ) : (
          <Form.Item name="equipmentId" htmlFor="repair-equipment" label={t('repair.create.equipment')} rules={[{ required: true, message: t('repair.create.equipmentRequired') }]}>
            <Select
              id="repair-equipment"
              showSearch
              optionFilterProp="label"
              loading={equipment.isLoading}
              options={(equipment.data ?? []).map((e) => ({ value: e.id, label: e.equipName }))}
              size={cards ? 'large' : 'middle'}
            />
          </Form.Item>
        )}
        <Form.Item
          name="description"
          htmlFor="repair-description"
          label={t('repair.create.description')}
          rules={[{ required: true, whitespace: true, message: t('repair.create.descriptionRequired') }]}
        >
          <Input.TextArea
            id="repair-description"
            rows={4}
            maxLength={Limits.RepairDescriptionChars}
            showCount
            placeholder={t('repair.create.descriptionPlaceholder')}
          />
        </Form.Item>
        <Form.Item label={t('repair.create.pictures', { count: Limits.RepairPictures })}>
          <Flex vertical gap={8}>
            <Flex gap={8} wrap>
              {files.map((file, index) => (
                <Tag key={`${file.name}-${index}`} closable onClose={() => setFiles((current) => current.filter((_, i) => i !== index))}>
                  {file.name}
                </Tag>
              ))}
            </Flex>
            {files.length < Limits.RepairPictures && (
              <Button icon={<PictureOutlined />} style={{ minHeight: cards ? 44 : undefined, alignSelf: 'flex-start' }} onClick={() => document.getElementById('repair-create-files')?.click()}>
                {t('repair.create.addPicture')}
              </Button>
            )}
            <input
              id="repair-create-files"
              type="file"
              multiple
              accept={IMAGE_EXTENSIONS.join(',')}
              style={{ display: 'none' }}
              onChange={(event) => {
                choose(event.target.files);
                event.target.value = '';
              }}
            />
            {problem && <Alert type="error" showIcon message={problem} data-testid="repair-picture-problem" />}
          </Flex>
        </Form.Item>
      </Form>
    </Modal>
  );
}
