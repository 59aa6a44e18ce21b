/**
 * THE route table: every path of spec section 2, once. The router (app/router.tsx), the side menus and the top
 * navigation (app/shell/navigation.ts) and the access test all read from here; nothing keeps a second list.
 *
 * A route's screen is a lazy loader, so each screen is its own chunk, wrapped in `withTexts([...areas], …)` with
 * the text areas it shows (lib/i18n/textAreas.ts; src/locales/areas.test.ts checks them against the screen's
 * code). Screens that later work delivers point at `notAvailable`, which says honestly that the screen is not open
 * yet and names it; replace the loader with the real screen's import when it exists. Menu icons are named, not
 * imported (shell/routeIcons.ts): this table is in every page's entry chunk.
 */
import type { QueryClient } from '@tanstack/react-query';
import type { ScreenLoader } from '@/components/LazyScreen';
import NotFoundPage from '@/components/NotFoundPage';
import type { Requirement } from '@/lib/access';
import { withTexts } from '@/lib/i18n';
import { HOME_PATH } from '@/lib/paths';
import type { RouteIcon } from './shell/routeIcons';

/** Shown for every route whose screen is not built yet (one shared chunk). */
export const notAvailable: ScreenLoader = () => import('@/components/NotAvailable');

const loginScreen: ScreenLoader = withTexts(['login'], () => import('@/features/auth/components/LoginPage'));
/** Bundled with the entry (it is tiny): unknown addresses answer without a chunk download. */
const notFoundScreen: ScreenLoader = () => Promise.resolve({ default: NotFoundPage });

/** Starts loading a screen's first data (the route's params, the app's query cache); answers nothing. */
export type RoutePrefetch = (params: Readonly<Record<string, string | undefined>>, client: QueryClient) => void;

/** Side-menu groups of the management area; `frame` holds the organisation's external pages (shell/navigation.ts). */
export type MenuGroup = 'eg' | 'system' | 'ops' | 'frame';

export const menuGroups: Record<MenuGroup, { titleKey: string; icon: RouteIcon }> = {
  eg: { titleKey: 'menuGroup.eg', icon: 'cluster' },
  system: { titleKey: 'menuGroup.system', icon: 'setting' },
  ops: { titleKey: 'menuGroup.ops', icon: 'tool' },
  frame: { titleKey: 'menuGroup.frame', icon: 'global' },
};

export interface RouteDef {
  /** Path relative to the parent route (top-level routes: relative to '/'). May hold :params. */
  path: string;
  /** i18n key of the screen's title (window title, menus, the not-available notice). */
  titleKey: string;
  /** Name the spec uses for the route, where it names one (also the router's route id). */
  name?: string;
  /** What this exact path shows. A route with children shows it at its own path (an index route). */
  screen?: ScreenLoader;
  /**
   * Asks for the screen's first data while its chunk loads (router.tsx), so the answer does not wait for the code.
   * Loads its own small chunk: the route table is in every page's entry chunk.
   */
  prefetch?: RoutePrefetch;
  /** This exact path redirects: an absolute path, or one relative to this route (e.g. a default tab). */
  redirectTo?: string;
  /**
   * Listed in its area's side menu (only for paths without params); `adminOnly`: listed only for the
   * organisation's administrators (lib/access.ts `isAdmin`; the screen itself still says when it is not for you).
   */
  menu?: { group?: MenuGroup; icon?: RouteIcon; adminOnly?: boolean };
  /**
   * What the screen needs beyond a session (lib/access.ts `meetsRequirement`), inherited by the children unless
   * they say otherwise: a viewer who does not meet it sees neither the menu entry nor the screen (the router shows
   * "no permission" in its place), just as the server refuses the screen's calls.
   */
  requires?: Requirement;
  children?: RouteDef[];
}

/**
 * A top-level route. `frame` says whether it renders inside the app shell (header, navigation, side menu) or
 * fills the window (login, wizards, designers, previews, pages that open in a new window).
 */
