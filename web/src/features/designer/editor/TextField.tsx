/**
 * A text typed into a panel: committed on Enter or when the field is left (one history step), never letter by
 * letter. With suggestions (time formats) it offers them as the engineer types and commits one picked at once;
 * with a check (a picture address) a text it refuses is marked and not committed. Keyed by its value, so a change
 * made elsewhere (an undo) shows in the field.
 */
import { useRef, useState } from 'react';
import { AutoComplete, Input } from 'antd';

interface TextFieldProps {
  id: string;
  value: string;
  max: number;
  multiline?: boolean;
  suggestions?: readonly string[];
  valid?(text: string): boolean;
  disabled?: boolean;
  /** Shown as the field's name to assistive technology when it has no visible label of its own (a row's cell). */
  ariaLabel?: string;
  placeholder?: string;
  size?: 'small' | 'middle';
  style?: React.CSSProperties;
  onCommit(text: string): void;
}

export function TextField(props: TextFieldProps) {
  return <Draft key={props.value} {...props} />;
}

function Draft({ id, value, max, multiline, suggestions, valid, disabled, ariaLabel, placeholder, size = 'small', style, onCommit }: TextFieldProps) {
  const [draft, setDraftState] = useState(value);
  // Enter on a suggestion selects it before the key reaches this field: the key then commits what was selected.
  const latest = useRef(value);
  const setDraft = (text: string) => {
    latest.current = text;
    setDraftState(text);
  };
  const refused = valid !== undefined && !valid(draft);
  const commit = (text: string) => {
    const cut = text.slice(0, max);
    if ((valid === undefined || valid(cut)) && cut !== value) onCommit(cut);
  };
  const common = {
    id,
    'data-testid': id,
    'aria-label': ariaLabel,
    placeholder,
    size,
    disabled,
    status: refused ? ('error' as const) : undefined,
  };
  if (suggestions) {
    return (
      <AutoComplete
        {...common}
        style={{ flex: 1, minWidth: 0, ...style }}
        value={draft}
        options={suggestions.map((s) => ({ value: s, label: s }))}
        onChange={(text: string) => setDraft(text)}
        onSelect={(text: string) => {
          setDraft(text);
          commit(text);
        }}
        defaultActiveFirstOption={false}
        onBlur={() => commit(latest.current)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(latest.current);
        }}
      />
    );
  }
  if (multiline) {
    return (
      <Input.TextArea
        {...common}
        style={style}
        autoSize={{ minRows: 1, maxRows: 4 }}
        maxLength={max}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={() => commit(draft)}
      />
    );
  }
  return (
    <Input
      {...common}
      style={style}
      maxLength={max}
      value={draft}
      onChange={(event) => setDraft(event.target.value)}
      onBlur={() => commit(draft)}
      onPressEnter={() => commit(draft)}
    />
  );
}
