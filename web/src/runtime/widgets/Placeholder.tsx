/**
 * The honest stand-in for a widget whose type the generated list does not know (a document from a newer console, or
 * hand-edited): a dashed frame in the widget's box with its name and a sentence saying the type is unknown. Never
 * sample data. Every generated type has a renderer of its own (registry.ts).
 */
import { useTranslation } from 'react-i18next';
import { boxOf, type WidgetRenderProps } from './common';

function Frame({ widget, title, note, kind }: Pick<WidgetRenderProps, 'widget'> & { title: string; note: string; kind: string }) {
  const b = boxOf(widget);
  const size = Math.max(8, Math.min(14, b.height / 4, b.width / 12));
  return (
    // A nested viewport clips the texts to the widget's box.
    <svg x={b.x} y={b.y} width={b.width} height={b.height} overflow="hidden" data-placeholder={kind}>
      <rect
        x={0.5}
        y={0.5}
        width={Math.max(0, b.width - 1)}
        height={Math.max(0, b.height - 1)}
        fill="rgba(245,245,245,0.85)"
        stroke="#8C8C8C"
        strokeDasharray="6 4"
      />
      <text x={b.width / 2} y={b.height / 2 - size * 0.75} textAnchor="middle" dominantBaseline="central" fontSize={size} fontWeight={600} fill="#595959">
        {title}
      </text>
      <text x={b.width / 2} y={b.height / 2 + size * 0.75} textAnchor="middle" dominantBaseline="central" fontSize={size * 0.9} fill="#8C8C8C">
        {note}
      </text>
    </svg>
  );
}

/** A widget whose type is not in the generated list. */
export function UnknownWidget({ widget }: WidgetRenderProps) {
  const { t } = useTranslation();
  return (
    <Frame
      widget={widget}
      title={widget.widgetName || t('runtime.placeholder.unknownTitle')}
      note={t('runtime.placeholder.unknown', { type: widget.widgetType || '—' })}
      kind="unknown"
    />
  );
}
