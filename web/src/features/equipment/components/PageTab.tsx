/**
 * Page tab: the equipment's configuration pages, listed (the home page and protected pages marked), created (title,
 * canvas size), renamed, copied, made the home page, deleted and opened in the page designer.
 */
import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, InputNumber, Modal, Popconfirm, Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { CopyOutlined, DeleteOutlined, EditOutlined, FormatPainterOutlined, HomeOutlined, LockOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api/client';
import { useDeletePage } from '../api/deletePage';
import { usePages, type ConfigPage } from '@/lib/configPages';
import { PAGE_DEFAULT_SIZE, PAGE_TITLE_MAX, useSavePage } from '../api/savePage';
import { refusedField } from '@/lib/api/fieldErrors';
import { useRevalidateOnLanguage } from '@/lib/useRevalidateOnLanguage';
import { egDesignerPath } from '@/lib/paths';

type Values = { title: string; width?: number | null; height?: number | null };
/** Canvas sizes the form accepts (px). */
const SIZE = { min: 100, max: 10_000 } as const;

export function PageTab({ equipmentId, readOnly }: { equipmentId: number; readOnly?: boolean }) {
  const { t } = useTranslation();
  const pages = usePages(equipmentId);
  const save = useSavePage();
  const remove = useDeletePage();
  const [dialog, setDialog] = useState<{ kind: 'add' } | { kind: 'rename' | 'copy'; page: ConfigPage } | null>(null);
  const [form] = Form.useForm<Values>();
  useRevalidateOnLanguage(form);

  const open = (next: typeof dialog) => {
    form.resetFields();
    if (next?.kind === 'rename') form.setFieldsValue({ title: next.page.title });
    if (next?.kind === 'copy') form.setFieldsValue({ title: t('equipment.page.copyTitle', { title: next.page.title }).slice(0, PAGE_TITLE_MAX) });
    setDialog(next);
  };

  const columns: ColumnsType<ConfigPage> = [
    {
      title: t('equipment.page.field.title'),
      key: 'title',
      render: (_, p) => (
        <Space size={6} wrap>
          <Typography.Text strong>{p.title}</Typography.Text>
          {p.home && (
            <Tooltip title={t('equipment.page.homeHint')}>
              <Tag color="blue" icon={<HomeOutlined />} data-testid={`page-home-${p.id}`}>
                {t('equipment.page.home')}
              </Tag>
            </Tooltip>
          )}
          {p.protected && (
            <Tooltip title={t('equipment.page.protectedHint')}>
              <LockOutlined aria-label={t('equipment.page.protectedHint')} data-testid={`page-protected-${p.id}`} />
            </Tooltip>
          )}
        </Space>
      ),
    },
    { title: t('equipment.page.field.size'), key: 'size', render: (_, p) => `${p.width} × ${p.height}` },
    {
      title: t('equipment.page.field.updated'),
      key: 'updated',
      render: (_, p) => <span style={{ whiteSpace: 'nowrap' }}>{dayjs(p.updated).format('YYYY-MM-DD HH:mm')}</span>,
    },
  ];
  if (!readOnly) {
    columns.push({
      title: t('equipment.column.actions'),
      key: 'actions',
      render: (_, p) => (
        <Space size={0} style={{ whiteSpace: 'nowrap' }}>
          <Link to={egDesignerPath(equipmentId, p.id)} data-testid={`page-design-${p.id}`} style={{ padding: '0 7px' }}>
            <FormatPainterOutlined /> {t('equipment.page.design')}
          </Link>
          <Button type="link" size="small" icon={<EditOutlined />} onClick={() => open({ kind: 'rename', page: p })} data-testid={`page-rename-${p.id}`}>
            {t('equipment.page.rename')}
          </Button>
          <Button type="link" size="small" icon={<CopyOutlined />} onClick={() => open({ kind: 'copy', page: p })} data-testid={`page-copy-${p.id}`}>
            {t('equipment.page.copy')}
          </Button>
          {!p.home && (
            <Button
              type="link"
              size="small"
              icon={<HomeOutlined />}
              data-testid={`page-set-home-${p.id}`}
              onClick={() => save.mutate({ kind: 'home', equipmentId, id: p.id }, { onError: showError })}
            >
              {t('equipment.page.setHome')}
            </Button>
          )}
          <Popconfirm
            title={t('equipment.page.deleteConfirm', { title: p.title })}
            okText={t('equipment.delete.ok')}
            cancelText={t('equipment.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() => remove.mutateAsync({ id: p.id, equipmentId }).catch(() => undefined)}
          >
            <Button type="link" size="small" danger icon={<DeleteOutlined />} data-testid={`page-delete-${p.id}`}>
              {t('equipment.delete.action')}
            </Button>
          </Popconfirm>
        </Space>
      ),
    });
  }

  const submit = (values: Values) => {
    if (!dialog) return;
    const change =
      dialog.kind === 'add'
        ? { kind: 'add' as const, equipmentId, title: values.title, width: values.width ?? null, height: values.height ?? null }
        : { kind: dialog.kind, equipmentId, id: dialog.page.id, title: values.title };
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
    message: t('equipment.validation.integerRange', { field: t(`equipment.page.field.${field}`), ...SIZE }),
  });

  return (
    <Flex vertical gap={12} data-testid="page-tab">
      {!readOnly && <Alert type="info" showIcon message={t('equipment.page.designerHint')} data-testid="page-designer-hint" />}
      <Flex justify="flex-end">
        {!readOnly && !pages.isError && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open({ kind: 'add' })} id="page-add">
            {t('equipment.page.add')}
          </Button>
        )}
      </Flex>
      {pages.isError ? (
        <Alert
          type="error"
          showIcon
          data-testid="page-load-error"
          message={t('equipment.page.loadFailed')}
          description={pages.error.message}
          action={
            <Button size="small" onClick={() => void pages.refetch()}>
              {t('common.retry')}
            </Button>
          }
        />
      ) : (
        <Table<ConfigPage>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={pages.data ?? []}
          loading={pages.isLoading}
          locale={{ emptyText: t('equipment.page.empty') }}
          pagination={{ pageSize: 10, hideOnSinglePage: true, showSizeChanger: false }}
        />
      )}
      <Modal
        open={dialog !== null}
        title={dialog?.kind === 'rename' ? t('equipment.page.renameTitle') : dialog?.kind === 'copy' ? t('equipment.page.copyDialog') : t('equipment.page.add')}
        okText={t('equipment.ok')}
        cancelText={t('equipment.cancel')}
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
            label={t('equipment.page.field.title')}
            rules={[
              { required: true, whitespace: true, message: t('equipment.validation.required', { field: t('equipment.page.field.title') }) },
              { max: PAGE_TITLE_MAX, message: t('equipment.validation.tooLong', { field: t('equipment.page.field.title'), max: PAGE_TITLE_MAX }) },
            ]}
          >
            <Input id="page-title" autoComplete="off" />
          </Form.Item>
          {dialog?.kind === 'add' && (
            <Space size={16} wrap>
              <Form.Item name="width" htmlFor="page-width" label={t('equipment.page.field.width')} rules={[sizeRule('width')]}>
                <InputNumber id="page-width" precision={0} placeholder={String(PAGE_DEFAULT_SIZE.width)} suffix="px" />
              </Form.Item>
              <Form.Item name="height" htmlFor="page-height" label={t('equipment.page.field.height')} rules={[sizeRule('height')]}>
                <InputNumber id="page-height" precision={0} placeholder={String(PAGE_DEFAULT_SIZE.height)} suffix="px" />
              </Form.Item>
            </Space>
          )}
        </Form>
      </Modal>
    </Flex>
  );
}
