/**
 * The security wizards' logic, kept out of the screens so it is tested on its own: which change a set-up step is
 * for, which ways of proving the identity the account offers, where each step leads, and the resend countdown of
 * a verification code. The server holds every rule (docs/security.md); these only choose the next screen.
 */
import type { RecoveryMethods, SecurityState } from '@/generated/answers';

/** What the set-up wizard changes. */
export type SetupTarget = 'password' | 'tel' | 'email' | 'question';
export const SETUP_TARGETS: readonly SetupTarget[] = ['password', 'tel', 'email', 'question'];

/** How an identity is proven. */
export type ProofMethod = 'password' | 'tel' | 'email' | 'question';

/** `/account/security/sms` or `/account/security/nosms`, as the deployment has SMS or not. */
export function securityPath(smsAvailable: boolean): string {
  return smsAvailable ? '/account/security/sms' : '/account/security/nosms';
}

export const SETUP_BASE = '/account/security/sms/setup';

export function isSetupTarget(value: string | null | undefined): value is SetupTarget {
  return SETUP_TARGETS.includes(value as SetupTarget);
}

/** The ways this account may prove its identity to the wizard: the password always, then what is verified. */
export function proofMethods(state: Pick<SecurityState, 'telVerified' | 'emailVerified' | 'questionSet' | 'smsAvailable'>): ProofMethod[] {
  const methods: ProofMethod[] = ['password'];
  if (state.telVerified && state.smsAvailable) methods.push('tel');
  if (state.emailVerified) methods.push('email');
  if (state.questionSet) methods.push('question');
  return methods;
}

/** The spec's validate step for a method: `validate/tel/{type}` carries the target in the path, the others in `?next=`. */
export function validatePath(method: ProofMethod, target: SetupTarget): string {
  if (method === 'tel') return `${SETUP_BASE}/validate/tel/${target}`;
  return `${SETUP_BASE}/validate/${method}?next=${target}`;
}

/**
 * Where the wizard goes once the identity is proven: the change's first step. A phone and an e-mail address are
 * entered first, then proven by the code sent to them (`tel/validate`, `email/validate`); without SMS a phone is
 * saved as it is. A question is entered, then its answer typed once more (`question/validate`).
 */
export function changePath(target: SetupTarget): string {
  return `${SETUP_BASE}/${target}`;
}

export function successPath(target: SetupTarget): string {
  return `${SETUP_BASE}/success/${target}`;
}

/** The set-up step a wizard path shows. */
export type SetupStep =
  | { kind: 'choose'; target: SetupTarget }
  | { kind: 'prove'; method: ProofMethod; target: SetupTarget }
  | { kind: 'change'; target: SetupTarget }
  | { kind: 'confirm'; target: 'tel' | 'email' | 'question' }
  | { kind: 'success'; target: SetupTarget };

/** Reads a set-up path (`…/setup/validate/tel/email`, `…/setup/email/validate`, …) and its `next` parameter. */
export function setupStep(pathname: string, next: string | null): SetupStep | undefined {
  const rest = pathname.startsWith(SETUP_BASE) ? pathname.slice(SETUP_BASE.length).replace(/^\/+|\/+$/g, '') : '';
  const parts = rest.split('/').filter(Boolean);
  const target = isSetupTarget(next) ? next : 'password';
  if (parts[0] === 'validate') {
    if (parts.length === 1) return { kind: 'choose', target };
    if (parts[1] === 'tel') return isSetupTarget(parts[2]) ? { kind: 'prove', method: 'tel', target: parts[2] } : undefined;
    if (parts.length === 2 && (parts[1] === 'email' || parts[1] === 'question' || parts[1] === 'password')) {
      return { kind: 'prove', method: parts[1], target };
    }
    return undefined;
  }
  if (parts[0] === 'success') return isSetupTarget(parts[1]) ? { kind: 'success', target: parts[1] } : undefined;
  if (!isSetupTarget(parts[0])) return undefined;
  if (parts.length === 1) return { kind: 'change', target: parts[0] };
  if (parts.length === 2 && parts[1] === 'validate' && parts[0] !== 'password') return { kind: 'confirm', target: parts[0] };
  return undefined;
}

/** The wizard's three stages for antd Steps: prove, change, done. */
export function stageOf(step: SetupStep): 0 | 1 | 2 {
  if (step.kind === 'choose' || step.kind === 'prove') return 0;
  if (step.kind === 'success') return 2;
  return 1;
}

/** The recovery's identity checks the account offers, in the order the screen lists them. */
export function recoveryChoices(methods: Pick<RecoveryMethods, 'tel' | 'email' | 'question'>): ('tel' | 'email' | 'question')[] {
  const choices: ('tel' | 'email' | 'question')[] = [];
  if (methods.tel) choices.push('tel');
  if (methods.email) choices.push('email');
  if (methods.question) choices.push('question');
  return choices;
}

/** The recovery's step index for antd Steps: account, validate, password, finish. */
export function recoveryStage(pathname: string): 0 | 1 | 2 | 3 {
  if (pathname.startsWith('/findpwd/validate')) return 1;
  if (pathname.startsWith('/findpwd/password')) return 2;
  if (pathname.startsWith('/findpwd/finish')) return 3;
  return 0;
}

/** Seconds until another code may be asked for, from when the last was sent (ms) and the wait the server said. */
export function resendSecondsLeft(sentAtMs: number | undefined, waitSeconds: number, nowMs: number): number {
  if (sentAtMs === undefined) return 0;
  return Math.max(0, Math.ceil((sentAtMs + waitSeconds * 1000 - nowMs) / 1000));
}

/** A code as typed: the six digits only. */
export function codeProblem(code: string | undefined): 'required' | 'format' | undefined {
  const value = (code ?? '').trim();
  if (!value) return 'required';
  return /^\d{6}$/.test(value) ? undefined : 'format';
}

/** A security answer as the server compares it: case and runs of white space do not matter. */
export function normaliseAnswer(answer: string | undefined): string {
  return (answer ?? '').trim().split(/\s+/).join(' ').toLowerCase();
}
