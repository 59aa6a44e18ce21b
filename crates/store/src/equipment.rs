//! Equipment (EG equipment): the devices behind gateways. Scoped to an organisation on every call.

use crate::access::Viewer;
use crate::{Page, Store, now_ms};
use sqlx::Row;
use sqlx::any::AnyRow;

/// Equipment: the editable fields plus binding (with the gateway's name and online state, or the GM collection
/// source it was adopted from), group, driver and times. The console is told `answers::equipment::Equipment`.
#[derive(Clone, Debug, PartialEq)]
pub struct Equipment {
    pub id: i64,
    pub fields: EquipmentFields,
    /// Serial number of the bound gateway, if any.
    pub gateway_sn: Option<String>,
    /// Name of the bound gateway, if any.
    pub gateway_name: Option<String>,
    /// Online: its gateway's presence, or a GM equipment's own ([`ONLINE_OF_E`]); false with neither.
    pub online: bool,
    /// How it reaches the console: [`Protocol`].
    pub protocol: Protocol,
    /// The GM collection source it was adopted from, and that source's name.
    pub gm_source_id: Option<i64>,
    pub gm_source_name: Option<String>,
    /// The adopted device's id at its source (`''`: a node's own metrics, or a JSON device).
    pub gm_device: Option<String>,
    /// Driver settings as the protocol crate's `DriverConfig` JSON, if set.
    pub driver: Option<serde_json::Value>,
    /// Path the equipment's picture is served at (`/userimg/<file>`), empty when it has none.
    pub image: String,
    /// The monitor group it is in, if any, and that group's name.
    pub group_id: Option<i64>,
    pub group_name: Option<String>,
    /// The service subscription's expiry date (`YYYY-MM-DD`, China time), if set.
    pub expire_date: Option<String>,
    pub gmt_create: i64,
    pub gmt_modified: i64,
}

/// The fields a person edits.
#[derive(Clone, Debug, PartialEq)]
pub struct EquipmentFields {
    pub equip_name: String,
    /// `list` (signal list) or `page` (a configuration page).
    pub display: String,
    /// `00` or `01` (the spec's rule types).
    pub rule_type: String,
    pub model: String,
    pub manufacturer: String,
    pub address: String,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    pub remark: String,
}

/// Sort order of lists (spec: sort by time or name).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EquipmentSort {
    Newest,
    Name,
}

impl EquipmentSort {
    /// The `ORDER BY` terms over the equipment `e` (the id breaks ties, so pages never overlap).
    pub(crate) fn order_by(self) -> &'static str {
        match self {
            EquipmentSort::Newest => "e.created_ms DESC, e.id DESC",
            EquipmentSort::Name => "e.equip_name ASC, e.id ASC",
        }
    }
}

/// How an equipment reaches the console: behind an Ironsight gateway (EG equipment, also when none is bound yet), or
/// as GM equipment adopted from a Sparkplug B edge node or a plain JSON device (docs/gm-equipment.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Protocol {
    Eg,
    Sparkplug,
    Json,
}

impl Protocol {
    /// The name the console is told, and the one [`PROTOCOL_OF_E`] yields.
    pub fn as_str(self) -> &'static str {
        match self {
            Protocol::Eg => "eg",
            Protocol::Sparkplug => "sparkplug",
            Protocol::Json => "json",
        }
    }

    fn parse(text: &str) -> Protocol {
        match text {
            "sparkplug" => Protocol::Sparkplug,
            "json" => Protocol::Json,
            _ => Protocol::Eg,
        }
    }

    /// The protocol column [`PROTOCOL_OF_E`] of a row.
    pub(crate) fn of_row(r: &AnyRow) -> Result<Protocol, sqlx::Error> {
        Ok(Protocol::parse(&r.try_get::<String, _>("protocol")?))
    }
}

/// The equipment `e` with its links: its gateway `g` and its GM collection source `gs`, both left joined. Every
/// statement that tells whether an equipment is online joins these and reads [`ONLINE_OF_E`].
pub(crate) const LINK_JOINS: &str =
    "LEFT JOIN gateways g ON g.id = e.gateway_id LEFT JOIN gm_sources gs ON gs.id = e.gm_source_id";

