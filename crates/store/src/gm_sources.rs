//! GM collection sources: the MQTT identities the console issues to devices that speak MQTT themselves — Sparkplug B
//! edge nodes and plain JSON devices (docs/gm-equipment.md). Scoped like gateways: an organisation sees only its
//! own, and a limited sub-account only those every adopted equipment of which it was granted
//! ([`Viewer::gm_source_sql`]). The broker's log-in ([`Store::gm_login`]) is the one unscoped read.

use crate::access::Viewer;
use crate::{Page, Store, now_ms};
use ironsight_domain::gm::prefixes_overlap;
use sqlx::Row;
use sqlx::any::AnyRow;

/// What a source is, and the names it owns on the broker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GmSourceKind {
    /// A Sparkplug B edge node: it publishes under `spBv1.0/{group_id}/…/{node_id}`.
    SparkplugNode { group_id: String, node_id: String },
    /// A plain JSON device: it publishes at or below its topic prefix.
    JsonDevice { topic_prefix: String },
}

impl GmSourceKind {
    /// The stored `kind` column.
    pub fn tag(&self) -> &'static str {
        match self {
            GmSourceKind::SparkplugNode { .. } => SPARKPLUG,
            GmSourceKind::JsonDevice { .. } => JSON,
        }
    }
}

const SPARKPLUG: &str = "sparkplug";
const JSON: &str = "json";

/// A registered source (never its secret digest).
#[derive(Clone, Debug)]
pub struct GmSource {
    pub id: i64,
    pub org_id: i64,
    pub kind: GmSourceKind,
    pub name: String,
    /// The MQTT user name and client id it logs in with.
    pub username: String,
    pub online: bool,
    pub last_seen_ms: Option<i64>,
    pub created_ms: i64,
    /// A JSON device's data rule as stored (a checked `RuleDoc` document); `None` until one is saved.
    pub data_rule: Option<String>,
}

/// What registering a source needs.
#[derive(Clone, Debug)]
pub struct NewGmSource<'a> {
    pub org_id: i64,
    pub kind: &'a GmSourceKind,
    pub name: &'a str,
    pub username: &'a str,
    pub secret_hash: &'a str,
    /// The account that registered it: while no equipment is adopted from it, it belongs to this account.
    pub registered_by: Option<i64>,
}

/// Why a source was not registered.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum GmConflict {
    /// The Sparkplug group and node ids are registered already (in any organisation).
    NodeTaken,
    /// The topic prefix is, or lies above or below, another device's.
    PrefixTaken,
    /// The generated user name is someone's already (a gateway serial number or another source): issue another.
    UsernameTaken,
}

const COLUMNS: &str =
    "id, org_id, kind, name, group_id, node_id, topic_prefix, username, online, last_seen_ms, created_ms, data_rule";

fn source_from_row(r: &AnyRow) -> Result<GmSource, sqlx::Error> {
    let kind: String = r.try_get("kind")?;
    let kind = match kind.as_str() {
        SPARKPLUG => GmSourceKind::SparkplugNode {
            group_id: r.try_get::<Option<String>, _>("group_id")?.unwrap_or_default(),
            node_id: r.try_get::<Option<String>, _>("node_id")?.unwrap_or_default(),
        },
        _ => GmSourceKind::JsonDevice {
            topic_prefix: r.try_get::<Option<String>, _>("topic_prefix")?.unwrap_or_default(),
        },
    };
    Ok(GmSource {
        id: r.try_get("id")?,
        org_id: r.try_get("org_id")?,
        kind,
        name: r.try_get("name")?,
        username: r.try_get("username")?,
        online: r.try_get::<i64, _>("online")? != 0,
        last_seen_ms: r.try_get("last_seen_ms")?,
        created_ms: r.try_get("created_ms")?,
        data_rule: r.try_get("data_rule")?,
    })
}

