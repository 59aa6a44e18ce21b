import { describe, expect, it } from 'vitest';
import { AVATAR_MAX_BYTES, AVATAR_TYPE_NAMES, avatarFileProblem, infoPath, textProblem } from './model';
import { unchangedChannels } from './api/promptTypes';

describe('avatar files, as the server takes them', () => {
  it('takes ico, jpg, png, gif and svg under 100 KiB, by name and reported type', () => {
    expect(AVATAR_TYPE_NAMES).toEqual(['ICO', 'JPG', 'PNG', 'GIF', 'SVG']);
    expect(avatarFileProblem({ name: 'me.ico', type: 'image/vnd.microsoft.icon', size: 1000 })).toBeNull();
    expect(avatarFileProblem({ name: 'me.JPEG', type: 'image/jpeg', size: 1000 })).toBeNull();
    expect(avatarFileProblem({ name: 'me.svg', type: '', size: 1000 })).toBeNull();
    expect(avatarFileProblem({ name: 'me.webp', type: 'image/webp', size: 1000 })).toBe('type');
    expect(avatarFileProblem({ name: 'me.png', type: 'text/html', size: 1000 })).toBe('type');
    expect(avatarFileProblem({ name: 'me', type: 'image/png', size: 1000 })).toBe('type');
    expect(avatarFileProblem({ name: 'me.png', type: 'image/png', size: AVATAR_MAX_BYTES })).toBeNull();
    expect(avatarFileProblem({ name: 'me.png', type: 'image/png', size: AVATAR_MAX_BYTES + 1 })).toBe('size');
  });
});

describe('profile fields', () => {
  it('are trimmed, bounded and one line', () => {
    expect(textProblem(' 王工 ', 6)).toBeUndefined();
    expect(textProblem('一二三四五六七', 6)).toBe('tooLong');
    expect(textProblem('a\nb', 60)).toBe('oneLine');
    expect(textProblem(undefined, 6)).toBeUndefined();
  });

  it('the variant follows whether the deployment has an SMS provider', () => {
    expect(infoPath(true)).toBe('/account/info/sms');
    expect(infoPath(false)).toBe('/account/info/nosms');
  });
});

describe('prompt types are saved with the channels as read', () => {
  it('sends each channel back without its secret flag, so a kept secret stays', () => {
    const channel = { id: 4, kind: 'dingtalk' as const, name: 'Robot', target: 'https://x', levels: [1], enabled: true, hasSecret: true };
    expect(unchangedChannels({ channels: [channel] })).toEqual([
      { id: 4, kind: 'dingtalk', name: 'Robot', target: 'https://x', levels: [1], enabled: true },
    ]);
  });
});
