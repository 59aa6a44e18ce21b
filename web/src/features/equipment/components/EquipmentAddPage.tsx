/** /manage/eg/equipment/add: the equipment's own fields; once created, its edit screen continues with the rest. */
import { Breadcrumb, Card, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { LIST_PATH, editPath } from '../model';
import { InfoForm } from './InfoForm';

export default function EquipmentAddPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Flex vertical gap={16} data-testid="equipment-add-page">
      <Breadcrumb items={[{ title: <Link to={LIST_PATH}>{t('route.manage.equipmentList')}</Link> }, { title: t('route.manage.equipmentAdd') }]} />
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('route.manage.equipmentAdd')}
      </Typography.Title>
      <Card>
        <InfoForm onSaved={(id) => navigate(editPath(id, 'driver'))} onCancel={() => navigate(LIST_PATH)} />
      </Card>
    </Flex>
  );
}