/// Whether equipment `e` is online (1 or 0), over [`LINK_JOINS`]: EG equipment by its gateway; GM equipment by its
/// source, and a Sparkplug device also by its own birth and death (`gm_alive`, migration 0038).
pub(crate) const ONLINE_OF_E: &str = "(CASE WHEN e.gm_source_id IS NULL THEN COALESCE(g.online, 0) \
    WHEN e.gm_device = '' THEN COALESCE(gs.online, 0) ELSE COALESCE(gs.online, 0) * e.gm_alive END)";

/// [`Protocol`] of equipment `e` as its name, over [`LINK_JOINS`].
pub(crate) const PROTOCOL_OF_E: &str = "(CASE WHEN e.gm_source_id IS NULL THEN 'eg' ELSE gs.kind END)";

/// Which kind of equipment a list covers (the monitor's `eg` and `gm` areas).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EquipmentKind {
    /// Equipment behind gateways, or not bound to one yet.
    Eg,
    /// GM equipment: adopted from a collection source.
    Gm,
}

impl EquipmentKind {
    /// The condition on equipment `e`, as ` AND …`.
    pub(crate) fn condition(self) -> &'static str {
        match self {
            EquipmentKind::Eg => " AND e.gm_source_id IS NULL",
            EquipmentKind::Gm => " AND e.gm_source_id IS NOT NULL",
        }
    }
}

/// Which groups a list covers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum GroupScope {
    /// Every equipment, grouped or not.
    #[default]
    Any,
    /// Only equipment in no group.
    Ungrouped,
    /// Only equipment of this group.
    Group(i64),
}

/// The filters every equipment list shares: the management list ([`Store::equipment_list`]) and the monitor's
/// cards ([`Store::equipment_cards`](crate::Store::equipment_cards)) read them through the one
/// [`EquipmentFilter::push_conditions`], so the two cannot differ in what a filter means. Every filter narrows;
/// the default lists everything.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EquipmentFilter {
    /// Part of the name, model, manufacturer or address, in any case; empty for any.
    pub keyword: String,
    /// Only equipment online (`Some(true)`), or offline or unbound (`Some(false)`), by [`ONLINE_OF_E`].
    pub online: Option<bool>,
    /// Only EG or only GM equipment; `None` for both.
    pub kind: Option<EquipmentKind>,
    /// Only equipment bound to this gateway (its id).
    pub gateway_id: Option<i64>,
    pub group: GroupScope,
}

impl EquipmentFilter {
    /// Appends the filter's conditions, each as ` AND …`, over the equipment `e` and its [`LINK_JOINS`],
    /// numbering their arguments in `st`.
    pub(crate) fn push_conditions(&self, st: &mut Statement, sql: &mut String) {
        if !self.keyword.is_empty() {
            let p = st.arg(Arg::Text(crate::contains_pattern(&self.keyword)));
            // LOWER on both sides: PostgreSQL's LIKE is case-sensitive, SQLite's is not (for ASCII); this way a
            // search reads the same on both.
            sql.push_str(&format!(
                " AND (LOWER(e.equip_name) LIKE LOWER({p}) ESCAPE '\\' OR LOWER(e.model) LIKE LOWER({p}) ESCAPE '\\' \
                 OR LOWER(e.manufacturer) LIKE LOWER({p}) ESCAPE '\\' OR LOWER(e.address) LIKE LOWER({p}) ESCAPE '\\')"
            ));
        }
        match self.online {
            Some(true) => sql.push_str(&format!(" AND {ONLINE_OF_E} = 1")),
            Some(false) => sql.push_str(&format!(" AND {ONLINE_OF_E} = 0")),
            None => {}
        }
        if let Some(kind) = self.kind {
            sql.push_str(kind.condition());
        }
        if let Some(gateway) = self.gateway_id {
            sql.push_str(&format!(" AND e.gateway_id = {}", st.arg(Arg::Int(gateway))));
        }
        match self.group {
            GroupScope::Any => {}
            GroupScope::Ungrouped => sql.push_str(" AND e.group_id IS NULL"),
            GroupScope::Group(id) => sql.push_str(&format!(" AND e.group_id = {}", st.arg(Arg::Int(id)))),
        }
    }
}

