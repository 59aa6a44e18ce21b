/**
 * The icons of the top navigation and the side menus. The route table names them (`icon: 'dashboard'`) and the
 * shell draws them from here: the table is in every page's entry chunk, and the icons' drawings would otherwise
 * ride along to pages that show no menu, the login page first (issue 12).
 */
import type { ComponentType } from 'react';
import {
  AlertOutlined,
  AppstoreOutlined,
  ClusterOutlined,
  CommentOutlined,
  DashboardOutlined,
  EnvironmentOutlined,
  FileTextOutlined,
  FolderOutlined,
  GlobalOutlined,
  MailOutlined,
  SettingOutlined,
  ToolOutlined,
  UserOutlined,
} from '@ant-design/icons';

export const routeIcons = {
  alert: AlertOutlined,
  appstore: AppstoreOutlined,
  cluster: ClusterOutlined,
  comment: CommentOutlined,
  dashboard: DashboardOutlined,
  environment: EnvironmentOutlined,
  fileText: FileTextOutlined,
  folder: FolderOutlined,
  global: GlobalOutlined,
  mail: MailOutlined,
  setting: SettingOutlined,
  tool: ToolOutlined,
  user: UserOutlined,
} satisfies Record<string, ComponentType>;

export type RouteIcon = keyof typeof routeIcons;