export interface TopRouteDef extends RouteDef {
  frame: 'shell' | 'bare';
  /** Reachable without a session (spec section 2 access rule). */
  public?: boolean;
  /** Shown in the header's top navigation, with this icon. */
  nav?: { icon: RouteIcon };
}

/** Every recovery step is one wizard screen that reads its step from the path (features/security). */
const findpwdScreen: ScreenLoader = withTexts(['security', 'subAccounts'], () => import('@/features/security/components/FindpwdWizard'));
const securityScreen: ScreenLoader = withTexts(['security'], () => import('@/features/security/components/SecurityPage'));
/** Every set-up step is one wizard screen that reads its step from the path. */
const setupScreen: ScreenLoader = withTexts(['security', 'subAccounts'], () => import('@/features/security/components/SetupWizard'));

const findpwdSteps: RouteDef[] = [
  { path: 'account', name: 'FindpwdAccount', titleKey: 'route.findpwd.account', screen: findpwdScreen },
  {
    path: 'validate',
    name: 'FindpwdValidate',
    titleKey: 'route.findpwd.validate',
    screen: findpwdScreen,
    children: [
      { path: 'tel', name: 'FindpwdTelValidate', titleKey: 'route.findpwd.validateTel', screen: findpwdScreen },
      { path: 'email', name: 'FindpwdEmailValidate', titleKey: 'route.findpwd.validateEmail', screen: findpwdScreen },
      {
        path: 'question',
        name: 'FindpwdQuestionValidate',
        titleKey: 'route.findpwd.validateQuestion',
        screen: findpwdScreen,
      },
    ],
  },
  { path: 'password', name: 'FindpwdPassword', titleKey: 'route.findpwd.password', screen: findpwdScreen },
  { path: 'finish', name: 'FindpwdFinish', titleKey: 'route.findpwd.finish', screen: findpwdScreen },
];

/** Repair work orders (docs/work-orders.md). */
const repairsScreen: ScreenLoader = withTexts(['ops'], () => import('@/features/ops/components/RepairsPage'));

/** Inspection work orders (docs/work-orders.md, the inspection half). */
const inspectionPlansScreen: ScreenLoader = withTexts(['ops'], () => import('@/features/ops/components/InspectionPlansPage'));
const inspectionItemsScreen: ScreenLoader = withTexts(['ops'], () => import('@/features/ops/components/InspectionItemsPage'));
const worksheetsScreen: ScreenLoader = withTexts(['ops'], () => import('@/features/ops/components/WorksheetsPage'));

/** The EG equipment detail (one screen for its three paths; its repair records and an order beside it need 'ops', its reports 'reports'). */
const egDetailScreen: ScreenLoader = withTexts(['monitor', 'status', 'ops', 'reports'], () =>
  import('@/features/monitor/detail/components/EgDetailPage'),
);
/** A configuration page of an EG equipment on its own (three paths). */
const egPageScreen: ScreenLoader = withTexts(['monitor', 'status', 'ops'], () =>
  import('@/features/monitor/page/EgPageScreen'),
);

/** A GM equipment live: its signals with tabs as child routes, and its configuration pages (docs/gm-equipment.md). */
const gmDetailScreen: ScreenLoader = withTexts(['monitor', 'status', 'ops', 'reports'], () => import('@/features/monitor/gm/GmDetailPage'));
const gmPagesScreen: ScreenLoader = withTexts(['monitor', 'status'], () => import('@/features/monitor/gm/GmPagesScreen'));

/** A project's configuration pages live, as tabs, and its reports, history and alarms beside them (one screen for the project and its page path; `ops`: an alarm's repair order). */
const projectMonitorScreen: ScreenLoader = withTexts(['monitor', 'status', 'reports', 'ops'], () =>
  import('@/features/monitor/project/ProjectMonitorScreen'),
);

