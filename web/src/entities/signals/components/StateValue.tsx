/**
 * A value shown as its state (entities/signals/states.ts): a dot and the text in the state's colour, with the number in
 * a tooltip, so "运行" in green reads at a glance while the reading itself stays one hover away. The same look in
 * every list (realtime table and cards, equipment cards, history, alarm records).
 */
import { Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { isLanguage, DEFAULT_LANGUAGE } from '@/lib/i18n/language';
import { stateLabel, stateOf, type StateText } from '@/entities/signals/states';
import { formatSignalValue } from '@/entities/signals/format';
import type { SignalEntry } from '@/generated/answers';

/** The text of `state` in the console's language. */
export function useStateLabel(): (state: StateText) => string {
  const { i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return (state) => stateLabel(state, language);
}

/** A value as plain text: its state's text where the signal's map names it, else the number with its unit. */
export function useValueText(): (value: number | null | undefined, signal: Pick<SignalEntry, 'decimals' | 'dataType' | 'unit' | 'valueMap'>) => string {
  const label = useStateLabel();
  return (value, signal) => {
    const state = stateOf(signal.valueMap, value);
    return state ? label(state) : formatSignalValue(value, signal);
  };
}

/** A state's colour as a dot before its text; the text's own colour without one. */
export function StateDot({ colour }: { colour: string | undefined }) {
  return <span aria-hidden style={{ width: 8, height: 8, borderRadius: '50%', flex: 'none', background: colour || 'currentColor' }} />;
}

export function StateValue({
  state,
  number,
  muted = false,
  large = false,
  testId,
}: {
  state: StateText;
  /** The reading as the signal formats it, shown on hover. */
  number: string;
  /** Greyed (a stale value, the server out of reach): the colour would claim the state is current. */
  muted?: boolean;
  large?: boolean;
  testId?: string;
}) {
  const label = useStateLabel();
  const colour = muted || !state.color ? undefined : state.color;
  return (
    <Tooltip title={number}>
      <span
        data-testid={testId}
        data-state-value={state.value}
        style={{
          display: 'inline-flex',
          alignItems: 'center',
          gap: 6,
          whiteSpace: 'nowrap',
          fontWeight: 600,
          fontSize: large ? 20 : undefined,
          color: muted ? 'rgba(0, 0, 0, 0.45)' : colour,
        }}
      >
        <StateDot colour={colour} />
        {label(state)}
      </span>
    </Tooltip>
  );
}