/// A bound value of a statement assembled from optional filters.
pub(crate) enum Arg {
    Int(i64),
    Text(String),
}

/// SQL arguments numbered as they are added, so optional filters keep `$n` in step.
#[derive(Default)]
pub(crate) struct Statement {
    pub(crate) args: Vec<Arg>,
}

impl Statement {
    /// Adds an argument; answers its placeholder.
    pub(crate) fn arg(&mut self, arg: Arg) -> String {
        self.args.push(arg);
        format!("${}", self.args.len())
    }

    pub(crate) fn bind<'q>(
        &'q self,
        mut query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    ) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
        for arg in &self.args {
            query = match arg {
                Arg::Int(v) => query.bind(*v),
                Arg::Text(v) => query.bind(v.as_str()),
            };
        }
        query
    }
}

/// The equipment with its [`LINK_JOINS`] and group `grp`, left joined.
fn from() -> String {
    format!("FROM equipment e {LINK_JOINS} LEFT JOIN equipment_groups grp ON grp.id = e.group_id")
}

fn columns() -> String {
    format!(
        "e.id, e.equip_name, e.display, e.rule_type, e.model, e.manufacturer, e.address, e.latitude, e.longitude, \
         e.remark, g.sn AS gateway_sn, g.name AS gateway_name, {ONLINE_OF_E} AS online, {PROTOCOL_OF_E} AS protocol, \
         e.gm_source_id, gs.name AS gm_source_name, e.gm_device, e.driver, e.image, e.group_id, grp.name AS group_name, \
         e.expire_date, e.created_ms, e.updated_ms"
    )
}

fn equipment_from_row(r: &AnyRow) -> Result<Equipment, sqlx::Error> {
    let driver: Option<String> = r.try_get("driver")?;
    Ok(Equipment {
        id: r.try_get("id")?,
        fields: EquipmentFields {
            equip_name: r.try_get("equip_name")?,
            display: r.try_get("display")?,
            rule_type: r.try_get("rule_type")?,
            model: r.try_get("model")?,
            manufacturer: r.try_get("manufacturer")?,
            address: r.try_get("address")?,
            latitude: r.try_get("latitude")?,
            longitude: r.try_get("longitude")?,
            remark: r.try_get("remark")?,
        },
        gateway_sn: r.try_get("gateway_sn")?,
        gateway_name: r.try_get("gateway_name")?,
        online: r.try_get::<i64, _>("online")? != 0,
        protocol: Protocol::of_row(r)?,
        gm_source_id: r.try_get("gm_source_id")?,
        gm_source_name: r.try_get("gm_source_name")?,
        gm_device: r.try_get("gm_device")?,
        driver: driver.and_then(|d| serde_json::from_str(&d).ok()),
        image: r.try_get("image")?,
        group_id: r.try_get("group_id")?,
        group_name: r.try_get("group_name")?,
        expire_date: r.try_get("expire_date")?,
        gmt_create: r.try_get("created_ms")?,
        gmt_modified: r.try_get("updated_ms")?,
    })
}

/// Binds the editable fields as `$1`–`$9` and the modification time as `$10`, the order both writes use. The
/// statement binds `Option<f64>`, so callers must not cache it (see the crate docs).
pub(crate) fn bind_fields<'q>(
    query: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
    f: &'q EquipmentFields,
    now: i64,
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
    query
        .bind(&f.equip_name)
        .bind(&f.display)
        .bind(&f.rule_type)
        .bind(&f.model)
        .bind(&f.manufacturer)
        .bind(&f.address)
        .bind(f.latitude)
        .bind(f.longitude)
        .bind(&f.remark)
        .bind(now)
}

