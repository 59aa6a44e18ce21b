//! Who may log in to the embedded broker: registered gateways with their current secret, and the server's own
//! client with a secret generated at each start (never stored, never logged).

use crate::password;
use ironsight_broker::{Authority, Identity, SERVER_CLIENT, async_trait};
use ironsight_store::Store;
use std::sync::Arc;

pub struct RegistryAuthority {
    pub store: Store,
    /// Verified against when a serial number is unknown, so timing does not reveal which serial numbers exist.
    pub dummy_hash: Arc<String>,
    pub server_secret: String,
}

#[async_trait]
impl Authority for RegistryAuthority {
    async fn authenticate(&self, _client_id: &str, username: &str, password: &[u8]) -> Option<Identity> {
        if username == SERVER_CLIENT {
            return constant_time_eq(password, self.server_secret.as_bytes()).then_some(Identity::Server);
        }
        let secret = std::str::from_utf8(password).ok()?;
        match verify_gateway_secret(&self.store, &self.dummy_hash, username, secret).await {
            Ok(true) => Some(Identity::Gateway { sn: username.to_owned() }),
            Ok(false) => None,
            Err(e) => {
                tracing::error!(sn = username, "gateway authentication failed: {e:#}");
                None
            }
        }
    }
}

/// True when `secret` is the current secret of gateway `sn`.
pub async fn verify_gateway_secret(store: &Store, dummy_hash: &str, sn: &str, secret: &str) -> anyhow::Result<bool> {
    match store.gateway_secret_hash(sn).await? {
        Some(hash) => Ok(password::verify_blocking(secret.to_owned(), hash).await),
        None => {
            password::verify_blocking(secret.to_owned(), dummy_hash.to_owned()).await;
            Ok(false)
        }
    }
}

fn constant_time_eq(a: &[u8], b: &[u8]) -> bool {
    a.len() == b.len() && a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

#[cfg(test)]
mod tests {
    use super::constant_time_eq;

    #[test]
    fn compares_whole_secrets() {
        assert!(constant_time_eq(b"abc", b"abc"));
        assert!(!constant_time_eq(b"abc", b"abd"));
        assert!(!constant_time_eq(b"abc", b"ab"));
    }
}
