/**
 * `/account/security/sms` and `/account/security/nosms`: the account's password, phone, e-mail and security
 * question, each set or not with its masked value, and a button into the set-up wizard. The variant follows the
 * deployment: without an SMS provider the `nosms` screen shows the phone as a contact field (never verified),
 * and a visit to the other variant goes to the right one.
 */
import { Button, Card, Flex, List, Tag, Typography } from 'antd';
import { LockOutlined, MailOutlined, MobileOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { TabError, TabLoading } from '@/components/LoadState';
import type { SecurityState } from '@/generated/answers';
import { useSecurityState } from '@/entities/account/security';
import { SETUP_BASE, securityPath, type SetupTarget } from '../model';

interface Item {
  target: SetupTarget;
  icon: React.ReactNode;
  set: boolean;
  value: string;
  /** Set but not proven by a code (a phone without SMS). */
  unverified?: boolean;
}

function items(state: SecurityState): Item[] {
  return [
    { target: 'password', icon: <LockOutlined />, set: state.passwordSet, value: '' },
    {
      target: 'tel',
      icon: <MobileOutlined />,
      set: state.tel !== '' && (state.telVerified || !state.smsAvailable),
      value: state.tel,
      unverified: state.tel !== '' && !state.telVerified,
    },
    { target: 'email', icon: <MailOutlined />, set: state.email !== '' && state.emailVerified, value: state.email, unverified: state.email !== '' && !state.emailVerified },
    { target: 'question', icon: <QuestionCircleOutlined />, set: state.questionSet, value: state.question },
  ];
}

export default function SecurityPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const state = useSecurityState();
  if (state.isPending) return <TabLoading />;
  if (state.isError) return <TabError title={t('security.loadFailed')} error={state.error} onRetry={() => void state.refetch()} />;
  const wanted = securityPath(state.data.smsAvailable);
  if (!pathname.startsWith(wanted)) return <Navigate to={wanted} replace />;

  return (
    <Card title={t('security.title')} data-testid="security-page">
      {state.data.mustChangePassword && (
        <Typography.Paragraph type="warning" data-testid="security-must-change">
          {t('security.mustChange')}
        </Typography.Paragraph>
      )}
      <List
        itemLayout="horizontal"
        dataSource={items(state.data)}
        renderItem={(item) => (
          <List.Item
            data-testid={`security-item-${item.target}`}
            actions={[
              <Button
                key="change"
                type={item.set ? 'default' : 'primary'}
                data-testid={`security-change-${item.target}`}
                onClick={() => void navigate(`${SETUP_BASE}/validate?next=${item.target}`)}
              >
                {item.set ? t('security.change') : t('security.setUp')}
              </Button>,
            ]}
          >
            <List.Item.Meta
              avatar={<span style={{ fontSize: 24 }}>{item.icon}</span>}
              title={
                <Flex gap={8} align="center" wrap>
                  <span>{t(`security.item.${item.target}`)}</span>
                  {/* An address given but not proven says only that: "not set" beside it would contradict it. */}
                  {item.set ? <Tag color="green">{t('security.set')}</Tag> : !item.unverified && <Tag>{t('security.notSet')}</Tag>}
                  {item.unverified && <Tag color="orange">{t(item.target === 'tel' && !state.data.smsAvailable ? 'security.contactOnly' : 'security.unverified')}</Tag>}
                </Flex>
              }
              description={item.value || t(`security.describe.${item.target}`)}
            />
          </List.Item>
        )}
      />
    </Card>
  );
}