impl Store {
    pub async fn add_equipment(&self, org_id: i64, f: &EquipmentFields) -> anyhow::Result<i64> {
        let now = now_ms();
        let query = sqlx::query(
            "INSERT INTO equipment (equip_name, display, rule_type, model, manufacturer, address, latitude, longitude, \
             remark, updated_ms, org_id, created_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $10) RETURNING id",
        );
        let row = bind_fields(query, f, now).bind(org_id).persistent(false).fetch_one(self.pool()).await?;
        Ok(row.try_get("id")?)
    }

    /// Updates the editable fields; false when the viewer has no such equipment.
    pub async fn edit_equipment(&self, viewer: &Viewer, id: i64, f: &EquipmentFields) -> anyhow::Result<bool> {
        let sql = format!(
            "UPDATE equipment SET equip_name = $1, display = $2, rule_type = $3, model = $4, manufacturer = $5, \
             address = $6, latitude = $7, longitude = $8, remark = $9, updated_ms = $10 WHERE org_id = $11 AND id = $12{}",
            viewer.grant_sql("equipment")
        );
        let query = sqlx::query(&sql);
        let done =
            bind_fields(query, f, now_ms()).bind(viewer.org_id).bind(id).persistent(false).execute(self.pool()).await?;
        Ok(done.rows_affected() == 1)
    }

    /// The equipment `id` if `viewer` may see it.
    pub async fn equipment(&self, viewer: &Viewer, id: i64) -> anyhow::Result<Option<Equipment>> {
        let grant = viewer.grant_sql("e");
        let row = sqlx::query(&format!("SELECT {} {} WHERE e.org_id = $1 AND e.id = $2{grant}", columns(), from()))
            .bind(viewer.org_id)
            .bind(id)
            .fetch_optional(self.pool())
            .await?;
        Ok(row.as_ref().map(equipment_from_row).transpose()?)
    }

    /// One page of the equipment `viewer` sees matching `filter`, in `sort` order, and how many match in all.
    pub async fn equipment_list(
        &self,
        viewer: &Viewer,
        filter: &EquipmentFilter,
        sort: EquipmentSort,
        page: i64,
        page_size: i64,
    ) -> anyhow::Result<Page<Equipment>> {
        let mut st = Statement::default();
        let mut conditions = format!("e.org_id = {}{}", st.arg(Arg::Int(viewer.org_id)), viewer.grant_sql("e"));
        filter.push_conditions(&mut st, &mut conditions);
        let total: i64 = st
            .bind(sqlx::query(&format!("SELECT COUNT(*) {} WHERE {conditions}", from())))
            .fetch_one(self.pool())
            .await?
            .try_get(0)?;
        let limit = st.arg(Arg::Int(page_size));
        let offset = st.arg(Arg::Int((page - 1) * page_size));
        let order = sort.order_by();
        let sql = format!(
            "SELECT {} {} WHERE {conditions} ORDER BY {order} LIMIT {limit} OFFSET {offset}",
            columns(),
            from()
        );
        let rows = st.bind(sqlx::query(&sql)).fetch_all(self.pool()).await?;
        let list = rows.iter().map(equipment_from_row).collect::<Result<_, _>>()?;
        Ok(Page { total, list })
    }

    pub async fn delete_equipment(&self, viewer: &Viewer, id: i64) -> anyhow::Result<bool> {
        let sql = format!("DELETE FROM equipment WHERE org_id = $1 AND id = $2{}", viewer.grant_sql("equipment"));
        let done = sqlx::query(&sql).bind(viewer.org_id).bind(id).execute(self.pool()).await?;
        Ok(done.rows_affected() == 1)
    }

    /// Binds the equipment to the organisation's gateway `sn`; false when either does not exist there (or the
    /// viewer may not see the equipment).
    pub async fn bind_gateway(&self, viewer: &Viewer, id: i64, sn: &str) -> anyhow::Result<bool> {
        let sql = format!(
            "UPDATE equipment SET gateway_id = (SELECT g.id FROM gateways g WHERE g.org_id = $1 AND g.sn = $2), \
             updated_ms = $3 WHERE org_id = $1 AND id = $4 AND EXISTS (SELECT 1 FROM gateways g WHERE g.org_id = $1 \
             AND g.sn = $2{}){}",
            viewer.gateway_sql("g"),
            viewer.grant_sql("equipment")
        );
        let done = sqlx::query(&sql).bind(viewer.org_id).bind(sn).bind(now_ms()).bind(id).execute(self.pool()).await?;
        Ok(done.rows_affected() == 1)
    }

