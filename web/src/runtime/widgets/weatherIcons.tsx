/**
 * The weather widget's icons: one small inline SVG per condition (runtime/weather.ts `WeatherKind`), drawn from a
 * sun, a cloud and what falls from it, so no picture is fetched and every kind has one.
 */
import type { ReactNode } from 'react';
import type { WeatherKind } from '../weather';

const SUN = '#FAAD14';
const CLOUD = '#8C8C8C';
const WATER = '#1677FF';

const cloud = (y = 0) => <path d={`M7 ${17 + y}h10a4 4 0 0 0 0-8 6 6 0 0 0-11.3 1.6A3.2 3.2 0 0 0 7 ${17 + y}z`} fill="#F0F0F0" stroke={CLOUD} strokeWidth={1.4} />;
const drops = (n: number, color = WATER) =>
  Array.from({ length: n }, (_, i) => <line key={i} x1={8 + i * 4} y1={19} x2={7 + i * 4} y2={22} stroke={color} strokeWidth={1.4} strokeLinecap="round" />);

const SHAPES: Record<WeatherKind, ReactNode> = {
  clear: (
    <>
      <circle cx={12} cy={12} r={4.5} fill={SUN} />
      {Array.from({ length: 8 }, (_, i) => {
        const a = (i * Math.PI) / 4;
        return <line key={i} x1={12 + Math.cos(a) * 7} y1={12 + Math.sin(a) * 7} x2={12 + Math.cos(a) * 9.5} y2={12 + Math.sin(a) * 9.5} stroke={SUN} strokeWidth={1.6} strokeLinecap="round" />;
      })}
    </>
  ),
  cloudy: (
    <>
      <circle cx={8} cy={8} r={3.5} fill={SUN} />
      {cloud(2)}
    </>
  ),
  fog: (
    <>
      {cloud(-3)}
      {[17, 20].map((y) => (
        <line key={y} x1={4} y1={y} x2={20} y2={y} stroke={CLOUD} strokeWidth={1.4} strokeLinecap="round" />
      ))}
    </>
  ),
  drizzle: (
    <>
      {cloud()}
      {drops(2)}
    </>
  ),
  rain: (
    <>
      {cloud()}
      {drops(3)}
    </>
  ),
  showers: (
    <>
      <circle cx={7} cy={6} r={3} fill={SUN} />
      {cloud()}
      {drops(3)}
    </>
  ),
  snow: (
    <>
      {cloud()}
      {[8, 12, 16].map((x) => (
        <text key={x} x={x} y={22.5} fontSize={5} textAnchor="middle" fill={WATER}>
          *
        </text>
      ))}
    </>
  ),
  thunder: (
    <>
      {cloud()}
      <path d="M12 16l-2 4h3l-2 4" fill="none" stroke={SUN} strokeWidth={1.6} strokeLinejoin="round" />
    </>
  ),
  unknown: (
    <>
      {cloud()}
      <text x={12} y={15} fontSize={6} textAnchor="middle" fill={CLOUD}>
        ?
      </text>
    </>
  ),
};

export function WeatherIcon({ kind, size, title }: { kind: WeatherKind; size: number; title?: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" role="img" aria-label={title ?? kind} data-weather-icon={kind} style={{ flex: 'none' }}>
      {SHAPES[kind]}
    </svg>
  );
}
