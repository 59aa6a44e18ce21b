/**
 * The weather widget (ComplexWeather), drawn as HTML in its box (a <foreignObject>, like the tables): the title,
 * the place, the weather now (an icon and the condition for the WMO code, temperature, humidity, wind) and today's
 * and the next two days' codes and min/max.
 *
 * It asks the server only where the page runs live (`env.live`): in the designer and in still previews it draws a
 * still frame with the title and the place's names, saying the weather shows when the page runs, and no query is
 * mounted. Live, the county's weather is TanStack Query's (runtime/weather.ts), asked again every 10 minutes; a
 * failure is said in the box in the reader's language (the catalogue's text for the code: "not configured",
 * "unknown place", "cannot be reached"), never replaced by made-up weather. Without a county it says no place is
 * chosen.
 */
import type { CSSProperties, ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { catalogueText } from '@/lib/api/errors';
import type { WeatherReport } from '@/generated/answers';
import { degrees, placeNames, regionsQuery, weatherKindOf, weatherQuery, weatherSettingsOf, type WeatherKind, type WeatherSettings } from '../weather';
import { boxOf, type WidgetRenderProps } from './common';
import { WeatherIcon } from './weatherIcons';

function Frame({ widget, title, children }: Pick<WidgetRenderProps, 'widget'> & { title: string; children: ReactNode }) {
  const b = boxOf(widget);
  const { style } = widget;
  const box: CSSProperties = {
    width: b.width,
    height: b.height,
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: 4,
    padding: 8,
    overflow: 'hidden',
    background: style.fill.enable ? style.fill.color : '#FFFFFF',
    color: style.color,
    fontSize: style.font.size,
    fontFamily: style.font.family || undefined,
    lineHeight: 1.4,
    border: style.stroke.enable ? `${style.stroke.width}px solid ${style.stroke.color}` : '1px solid #D9D9D9',
    borderRadius: style.radius || 4,
  };
  return (
    <foreignObject x={b.x} y={b.y} width={b.width} height={b.height} data-weather={widget.id}>
      <div style={box} data-testid={`weather-${widget.id}`}>
        {title && (
          <div style={{ fontWeight: 600, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }} data-testid={`weather-title-${widget.id}`}>
            {title}
          </div>
        )}
        {children}
      </div>
    </foreignObject>
  );
}

/** A line in place of the weather: a note, or a failure. */
function Note({ widget, text, error }: { widget: WidgetRenderProps['widget']; text: string; error?: boolean }) {
  return (
    <div
      role={error ? 'alert' : undefined}
      data-testid={`weather-note-${widget.id}`}
      style={{ flex: 1, display: 'flex', alignItems: 'center', justifyContent: 'center', textAlign: 'center', color: error ? '#CF1322' : '#8C8C8C' }}
    >
      {text}
    </div>
  );
}

/** The condition's words for a WMO code. */
function useKindText() {
  const { t } = useTranslation();
  return (kind: WeatherKind) => t(`runtime.weather.kind.${kind}`);
}

function Weather({ widget, report }: { widget: WidgetRenderProps['widget']; report: WeatherReport }) {
  const { t } = useTranslation();
  const kindText = useKindText();
  const now = report.current;
  const kind = weatherKindOf(now.code);
  const size = widget.style.font.size;
  const dayNames = [t('runtime.weather.today'), t('runtime.weather.tomorrow'), t('runtime.weather.dayAfter')];
  const place = [report.place.province, report.place.city, report.place.county].filter((n, i, all) => all.indexOf(n) === i).join(' ');
  return (
    <>
      <div style={{ color: '#8C8C8C', fontSize: size * 0.85, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>{place}</div>
      <div style={{ flex: 1, minHeight: 0, display: 'flex', alignItems: 'center', gap: 8 }}>
        <WeatherIcon kind={kind} size={size * 3} />
        <div style={{ fontSize: size * 2.2, fontWeight: 600 }} data-testid={`weather-temperature-${widget.id}`}>
          {degrees(now.temperature)}C
        </div>
        <div style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
          <span data-testid={`weather-condition-${widget.id}`} style={{ fontWeight: 600 }}>
            {kindText(kind)}
          </span>
          <span style={{ fontSize: size * 0.85 }}>{t('runtime.weather.humidity', { value: Math.round(now.humidity) })}</span>
          <span style={{ fontSize: size * 0.85 }}>{t('runtime.weather.wind', { value: Math.round(now.windSpeed) })}</span>
        </div>
      </div>
      <div style={{ display: 'flex', gap: 4, borderTop: '1px solid rgba(5, 5, 5, 0.06)', paddingTop: 4 }}>
        {report.daily.slice(0, 3).map((day, i) => (
          <div key={day.date} style={{ flex: 1, display: 'flex', flexDirection: 'column', alignItems: 'center', fontSize: size * 0.85, minWidth: 0 }} data-testid={`weather-day-${widget.id}`}>
            <span>{dayNames[i] ?? day.date.slice(5)}</span>
            <WeatherIcon kind={weatherKindOf(day.code)} size={size * 1.6} title={kindText(weatherKindOf(day.code))} />
            <span style={{ whiteSpace: 'nowrap' }}>
              {degrees(day.min)} / {degrees(day.max)}
            </span>
          </div>
        ))}
      </div>
    </>
  );
}

function LiveWeather({ widget, settings }: { widget: WidgetRenderProps['widget']; settings: WeatherSettings }) {
  const { t } = useTranslation();
  const query = useQuery(weatherQuery(settings.countyId));
  if (query.data) return <Weather widget={widget} report={query.data} />;
  if (query.error) return <Note widget={widget} text={catalogueText(query.error.code) ?? query.error.message} error />;
  return <Note widget={widget} text={t('runtime.weather.loading')} />;
}

/** The designer's still frame: the place's names from the server's table, no weather call. */
function StillWeather({ widget, settings }: { widget: WidgetRenderProps['widget']; settings: WeatherSettings }) {
  const { t } = useTranslation();
  const regions = useQuery(regionsQuery());
  const names = placeNames(regions.data, settings);
  return (
    <>
      <div style={{ color: '#8C8C8C' }} data-testid={`weather-place-${widget.id}`}>
        {names.join(' ') || settings.countyId}
      </div>
      <Note widget={widget} text={t('runtime.weather.still')} />
    </>
  );
}

export function ComplexWeather({ widget, env }: WidgetRenderProps) {
  const { t } = useTranslation();
  const settings = weatherSettingsOf(widget.data);
  const title = settings.title || widget.widgetName;
  let body: ReactNode;
  if (!settings.countyId) body = <Note widget={widget} text={t('runtime.weather.noPlace')} />;
  // The share view asks no weather (a visitor reaches no console call): the widget says so.
  else if (env.live && !env.live.calls.weather) body = <Note widget={widget} text={t('runtime.weather.notShared')} />;
  else if (env.live) body = <LiveWeather widget={widget} settings={settings} />;
  else body = <StillWeather widget={widget} settings={settings} />;
  return (
    <Frame widget={widget} title={title}>
      {body}
    </Frame>
  );
}
