/**
 * A number typed into a panel: committed on Enter or when the field is left, so typing "120" is one history step,
 * not three; a text that is empty or not a number commits nothing. Keyed by its value, so a change made elsewhere
 * (a drag, an undo) shows in the field.
 */
import { InputNumber, type InputNumberProps } from 'antd';

type NumberFieldProps = Omit<InputNumberProps<number>, 'value' | 'defaultValue' | 'onBlur' | 'onPressEnter' | 'onChange'> & {
  value: number | undefined;
  onCommit(value: number): void;
};

export function NumberField({ value, onCommit, ...rest }: NumberFieldProps) {
  // antd's number field gives no value on the event's current target: read the input itself.
  const commit = (target: EventTarget) => {
    const text = (target as HTMLInputElement).value;
    const typed = Number(text);
    if (text.trim() !== '' && Number.isFinite(typed)) onCommit(typed);
  };
  return (
    <InputNumber
      key={String(value)}
      {...rest}
      defaultValue={value}
      onBlur={(event) => commit(event.target)}
      onPressEnter={(event) => commit(event.target)}
    />
  );
}
