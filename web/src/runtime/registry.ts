/**
 * THE widget registry of the viewer: one entry per widget type of the generated list
 * (src/generated/widgetTypes.json), with its renderer and the text key of its name. Every generated type is drawn
 * for real; a type the list does not know is drawn as an honest "unknown widget type" frame. registry.test.ts checks
 * that the entries are exactly the generated types.
 */
import type { ComponentType } from 'react';
import { labelKeyOf } from './labels';
import { ComplexAlarm } from './widgets/alarmTable';
import { ComplexArea, ComplexBar, ComplexLine, ComplexPie, ComplexRing, ComplexRose } from './widgets/charts';
import type { WidgetRenderProps } from './widgets/common';
import { UsualScrollbar } from './widgets/flowBar';
import { UsualDashboard, UsualPercentFill } from './widgets/gauges';
import { ComplexMap } from './widgets/map';
import { UsualWebgl } from './widgets/model';
import { UnknownWidget } from './widgets/Placeholder';
import {
  ShapeArrow,
  ShapeCircle,
  ShapeEllipse,
  ShapeLine,
  ShapeOctagon,
  ShapeParallelogram,
  ShapePrism,
  ShapeRect,
  ShapeTriangle,
} from './widgets/shapes';
import { ComplexHistory } from './widgets/tables';
import { ComplexWeather } from './widgets/weather';
import { UsualAnimation, UsualButton, UsualDataText, UsualImage, UsualText, UsualTimer, WidgetGroup } from './widgets/texts';
import { ComplexXyline } from './widgets/xyChart';
import { UsualSelect } from './widgets/select';
import { ComplexVideo } from './widgets/video';

export interface WidgetDef {
  /** Draws the widget (SVG) in its box. */
  render: ComponentType<WidgetRenderProps>;
  /** The text key of the type's name. */
  labelKey: string;
  /** False only for a type the generated list does not know (drawn as such). */
  drawn: boolean;
}

function drawn(type: string, render: ComponentType<WidgetRenderProps>): WidgetDef {
  return { render, labelKey: labelKeyOf(type), drawn: true };
}

export const widgetRegistry = {
  WidgetGroup: drawn('WidgetGroup', WidgetGroup),
  ShapeArrow: drawn('ShapeArrow', ShapeArrow),
  ShapeCircle: drawn('ShapeCircle', ShapeCircle),
  ShapeEllipse: drawn('ShapeEllipse', ShapeEllipse),
  ShapeLine: drawn('ShapeLine', ShapeLine),
  ShapeOctagon: drawn('ShapeOctagon', ShapeOctagon),
  ShapeRect: drawn('ShapeRect', ShapeRect),
  ShapeParallelogram: drawn('ShapeParallelogram', ShapeParallelogram),
  ShapePrism: drawn('ShapePrism', ShapePrism),
  ShapeTriangle: drawn('ShapeTriangle', ShapeTriangle),
  UsualDashboard: drawn('UsualDashboard', UsualDashboard),
  UsualButton: drawn('UsualButton', UsualButton),
  UsualDataText: drawn('UsualDataText', UsualDataText),
  UsualImage: drawn('UsualImage', UsualImage),
  UsualPercentFill: drawn('UsualPercentFill', UsualPercentFill),
  UsualScrollbar: drawn('UsualScrollbar', UsualScrollbar),
  UsualText: drawn('UsualText', UsualText),
  UsualTimer: drawn('UsualTimer', UsualTimer),
  UsualAnimation: drawn('UsualAnimation', UsualAnimation),
  UsualSelect: drawn('UsualSelect', UsualSelect),
  UsualWebgl: drawn('UsualWebgl', UsualWebgl),
  ComplexLine: drawn('ComplexLine', ComplexLine),
  ComplexBar: drawn('ComplexBar', ComplexBar),
  ComplexPie: drawn('ComplexPie', ComplexPie),
  ComplexRing: drawn('ComplexRing', ComplexRing),
  ComplexRose: drawn('ComplexRose', ComplexRose),
  ComplexVideo: drawn('ComplexVideo', ComplexVideo),
  ComplexMap: drawn('ComplexMap', ComplexMap),
  ComplexArea: drawn('ComplexArea', ComplexArea),
  ComplexHistory: drawn('ComplexHistory', ComplexHistory),
  ComplexAlarm: drawn('ComplexAlarm', ComplexAlarm),
  ComplexXyline: drawn('ComplexXyline', ComplexXyline),
  ComplexWeather: drawn('ComplexWeather', ComplexWeather),
} satisfies Record<string, WidgetDef>;

/** What draws a widget of an unknown type. */
export const unknownWidgetDef: WidgetDef = { render: UnknownWidget, labelKey: 'runtime.placeholder.unknownTitle', drawn: false };

/** The entry for `widgetType`; the unknown-widget entry for a type the list does not know. */
export function widgetDefOf(widgetType: string): WidgetDef {
  return Object.prototype.hasOwnProperty.call(widgetRegistry, widgetType)
    ? (widgetRegistry as Record<string, WidgetDef>)[widgetType]
    : unknownWidgetDef;
}
