//! Accounts that must exist: the first administrator, and with `--demo` the demo organisation and account.

use crate::{AppState, password};
use ironsight_domain::permission;
use ironsight_domain::validate::NewPassword;
use ironsight_store::users::NewUser;

/// The demo account, documented in the README as demo-only.
pub const DEMO_LOGIN: &str = "demo";
pub const DEMO_PASSWORD: &str = "Demo@12345";
/// The first administrator's login name.
pub const ADMIN_LOGIN: &str = "admin";
/// Environment variable that sets the first administrator's password.
pub const ADMIN_PASSWORD_ENV: &str = "IRONSIGHT_ADMIN_PASSWORD";

pub async fn run(state: &AppState) -> anyhow::Result<()> {
    if state.store.user_count().await? == 0 {
        let (password, generated) = match std::env::var(ADMIN_PASSWORD_ENV) {
            Ok(p) => {
                NewPassword::parse(&p).map_err(|_| {
                    anyhow::anyhow!("{ADMIN_PASSWORD_ENV} must be 8 to 15 characters with letters, digits and symbols")
                })?;
                (p, false)
            }
            Err(_) => (generate_password(), true),
        };
        let admin = Account {
            org_name: "default",
            org_title: "Ironsight",
            loginname: ADMIN_LOGIN,
            password: &password,
            email: "",
        };
        ensure_account(state, &admin).await?;
        if generated {
            // Printed once, to the terminal only: the log never carries it.
            eprintln!(
                "\n  First start: administrator account created.\n    login:    {ADMIN_LOGIN}\n    password: {password}\n  Keep it now; it is not shown again (set {ADMIN_PASSWORD_ENV} to choose it).\n"
            );
        }
    }
    if state.config.demo {
        let demo = Account {
            org_name: "demo",
            // The demo's site in the server's default language, as its plant's names are (demo/plant.rs).
            org_title: match state.config.lang {
                ironsight_domain::Lang::Zh => "Ironsight 演示水厂",
                ironsight_domain::Lang::En => "Ironsight demo water plant",
            },
            loginname: DEMO_LOGIN,
            password: DEMO_PASSWORD,
            email: "demo@example.com",
        };
        if ensure_account(state, &demo).await? {
            tracing::info!("demo account seeded");
        }
    }
    Ok(())
}

/// An administrator account of its own organisation, created when missing.
struct Account<'a> {
    org_name: &'a str,
    org_title: &'a str,
    loginname: &'a str,
    password: &'a str,
    email: &'a str,
}

/// Creates the organisation and the account if they do not exist; true when the account was created.
async fn ensure_account(state: &AppState, account: &Account<'_>) -> anyhow::Result<bool> {
    let store = &state.store;
    if store.user_by_loginname(account.loginname).await?.is_some() {
        return Ok(false);
    }
    let org = match store.org_by_name(account.org_name).await? {
        Some(id) => id,
        None => store.create_org(account.org_name, account.org_title, "").await?,
    };
    let hash = password::hash_blocking(account.password.to_owned()).await?;
    let all_auths: Vec<String> = permission::ALL.iter().map(|s| (*s).to_owned()).collect();
    let new = NewUser {
        loginname: account.loginname,
        password_hash: &hash,
        org_id: org,
        role_type: "admin",
        data_range: "all",
        auths: &all_auths,
        tel: "",
        email: account.email,
    };
    Ok(store.create_user(&new).await?.is_some())
}

/// A random password that satisfies the password rule: letters, digits and a symbol, 15 characters.
fn generate_password() -> String {
    use rand::Rng;
    let mut rng = rand::thread_rng();
    const LETTERS: &[u8] = b"abcdefghjkmnpqrstuvwxyzABCDEFGHJKMNPQRSTUVWXYZ";
    const DIGITS: &[u8] = b"23456789";
    const SYMBOLS: &[u8] = b"@#%+=!";
    let mut chars: Vec<u8> = (0..11).map(|_| LETTERS[rng.gen_range(0..LETTERS.len())]).collect();
    chars.extend((0..3).map(|_| DIGITS[rng.gen_range(0..DIGITS.len())]));
    chars.push(SYMBOLS[rng.gen_range(0..SYMBOLS.len())]);
    for i in (1..chars.len()).rev() {
        chars.swap(i, rng.gen_range(0..=i));
    }
    String::from_utf8(chars).expect("ASCII")
}

#[cfg(test)]
mod tests {
    #[test]
    fn generated_passwords_satisfy_the_rule() {
        for _ in 0..50 {
            assert!(ironsight_domain::validate::NewPassword::parse(&super::generate_password()).is_ok());
        }
        assert!(ironsight_domain::validate::NewPassword::parse(super::DEMO_PASSWORD).is_ok());
    }
}