/** The monitor's equipment list, and the group view (one screen for its list and configuration paths). */
const monitorListScreen: ScreenLoader = withTexts(['monitorList', 'status'], () =>
  import('@/features/monitorList/components/EquipmentListPage'),
);
const groupMonitorScreen: ScreenLoader = withTexts(['monitorList', 'monitor', 'status'], () =>
  import('@/features/monitorList/components/GroupMonitorPage'),
);
/** The same list and group view for GM equipment (devices that speak MQTT themselves; docs/gm-equipment.md). */
const gmListScreen: ScreenLoader = withTexts(['monitorList', 'status'], () => import('@/features/monitorList/components/GmListScreen'));
const gmGroupScreen: ScreenLoader = withTexts(['monitorList', 'monitor', 'status'], () =>
  import('@/features/monitorList/components/GmGroupScreen'),
);

const monitorRoutes: RouteDef[] = [
  { path: 'eg/list', titleKey: 'route.monitor.egList', screen: monitorListScreen, menu: { icon: 'dashboard' } },
  { path: 'eg/detail/list/:id', titleKey: 'route.monitor.egDetail', screen: egDetailScreen },
  { path: 'eg/detail/list/:id/:alarm', name: 'MonitorEGDetail', titleKey: 'route.monitor.egDetail', screen: egDetailScreen },
  {
    path: 'eg/detail/list/:id/:orderType/:orderId',
    name: 'MonitorEGDetailForOrder',
    titleKey: 'route.monitor.egDetailOrder',
    screen: egDetailScreen,
  },
  { path: 'eg/detail/page/:pageId', titleKey: 'route.monitor.egPage', screen: egPageScreen },
  { path: 'eg/detail/page/:pageId/:alarm', name: 'MonitorEgPage', titleKey: 'route.monitor.egPage', screen: egPageScreen },
  {
    path: 'eg/detail/page/:pageId/:orderType/:orderId',
    name: 'MonitorEgPageForOrder',
    titleKey: 'route.monitor.egPageOrder',
    screen: egPageScreen,
  },
  {
    path: 'eg/group',
    titleKey: 'route.monitor.egGroup',
    screen: groupMonitorScreen,
    menu: { icon: 'cluster' },
    children: [
      { path: 'list/:groupId', titleKey: 'route.monitor.egGroupList', screen: groupMonitorScreen },
      { path: 'list/:groupId/:id', titleKey: 'route.monitor.egGroupList', screen: groupMonitorScreen },
      // The group view with the chosen equipment's configuration pages in place of the group's cards.
      { path: 'configuration/:groupId', titleKey: 'route.monitor.egGroupConfiguration', screen: groupMonitorScreen },
      { path: 'configuration/:groupId/:id', titleKey: 'route.monitor.egGroupConfiguration', screen: groupMonitorScreen },
      {
        path: 'configuration/:groupId/:id/:pageId',
        titleKey: 'route.monitor.egGroupConfiguration',
        screen: groupMonitorScreen,
      },
    ],
  },
  // Ours (docs/track.md): the path of an equipment with latitude and longitude signals, from the map and the detail.
  {
    path: 'eg/track/:id',
    titleKey: 'route.monitor.egTrack',
    screen: withTexts(['track', 'monitor'], () => import('@/features/track/TrackPage')),
  },
  { path: 'gm/list', titleKey: 'route.monitor.gmList', screen: gmListScreen, menu: { icon: 'appstore' } },
  {
    path: 'gm/group',
    titleKey: 'route.monitor.gmGroup',
    screen: gmGroupScreen,
    menu: { icon: 'folder' },
    // Ours, as the EG group view's: a group selected, and an equipment drawn out in it.
    children: [
      { path: 'list/:groupId', titleKey: 'route.monitor.gmGroupList', screen: gmGroupScreen },
      { path: 'list/:groupId/:id', titleKey: 'route.monitor.gmGroupList', screen: gmGroupScreen },
    ],
  },
  {
    path: 'gm/ocInfo',
    titleKey: 'route.monitor.gmOcInfo',
    screen: withTexts(['opsCenter'], () => import('@/features/monitor/opsCenter/OpsCenterPage')),
    menu: { icon: 'alert' },
  },
  // One collection source (edge node or JSON device), by its id: state, message counts and problems, its devices.
  {
    path: 'gm/ocInfo/:ocId',
    titleKey: 'route.monitor.gmOcInfoDetail',
    screen: withTexts(['gmSources', 'gateways', 'status'], () => import('@/features/gateways/source/GmSourcePage')),
  },
  {
    path: 'gm/vuedetail/:equipId',
    titleKey: 'route.monitor.gmVueDetail',
    redirectTo: 'real',
    children: [
      { path: 'real', titleKey: 'route.monitor.gmVueDetailReal', screen: gmDetailScreen },
      { path: 'write', titleKey: 'route.monitor.gmVueDetailWrite', screen: gmDetailScreen },
      { path: 'history', titleKey: 'route.monitor.gmVueDetailHistory', screen: gmDetailScreen },
      { path: 'alarm', titleKey: 'route.monitor.gmVueDetailAlarm', screen: gmDetailScreen },
    ],
  },
  { path: 'gm/detail/:id/:ruleType/:openType', name: 'gmDetail', titleKey: 'route.monitor.gmDetail', screen: gmPagesScreen },
  {
    path: 'project/:projectId',
    titleKey: 'route.monitor.project',
    screen: projectMonitorScreen,
    children: [{ path: 'page/:pageId', titleKey: 'route.monitor.projectPage', screen: projectMonitorScreen }],
  },
];

