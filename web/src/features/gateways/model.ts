/**
 * The gateway registry's data and the pure rules the screen applies to it (signal strength bands live in
 * entities/gateways/signalStrength): the configuration state, the serial-number rule and the agent configuration file
 * (docs/gateway-protocol.md, "Agent config file").
 */

import { Limits } from '@/lib/api/limits';
import type { Gateway } from '@/entities/gateways/gateway';
import type * as answers from '@/generated/answers';

/** The gateway record lives in lib (the EG detail reads the same shape); re-exported for this feature's files. */
export type { Gateway };

/** Where a freshly issued secret goes: the answer of add and rotateSecret. */
export type IssuedSecret = answers.GatewayCredentials;

/** Rows per page (spec section 9). */
export const PAGE_SIZE = 10;

/** Serial number: 1 to {@link SN_MAX} of A–Z a–z 0–9 - _ . (the server's rule). */
export const SN_MAX = Limits.SerialNumberChars;
export const SN_PATTERN = new RegExp(`^[A-Za-z0-9_.-]{1,${SN_MAX}}$`);
/** Longest name, model and firmware texts, by form field (the server's limits). */
export const TEXT_MAX = {
  name: Limits.GatewayNameChars,
  model: Limits.GatewayModelChars,
  firmware: Limits.GatewayFirmwareChars,
} as const;

export type ConfigState = { kind: 'applied' } | { kind: 'pending' } | { kind: 'error'; message: string };

/** The device configuration's state: the agent's error wins, then applied (versions equal), else pending. */
export function configState(gateway: Pick<Gateway, 'configVersion' | 'appliedVersion' | 'configError'>): ConfigState {
  const message = gateway.configError?.trim();
  if (message) return { kind: 'error', message };
  return gateway.appliedVersion === gateway.configVersion ? { kind: 'applied' } : { kind: 'pending' };
}

/** A TOML basic string: quotes, backslashes and control characters escaped. */
export function tomlString(value: string): string {
  let out = '';
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '"') out += '\\"';
    else if (char === '\\') out += '\\\\';
    else if (char === '\n') out += '\\n';
    else if (char === '\r') out += '\\r';
    else if (char === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\u${code.toString(16).padStart(4, '0').toUpperCase()}`;
    else out += char;
  }
  return `"${out}"`;
}

export interface AgentConfigInput extends IssuedSecret {
  model?: string | null;
  firmware?: string | null;
}

/** Where the agent keeps its disk buffer and last applied configuration. */
export const AGENT_BUFFER_DIR = '/var/lib/ironsight-gateway';

/** The agent's configuration file (keys and comments as in docs/gateway-protocol.md, "Agent config file"). */
export function buildAgentToml(input: AgentConfigInput): string {
  const lines = [
    '# Ironsight gateway agent configuration: ironsight-gateway --config <this file>',
    '# Where the broker is: mqtt://host[:port] (port 1883 when absent). Plain MQTT over TCP.',
    `broker = ${tomlString(input.broker)}`,
    `# The gateway's serial number: MQTT client id and user name (1–${SN_MAX} of A–Z a–z 0–9 - _ .).`,
    `sn = ${tomlString(input.sn)}`,
    '# The secret the console issued for it. Never logged; keep this file readable only by the agent.',
    `secret = ${tomlString(input.secret)}`,
    '# Holds the disk buffer (buffer/) and the last applied device configuration (config.json). Created if missing.',
    `buffer_dir = ${tomlString(AGENT_BUFFER_DIR)}`,
  ];
  const model = input.model?.trim();
  const firmware = input.firmware?.trim();
  if (model || firmware) lines.push('# Shown in the console.');
  if (model) lines.push(`model = ${tomlString(model)}`);
  if (firmware) lines.push(`firmware = ${tomlString(firmware)}`);
  return `${lines.join('\n')}\n`;
}

/** The downloaded file's name. */
export function agentConfigFileName(sn: string): string {
  return `ironsight-gateway-${sn}.toml`;
}
