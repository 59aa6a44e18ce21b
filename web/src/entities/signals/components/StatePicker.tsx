/**
 * Picking a state to write instead of typing its number (a signal with a value map, entities/signals/states.ts): one
 * finger-sized button per state, in the state's colour, the state's number as its value. The write rules still
 * check the picked number (a state outside the signal's min and max is refused like a typed one).
 */
import { Radio } from 'antd';
import type { StateText } from '@/entities/signals/states';
import { StateDot, useStateLabel } from './StateValue';
import { TOUCH_TARGET } from '@/lib/layout';

export function StatePicker({
  states,
  picked,
  onPick,
  disabled = false,
  label,
  testId,
}: {
  states: readonly StateText[];
  /** The picked state's value as text (as a typed value would be), '' for none. */
  picked: string;
  onPick: (valueText: string) => void;
  disabled?: boolean;
  /** What the group is for, read by screen readers. */
  label: string;
  testId: string;
}) {
  const text = useStateLabel();
  return (
    <Radio.Group
      aria-label={label}
      data-testid={testId}
      value={picked}
      disabled={disabled}
      onChange={(event) => onPick(String(event.target.value))}
      optionType="button"
      style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}
    >
      {states.map((state) => (
        <Radio.Button
          key={state.value}
          value={String(state.value)}
          data-state-value={state.value}
          style={{ minHeight: TOUCH_TARGET, lineHeight: `${TOUCH_TARGET - 2}px`, borderRadius: 6, borderInlineStartWidth: 1 }}
        >
          <span style={{ display: 'inline-flex', alignItems: 'center', gap: 6 }}>
            <StateDot colour={state.color} />
            {text(state)}
          </span>
        </Radio.Button>
      ))}
    </Radio.Group>
  );
}
