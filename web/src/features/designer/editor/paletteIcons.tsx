/**
 * The palette's icon of every widget type (issue 13: "icons and names"). Shapes are drawn as the shape itself, in
 * the text colour, so the palette reads like the canvas; the other types take the closest antd icon. One entry per
 * generated type: paletteIcons.test.ts fails when a type has none.
 */
import type { ReactNode } from 'react';
import {
  AlertOutlined,
  AreaChartOutlined,
  BarChartOutlined,
  BlockOutlined,
  ClockCircleOutlined,
  CloudOutlined,
  CodeSandboxOutlined,
  DashboardOutlined,
  DotChartOutlined,
  DownSquareOutlined,
  EnvironmentOutlined,
  FieldNumberOutlined,
  FontSizeOutlined,
  FunnelPlotOutlined,
  InteractionOutlined,
  LineChartOutlined,
  PictureOutlined,
  PieChartOutlined,
  RadarChartOutlined,
  SwapRightOutlined,
  SyncOutlined,
  TableOutlined,
  ThunderboltOutlined,
  VideoCameraOutlined,
} from '@ant-design/icons';

/** A 14 px outline of `d` (a path in a 16 × 16 box), stroked like antd's outlined icons. */
function shape(d: string): ReactNode {
  return (
    <span role="img" aria-hidden className="anticon">
      <svg width="1em" height="1em" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth={1.4} strokeLinejoin="round">
        <path d={d} />
      </svg>
    </span>
  );
}

export const PALETTE_ICONS: Record<string, ReactNode> = {
  WidgetGroup: <BlockOutlined />,
  ShapeArrow: shape('M1 6h9V3l5 5-5 5v-3H1z'),
  ShapeCircle: shape('M8 1.5a6.5 6.5 0 1 0 0 13 6.5 6.5 0 1 0 0-13z'),
  ShapeEllipse: shape('M8 3.5c4 0 7 2 7 4.5s-3 4.5-7 4.5-7-2-7-4.5 3-4.5 7-4.5z'),
  ShapeLine: shape('M2 14 14 2'),
  ShapeOctagon: shape('M5 1.5h6L14.5 5v6L11 14.5H5L1.5 11V5z'),
  ShapeRect: shape('M1.5 3.5h13v9h-13z'),
  ShapeParallelogram: shape('M4.5 3.5h10l-3 9h-10z'),
  ShapePrism: shape('M8 1.5 14.5 8 8 14.5 1.5 8z'),
  ShapeTriangle: shape('M8 2 14.5 14h-13z'),
  UsualDashboard: <DashboardOutlined />,
  UsualButton: <ThunderboltOutlined />,
  UsualDataText: <FieldNumberOutlined />,
  UsualImage: <PictureOutlined />,
  UsualPercentFill: <FunnelPlotOutlined />,
  UsualScrollbar: <SwapRightOutlined />,
  UsualText: <FontSizeOutlined />,
  UsualTimer: <ClockCircleOutlined />,
  UsualAnimation: <SyncOutlined />,
  UsualSelect: <DownSquareOutlined />,
  UsualWebgl: <CodeSandboxOutlined />,
  ComplexLine: <LineChartOutlined />,
  ComplexBar: <BarChartOutlined />,
  ComplexPie: <PieChartOutlined />,
  ComplexRing: <RadarChartOutlined />,
  ComplexRose: <InteractionOutlined />,
  ComplexVideo: <VideoCameraOutlined />,
  ComplexMap: <EnvironmentOutlined />,
  ComplexArea: <AreaChartOutlined />,
  ComplexHistory: <TableOutlined />,
  ComplexAlarm: <AlertOutlined />,
  ComplexXyline: <DotChartOutlined />,
  ComplexWeather: <CloudOutlined />,
};
