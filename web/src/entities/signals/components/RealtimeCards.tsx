/**
 * The realtime values on a phone (lib/layout.ts, CARDS_BELOW): one card per signal instead of a table row, the
 * value large with its unit on one line, the quality and time below, and a finger-sized write button for a
 * writable signal. The same parts as the table (realtimeCells.tsx).
 */
import { Flex } from 'antd';
import { CardList, CardListItem } from '@/components/CardList';
import type { EgFrame, SignalEntry } from '@/generated/answers';
import { SignalName, SignalQuality, SignalTime, SignalValueText, SignalWriteAction, type Freshness } from './realtimeCells';

interface RealtimeCardsProps {
  signals: readonly SignalEntry[];
  values: EgFrame['signalVal'];
  signalAlarm: EgFrame['signalAlarm'];
  freshness: Freshness;
  onWrite(signal: SignalEntry): void;
}

export function RealtimeCards({ signals, values, signalAlarm, freshness, onWrite }: RealtimeCardsProps) {
  return (
    <CardList testId="realtime-cards">
      {signals.map((signal) => {
        const value = values[String(signal.id)];
        return (
          <CardListItem key={signal.id} rowKey={signal.id} testId="realtime-card">
            <Flex justify="space-between" align="flex-start" gap={8}>
              <SignalName signal={signal} alarms={signalAlarm[String(signal.id)] ?? 0} />
              <SignalValueText signal={signal} value={value} freshness={freshness} large />
            </Flex>
            <Flex justify="space-between" align="center" gap={8} wrap>
              <SignalQuality value={value} />
              <SignalTime value={value} freshness={freshness} />
            </Flex>
            {signal.writable && (
              <Flex justify="flex-end">
                <SignalWriteAction signal={signal} touch onWrite={() => onWrite(signal)} />
              </Flex>
            )}
          </CardListItem>
        );
      })}
    </CardList>
  );
}
