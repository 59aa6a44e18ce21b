import { describe, expect, it } from 'vitest';
import { centreOfPath, detailPath, isMessageType, listOfPath, readStatusOf, systemDetailPath } from './messageQuery';

describe('message centre addresses', () => {
  it('reads the list and its read state from the address', () => {
    expect(listOfPath('/message/messageReaden')).toBe('messageReaden');
    expect(listOfPath('/msg/messageUnReaden/')).toBe('messageUnReaden');
    expect(listOfPath('/message')).toBe('messageAll');
    expect(readStatusOf('messageReaden')).toBe('read');
    expect(readStatusOf('messageUnReaden')).toBe('unread');
    expect(readStatusOf('messageAll')).toBeUndefined();
  });

  it('opens a message by id in /message and by type and data id in /msg', () => {
    const alarm = { id: 42, type: 'alarm', dataId: '7' };
    expect(detailPath('/message', 'messageAll', alarm)).toBe('/message/detail/alarm/42');
    expect(detailPath('/msg', 'messageUnReaden', alarm)).toBe('/msg/detail/messageUnReaden/alarm/7');
    expect(detailPath('/msg', 'messageAll', { id: 9, type: 'order', dataId: '' })).toBe('/msg/detail/messageAll/order/9');
    expect(systemDetailPath({ id: 3, type: 'notice', dataId: '12' })).toBe('/system/msg/detail/12/notice');
    expect(centreOfPath('/msg/messageAll')).toBe('/msg');
    expect(centreOfPath('/message/detail/alarm/1')).toBe('/message');
  });

  it('knows the four message types only', () => {
    expect(['alarm', 'expire', 'order', 'notice'].every(isMessageType)).toBe(true);
    expect(isMessageType('spam')).toBe(false);
    expect(isMessageType(undefined)).toBe(false);
  });
});
