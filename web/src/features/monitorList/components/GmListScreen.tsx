/**
 * /monitor/gm/list: the monitor's card list of GM equipment (devices that speak MQTT themselves, adopted as
 * equipment), the same screen as the gateway equipment's list asking for the other kind (EquipmentListPage.tsx).
 */
import EquipmentListPage from './EquipmentListPage';

export default function GmListScreen() {
  return <EquipmentListPage kind="gm" />;
}