    pub async fn unbind_gateway(&self, viewer: &Viewer, id: i64) -> anyhow::Result<bool> {
        let sql = format!(
            "UPDATE equipment SET gateway_id = NULL, updated_ms = $1 WHERE org_id = $2 AND id = $3{}",
            viewer.grant_sql("equipment")
        );
        let done = sqlx::query(&sql).bind(now_ms()).bind(viewer.org_id).bind(id).execute(self.pool()).await?;
        Ok(done.rows_affected() == 1)
    }
}

impl Store {
    /// True when `viewer` may see the picture served at `path` (`/userimg/<file>`): a picture of the
    /// organisation's image library is seen by every account of the organisation; an equipment's picture belongs to
    /// the equipment that shows it, so another organisation's, or an ungranted equipment's, is not found.
    pub async fn picture_visible(&self, viewer: &Viewer, path: &str) -> anyhow::Result<bool> {
        if let Some(file_name) = path.strip_prefix("/userimg/")
            && self.library_image_visible(viewer, file_name).await?
        {
            return Ok(true);
        }
        let sql =
            format!("SELECT COUNT(*) FROM equipment e WHERE e.org_id = $1 AND e.image = $2{}", viewer.grant_sql("e"));
        let n: i64 = sqlx::query_scalar(&sql).bind(viewer.org_id).bind(path).fetch_one(self.pool()).await?;
        Ok(n > 0)
    }

    /// Sets the equipment's picture path and answers the one it replaces (so the caller can remove that file);
    /// `None` when the viewer has no such equipment.
    pub async fn set_equipment_image(&self, viewer: &Viewer, id: i64, image: &str) -> anyhow::Result<Option<String>> {
        let org_id = viewer.org_id;
        let mut tx = self.begin_write().await?;
        let sql = format!("SELECT image FROM equipment WHERE org_id = $1 AND id = $2{}", viewer.grant_sql("equipment"));
        let old: Option<String> = sqlx::query_scalar(&sql).bind(org_id).bind(id).fetch_optional(&mut *tx).await?;
        if old.is_some() {
            sqlx::query("UPDATE equipment SET image = $1, updated_ms = $2 WHERE org_id = $3 AND id = $4")
                .bind(image)
                .bind(now_ms())
                .bind(org_id)
                .bind(id)
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(old)
    }

    /// Stores the driver settings (already validated) as JSON; false when the viewer has no such equipment.
    /// The driver settings (JSON texts) of the other equipment on equipment `id`'s gateway that `viewer` may not
    /// see; empty for a viewer of the whole organisation or an unbound equipment. A limited account's driver must
    /// not reach their devices.
    pub async fn hidden_neighbour_drivers(&self, viewer: &Viewer, id: i64) -> anyhow::Result<Vec<String>> {
        if !viewer.granted_only {
            return Ok(Vec::new());
        }
        Ok(sqlx::query_scalar(&format!(
            "SELECT o.driver FROM equipment e JOIN equipment o ON o.gateway_id = e.gateway_id AND o.id <> e.id \
             WHERE e.org_id = $1 AND e.id = $2 AND o.driver IS NOT NULL AND NOT EXISTS (SELECT 1 FROM \
             equipment_grants eg WHERE eg.equipment_id = o.id AND eg.user_id = {})",
            viewer.user_id
        ))
        .bind(viewer.org_id)
        .bind(id)
        .fetch_all(self.pool())
        .await?)
    }

    pub async fn set_driver(&self, viewer: &Viewer, id: i64, driver_json: &str) -> anyhow::Result<bool> {
        let sql = format!(
            "UPDATE equipment SET driver = $1, updated_ms = $2 WHERE org_id = $3 AND id = $4{}",
            viewer.grant_sql("equipment")
        );
        let done = sqlx::query(&sql)
            .bind(driver_json)
            .bind(now_ms())
            .bind(viewer.org_id)
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected() == 1)
    }
}