/** The page designer: one chunk for an equipment's page and a project's page (it reads the owner from the address). */
// `shell` and `messages`: the designer's header shows the bell and runs the message notifier.
const designerScreen: ScreenLoader = withTexts(['designer', 'monitor', 'status', 'shell', 'messages'], () =>
  import('@/features/designer/DesignerScreen'),
);
const designerPrefetch: RoutePrefetch = (params, client) =>
  void import('@/features/designer/prefetch').then((m) => m.prefetchDesigner(params, client), () => undefined);

/** The equipment edit screen: one chunk for its five tab routes; it reads the open tab from the address. */
const equipmentEditScreen: ScreenLoader = withTexts(['equipment', 'pages', 'status', 'reports'], () =>
  import('@/features/equipment/components/EquipmentEditPage'),
);

/** An external page in a frame, or opened in a new tab (docs/frame.md); its menu entries come from the server. */
const frameScreen: ScreenLoader = withTexts(['frame'], () => import('@/features/externalPages/FramePage'));

const manageRoutes: RouteDef[] = [
  { path: 'frame/:path', titleKey: 'route.manage.frame', screen: frameScreen },
  { path: 'frame/:path/:openFlag', titleKey: 'route.manage.frame', screen: frameScreen },
  {
    path: 'eg/equipment/list',
    titleKey: 'route.manage.equipmentList',
    screen: withTexts(['equipment'], () => import('@/features/equipment/components/EquipmentListPage')),
    menu: { group: 'eg' },
  },
  {
    path: 'eg/equipment/add',
    titleKey: 'route.manage.equipmentAdd',
    screen: withTexts(['equipment'], () => import('@/features/equipment/components/EquipmentAddPage')),
  },
  {
    path: 'eg/equipment/edit/:id',
    titleKey: 'route.manage.equipmentEdit',
    redirectTo: 'info',
    children: [
      { path: 'info', titleKey: 'route.manage.equipmentEditInfo', screen: equipmentEditScreen },
      { path: 'driver', titleKey: 'route.manage.equipmentEditDriver', screen: equipmentEditScreen },
      { path: 'signal', titleKey: 'route.manage.equipmentEditSignal', screen: equipmentEditScreen },
      { path: 'report', titleKey: 'route.manage.equipmentEditReport', screen: equipmentEditScreen },
      { path: 'page', titleKey: 'route.manage.equipmentEditPage', screen: equipmentEditScreen },
    ],
  },
  {
    path: 'eg/gateway',
    titleKey: 'route.manage.gateway',
    screen: withTexts(['gateways', 'gmSources', 'status'], () => import('@/features/gateways/components/GatewaysPage')),
    menu: { group: 'eg' },
  },
  {
    path: 'eg/group',
    titleKey: 'route.manage.group',
    screen: withTexts(['monitorList'], () => import('@/features/monitorList/components/ManageGroupsPage')),
    menu: { group: 'eg' },
  },
  {
    path: 'eg/scene',
    titleKey: 'route.manage.scene',
    screen: withTexts(['scenes'], () => import('@/features/scenes/components/ScenesPage')),
    menu: { group: 'eg' },
  },
  {
    path: 'eg/project/list',
    titleKey: 'route.manage.projectList',
    screen: withTexts(['scenes', 'pages'], () => import('@/features/scenes/components/ProjectsPage')),
    menu: { group: 'eg' },
  },
  {
    path: 'system/hardware',
    titleKey: 'route.manage.hardware',
    screen: withTexts(['system'], () => import('@/features/system/components/HardwarePage')),
    menu: { group: 'system' },
  },
  {
    path: 'system/protocol',
    titleKey: 'route.manage.protocol',
    screen: withTexts(['system'], () => import('@/features/system/components/ProtocolPage')),
    menu: { group: 'system' },
  },
  {
    path: 'system/model',
    titleKey: 'route.manage.model',
    screen: withTexts(['system'], () => import('@/features/system/components/ModelsPage')),
    menu: { group: 'system' },
  },
  {
    path: 'system/msg',
    titleKey: 'route.manage.systemMsg',
    screen: withTexts(['system'], () => import('@/features/system/components/AnnouncementsPage')),
    menu: { group: 'system' },
  },
  // Ours, not the spec's: it has roles and data ranges but no screen to manage them (crates/server/src/api/sub_accounts.rs).
  {
    path: 'system/user',
    titleKey: 'route.manage.subAccounts',
    screen: withTexts(['subAccounts'], () => import('@/features/subAccounts/components/SubAccountsPage')),
    menu: { group: 'system', adminOnly: true },
  },
  { path: 'ops/repairs', titleKey: 'route.manage.repairs', screen: repairsScreen, menu: { group: 'ops' }, requires: 'repair' },
  { path: 'ops/inspection_plan', titleKey: 'route.manage.inspectionPlan', screen: inspectionPlansScreen, menu: { group: 'ops' } },
  {
    path: 'ops/inspection_content',
    titleKey: 'route.manage.inspectionContent',
    screen: inspectionItemsScreen,
    menu: { group: 'ops' },
    requires: 'repair',
  },
  { path: 'ops/worksheet', titleKey: 'route.manage.worksheet', screen: worksheetsScreen, menu: { group: 'ops' }, requires: 'repair' },
];

