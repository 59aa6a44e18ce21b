/**
 * The profile's rules, as the server checks them (crates/server/src/api/profile.rs, limits from
 * crates/domain/src/limits.rs through `contract.json`), repeated so a mistake shows while typing; the server stays
 * the authority. Avatars: ico, jpg, png, gif or svg under 100 KiB (spec section 5).
 */
import contract from '@/generated/contract.json';
import { Limits } from '@/lib/api/limits';

export const NAME_MAX = Limits.ProfileNameChars;
export const TEXT_MAX = Limits.ProfileTextChars;
export const AVATAR_MAX_BYTES = Limits.AvatarBytes;
export const AVATAR_MAX_KIB = Math.floor(AVATAR_MAX_BYTES / 1024);
export const AVATAR_TYPES: readonly string[] = contract.avatarTypes.map((type) => type.mime);
export const AVATAR_EXTENSIONS: readonly string[] = contract.avatarTypes.flatMap((type) =>
  type.extensions.map((ext) => `.${ext}`),
);
/** As a person reads them: ICO, JPG, PNG, GIF, SVG. */
export const AVATAR_TYPE_NAMES: readonly string[] = contract.avatarTypes.map((type) => type.extensions[0].toUpperCase());

/**
 * Why a file cannot be an avatar, or null when it may be: its name's extension or the type the browser reports says
 * another type (browsers report icons as `image/x-icon` or `image/vnd.microsoft.icon`), or it is 100 KiB or more.
 */
export function avatarFileProblem(file: { name: string; type: string; size: number }): 'type' | 'size' | null {
  const name = file.name.toLowerCase();
  const dot = name.lastIndexOf('.');
  const extensionOk = dot >= 0 && AVATAR_EXTENSIONS.includes(name.slice(dot));
  const type = file.type === 'image/vnd.microsoft.icon' ? 'image/x-icon' : file.type;
  const typeOk = type === '' || AVATAR_TYPES.includes(type);
  if (!extensionOk || !typeOk) return 'type';
  if (file.size > AVATAR_MAX_BYTES) return 'size';
  return null;
}

/** A profile text: at most `max` characters once trimmed, one line. */
export function textProblem(value: string | undefined, max: number): 'tooLong' | 'oneLine' | undefined {
  const text = (value ?? '').trim();
  if ([...text].length > max) return 'tooLong';
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001F\u007F]/.test(text)) return 'oneLine';
  return undefined;
}

/**
 * The profile's address for the deployment: with an SMS provider the `sms` variant (the phone number read-only,
 * bound by a code in the security set-up), else `nosms` (the phone a contact field). The other one redirects here.
 */
export function infoPath(smsAvailable: boolean): string {
  return smsAvailable ? '/account/info/sms' : '/account/info/nosms';
}

/** Feedback's length, as the server counts it (crates/domain `FeedbackContent`: characters once trimmed). */
export const FEEDBACK_MIN = Limits.FeedbackMinChars;
export const FEEDBACK_MAX = Limits.FeedbackMaxChars;

/** How many characters the server counts in a feedback text: code points once trimmed (an emoji is one). */
export function feedbackLength(text: string): number {
  return [...text.trim()].length;
}

/** Why a feedback text cannot be sent yet, or undefined when it can (spec section 5: at least 10 characters). */
export function feedbackProblem(text: string): 'tooShort' | 'tooLong' | undefined {
  const length = feedbackLength(text);
  if (length < FEEDBACK_MIN) return 'tooShort';
  if (length > FEEDBACK_MAX) return 'tooLong';
  return undefined;
}
