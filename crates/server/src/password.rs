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
use std::sync::LazyLock;
use std::sync::atomic::{AtomicUsize, Ordering};
use tokio::sync::Semaphore;

/// Argon2 runs at once, at most: each takes 19 MiB and a core for tens of milliseconds.
pub const HASHING_AT_ONCE: usize = 2;
/// Requests that may wait for a turn; past that a login is refused with the throttle code at once, so a flood of
/// wrong passwords grows neither memory nor the queue.
pub const HASHING_QUEUE: usize = 32;

/// The bounded argon2 pool: every hash and verification of a person's password goes through it.
struct HashPool {
    turns: Semaphore,
    /// Callers waiting for a turn (and those holding one, until they get it).
    waiting: AtomicUsize,
    queue: usize,
}

static POOL: LazyLock<HashPool> = LazyLock::new(|| HashPool::new(HASHING_AT_ONCE, HASHING_QUEUE));

/// The pool was full: the caller answers with the throttle code.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("password hashing is busy")]
pub struct HashingBusy;

impl HashPool {
    fn new(at_once: usize, queue: usize) -> HashPool {
        HashPool { turns: Semaphore::new(at_once), waiting: AtomicUsize::new(0), queue }
    }

    /// Runs `work` on a blocking thread when a turn comes (waiting in the bounded queue), or refuses at once.
    async fn run<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Result<T, HashingBusy> {
        if self.waiting.fetch_add(1, Ordering::SeqCst) >= self.queue {
            self.waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(HashingBusy);
        }
        let turn = self.turns.acquire().await;
        self.waiting.fetch_sub(1, Ordering::SeqCst);
        let _turn = turn.map_err(|_| HashingBusy)?;
        tokio::task::spawn_blocking(work).await.map_err(|_| HashingBusy)
    }
}

async fn in_pool<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> Result<T, HashingBusy> {
    POOL.run(work).await
}

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

/// Hashing is slow on purpose: run off the async threads, in the bounded pool.
pub async fn verify_blocking(password: String, stored: String) -> Result<bool, HashingBusy> {
    in_pool(move || verify(&password, &stored)).await
}

/// Hashes a new password in the bounded pool.
pub async fn hash_blocking(password: String) -> anyhow::Result<String> {
    in_pool(move || hash(&password)).await?
}

/// Prefix of a stored machine-secret digest; anything else stored for a gateway is a PHC string (argon2id, what
/// secrets issued before the digest existed were stored as) and is still accepted.
const SECRET_DIGEST_PREFIX: &str = "sha256$";

/// What is stored for a machine secret (a gateway's).
pub fn secret_digest(secret: &str) -> String {
    format!("{SECRET_DIGEST_PREFIX}{}", crate::session::token_hash(secret))
}

/// True when `secret` matches what [`secret_digest`] stored (or an older argon2id hash of it, checked in the
/// bounded pool; false when the pool is full). The digest comparison takes the same time wherever the first
/// difference is.
pub async fn verify_secret(secret: &str, stored: &str) -> bool {
    match stored.strip_prefix(SECRET_DIGEST_PREFIX) {
        Some(digest) => constant_time_eq(crate::session::token_hash(secret).as_bytes(), digest.as_bytes()),
        None => verify_blocking(secret.to_owned(), stored.to_owned()).await.unwrap_or(false),
    }
}

/// True when what is stored for a machine secret is an older argon2 hash, to be replaced by its digest.
pub fn is_legacy_secret(stored: &str) -> bool {
    !stored.starts_with(SECRET_DIGEST_PREFIX)
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

    /// More verifications than the pool and its queue hold at once: the surplus is refused at once, the rest
    /// answer; nothing waits without bound.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_flood_of_verifications_is_bounded() {
        let stored = hash("Demo@12345").unwrap();
        let pool = std::sync::Arc::new(HashPool::new(HASHING_AT_ONCE, HASHING_QUEUE));
        let flood = HASHING_AT_ONCE + HASHING_QUEUE + 40;
        let mut tasks = tokio::task::JoinSet::new();
        for _ in 0..flood {
            let (stored, pool) = (stored.clone(), pool.clone());
            tasks.spawn(async move { pool.run(move || verify("wrong", &stored)).await });
        }
        let (mut answered, mut refused) = (0, 0);
        while let Some(result) = tasks.join_next().await {
            match result.unwrap() {
                Ok(ok) => {
                    assert!(!ok);
                    answered += 1;
                }
                Err(HashingBusy) => refused += 1,
            }
        }
        assert_eq!(answered + refused, flood);
        assert!(refused >= 30, "at most the pool and its queue are served: {answered} answered, {refused} refused");
        assert_eq!(pool.waiting.load(Ordering::SeqCst), 0, "the queue count comes back to zero");
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
