/**
 * The external pages section of the system settings dialog (docs/frame.md), an organisation administrator's: a
 * small table of the entries (title, address, edit, delete) and a form that adds one or changes the one being
 * edited. Each entry is listed in the Manage menu and framed at `/manage/frame/{id}`; its site is the only kind
 * the console frames. The server checks every field (1100 naming it) and the limit (1363); a refused field is
 * marked in the form.
 */
import { useState } from 'react';
import { Alert, Button, Divider, Flex, Form, Input, Popconfirm, Table, Typography } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { refusedFormField } from '@/lib/api/fieldErrors';
import { Limits } from '@/lib/api/limits';
import type { ExternalPage } from '@/generated/answers';
import { useDeleteExternalPage, useExternalPages, useSaveExternalPage } from '@/entities/externalPages/api';

const FIELDS = ['title', 'url'] as const;

interface Draft {
  title: string;
  url: string;
}

export default function ExternalPagesSettings() {
  const { t } = useTranslation();
  const pages = useExternalPages();
  const save = useSaveExternalPage();
  const remove = useDeleteExternalPage();
  const [form] = Form.useForm<Draft>();
  const [editing, setEditing] = useState<ExternalPage | null>(null);
  const list = pages.data ?? [];
  const full = !editing && list.length >= Limits.ExternalPagesMax;

  const reset = () => {
    setEditing(null);
    form.resetFields();
  };
  const edit = (page: ExternalPage) => {
    setEditing(page);
    form.setFieldsValue({ title: page.title, url: page.url });
  };
  const refused = (error: ApiError) => {
    const field = refusedFormField(error, FIELDS);
    if (field) form.setFields([{ name: field, errors: [error.message] }]);
    else showError(error);
  };
  const submit = (values: Draft) =>
    save.mutate(
      { ...(editing ? { id: editing.id } : {}), title: values.title.trim(), url: values.url.trim() },
      { onSuccess: reset, onError: refused },
    );

  return (
    <section data-testid="external-pages-settings">
      <Divider style={{ margin: '16px 0' }}>{t('externalPages.heading')}</Divider>
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {t('externalPages.hint', { max: Limits.ExternalPagesMax })}
      </Typography.Paragraph>
      {pages.isError && <Alert type="error" showIcon message={pages.error.message} />}
      <Table<ExternalPage>
        size="small"
        rowKey="id"
        pagination={false}
        loading={pages.isPending}
        dataSource={list}
        locale={{ emptyText: t('externalPages.empty') }}
        columns={[
          { title: t('externalPages.titleColumn'), dataIndex: 'title', width: 130, ellipsis: true },
          {
            title: t('externalPages.addressColumn'),
            dataIndex: 'url',
            ellipsis: { showTitle: true },
          },
          {
            title: t('externalPages.actions'),
            key: 'actions',
            width: 96,
            render: (_, page) => (
              <Flex gap={4}>
                <Button
                  size="small"
                  type="text"
                  icon={<EditOutlined />}
                  aria-label={t('externalPages.edit', { title: page.title })}
                  title={t('externalPages.edit', { title: page.title })}
                  onClick={() => edit(page)}
                />
                <Popconfirm
                  title={t('externalPages.deleteConfirm', { title: page.title })}
                  onConfirm={() => remove.mutate(page.id, { onSuccess: () => editing?.id === page.id && reset() })}
                >
                  <Button
                    size="small"
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('externalPages.delete', { title: page.title })}
                    title={t('externalPages.delete', { title: page.title })}
                  />
                </Popconfirm>
              </Flex>
            ),
          },
        ]}
      />
      <Form<Draft> form={form} layout="vertical" onFinish={submit} disabled={save.isPending || full} style={{ marginTop: 12 }}>
        <Form.Item
          name="title"
          label={t('externalPages.titleColumn')}
          rules={[{ required: true, whitespace: true, message: t('externalPages.titleRequired') }]}
        >
          <Input id="external-page-title" maxLength={Limits.ExternalPageTitleChars} />
        </Form.Item>
        <Form.Item
          name="url"
          label={t('externalPages.addressColumn')}
          rules={[{ required: true, whitespace: true, message: t('externalPages.urlRequired') }]}
        >
          <Input id="external-page-url" placeholder="https://" maxLength={Limits.ExternalPageUrlChars} />
        </Form.Item>
        <Flex gap={8} align="center" wrap>
          <Button type="primary" htmlType="submit" id="external-page-save" loading={save.isPending}>
            {editing ? t('externalPages.save') : t('externalPages.add')}
          </Button>
          {editing && (
            <Button id="external-page-cancel" onClick={reset}>
              {t('externalPages.cancel')}
            </Button>
          )}
          {full && (
            <Typography.Text type="secondary" data-testid="external-pages-full">
              {t('externalPages.full', { max: Limits.ExternalPagesMax })}
            </Typography.Text>
          )}
        </Flex>
      </Form>
    </section>
  );
}
