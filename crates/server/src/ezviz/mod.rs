//! EZVIZ cloud video (萤石开放平台) for the pages' video widgets (docs/ezviz.md): the live HLS address of a camera,
//! asked of EZVIZ's open API ([`protocol`]) with the organisation's linked key, behind the server so the key's
//! secret never reaches a browser and every caller shares one cache.
//!
//! - An organisation's access token is kept until [`TOKEN_MARGIN`] before EZVIZ says it expires (a week, as EZVIZ
//!   issues them); a camera's address until [`ADDRESS_MARGIN`] before its own expiry ([`UNKNOWN_EXPIRY`] when EZVIZ
//!   gives none we read). A token EZVIZ calls expired (`10002`) is replaced once and the address asked again.
//!   Both caches are bounded ([`TOKEN_ENTRIES`], [`ADDRESS_ENTRIES`]: the expired, then the oldest, dropped), and
//!   keyed by the key in use, so a key linked anew is never answered with what the old one got.
//! - Concurrent asks of one camera wait for the one upstream call (a per-camera cell).
//! - A user may cause at most [`CALLS_PER_MINUTE`] upstream asks a minute (cache hits are free), so no page, and
//!   no manager trying serial numbers, burns the organisation's EZVIZ quota.
//! - Each call gets [`TIMEOUT`], at most [`MAX_BODY`] bytes are read, redirects are not followed; any failure is
//!   "unreachable" (1371) or EZVIZ's own refusal (1372), never a 500.

pub mod camera;
pub mod protocol;

use crate::upstream::{MinuteBudget, bounded_body, read_failure};
use camera::Camera;
use ironsight_store::ezviz_keys::EzvizKey;
use protocol::{Address, BadAnswer, Refusal, Token};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio::sync::OnceCell;

/// A token is renewed this long before EZVIZ says it expires.
pub const TOKEN_MARGIN: Duration = Duration::from_secs(10 * 60);
/// An address is asked again this long before EZVIZ says it expires (the player needs time to start on it).
pub const ADDRESS_MARGIN: Duration = Duration::from_secs(60);
/// How long an address is kept when EZVIZ gives no expiry we read.
pub const UNKNOWN_EXPIRY: Duration = Duration::from_secs(10 * 60);
/// Organisations whose token is kept.
pub const TOKEN_ENTRIES: usize = 1024;
/// Cameras whose address is kept.
pub const ADDRESS_ENTRIES: usize = 4096;
/// Upstream asks (a camera's address, its token included) one user may cause a minute.
pub const CALLS_PER_MINUTE: u32 = 30;
/// Time allowed for one upstream call, connection included.
pub const TIMEOUT: Duration = Duration::from_secs(5);
/// The most read of one EZVIZ answer (an address answer is a few hundred bytes).
pub const MAX_BODY: usize = 64 * 1024;

/// Why no live address could be answered.
#[derive(Debug, PartialEq)]
pub enum EzvizError {
    /// EZVIZ failed, timed out or answered nonsense (1371); the text is for the server's log.
    Unavailable(String),
    /// EZVIZ refused, with its own code and message (1372).
    Refused(Refusal),
    /// The caller made too many upstream asks this minute (1374).
    Throttled,
}

impl From<BadAnswer> for EzvizError {
    fn from(bad: BadAnswer) -> EzvizError {
        EzvizError::Unavailable(bad.0)
    }
}

/// A camera's live address as answered: the HLS URL and when it expires (ms since the epoch).
#[derive(Clone, Debug, PartialEq)]
pub struct LiveAddress {
    pub url: String,
    pub expires_ms: i64,
}

/// The address cache's key: the organisation, the app key in use and the camera.
type CameraKey = (i64, String, String, i64);

/// An address cache entry: made when a camera is first asked for (or its address went stale), filled by one ask.
struct Slot {
    created: Instant,
    address: OnceCell<LiveAddress>,
}

impl Slot {
    /// Still good to answer from: not filled yet (an ask under way, or one that failed and may be made again), or
    /// filled with an address not near its expiry.
    fn usable(&self, now_ms: i64) -> bool {
        self.address.get().is_none_or(|a| a.expires_ms - ADDRESS_MARGIN.as_millis() as i64 > now_ms)
    }
}

/// A kept token, with the key it was issued for.
struct KeptToken {
    key: EzvizKey,
    token: Token,
}

