//! Password hashing with argon2id (the `argon2` crate's defaults: 19 MiB, 2 passes, 1 lane, as OWASP advises),
//! and the digest of machine secrets.
//!
//! People choose passwords, so a stolen hash must be slow to guess against: argon2id. A gateway's secret is 32
//! random bytes the server issued, which no guessing can reach, so it is stored as a SHA-256 digest, like the
//! session tokens. That matters at scale: a site of 1,000 gateways reconnecting after a network outage would
//! otherwise run 1,000 argon2 verifications of 19 MiB each, seconds of CPU and gigabytes of memory that the
//! allocator keeps (measured in `docs/performance.md`).

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

/// Prefix of a stored machine-secret digest; anything else stored for a gateway is a PHC string (argon2id, what
/// secrets issued before the digest existed were stored as) and is still accepted.
const SECRET_DIGEST_PREFIX: &str = "sha256$";

/// What is stored for a machine secret (a gateway's).
pub fn secret_digest(secret: &str) -> String {
    format!("{SECRET_DIGEST_PREFIX}{}", crate::session::token_hash(secret))
}

/// True when `secret` matches what [`secret_digest`] stored (or an older argon2id hash of it). The digest
/// comparison takes the same time wherever the first difference is.
pub async fn verify_secret(secret: &str, stored: &str) -> bool {
    match stored.strip_prefix(SECRET_DIGEST_PREFIX) {
        Some(digest) => constant_time_eq(crate::session::token_hash(secret).as_bytes(), digest.as_bytes()),
        None => verify_blocking(secret.to_owned(), stored.to_owned()).await,
    }
}

/// Equality of two byte strings in a time that depends only on their lengths.
pub fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn machine_secrets_verify_by_digest_and_older_argon2_hashes_still_verify() {
        let stored = secret_digest("s3cret");
        assert!(stored.starts_with("sha256$") && !stored.contains("s3cret"));
        assert!(verify_secret("s3cret", &stored).await);
        assert!(!verify_secret("s3cret ", &stored).await);
        assert!(!verify_secret("s3cret", "sha256$").await);
        let legacy = hash("s3cret").unwrap();
        assert!(verify_secret("s3cret", &legacy).await);
        assert!(!verify_secret("other", &legacy).await);
    }

    #[test]
    fn compares_whole_strings() {
        assert!(constant_time_eq(b"abc", b"abc"));
        assert!(!constant_time_eq(b"abc", b"abd"));
        assert!(!constant_time_eq(b"abc", b"ab"));
    }

    #[test]
    fn hash_is_argon2id_and_verifies() {
        let stored = hash("Demo@12345").unwrap();
        assert!(stored.starts_with("$argon2id$"));
        assert!(verify("Demo@12345", &stored));
        assert!(!verify("demo@12345", &stored), "case sensitive");
        assert!(!verify("Demo@12345", "not a hash"));
    }
}
