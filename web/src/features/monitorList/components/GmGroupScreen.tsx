/**
 * /monitor/gm/group (and its `list/:groupId[/:id]`): the group monitor of GM equipment, the same screen as the
 * gateway equipment's group monitor asking for the other kind (GroupMonitorPage.tsx).
 */
import GroupMonitorPage from './GroupMonitorPage';

export default function GmGroupScreen() {
  return <GroupMonitorPage kind="gm" />;
}
