import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { strengthBand, type StrengthBand } from '@/entities/gateways/signalStrength';

const bandColour: Record<StrengthBand, string> = {
  veryGood: 'green',
  good: 'cyan',
  fair: 'orange',
  bad: 'red',
};

/**
 * Signal strength with its band (spec section 9); "—" when the gateway does not report one. Shared by the gateway
 * registry and the monitor's equipment cards; its texts (`signalStrength.*`) are in the `status` area those screens
 * load.
 */
export function SignalStrength({ value }: { value: number | null }) {
  const { t } = useTranslation();
  const band = strengthBand(value);
  if (band === null || value === null) {
    return (
      <span data-testid="signal-strength" data-band="none" title={t('signalStrength.unknown')}>
        —
      </span>
    );
  }
  return (
    <Tag
      color={bandColour[band]}
      data-testid="signal-strength"
      data-band={band}
      style={{ marginInlineEnd: 0, whiteSpace: 'nowrap' }}
    >
      {t('signalStrength.value', { value: Math.round(value), band: t(`signalStrength.band.${band}`) })}
    </Tag>
  );
}