const messageCentreScreen: ScreenLoader = withTexts(['messages'], () => import('@/features/messages/components/MessageCentrePage'));
const messageDetailScreen: ScreenLoader = withTexts(['messages', 'ops'], () => import('@/features/messages/components/MessageDetailPage'));

/** The message centre's children; `/message` and `/msg` differ only in their detail route. */
function messageCentreRoutes(detailPath: string): RouteDef[] {
  return [
    { path: 'messageAll', titleKey: 'route.message.all', screen: messageCentreScreen, menu: { icon: 'mail' } },
    { path: 'messageUnReaden', titleKey: 'route.message.unread', screen: messageCentreScreen, menu: {} },
    { path: 'messageReaden', titleKey: 'route.message.read', screen: messageCentreScreen, menu: {} },
    { path: detailPath, titleKey: 'route.message.detail', screen: messageDetailScreen },
  ];
}

const accountSetupRoutes: RouteDef[] = [
  {
    path: 'validate',
    titleKey: 'route.account.setupValidate',
    screen: setupScreen,
    children: [
      { path: 'tel/:type', titleKey: 'route.account.setupValidateTel', screen: setupScreen },
      { path: 'email', titleKey: 'route.account.setupValidateEmail', screen: setupScreen },
      { path: 'question', titleKey: 'route.account.setupValidateQuestion', screen: setupScreen },
      { path: 'password', titleKey: 'route.account.setupValidatePassword', screen: setupScreen },
    ],
  },
  { path: 'password', titleKey: 'route.account.setupPassword', screen: setupScreen },
  { path: 'tel/validate', titleKey: 'route.account.setupTelValidate', screen: setupScreen },
  { path: 'tel', titleKey: 'route.account.setupTel', screen: setupScreen },
  { path: 'email/validate', titleKey: 'route.account.setupEmailValidate', screen: setupScreen },
  { path: 'email', titleKey: 'route.account.setupEmail', screen: setupScreen },
  { path: 'question/validate', titleKey: 'route.account.setupQuestionValidate', screen: setupScreen },
  { path: 'question', titleKey: 'route.account.setupQuestion', screen: setupScreen },
  { path: 'success/:type', titleKey: 'route.account.setupSuccess', screen: setupScreen },
];

