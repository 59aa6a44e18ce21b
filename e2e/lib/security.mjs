// Steps of the security screens shared by the browser tests of the nosms deployment (security.test.mjs) and the
// one with an SMS provider (security-sms.test.mjs).

/**
 * The wait between two codes to one address, as the browser tests' servers are started with it
 * (`--test-only-code-resend-seconds`, a setting for tests only: a deployment waits 60 s).
 */
export const RESEND_SECONDS = 5;
export const resendArgs = ['--test-only-code-resend-seconds', String(RESEND_SECONDS)];

/**
 * Waits, on the page's own clock, until a second code to the address may be sent: `sentAt` is a time (Date.now())
 * taken after the first code arrived, so later than the server's own record of sending it.
 */
export async function untilResendAllowed(page, sentAt) {
  await page.waitForFunction((allowedAt) => Date.now() >= allowedAt, sentAt + RESEND_SECONDS * 1000 + 200);
}

/** Logs out through the user menu. */
export async function logout(page) {
  await page.locator('#user-menu').click();
  await page.locator('#logout').click();
  await page.waitForURL('**/login');
}

/** Proves the identity with the current password from the wizard's method choice. */
export async function proveByPassword(page, password) {
  await page.locator('label:has([data-testid="security-method-password"])').click();
  await page.locator('[data-testid="security-method-next"]').click();
  await page.locator('#security-current-password').fill(password);
  await page.locator('[data-testid="security-prove-submit"]').click();
}

/** The account step of the recovery and the choice of `method`. */
export async function startRecovery(page, method) {
  await page.locator('#findpwd-loginname').fill('demo');
  await page.locator('#findpwd-vcode').fill('ABCDE');
  await page.locator('[data-testid="findpwd-account-submit"]').click();
  await page.locator(`label:has([data-testid="findpwd-method-${method}"])`).click();
  await page.locator('[data-testid="findpwd-method-next"]').click();
}

/** The recovery's new password, typed twice, through to its finish step. */
export async function newRecoveredPassword(page, password) {
  await page.locator('#findpwd-password').fill(password);
  await page.locator('#findpwd-confirm').fill(password);
  await page.locator('[data-testid="findpwd-password-submit"]').click();
  await page.locator('[data-testid="findpwd-finish"]').waitFor();
}
