/**
 * Writes a new draft or edits one: title 1–100 characters on one line, content 1–5000 characters. Refusals that
 * name a field (1100/1101) are shown on it in the server's words; others toast.
 */
import { useEffect } from 'react';
import { Form, Input, Modal } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { refusedFormField } from '@/lib/api/fieldErrors';
import { useSaveAnnouncement } from '../api/saveAnnouncement';
import { CONTENT_MAX, TITLE_MAX, textProblem, type Announcement } from '../model';

interface Values {
  title: string;
  content: string;
}

const FIELDS = ['title', 'content'] as const;

export function AnnouncementModal({
  open,
  announcement,
  onClose,
}: {
  open: boolean;
  /** The draft to edit; null for a new one. */
  announcement: Announcement | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Values>();
  const save = useSaveAnnouncement();

  useEffect(() => {
    if (open) form.setFieldsValue({ title: announcement?.title ?? '', content: announcement?.content ?? '' });
  }, [open, announcement, form]);

  useEffect(() => {
    const shown = FIELDS.filter((f) => form.getFieldError(f).length > 0);
    if (shown.length > 0) void form.validateFields([...shown]).catch(() => undefined);
  }, [i18n.language, form]);

  const rule = (max: number, multiline: boolean): Rule => ({
    validator: async (_rule, value: string | undefined) => {
      const problem = textProblem(value, max, multiline);
      if (problem) throw new Error(t(`system.text.${problem}`, { max }));
    },
  });

  const close = () => {
    form.resetFields();
    save.reset();
    onClose();
  };

  const refused = (error: ApiError) => {
    const field = refusedFormField(error, FIELDS);
    if (field) form.setFields([{ name: field, errors: [error.message] }]);
    else showError(error);
  };

  const submit = (values: Values) => {
    save.mutate(
      { ...(announcement ? { id: announcement.id } : {}), title: values.title, content: values.content },
      { onSuccess: close, onError: refused },
    );
  };

  return (
    <Modal
      open={open}
      title={announcement ? t('system.msg.editTitle') : t('system.msg.addTitle')}
      okText={t('system.save')}
      cancelText={t('system.cancel')}
      onOk={() => form.submit()}
      onCancel={close}
      confirmLoading={save.isPending}
      maskClosable={false}
      forceRender
      width={640}
      okButtonProps={{ id: 'system-msg-submit' }}
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit} disabled={save.isPending}>
        <Form.Item required name="title" htmlFor="system-msg-title" label={t('system.msg.field.title')} rules={[rule(TITLE_MAX, false)]}>
          <Input id="system-msg-title" autoComplete="off" autoFocus maxLength={TITLE_MAX} showCount />
        </Form.Item>
        <Form.Item
          required
          name="content"
          htmlFor="system-msg-content"
          label={t('system.msg.field.content')}
          rules={[rule(CONTENT_MAX, true)]}
          extra={t('system.msg.contentHint')}
        >
          <Input.TextArea id="system-msg-content" autoSize={{ minRows: 5, maxRows: 14 }} maxLength={CONTENT_MAX} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
