//! Password hashing with argon2id (the `argon2` crate's defaults: 19 MiB, 2 passes, 1 lane, as OWASP advises).

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString, rand_core::OsRng};

/// Hashes a password into a PHC string.
pub fn hash(password: &str) -> anyhow::Result<String> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| anyhow::anyhow!("hashing: {e}"))
}

/// True when `password` matches the stored hash. A malformed stored hash never matches.
pub fn verify(password: &str, stored: &str) -> bool {
    PasswordHash::new(stored)
        .map(|parsed| Argon2::default().verify_password(password.as_bytes(), &parsed).is_ok())
        .unwrap_or(false)
}

/// Hashing is slow on purpose; run it off the async threads.
pub async fn verify_blocking(password: String, stored: String) -> bool {
    tokio::task::spawn_blocking(move || verify(&password, &stored)).await.unwrap_or(false)
}

pub async fn hash_blocking(password: String) -> anyhow::Result<String> {
    tokio::task::spawn_blocking(move || hash(&password)).await?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hash_is_argon2id_and_verifies() {
        let stored = hash("Demo@12345").unwrap();
        assert!(stored.starts_with("$argon2id$"));
        assert!(verify("Demo@12345", &stored));
        assert!(!verify("demo@12345", &stored), "case sensitive");
        assert!(!verify("Demo@12345", "not a hash"));
    }
}