/// The service, shared by every handler through `AppState`.
pub struct Ezviz {
    client: reqwest::Client,
    base: String,
    tokens: Mutex<HashMap<i64, KeptToken>>,
    addresses: Mutex<HashMap<CameraKey, Arc<Slot>>>,
    /// Upstream asks per user and minute.
    budget: MinuteBudget,
}

impl Ezviz {
    /// The service asking the EZVIZ open API at `base` (`--ezviz-url`, without its trailing `/`).
    pub fn new(base: String) -> Ezviz {
        let client = crate::upstream::client(TIMEOUT);
        Ezviz {
            client,
            base,
            tokens: Mutex::new(HashMap::new()),
            addresses: Mutex::new(HashMap::new()),
            budget: MinuteBudget::new(CALLS_PER_MINUTE),
        }
    }

    /// The live address of `camera` for user `user_id` of organisation `org_id`, whose linked key is `key`: from
    /// the cache while good, else asked of EZVIZ once.
    pub async fn live_address(
        &self,
        org_id: i64,
        key: &EzvizKey,
        user_id: i64,
        camera: &Camera,
    ) -> Result<LiveAddress, EzvizError> {
        let slot = self.slot((org_id, key.app_key.clone(), camera.serial.clone(), camera.channel));
        let address = slot
            .address
            .get_or_try_init(|| async {
                self.spend(user_id)?;
                self.ask_address(org_id, key, camera).await
            })
            .await?;
        Ok(address.clone())
    }

    /// Forgets the organisation's token and addresses (its key was linked anew or unlinked).
    pub fn forget(&self, org_id: i64) {
        self.tokens.lock().unwrap_or_else(|e| e.into_inner()).remove(&org_id);
        self.addresses.lock().unwrap_or_else(|e| e.into_inner()).retain(|(org, ..), _| *org != org_id);
    }

    /// The camera's cache slot: the usable one, or a new one in place of a stale one (the stale, then the oldest
    /// slots dropped when the cache is full).
    fn slot(&self, key: CameraKey) -> Arc<Slot> {
        let now = now_ms();
        let mut cache = self.addresses.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(slot) = cache.get(&key).filter(|s| s.usable(now)) {
            return slot.clone();
        }
        if cache.len() >= ADDRESS_ENTRIES {
            cache.retain(|_, s| s.usable(now));
        }
        while cache.len() >= ADDRESS_ENTRIES {
            let Some(oldest) = cache.iter().min_by_key(|(_, s)| s.created).map(|(k, _)| k.clone()) else { break };
            cache.remove(&oldest);
        }
        let slot = Arc::new(Slot { created: Instant::now(), address: OnceCell::new() });
        cache.insert(key, slot.clone());
        slot
    }

    /// Asks EZVIZ for the camera's address with the organisation's token; a token EZVIZ calls expired is
    /// replaced once.
    async fn ask_address(&self, org_id: i64, key: &EzvizKey, camera: &Camera) -> Result<LiveAddress, EzvizError> {
        let mut token = self.token(org_id, key).await?;
        for renewed in [false, true] {
            let channel = camera.channel.to_string();
            let form = [
                ("accessToken", token.as_str()),
                ("deviceSerial", camera.serial.as_str()),
                ("channelNo", channel.as_str()),
                ("protocol", protocol::PROTOCOL_HLS),
                ("quality", protocol::QUALITY),
            ];
            let bytes = self.post(protocol::ADDRESS_PATH, &form).await?;
            match protocol::address(&bytes)? {
                Ok(Address { url, expires_ms }) => {
                    let expires_ms = expires_ms.unwrap_or_else(|| now_ms() + UNKNOWN_EXPIRY.as_millis() as i64);
                    return Ok(LiveAddress { url, expires_ms });
                }
                Err(refusal) if refusal.code == protocol::TOKEN_EXPIRED && !renewed => {
                    self.tokens.lock().unwrap_or_else(|e| e.into_inner()).remove(&org_id);
                    token = self.token(org_id, key).await?;
                }
                Err(refusal) => return Err(EzvizError::Refused(refusal)),
            }
        }
        Err(EzvizError::Unavailable("EZVIZ called a new token expired too".into()))
    }

