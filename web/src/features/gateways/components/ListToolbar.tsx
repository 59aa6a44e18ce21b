import type { ReactNode } from 'react';
import { Button, Flex, Input, Space, Tooltip } from 'antd';
import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

interface ListToolbarProps {
  /** Left of the tools: what the list holds, or nothing. */
  intro?: ReactNode;
  searchId: string;
  placeholder: string;
  keyword: string;
  onKeywordChange: (value: string) => void;
  onSearch: (keyword: string) => void;
  fetching: boolean;
  onRefresh: () => void;
  /** The register button, shown only to managers. */
  register?: { id: string; label: string; onClick: () => void };
}

/** A registry list's tools: search, refresh and register (the gateway list and the collection source lists). */
export function ListToolbar({ intro, searchId, placeholder, keyword, onKeywordChange, onSearch, fetching, onRefresh, register }: ListToolbarProps) {
  const { t } = useTranslation();
  return (
    <Flex justify="flex-end" align="center" wrap gap={12}>
      {intro && <div style={{ flex: '1 1 320px' }}>{intro}</div>}
      <Space wrap>
        <Input.Search
          id={searchId}
          allowClear
          placeholder={placeholder}
          aria-label={placeholder}
          value={keyword}
          onChange={(event) => onKeywordChange(event.target.value)}
          onSearch={onSearch}
          enterButton={t('gateways.search')}
          style={{ width: 320 }}
        />
        <Tooltip title={t('gateways.refresh')}>
          <Button icon={<ReloadOutlined />} aria-label={t('gateways.refresh')} loading={fetching} onClick={onRefresh} />
        </Tooltip>
        {register && (
          <Button id={register.id} type="primary" icon={<PlusOutlined />} onClick={register.onClick}>
            {register.label}
          </Button>
        )}
      </Space>
    </Flex>
  );
}