impl Store {
    /// Registers a source, or says which name is taken. The user name must also not be a gateway's serial
    /// number: both log in to the same broker by user name.
    pub async fn add_gm_source(&self, new: &NewGmSource<'_>) -> anyhow::Result<Result<i64, GmConflict>> {
        let mut tx = self.begin_write().await?;
        let gateway: Option<i64> = sqlx::query_scalar("SELECT id FROM gateways WHERE sn = $1")
            .bind(new.username)
            .fetch_optional(&mut *tx)
            .await?;
        if gateway.is_some() {
            return Ok(Err(GmConflict::UsernameTaken));
        }
        let (group_id, node_id, prefix) = match new.kind {
            GmSourceKind::SparkplugNode { group_id, node_id } => {
                (Some(group_id.as_str()), Some(node_id.as_str()), None)
            }
            GmSourceKind::JsonDevice { topic_prefix } => (None, None, Some(topic_prefix.as_str())),
        };
        if let Some(prefix) = prefix {
            // Prefixes are few (one per device); the write transaction keeps two adds from crossing.
            let taken: Vec<String> =
                sqlx::query_scalar("SELECT topic_prefix FROM gm_sources WHERE topic_prefix IS NOT NULL")
                    .fetch_all(&mut *tx)
                    .await?;
            if taken.iter().any(|other| prefixes_overlap(prefix, other)) {
                return Ok(Err(GmConflict::PrefixTaken));
            }
        }
        let inserted = sqlx::query_scalar(
            "INSERT INTO gm_sources (org_id, kind, name, group_id, node_id, topic_prefix, username, secret_hash, \
             registered_by, created_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id",
        )
        .bind(new.org_id)
        .bind(new.kind.tag())
        .bind(new.name)
        .bind(group_id)
        .bind(node_id)
        .bind(prefix)
        .bind(new.username)
        .bind(new.secret_hash)
        .bind(new.registered_by)
        .bind(now_ms())
        .fetch_one(&mut *tx)
        .await;
        match inserted {
            Ok(id) => {
                tx.commit().await?;
                Ok(Ok(id))
            }
            Err(e) if crate::is_unique_violation(&e) => {
                let username_taken: Option<i64> = sqlx::query_scalar("SELECT id FROM gm_sources WHERE username = $1")
                    .bind(new.username)
                    .fetch_optional(&mut *tx)
                    .await
                    .ok()
                    .flatten();
                Ok(Err(match (username_taken, new.kind) {
                    (Some(_), _) => GmConflict::UsernameTaken,
                    (None, GmSourceKind::SparkplugNode { .. }) => GmConflict::NodeTaken,
                    (None, GmSourceKind::JsonDevice { .. }) => GmConflict::PrefixTaken,
                }))
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Whether a GM source logs in with `username` (a gateway's registration refuses such a serial number).
    pub async fn gm_username_taken(&self, username: &str) -> anyhow::Result<bool> {
        let found: Option<i64> = sqlx::query_scalar("SELECT id FROM gm_sources WHERE username = $1")
            .bind(username)
            .fetch_optional(self.pool())
            .await?;
        Ok(found.is_some())
    }

    /// The sources of `kind` (`"sparkplug"` or `"json"`) `viewer` may see, newest first, filtered by a keyword
    /// in the name, the Sparkplug ids or the prefix.
    pub async fn gm_sources(
        &self,
        viewer: &Viewer,
        kind: &str,
        keyword: &str,
        page: i64,
        page_size: i64,
    ) -> anyhow::Result<Page<GmSource>> {
        let pattern = crate::contains_pattern(keyword);
        let filter = format!(
            "FROM gm_sources s WHERE s.org_id = $1 AND s.kind = $2 AND (LOWER(s.name) LIKE LOWER($3) ESCAPE '\\' \
             OR LOWER(s.group_id) LIKE LOWER($3) ESCAPE '\\' OR LOWER(s.node_id) LIKE LOWER($3) ESCAPE '\\' \
             OR LOWER(s.topic_prefix) LIKE LOWER($3) ESCAPE '\\'){}",
            viewer.gm_source_sql("s")
        );
        let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) {filter}"))
            .bind(viewer.org_id)
            .bind(kind)
            .bind(&pattern)
            .fetch_one(self.pool())
            .await?;
        let rows =
            sqlx::query(&format!("SELECT {COLUMNS} {filter} ORDER BY s.created_ms DESC, s.id DESC LIMIT $4 OFFSET $5"))
                .bind(viewer.org_id)
                .bind(kind)
                .bind(&pattern)
                .bind(page_size)
                .bind((page - 1) * page_size)
                .fetch_all(self.pool())
                .await?;
        let list = rows.iter().map(source_from_row).collect::<Result<_, _>>()?;
        Ok(Page { total, list })
    }

    /// One source as `viewer` may see it.
    pub async fn visible_gm_source(&self, viewer: &Viewer, id: i64) -> anyhow::Result<Option<GmSource>> {
        let sql = format!(
            "SELECT {COLUMNS} FROM gm_sources s WHERE s.org_id = $1 AND s.id = $2{}",
            viewer.gm_source_sql("s")
        );
        let row = sqlx::query(&sql).bind(viewer.org_id).bind(id).fetch_optional(self.pool()).await?;
        Ok(row.as_ref().map(source_from_row).transpose()?)
    }

    /// Organisation `org_id`'s source `id`, whoever looks: for what an equipment adopted from it shows of it, once
    /// the caller's access to that equipment is checked.
    pub async fn gm_source_in_org(&self, org_id: i64, id: i64) -> anyhow::Result<Option<GmSource>> {
        let row = sqlx::query(&format!("SELECT {COLUMNS} FROM gm_sources WHERE org_id = $1 AND id = $2"))
            .bind(org_id)
            .bind(id)
            .fetch_optional(self.pool())
            .await?;
        Ok(row.as_ref().map(source_from_row).transpose()?)
    }

    /// Organisation `org_id`'s Sparkplug edge node of `group_id` and `node_id` (the server's own paths: the demo).
    pub async fn gm_node_by_ids(&self, org_id: i64, group_id: &str, node_id: &str) -> anyhow::Result<Option<GmSource>> {
        let row = sqlx::query(&format!(
            "SELECT {COLUMNS} FROM gm_sources WHERE org_id = $1 AND kind = '{SPARKPLUG}' AND group_id = $2 AND node_id = $3"
        ))
        .bind(org_id)
        .bind(group_id)
        .bind(node_id)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.as_ref().map(source_from_row).transpose()?)
    }

    /// Replaces a source's secret digest; false when `viewer` has no such source.
    pub async fn set_gm_source_secret(&self, viewer: &Viewer, id: i64, secret_hash: &str) -> anyhow::Result<bool> {
        let sql = format!(
            "UPDATE gm_sources SET secret_hash = $1 WHERE org_id = $2 AND id = $3{}",
            viewer.gm_source_sql("gm_sources")
        );
        let done = sqlx::query(&sql).bind(secret_hash).bind(viewer.org_id).bind(id).execute(self.pool()).await?;
        Ok(done.rows_affected() == 1)
    }

    /// Deletes a source and what its births announced; equipment adopted from it stays, with its history, no
    /// longer fed (as equipment of a deleted gateway). False when `viewer` has no such source.
    pub async fn delete_gm_source(&self, viewer: &Viewer, id: i64) -> anyhow::Result<bool> {
        let sql = format!("DELETE FROM gm_sources WHERE org_id = $1 AND id = $2{}", viewer.gm_source_sql("gm_sources"));
        let done = sqlx::query(&sql).bind(viewer.org_id).bind(id).execute(self.pool()).await?;
        Ok(done.rows_affected() == 1)
    }

    /// Makes `equipment_id` the equipment of source `source_id`'s device `device_id` (`''` for an edge node's own
    /// metrics): adoption's link. False when either is not organisation `org_id`'s or the device already has an
    /// equipment.
    pub async fn link_gm_equipment(
        &self,
        org_id: i64,
        equipment_id: i64,
        source_id: i64,
        device_id: &str,
    ) -> anyhow::Result<bool> {
        let done = sqlx::query(
            "UPDATE equipment SET gm_source_id = $1, gm_device = $2 WHERE org_id = $3 AND id = $4 \
             AND EXISTS (SELECT 1 FROM gm_sources s WHERE s.id = $1 AND s.org_id = $3)",
        )
        .bind(source_id)
        .bind(device_id)
        .bind(org_id)
        .bind(equipment_id)
        .execute(self.pool())
        .await;
        match done {
            Ok(done) => Ok(done.rows_affected() == 1),
            Err(e) if crate::is_unique_violation(&e) => Ok(false),
            Err(e) => Err(e.into()),
        }
    }

    /// Stores a JSON device's data rule (checked by the caller); false when `viewer` has no such JSON device.
    pub async fn set_gm_rule(&self, viewer: &Viewer, id: i64, rule: &str) -> anyhow::Result<bool> {
        let sql = format!(
            "UPDATE gm_sources SET data_rule = $1 WHERE org_id = $2 AND id = $3 AND kind = '{JSON}'{}",
            viewer.gm_source_sql("gm_sources")
        );
        let done = sqlx::query(&sql).bind(rule).bind(viewer.org_id).bind(id).execute(self.pool()).await?;
        Ok(done.rows_affected() == 1)
    }

    /// The source logging in as `username` with its secret digest, for the broker's authentication only.
    pub async fn gm_login(&self, username: &str) -> anyhow::Result<Option<(GmSource, String)>> {
        let row = sqlx::query(&format!("SELECT {COLUMNS}, secret_hash FROM gm_sources WHERE username = $1"))
            .bind(username)
            .fetch_optional(self.pool())
            .await?;
        let Some(row) = row else { return Ok(None) };
        Ok(Some((source_from_row(&row)?, row.try_get("secret_hash")?)))
    }
}