    /// The organisation's access token: kept while good for this key, else asked of EZVIZ.
    async fn token(&self, org_id: i64, key: &EzvizKey) -> Result<String, EzvizError> {
        let renew_before = now_ms() + TOKEN_MARGIN.as_millis() as i64;
        if let Some(kept) = self.tokens.lock().unwrap_or_else(|e| e.into_inner()).get(&org_id)
            && kept.key == *key
            && kept.token.expires_ms > renew_before
        {
            return Ok(kept.token.access_token.clone());
        }
        let form = [("appKey", key.app_key.as_str()), ("appSecret", key.app_secret.as_str())];
        let bytes = self.post(protocol::TOKEN_PATH, &form).await?;
        let token = protocol::token(&bytes)?.map_err(EzvizError::Refused)?;
        let access_token = token.access_token.clone();
        if token.expires_ms > renew_before {
            let mut tokens = self.tokens.lock().unwrap_or_else(|e| e.into_inner());
            if tokens.len() >= TOKEN_ENTRIES {
                tokens.retain(|_, t| t.token.expires_ms > renew_before);
            }
            if tokens.len() < TOKEN_ENTRIES || tokens.contains_key(&org_id) {
                tokens.insert(org_id, KeptToken { key: key.clone(), token });
            }
        }
        Ok(access_token)
    }

    /// Counts one upstream ask against the user's minute; refuses past [`CALLS_PER_MINUTE`].
    fn spend(&self, user_id: i64) -> Result<(), EzvizError> {
        if self.budget.spend(user_id) { Ok(()) } else { Err(EzvizError::Throttled) }
    }

    /// POSTs `form` to `path`: a success status and at most [`MAX_BODY`] bytes, else 1371. The form (the secret,
    /// the token) is never part of an error's text.
    async fn post(&self, path: &str, form: &[(&str, &str)]) -> Result<Vec<u8>, EzvizError> {
        let service = format!("EZVIZ {path}");
        let url = format!("{}{path}", self.base);
        let response = self
            .client
            .post(url)
            .form(form)
            .send()
            .await
            .map_err(|e| EzvizError::Unavailable(read_failure(&service, e)))?;
        bounded_body(&service, response, MAX_BODY).await.map_err(EzvizError::Unavailable)
    }
}

fn now_ms() -> i64 {
    ironsight_store::now_ms()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_address_cache_stays_bounded_and_each_user_has_a_budget() {
        let ezviz = Ezviz::new("http://127.0.0.1:9".into());
        for i in 0..ADDRESS_ENTRIES + 50 {
            ezviz.slot((1, "k".into(), format!("D{i}"), 1));
        }
        assert_eq!(ezviz.addresses.lock().unwrap().len(), ADDRESS_ENTRIES);
        let key = (1, "k".to_owned(), "D1".to_owned(), 1);
        let first = ezviz.slot(key.clone());
        assert!(Arc::ptr_eq(&first, &ezviz.slot(key.clone())), "a usable slot is shared");
        let stale = LiveAddress { url: "http://h/s.m3u8".into(), expires_ms: now_ms() + 1_000 };
        first.address.set(stale).unwrap();
        assert!(!Arc::ptr_eq(&first, &ezviz.slot(key.clone())), "an address about to expire is asked again");
        ezviz.forget(1);
        assert!(ezviz.addresses.lock().unwrap().is_empty(), "a key linked anew forgets the organisation's addresses");
        for _ in 0..CALLS_PER_MINUTE {
            ezviz.spend(7).unwrap();
        }
        assert_eq!(ezviz.spend(7), Err(EzvizError::Throttled));
        assert_eq!(ezviz.spend(8), Ok(()), "another user has its own budget");
    }

    #[tokio::test]
    async fn an_unreachable_service_is_unavailable_and_the_secret_is_not_in_the_error() {
        let closed = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let base = format!("http://127.0.0.1:{}", closed.local_addr().unwrap().port());
        drop(closed);
        let ezviz = Ezviz::new(base);
        let key = EzvizKey { app_key: "k1".into(), app_secret: "TOPSECRET".into() };
        let camera = Camera { serial: "D1".into(), channel: 1 };
        match ezviz.live_address(1, &key, 1, &camera).await {
            Err(EzvizError::Unavailable(why)) => assert!(!why.contains("TOPSECRET"), "{why}"),
            other => panic!("{other:?}"),
        }
    }
}
