import { describe, expect, it } from 'vitest';
import { agentConfigFileName, buildAgentToml, configState, tomlString } from './model';

describe('configState', () => {
  it('is applied when the versions are equal, pending otherwise, and the error when there is one', () => {
    expect(configState({ configVersion: 3, appliedVersion: 3, configError: null })).toEqual({ kind: 'applied' });
    expect(configState({ configVersion: 4, appliedVersion: 3, configError: null })).toEqual({ kind: 'pending' });
    expect(configState({ configVersion: 4, appliedVersion: 3, configError: '  ' })).toEqual({ kind: 'pending' });
    expect(configState({ configVersion: 4, appliedVersion: 4, configError: 'bad slave id' })).toEqual({
      kind: 'error',
      message: 'bad slave id',
    });
  });
});

describe('agent configuration file', () => {
  it('holds broker, sn, secret and buffer_dir with the protocol document’s comments', () => {
    const text = buildAgentToml({ broker: 'mqtt://plant.example:1883', sn: 'EG-1', secret: 's3cr3t' });
    expect(text).toBe(
      [
        '# Ironsight gateway agent configuration: ironsight-gateway --config <this file>',
        '# Where the broker is: mqtt://host[:port] (port 1883 when absent). Plain MQTT over TCP.',
        'broker = "mqtt://plant.example:1883"',
        "# The gateway's serial number: MQTT client id and user name (1–64 of A–Z a–z 0–9 - _ .).",
        'sn = "EG-1"',
        '# The secret the console issued for it. Never logged; keep this file readable only by the agent.',
        'secret = "s3cr3t"',
        '# Holds the disk buffer (buffer/) and the last applied device configuration (config.json). Created if missing.',
        'buffer_dir = "/var/lib/ironsight-gateway"',
        '',
      ].join('\n'),
    );
    expect(text).not.toMatch(/^(model|firmware) =/m);
  });

  it('adds model and firmware when given, escaped as TOML strings', () => {
    const text = buildAgentToml({
      broker: 'mqtt://h',
      sn: 'EG-2',
      secret: 'x',
      model: ' EG-200 ',
      firmware: '1.4 "beta" \\ rc',
    });
    expect(text.endsWith('# Shown in the console.\nmodel = "EG-200"\nfirmware = "1.4 \\"beta\\" \\\\ rc"\n')).toBe(true);
    expect(buildAgentToml({ broker: 'b', sn: 's', secret: 'x', model: '', firmware: '2.0' })).toMatch(
      /# Shown in the console\.\nfirmware = "2\.0"\n$/,
    );
  });

  it('escapes control characters', () => {
    expect(tomlString('a\nb\tc\u0001')).toBe('"a\\nb\\tc\\u0001"');
  });

  it('is named after the serial number', () => {
    expect(agentConfigFileName('EG-E2E-1')).toBe('ironsight-gateway-EG-E2E-1.toml');
  });
});
