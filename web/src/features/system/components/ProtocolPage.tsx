/**
 * /manage/system/protocol: the drivers the gateway agent has, with each setting's name, kind, unit, default,
 * accepted values and label in the console's language, straight from the server's driver schema (the same
 * description the equipment's driver form is built from). Read-only.
 */
import { Card, Empty, Flex, Spin, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { FieldSchema } from '@/generated/answers';
import { useDriverSchema } from '@/entities/drivers/api';
import { labelOf } from '@/entities/drivers/schema';
import { currentLanguage } from '@/lib/i18n';
import { acceptsOf } from '../model';
import { LoadFailed } from './LoadFailed';

/** The kinds the texts name; kept as a runtime check: a kind a newer server adds is shown by name. */
const KNOWN_TYPES: readonly string[] = ['text', 'integer', 'choice', 'number_choice'] satisfies ReadonlyArray<FieldSchema['type']>;

export default function ProtocolPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const catalogue = useDriverSchema();

  const accepts = (field: FieldSchema) => {
    const a = acceptsOf(field);
    switch (a.kind) {
      case 'range':
        return t('system.protocol.range', { min: a.min, max: a.max });
      case 'length':
        return t('system.protocol.length', { max: a.max });
      case 'options':
        return t('system.protocol.options', { options: a.options });
      default:
        return '—';
    }
  };

  const columns: ColumnsType<FieldSchema> = [
    {
      title: t('system.protocol.column.setting'),
      key: 'setting',
      width: '26%',
      render: (_, field) => (
        <Flex vertical>
          <Typography.Text strong>{labelOf(field, language)}</Typography.Text>
          <Typography.Text type="secondary" code style={{ fontSize: 12, alignSelf: 'flex-start' }}>
            {field.name}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      title: t('system.protocol.column.kind'),
      key: 'kind',
      width: '14%',
      render: (_, field) => (
        <Tag style={{ marginInlineEnd: 0 }}>
          {KNOWN_TYPES.includes(field.type) ? t(`system.protocol.kind.${field.type}`) : field.type}
        </Tag>
      ),
    },
    {
      title: t('system.protocol.column.unit'),
      key: 'unit',
      width: '10%',
      render: (_, field) => field.unit || '—',
    },
    {
      title: t('system.protocol.column.default'),
      key: 'default',
      width: '18%',
      render: (_, field) =>
        field.default === null || field.default === '' ? (
          <Typography.Text type="secondary">{t('system.protocol.noDefault')}</Typography.Text>
        ) : (
          String(field.default)
        ),
    },
    { title: t('system.protocol.column.accepts'), key: 'accepts', render: (_, field) => accepts(field) },
  ];

  return (
    <Flex vertical gap={16} data-testid="system-protocol-page">
      <Flex vertical gap={4}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('route.manage.protocol')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('system.protocol.intro')}</Typography.Text>
      </Flex>
      {catalogue.isLoading && (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin tip={t('common.loading')}>
            <div style={{ width: 120, height: 40 }} />
          </Spin>
        </Flex>
      )}
      {catalogue.isError && (
        <LoadFailed error={catalogue.error} onRetry={() => void catalogue.refetch()} testId="system-protocol-error" />
      )}
      {catalogue.data && catalogue.data.length === 0 && <Empty description={t('system.protocol.empty')} />}
      {catalogue.data?.map((driver) => (
        <Card
          key={driver.kind}
          size="small"
          data-testid="system-driver"
          data-kind={driver.kind}
          title={
            <Flex gap={8} align="center" wrap>
              <span>{labelOf(driver, language)}</span>
              <Typography.Text type="secondary" code style={{ fontSize: 12 }}>
                {driver.kind}
              </Typography.Text>
            </Flex>
          }
          extra={<Typography.Text type="secondary">{t('system.protocol.fieldCount', { count: driver.fields.length })}</Typography.Text>}
        >
          <div style={{ overflowX: 'auto' }}>
            <Table<FieldSchema>
              rowKey="name"
              size="small"
              columns={columns}
              dataSource={driver.fields}
              pagination={false}
              locale={{ emptyText: t('system.protocol.noFields') }}
            />
          </div>
        </Card>
      ))}
    </Flex>
  );
}
