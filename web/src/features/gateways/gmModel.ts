/**
 * GM collection sources (docs/gm-equipment.md): the MQTT identities the console issues to Sparkplug B edge nodes and
 * to plain JSON devices, listed beside the gateways. The rules here mirror the server's (crates/domain/src/gm.rs), so
 * the form refuses what the server would before asking it, and say which topics an identity may use on the broker
 * (crates/broker/src/acl.rs), for the credentials dialog.
 */
import { Limits } from '@/lib/api/limits';
import type { GmCredentials, GmSource } from '@/generated/answers';

export type { GmCredentials, GmSource };

/** The two kinds, as the screen's tabs and the server's paths name them (`gm/node/…`, `gm/json/…`). */
export type GmKind = 'node' | 'json';
export const GM_KINDS: readonly GmKind[] = ['node', 'json'];

/** Longest group id, node id, topic prefix and display name (the server's limits). */
export const GM_MAX = {
  groupId: Limits.SparkplugIdChars,
  nodeId: Limits.SparkplugIdChars,
  topicPrefix: Limits.TopicPrefixChars,
  name: Limits.GmSourceNameChars,
} as const;

/** Why a name is refused; `undefined` when it is accepted. */
export type NameProblem = 'required' | 'tooLong' | 'characters' | 'emptyLevel' | 'reserved';

/** Topic roots no JSON device may own: the gateways' tree and the Sparkplug namespace (and `$…`, the broker's). */
const RESERVED_ROOTS = ['ironsight', 'spBv1.0'];

// Control characters are what the server refuses besides the wildcards; built from code points to keep them out of the source.
const CONTROL = new RegExp(`[${String.fromCharCode(0)}-${String.fromCharCode(0x1f)}${String.fromCharCode(0x7f)}-${String.fromCharCode(0x9f)}]`);

const length = (text: string) => [...text].length;

/** A Sparkplug group id or edge node id: one topic level, so no `/ + #`; trimmed, 1 to {@link GM_MAX}.groupId characters. */
export function sparkplugIdProblem(raw: string | undefined): NameProblem | undefined {
  const id = raw?.trim() ?? '';
  if (id === '') return 'required';
  if (length(id) > GM_MAX.groupId) return 'tooLong';
  if (/[/+#]/.test(id) || CONTROL.test(id)) return 'characters';
  return undefined;
}

/** A JSON device's topic prefix: levels separated by `/`, none empty, no `+ #`, not under `$`, `ironsight/` or `spBv1.0/`. */
export function topicPrefixProblem(raw: string | undefined): NameProblem | undefined {
  const prefix = raw?.trim() ?? '';
  if (prefix === '') return 'required';
  if (length(prefix) > GM_MAX.topicPrefix) return 'tooLong';
  if (/[+#]/.test(prefix) || CONTROL.test(prefix)) return 'characters';
  const levels = prefix.split('/');
  if (levels.some((level) => level === '')) return 'emptyLevel';
  const root = levels[0] ?? '';
  if (root.startsWith('$') || RESERVED_ROOTS.includes(root)) return 'reserved';
  return undefined;
}

/** What a source names on the broker: its group and node id, or its topic prefix. */
export type GmAddress = Pick<GmSource, 'groupId' | 'nodeId' | 'topicPrefix'>;

/** The topics an identity may use: what it publishes and what it subscribes to (crates/broker/src/acl.rs). */
export interface GmTopics {
  publish: string[];
  subscribe: string[];
}

/** `{device}` stands for any device name below the node, `{host}` for a host application, `{path}` for any levels below the prefix. */
export function gmTopics(kind: GmKind, address: GmAddress): GmTopics {
  if (kind === 'node') {
    const node = (type: string) => `spBv1.0/${address.groupId ?? ''}/${type}/${address.nodeId ?? ''}`;
    return {
      publish: [
        node('NBIRTH'),
        node('NDATA'),
        node('NDEATH'),
        `${node('DBIRTH')}/{device}`,
        `${node('DDATA')}/{device}`,
        `${node('DDEATH')}/{device}`,
      ],
      subscribe: [node('NCMD'), `${node('DCMD')}/{device}`, 'spBv1.0/STATE/{host}'],
    };
  }
  const prefix = address.topicPrefix ?? '';
  return { publish: [prefix, `${prefix}/{path}`], subscribe: [`${prefix}/cmd`] };
}

/** The credentials dialog's content: the identity as issued, with where it lives on the broker. */
export interface IssuedGmCredentials extends GmCredentials {
  kind: GmKind;
  address: GmAddress;
}

