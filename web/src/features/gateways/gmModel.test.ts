import { describe, expect, it } from 'vitest';
import { gmTopics, sparkplugIdProblem, topicPrefixProblem } from './gmModel';

// The same cases as the server's (crates/domain/src/gm.rs), so the form refuses exactly what it would.
describe('the names a collection source brings', () => {
  it('a Sparkplug group or node id is one topic level of at most 64 characters', () => {
    expect(sparkplugIdProblem(' Plant 1 ')).toBeUndefined();
    expect(sparkplugIdProblem('水质分析仪')).toBeUndefined();
    for (const bad of ['a/b', 'a+', '#', 'a\u0000b', 'line\nfeed']) expect(sparkplugIdProblem(bad), bad).toBe('characters');
    expect(sparkplugIdProblem('  ')).toBe('required');
    expect(sparkplugIdProblem(undefined)).toBe('required');
    expect(sparkplugIdProblem('x'.repeat(64))).toBeUndefined();
    expect(sparkplugIdProblem('x'.repeat(65))).toBe('tooLong');
    expect(sparkplugIdProblem('界'.repeat(64))).toBeUndefined();
  });

  it('a topic prefix stays out of the reserved trees and has no empty level', () => {
    expect(topicPrefixProblem('plant/line1/sensor-3')).toBeUndefined();
    for (const reserved of ['ironsight', 'ironsight/v1/gw/EG-1', 'spBv1.0/g', '$SYS/x']) expect(topicPrefixProblem(reserved), reserved).toBe('reserved');
    for (const malformed of ['a//b', '/a', 'a/']) expect(topicPrefixProblem(malformed), malformed).toBe('emptyLevel');
    expect(topicPrefixProblem('a/+/b')).toBe('characters');
    expect(topicPrefixProblem('a/#')).toBe('characters');
    expect(topicPrefixProblem('ironsightx/a')).toBeUndefined();
    expect(topicPrefixProblem('x'.repeat(129))).toBe('tooLong');
  });
});

describe('the topics an identity may use', () => {
  it('an edge node: its own births, data and deaths; its commands and the hosts\' state', () => {
    const topics = gmTopics('node', { groupId: 'g', nodeId: 'n', topicPrefix: null });
    expect(topics.publish).toEqual([
      'spBv1.0/g/NBIRTH/n',
      'spBv1.0/g/NDATA/n',
      'spBv1.0/g/NDEATH/n',
      'spBv1.0/g/DBIRTH/n/{device}',
      'spBv1.0/g/DDATA/n/{device}',
      'spBv1.0/g/DDEATH/n/{device}',
    ]);
    expect(topics.subscribe).toEqual(['spBv1.0/g/NCMD/n', 'spBv1.0/g/DCMD/n/{device}', 'spBv1.0/STATE/{host}']);
  });

  it('a JSON device: at or below its prefix, commands on {prefix}/cmd', () => {
    expect(gmTopics('json', { groupId: null, nodeId: null, topicPrefix: 'a/b' })).toEqual({ publish: ['a/b', 'a/b/{path}'], subscribe: ['a/b/cmd'] });
  });
});
