/**
 * The configuration pages of one owner, an equipment (its edit screen's page tab) or a project (the project list's
 * pages drawer): listed with the home page and protected pages marked, created (title, canvas size), renamed,
 * copied, made the home page, deleted (after asking) and opened in the page designer. One component for both
 * owners: only the list and add calls, the designer's address and two hints differ (entities/pages/configPages.ts,
 * lib/paths.ts).
 */
import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, InputNumber, Modal, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CopyOutlined, DeleteOutlined, EditOutlined, FormatPainterOutlined, HomeOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api/client';
import { refusedField } from '@/lib/api/fieldErrors';
import { PAGE_DEFAULT_SIZE, PAGE_TITLE_MAX, usePageChanges, usePages, type PageChange, type PageOwner } from '@/entities/pages/configPages';
import type { PageSummary } from '@/generated/answers';
import { designerPath } from '@/lib/paths';
import { useRevalidateOnLanguage } from '@/lib/useRevalidateOnLanguage';
import { TabError } from '@/components/LoadState';

type Values = { title: string; width?: number | null; height?: number | null };
/** Canvas sizes the form accepts (px), as the server does. */
const SIZE = { min: 100, max: 10_000 } as const;

type Dialog = { kind: 'add' } | { kind: 'rename' | 'copy'; page: PageSummary };

interface ConfigPageListProps {
  owner: PageOwner;
  /** Lists only: no designer, no changes (the caller lacks the manage permission). */
  readOnly?: boolean | undefined;
}

