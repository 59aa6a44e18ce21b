//! Who may log in to the embedded broker: registered gateways with their current secret, and the server's own
//! client with a secret generated at each start (never stored, never logged).

use crate::password;
use ironsight_broker::{Authority, Identity, SERVER_CLIENT, async_trait};
use ironsight_store::Store;

pub struct RegistryAuthority {
    pub store: Store,
    pub server_secret: String,
}

#[async_trait]
impl Authority for RegistryAuthority {
    async fn authenticate(&self, _client_id: &str, username: &str, password: &[u8]) -> Option<Identity> {
        if username == SERVER_CLIENT {
            return password::constant_time_eq(password, self.server_secret.as_bytes()).then_some(Identity::Server);
        }
        let secret = std::str::from_utf8(password).ok()?;
        match verify_gateway_secret(&self.store, username, secret).await {
            Ok(true) => Some(Identity::Gateway { sn: username.to_owned() }),
            Ok(false) => None,
            Err(e) => {
                tracing::error!(sn = username, "gateway authentication failed: {e:#}");
                None
            }
        }
    }
}

/// True when `secret` is the current secret of gateway `sn`. An unknown serial number is simply refused: the
/// digest check costs next to nothing either way, so timing tells nothing worth hiding (and serial numbers are
/// printed on the boxes). A secret still stored as an argon2id hash from before digests is checked once more
/// with argon2 (in the bounded pool) and, when right, stored as a digest, so each gateway pays argon2 at most once.
pub async fn verify_gateway_secret(store: &Store, sn: &str, secret: &str) -> anyhow::Result<bool> {
    let Some(stored) = store.gateway_secret_hash(sn).await? else {
        return Ok(false);
    };
    let right = password::verify_secret(secret, &stored).await;
    if right && password::is_legacy_secret(&stored) {
        store.upgrade_gateway_secret_hash(sn, &stored, &password::secret_digest(secret)).await?;
    }
    Ok(right)
}
