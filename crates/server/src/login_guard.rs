//! Who may try a password now: failed-login throttling that parallel guesses cannot slip past and that a
//! stranger cannot use to lock the owner out.
//!
//! Every attempt is counted *before* its password is checked, atomically ([`Store::reserve_login_attempt`]), and
//! a success clears the count, so a burst of parallel guesses is counted one by one. Three counts:
//! - per address: [`ADDRESS_MAX_FAILURES`] attempts that failed from one address (any account) lock that address;
//! - per account and address: [`PAIR_MAX_FAILURES`] lock that address out of that account;
//! - per account: once [`ACCOUNT_MAX_FAILURES`] have failed from anywhere, the account is under attack and only an
//!   address with no failure on it, or a login that solved the captcha, may still try. So five wrong guesses by a
//!   stranger do not lock the owner out, and a distributed guesser gets one try per address, not five.
//!
//! Counts live for [`FAILURE_WINDOW_MS`] from their first failure.

use crate::AppState;
use crate::error::ApiError;
use ironsight_domain::Code;
use ironsight_store::Store;
use ironsight_store::throttle::Failures;

pub const ADDRESS_MAX_FAILURES: i64 = 20;
pub const PAIR_MAX_FAILURES: i64 = 5;
pub const ACCOUNT_MAX_FAILURES: i64 = 5;
pub const FAILURE_WINDOW_MS: i64 = 15 * 60_000;

/// The attempt's counts, reserved: cleared by [`Attempt::succeeded`], kept (as failures) otherwise.
pub struct Attempt {
    account: String,
    address: String,
    pair: String,
}

/// 1007 with the minutes until the window that locked it ends.
fn throttled(f: &Failures, now: i64) -> ApiError {
    throttled_for(f.window_start_ms + FAILURE_WINDOW_MS - now)
}

/// 1007 with `left_ms` as whole minutes (at least one): the throttle answer of every counted password.
pub fn throttled_for(left_ms: i64) -> ApiError {
    let minutes = (left_ms.max(1) + 59_999) / 60_000;
    ApiError::Business(Code::LoginThrottled, vec![("minutes", minutes.to_string())])
}

/// The account-wide rule, pure: an account past its failures admits only a clean address or a solved captcha.
pub fn account_admits(account_failures_before: i64, pair_failures_before: i64, captcha_solved: bool) -> bool {
    account_failures_before < ACCOUNT_MAX_FAILURES || captcha_solved || pair_failures_before == 0
}

/// Reserves an attempt on `account` (lower-cased login name) from `address`, or refuses it with 1007.
pub async fn begin(
    state: &AppState,
    account: &str,
    address: &str,
    captcha_solved: bool,
    now: i64,
) -> Result<Attempt, ApiError> {
    let store: &Store = &state.store;
    let pair = format!("{account}\u{1f}{address}");
    let before =
        |f: Option<Failures>| f.filter(|f| f.window_start_ms >= now - FAILURE_WINDOW_MS).map_or(0, |f| f.failures);
    let account_before = before(store.login_failures("account", account).await?);
    let pair_before = before(store.login_failures("pair", &pair).await?);
    let by_address = store.reserve_login_attempt("address", address, now, FAILURE_WINDOW_MS).await?;
    if by_address.failures > ADDRESS_MAX_FAILURES {
        return Err(throttled(&by_address, now));
    }
    let by_pair = store.reserve_login_attempt("pair", &pair, now, FAILURE_WINDOW_MS).await?;
    if by_pair.failures > PAIR_MAX_FAILURES {
        return Err(throttled(&by_pair, now));
    }
    let by_account = store.reserve_login_attempt("account", account, now, FAILURE_WINDOW_MS).await?;
    if !account_admits(account_before, pair_before, captcha_solved) {
        return Err(throttled(&by_account, now));
    }
    Ok(Attempt { account: account.to_owned(), address: address.to_owned(), pair })
}

impl Attempt {
    /// The password was right: the account and this address's count on it start over, and the address's own
    /// count takes this attempt back (its failures on other accounts stay).
    pub async fn succeeded(self, store: &Store) -> anyhow::Result<()> {
        store.release_login_attempt("address", &self.address).await?;
        store.clear_login_failures("account", &self.account).await?;
        store.clear_login_failures("pair", &self.pair).await
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_account_under_attack_admits_a_clean_address_or_a_solved_captcha() {
        assert!(account_admits(0, 0, false));
        assert!(account_admits(ACCOUNT_MAX_FAILURES - 1, 3, false), "not yet under attack");
        assert!(account_admits(ACCOUNT_MAX_FAILURES, 0, false), "an address that never failed on it");
        assert!(account_admits(ACCOUNT_MAX_FAILURES + 10, 2, true), "a solved captcha");
        assert!(!account_admits(ACCOUNT_MAX_FAILURES, 1, false), "an address that failed on it");
    }
}