export function ConfigPageList({ owner, readOnly }: ConfigPageListProps) {
  const { t } = useTranslation();
  const pages = usePages(owner);
  const { save, remove } = usePageChanges(owner);
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguage(form);

  const open = (next: Dialog) => {
    form.resetFields();
    if (next.kind === 'rename') form.setFieldsValue({ title: next.page.title });
    if (next.kind === 'copy') form.setFieldsValue({ title: t('pageList.copyTitle', { title: next.page.title }).slice(0, PAGE_TITLE_MAX) });
    setDialog(next);
  };

  const columns: ColumnsType<PageSummary> = [
    {
      title: t('pageList.field.title'),
      key: 'title',
      render: (_, p) => (
        <Space size={6} wrap>
          <Typography.Text strong>{p.title}</Typography.Text>
          {p.home && (
            <Tooltip title={t(`pageList.homeHint.${owner.kind}`)}>
              <Tag color="blue" icon={<HomeOutlined />} data-testid={`page-home-${p.id}`}>
                {t('pageList.home')}
              </Tag>
            </Tooltip>
          )}
          {p.protected && (
            <Tooltip title={t('pageList.protectedHint')}>
              <LockOutlined aria-label={t('pageList.protectedHint')} data-testid={`page-protected-${p.id}`} />
            </Tooltip>
          )}
        </Space>
      ),
    },
    { title: t('pageList.field.size'), key: 'size', render: (_, p) => `${p.width} × ${p.height}` },
    {
      title: t('pageList.field.updated'),
      key: 'updated',
      render: (_, p) => <span style={{ whiteSpace: 'nowrap' }}>{dayjs(p.updated).format('YYYY-MM-DD HH:mm')}</span>,
    },
  ];
  if (!readOnly) {
    columns.push({
      title: t('pageList.actions'),
      key: 'actions',
      render: (_, p) => (
        <Space size={0} style={{ whiteSpace: 'nowrap' }}>
          <Link to={designerPath(owner, p.id)} data-testid={`page-design-${p.id}`} style={{ padding: '0 7px' }}>
            <FormatPainterOutlined /> {t('pageList.design')}
          </Link>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => open({ kind: 'rename', page: p })} data-testid={`page-rename-${p.id}`}>
            {t('pageList.rename')}
          </Button>
          <Button type="link" size="small" icon={<CopyOutlined />} onClick={() => open({ kind: 'copy', page: p })} data-testid={`page-copy-${p.id}`}>
            {t('pageList.copy')}
          </Button>
          {!p.home && (
            <Button
              type="link"
              size="small"
              icon={<HomeOutlined />}
              data-testid={`page-set-home-${p.id}`}
              onClick={() => save.mutate({ kind: 'home', id: p.id }, { onError: showError })}
            >
              {t('pageList.setHome')}
            </Button>
          )}
          <Popconfirm
            title={t('pageList.deleteConfirm', { title: p.title })}
            okText={t('pageList.deleteOk')}
            cancelText={t('pageList.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync(p.id).catch(() => undefined)}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid={`page-delete-${p.id}`}>
              {t('pageList.deleteAction')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    });
  }

  const submit = (values: Values) => {
    if (!dialog) return;
    const change: PageChange =
      dialog.kind === 'add'
        ? { kind: 'add', title: values.title, width: values.width ?? null, height: values.height ?? null }
        : { kind: dialog.kind, id: dialog.page.id, title: values.title };
    save.mutate(change, {
      onSuccess: () => setDialog(null),
      onError: (error) => {
        const field = refusedField(error);
        if (field === 'title' || field === 'width' || field === 'height') form.setFields([{ name: field, errors: [error.message] }]);
        else showError(error);
      },
    });
  };

  const sizeRule = (field: 'width' | 'height') => ({
    type: 'integer' as const,
    min: SIZE.min,
    max: SIZE.max,
    message: t('pageList.validation.integerRange', { field: t(`pageList.field.${field}`), ...SIZE }),
  });
  const titleField = t('pageList.field.title');
  const dialogTitle = dialog?.kind === 'rename' ? t('pageList.renameTitle') : dialog?.kind === 'copy' ? t('pageList.copyDialog') : t('pageList.add');

  return (
    <Flex vertical gap={12} data-testid="page-tab">
      {!readOnly && <Alert type="info" showIcon message={t(`pageList.designerHint.${owner.kind}`)} data-testid="page-designer-hint" />}
      <Flex justify="flex-end">
        {!readOnly && !pages.isError && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open({ kind: 'add' })} id="page-add">
            {t('pageList.add')}
          </Button>
        )}
      </Flex>
      {pages.isError ? (
        <TabError title={t('pageList.loadFailed')} error={pages.error} onRetry={() => void pages.refetch()} testId="page-load-error" />
      ) : (
        <Table<PageSummary>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={pages.data ?? []}
          loading={pages.isLoading}
          locale={{ emptyText: t('pageList.empty') }}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        />
      )}
      <Modal
        open={dialog !== null}
        title={dialogTitle}
        okText={t('pageList.ok')}
        cancelText={t('pageList.cancel')}
        onOk={() => form.submit()}
        onCancel={() => setDialog(null)}
        confirmLoading={save.isPending}
        maskClosable={false}
        forceRender
        okButtonProps={{ id: 'page-save' }}
      >
        <Form<Values> form={form} layout="vertical" onFinish={submit}>
          <Form.Item
            name="title"
            htmlFor="page-title"
            label={titleField}
            rules={[
              { required: true, whitespace: true, message: t('pageList.validation.required', { field: titleField }) },
              { max: PAGE_TITLE_MAX, message: t('pageList.validation.tooLong', { field: titleField, max: PAGE_TITLE_MAX }) },
            ]}
          >
            <Input id="page-title" autoComplete="off" />
          </Form.Item>
          {dialog?.kind === 'add' && (
            <Space size={16} wrap>
              <Form.Item name="width" htmlFor="page-width" label={t('pageList.field.width')} rules={[sizeRule('width')]}>
                <InputNumber id="page-width" precision={0} placeholder={String(PAGE_DEFAULT_SIZE.width)} suffix="px" />
              </Form.Item>
              <Form.Item name="height" htmlFor="page-height" label={t('pageList.field.height')} rules={[sizeRule('height')]}>
                <InputNumber id="page-height" precision={0} placeholder={String(PAGE_DEFAULT_SIZE.height)} suffix="px" />
              </Form.Item>
            </Space>
          )}
        </Form>
      </Modal>
    </Flex>
  );
}
