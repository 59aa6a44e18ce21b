/** The text key naming a widget type ("矩形", "Rectangle"); every generated type has one (registry.test.ts). */
export function labelKeyOf(widgetType: string): string {
  return `runtime.widgetType.${widgetType}`;
}
