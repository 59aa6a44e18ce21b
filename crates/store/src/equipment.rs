//! Equipment (EG equipment): the devices behind gateways. Scoped to an organisation on every call.

use crate::{Page, Store, now_ms};
use serde::Serialize;
use sqlx::Row;
use sqlx::any::AnyRow;

/// Equipment as the console sees it: the editable fields plus binding, driver and times.
#[derive(Clone, Debug, Serialize, PartialEq)]
#[serde(rename_all = "camelCase")]
pub struct Equipment {
    pub id: i64,
    #[serde(flatten)]
    pub fields: EquipmentFields,
    /// Serial number of the bound gateway, if any.
    pub gateway_sn: Option<String>,
    /// Driver settings as the protocol crate's `DriverConfig` JSON, if set.
    pub driver: Option<serde_json::Value>,
    pub gmt_create: i64,
    pub gmt_modified: i64,
}

/// The fields a person edits.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
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

const SELECT: &str = "SELECT e.id, e.equip_name, e.display, e.rule_type, e.model, e.manufacturer, e.address, e.latitude, \
    e.longitude, e.remark, g.sn AS gateway_sn, e.driver, e.created_ms, e.updated_ms \
    FROM equipment e LEFT JOIN gateways g ON g.id = e.gateway_id";

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
        driver: driver.and_then(|d| serde_json::from_str(&d).ok()),
        gmt_create: r.try_get("created_ms")?,
        gmt_modified: r.try_get("updated_ms")?,
    })
}

/// Binds the editable fields as `$1`–`$9` and the modification time as `$10`, the order both writes use. The
/// statement binds `Option<f64>`, so callers must not cache it (see the crate docs).
fn bind_fields<'q>(
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

    /// Updates the editable fields; false when the organisation has no such equipment.
    pub async fn edit_equipment(&self, org_id: i64, id: i64, f: &EquipmentFields) -> anyhow::Result<bool> {
        let query = sqlx::query(
            "UPDATE equipment SET equip_name = $1, display = $2, rule_type = $3, model = $4, manufacturer = $5, \
             address = $6, latitude = $7, longitude = $8, remark = $9, updated_ms = $10 WHERE org_id = $11 AND id = $12",
        );
        let done = bind_fields(query, f, now_ms()).bind(org_id).bind(id).persistent(false).execute(self.pool()).await?;
        Ok(done.rows_affected() == 1)
    }

    pub async fn equipment(&self, org_id: i64, id: i64) -> anyhow::Result<Option<Equipment>> {
        let row = sqlx::query(&format!("{SELECT} WHERE e.org_id = $1 AND e.id = $2"))
            .bind(org_id)
            .bind(id)
            .fetch_optional(self.pool())
            .await?;
        Ok(row.as_ref().map(equipment_from_row).transpose()?)
    }

    /// The organisation's equipment matching `keyword` in name, model or address.
    pub async fn equipment_list(
        &self,
        org_id: i64,
        keyword: &str,
        sort: EquipmentSort,
        page: i64,
        page_size: i64,
    ) -> anyhow::Result<Page<Equipment>> {
        let pattern = crate::contains_pattern(keyword);
        let filter = "WHERE e.org_id = $1 AND (e.equip_name LIKE $2 ESCAPE '\\' OR e.model LIKE $2 ESCAPE '\\' \
                      OR e.address LIKE $2 ESCAPE '\\')";
        let total: i64 = sqlx::query_scalar(&format!("SELECT COUNT(*) FROM equipment e {filter}"))
            .bind(org_id)
            .bind(&pattern)
            .fetch_one(self.pool())
            .await?;
        let order = match sort {
            EquipmentSort::Newest => "e.created_ms DESC, e.id DESC",
            EquipmentSort::Name => "e.equip_name ASC, e.id ASC",
        };
        let rows = sqlx::query(&format!("{SELECT} {filter} ORDER BY {order} LIMIT $3 OFFSET $4"))
            .bind(org_id)
            .bind(&pattern)
            .bind(page_size)
            .bind((page - 1) * page_size)
            .fetch_all(self.pool())
            .await?;
        let list = rows.iter().map(equipment_from_row).collect::<Result<_, _>>()?;
        Ok(Page { total, list })
    }

    pub async fn delete_equipment(&self, org_id: i64, id: i64) -> anyhow::Result<bool> {
        let done = sqlx::query("DELETE FROM equipment WHERE org_id = $1 AND id = $2")
            .bind(org_id)
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Binds the equipment to the organisation's gateway `sn`; false when either does not exist there.
    pub async fn bind_gateway(&self, org_id: i64, id: i64, sn: &str) -> anyhow::Result<bool> {
        let done = sqlx::query(
            "UPDATE equipment SET gateway_id = (SELECT g.id FROM gateways g WHERE g.org_id = $1 AND g.sn = $2), \
             updated_ms = $3 WHERE org_id = $1 AND id = $4 AND EXISTS (SELECT 1 FROM gateways g WHERE g.org_id = $1 AND g.sn = $2)",
        )
        .bind(org_id)
        .bind(sn)
        .bind(now_ms())
        .bind(id)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() == 1)
    }

    pub async fn unbind_gateway(&self, org_id: i64, id: i64) -> anyhow::Result<bool> {
        let done = sqlx::query("UPDATE equipment SET gateway_id = NULL, updated_ms = $1 WHERE org_id = $2 AND id = $3")
            .bind(now_ms())
            .bind(org_id)
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected() == 1)
    }
}

impl Store {
    /// Stores the driver settings (already validated) as JSON; false when the organisation has no such equipment.
    pub async fn set_driver(&self, org_id: i64, id: i64, driver_json: &str) -> anyhow::Result<bool> {
        let done = sqlx::query("UPDATE equipment SET driver = $1, updated_ms = $2 WHERE org_id = $3 AND id = $4")
            .bind(driver_json)
            .bind(now_ms())
            .bind(org_id)
            .bind(id)
            .execute(self.pool())
            .await?;
        Ok(done.rows_affected() == 1)
    }
}
