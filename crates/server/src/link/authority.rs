//! Who may log in to the embedded broker: registered gateways and GM sources (Sparkplug edge nodes, JSON devices)
//! with their current secret, and the server's own client with a secret generated at each start (never stored,
//! never logged).

use crate::password;
use ironsight_broker::{Authority, Identity, SERVER_CLIENT, async_trait};
use ironsight_store::Store;
use ironsight_store::gm_sources::GmSourceKind;

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
        match gm_identity(&self.store, username, secret).await {
            Ok(Some(identity)) => return Some(identity),
            Ok(None) => {}
            Err(e) => {
                tracing::error!(username, "GM source authentication failed: {e:#}");
                return None;
            }
        }
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

/// The identity of the GM source logging in as `username` when `secret` is its current one; `None` when no source
/// has that user name (it may be a gateway's serial number) or the secret is wrong.
async fn gm_identity(store: &Store, username: &str, secret: &str) -> anyhow::Result<Option<Identity>> {
    let Some((source, digest)) = store.gm_login(username).await? else {
        return Ok(None);
    };
    if !password::verify_secret(secret, &digest).await {
        return Ok(None);
    }
    Ok(Some(match source.kind {
        GmSourceKind::SparkplugNode { group_id, node_id } => Identity::SparkplugNode { group: group_id, node: node_id },
        GmSourceKind::JsonDevice { topic_prefix } => Identity::JsonDevice { prefix: topic_prefix },
    }))
}