/** The basic profile: one screen for its `sms` and `nosms` variants (the deployment's is shown; the other redirects). */
const accountInfoScreen: ScreenLoader = withTexts(['profile'], () => import('@/features/profile/components/AccountInfoPage'));

const accountRoutes: RouteDef[] = [
  {
    path: 'security/sms',
    titleKey: 'route.account.security',
    screen: securityScreen,
    menu: { icon: 'setting' },
  },
  { path: 'security/nosms', titleKey: 'route.account.security', screen: securityScreen },
  { path: 'security/sms/setup', titleKey: 'route.account.setup', screen: setupScreen, children: accountSetupRoutes },
  { path: 'info/sms', titleKey: 'route.account.info', screen: accountInfoScreen, menu: { icon: 'user' } },
  { path: 'info/nosms', titleKey: 'route.account.info', screen: accountInfoScreen },
  {
    path: 'config',
    titleKey: 'route.account.config',
    screen: withTexts(['profile'], () => import('@/features/profile/components/AccountConfigPage')),
    menu: { icon: 'tool' },
  },
  {
    path: 'log',
    titleKey: 'route.account.log',
    screen: withTexts(['profile'], () => import('@/features/profile/components/AccountLogPage')),
    menu: { icon: 'fileText' },
  },
  // Spec section 2 lists a feedback screen without naming its path; the server's call needs only a session.
  {
    path: 'feedback',
    titleKey: 'route.account.feedback',
    screen: withTexts(['profile'], () => import('@/features/profile/components/AccountFeedbackPage')),
    menu: { icon: 'comment' },
  },
];

/** Every route of the console. `/` (→ /login) and unknown paths (→ /404) are added by the router. */
export const routeTable: TopRouteDef[] = [
  // Public, full window.
  { path: 'login', name: 'Login', titleKey: 'route.login', frame: 'bare', public: true, screen: loginScreen },
  { path: 'login.jsp', titleKey: 'route.login', frame: 'bare', public: true, screen: loginScreen },
  // The share link (docs/share.md): one shared equipment for a visitor with its share password, no account.
  {
    path: 'share/:equipId',
    titleKey: 'route.share',
    frame: 'bare',
    public: true,
    screen: withTexts(['share', 'monitor', 'status'], () => import('@/features/shareView/SharePage')),
  },
  { path: '404', name: '404', titleKey: 'route.notFound', frame: 'bare', public: true, screen: notFoundScreen },
  {
    path: 'findpwd',
    name: 'FindPwd',
    titleKey: 'route.findpwd.root',
    frame: 'bare',
    public: true,
    redirectTo: '/findpwd/account',
    children: findpwdSteps,
  },

  // Behind a session, inside the app shell.
  {
    path: 'monitor',
    titleKey: 'route.monitor.root',
    frame: 'shell',
    nav: { icon: 'dashboard' },
    redirectTo: HOME_PATH,
    children: monitorRoutes,
  },
  {
    path: 'manage',
    titleKey: 'route.manage.root',
    frame: 'shell',
    nav: { icon: 'setting' },
    redirectTo: '/manage/eg/equipment/list',
    // The ops entries relax it to the repair permission; everything else of the area is for `manage` holders.
    requires: 'manage',
    children: manageRoutes,
  },
  {
    path: 'map',
    titleKey: 'route.map',
    frame: 'shell',
    nav: { icon: 'environment' },
    screen: withTexts(['monitorList'], () => import('@/features/monitorList/components/MapPage')),
  },
  {
    path: 'message',
    titleKey: 'route.message.root',
    frame: 'shell',
    redirectTo: '/message/messageAll',
    children: messageCentreRoutes('detail/:msgType/:msgId'),
  },
  {
    path: 'msg',
    titleKey: 'route.message.root',
    frame: 'shell',
    redirectTo: '/msg/messageAll',
    children: messageCentreRoutes('detail/:menuType/:msgType/:dataId'),
  },
  {
    path: 'account',
    titleKey: 'route.account.root',
    frame: 'shell',
    redirectTo: '/account/security/sms',
    children: accountRoutes,
  },

  // Behind a session, full window: editors, previews and pages opened in a new window.
  {
    path: 'manage/project/:projectId/designer/:pageId',
    titleKey: 'route.manage.projectDesigner',
    frame: 'bare',
    screen: designerScreen,
    prefetch: designerPrefetch,
    requires: 'manage',
  },
  {
    path: 'manage/eg/:equipId/designer/:pageId',
    titleKey: 'route.manage.equipDesigner',
    frame: 'bare',
    screen: designerScreen,
    prefetch: designerPrefetch,
    requires: 'manage',
  },
  {
    path: 'manage/scene/preview/:sceneId',
    titleKey: 'route.manage.scenePreview',
    frame: 'bare',
    screen: withTexts(['scenes'], () => import('@/features/scenes/components/ScenePreviewPage')),
  },
  {
    path: 'monitor/project/:projectId/preview/:pageId',
    titleKey: 'route.monitor.projectPreview',
    frame: 'bare',
    // `shell` and `messages`: the preview's header shows the bell and runs the message notifier.
    screen: withTexts(['monitor', 'status', 'shell', 'messages'], () => import('@/features/monitor/project/ProjectPreviewScreen')),
  },
  {
    path: 'system/msg/detail/:dataId/:msgType',
    titleKey: 'route.systemMsgDetail',
    frame: 'bare',
    screen: withTexts(['messages', 'ops'], () => import('@/features/messages/components/SystemMessagePage')),
  },
];

/** Joins a parent path and a relative child path into an absolute path. */
export function joinPath(parent: string, child: string): string {
  const joined = `${parent.replace(/\/+$/, '')}/${child.replace(/^\/+/, '')}`;
  return joined.length > 1 ? joined.replace(/\/+$/, '') : joined;
}

/** Every route with its absolute path and its top-level route, depth first: the table as a flat list. */
export function flattenRoutes(table: readonly TopRouteDef[] = routeTable): Array<{
  fullPath: string;
  route: RouteDef;
  top: TopRouteDef;
}> {
  const rows: Array<{ fullPath: string; route: RouteDef; top: TopRouteDef }> = [];
  const walk = (route: RouteDef, parentPath: string, top: TopRouteDef) => {
    const fullPath = joinPath(parentPath, route.path);
    rows.push({ fullPath, route, top });
    for (const child of route.children ?? []) walk(child, fullPath, top);
  };
  for (const top of table) walk(top, '/', top);
  return rows;
}
