//! The equipment monitor: groups, the per-user follow (star) and stick (pin) marks, and the equipment card every
//! monitor list shows (list, all, by group, map). Scoped to an organisation on every call.
//!
//! The card is read by one function, [`Store::equipment_cards`], whatever the list: one statement per page
//! joins the gateway's status, the group, the caller's marks, and counts open alarms and the newest stored
//! reading in correlated subqueries, so a page costs the same few queries however many cards it holds.

use crate::access::Viewer;
use crate::equipment::{
    Arg, EquipmentFilter, EquipmentKind, EquipmentSort, LINK_JOINS, ONLINE_OF_E, PROTOCOL_OF_E, Protocol, Statement,
};
use crate::pages::HOME_PAGE_OF_E;
use crate::{Page, Store, now_ms};
use ironsight_domain::value_map::{StateText, state_of};
use sqlx::any::AnyRow;
use sqlx::{FromRow, Row};
use std::collections::HashMap;

/// A group as the group list shows it; the row maps itself (`equipment_count` is the query's count).
#[derive(Clone, Debug, PartialEq, Eq, sqlx::FromRow)]
pub struct Group {
    pub id: i64,
    pub name: String,
    /// How many equipment are in it.
    pub equipment_count: i64,
}

pub use crate::equipment::GroupScope;

/// What a card list asks for. Every filter narrows; the defaults ([`CardQuery::new`]) list everything.
#[derive(Clone, Debug)]
pub struct CardQuery {
    /// Who looks: only equipment they see, with their follow and stick marks (their stuck equipment first).
    pub viewer: Viewer,
    /// Keyword, online state, gateway and group: the filters the management list shares.
    pub filter: EquipmentFilter,
    /// Only equipment the user follows.
    pub followed_only: bool,
    /// Only equipment with both latitude and longitude (the map).
    pub located_only: bool,
    pub sort: EquipmentSort,
    /// `(page from 1, page size)`, or every card.
    pub page: Option<(i64, i64)>,
    /// Only these equipment (a scene's cards); `None` for any.
    pub ids: Option<Vec<i64>>,
}

impl CardQuery {
    /// Every card the viewer sees, newest first.
    pub fn new(viewer: Viewer) -> CardQuery {
        CardQuery {
            viewer,
            filter: EquipmentFilter::default(),
            followed_only: false,
            located_only: false,
            sort: EquipmentSort::Newest,
            page: None,
            ids: None,
        }
    }
}

/// One equipment as the monitor lists show it: its fields, its gateway's state, its alarms and freshness, and
/// the caller's marks.
#[derive(Clone, Debug, PartialEq)]
pub struct Card {
    pub id: i64,
    pub equip_name: String,
    pub display: String,
    pub rule_type: String,
    pub model: String,
    pub manufacturer: String,
    pub address: String,
    pub latitude: Option<f64>,
    pub longitude: Option<f64>,
    /// Path of the equipment's picture (`/userimg/<file>`), empty when none.
    pub image: String,
    pub gateway_sn: Option<String>,
    /// Online: its gateway's presence, or a GM equipment's own; false with neither.
    pub online: bool,
    /// How it reaches the console (EG, or GM by Sparkplug B or JSON).
    pub protocol: Protocol,
    /// The GM collection source it was adopted from.
    pub gm_source_id: Option<i64>,
    pub vpn: bool,
    /// 0–100 when the gateway reports one.
    pub signal_strength: Option<i64>,
    /// Alarms of the equipment not yet released.
    pub alarm_count: i64,
    /// Time of the newest stored reading of any of its signals (ms), if any.
    pub last_update: Option<i64>,
    /// The caller follows (stars) it.
    pub follow: bool,
    /// The caller stuck (pinned) it to the top.
    pub stick: bool,
    pub group_id: Option<i64>,
    pub group_name: Option<String>,
    pub gmt_create: i64,
    /// The page the monitor opens when the equipment is shown as a configuration page (its chosen home page, else
    /// its first); `None` without pages.
    pub home_page_id: Option<i64>,
}

/// The latest value of one signal, as a map card shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct KeyValue {
    pub signal_id: i64,
    pub name: String,
    pub value: Option<f64>,
    pub unit: String,
    /// Time of the value (ms); `None` when the signal has reported nothing yet.
    pub time: Option<i64>,
    /// Whether the device vouched for the value; `None` with no value yet.
    pub good: Option<bool>,
    /// The state the value is in, when the signal's value map names it.
    pub state: Option<StateText>,
}

/// A card on the map: the card plus the latest values of its first signals.
#[derive(Clone, Debug, PartialEq)]
pub struct MapCard {
    pub card: Card,
    pub key_values: Vec<KeyValue>,
}

/// How many signals a map card shows.
pub const MAP_KEY_VALUES: i64 = 4;

/// A personal mark on an equipment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    Follow,
    Stick,
}

impl Mark {
    fn column(self) -> &'static str {
        match self {
            Mark::Follow => "follow",
            Mark::Stick => "stick",
        }
    }
}

/// Why moving equipment into a group did not happen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MoveError {
    NoEquipment,
    NoGroup,
}

/// A group with the names of its equipment (`queryAllByGroup`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupWithEquipment {
    /// 0 for the final entry holding the ungrouped equipment.
    pub id: i64,
    pub name: String,
    pub equipment: Vec<EquipmentName>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EquipmentName {
    pub id: i64,
    pub equip_name: String,
}

/// A signal's latest value from a row of `id`, `name`, `unit`, `t`, `v`, `good` (shared by the map and scenes).
/// The first `$2` signals by id of each equipment of organisation `$1` that `equipment_filter` (on `e`) keeps, with
/// their latest values and state texts, read by [`key_value_from_row`]: the map's and the scenes' cards.
pub(crate) fn key_values_sql(equipment_filter: &str) -> String {
    format!(
        "SELECT equipment_id, id, name, unit, value_map, t, v, good FROM ( \
           SELECT s.equipment_id, s.id, s.name, s.unit, s.value_map, l.t, l.v, l.good, \
                  ROW_NUMBER() OVER (PARTITION BY s.equipment_id ORDER BY s.id) AS rank_in_equipment \
           FROM signals s JOIN equipment e ON e.id = s.equipment_id \
           LEFT JOIN signal_latest l ON l.signal_id = s.id AND l.equipment_id = s.equipment_id \
           WHERE e.org_id = $1 AND {equipment_filter} \
         ) ranked WHERE rank_in_equipment <= $2 ORDER BY equipment_id, id"
    )
}

pub(crate) fn key_value_from_row(r: &AnyRow) -> Result<KeyValue, sqlx::Error> {
    let good: Option<i64> = r.try_get("good")?;
    let value: Option<f64> = r.try_get("v")?;
    let map = crate::signals::value_map_from(&r.try_get::<String, _>("value_map")?);
    Ok(KeyValue {
        signal_id: r.try_get("id")?,
        name: r.try_get("name")?,
        state: value.and_then(|v| state_of(&map, v)).cloned(),
        value,
        unit: r.try_get("unit")?,
        time: r.try_get("t")?,
        good: good.map(|g| g != 0),
    })
}

fn card_from_row(r: &AnyRow) -> Result<Card, sqlx::Error> {
    Ok(Card {
        id: r.try_get("id")?,
        equip_name: r.try_get("equip_name")?,
        display: r.try_get("display")?,
        rule_type: r.try_get("rule_type")?,
        model: r.try_get("model")?,
        manufacturer: r.try_get("manufacturer")?,
        address: r.try_get("address")?,
        latitude: r.try_get("latitude")?,
        longitude: r.try_get("longitude")?,
        image: r.try_get("image")?,
        gateway_sn: r.try_get("gateway_sn")?,
        online: r.try_get::<i64, _>("online")? != 0,
        protocol: Protocol::of_row(r)?,
        gm_source_id: r.try_get("gm_source_id")?,
        vpn: r.try_get::<i64, _>("vpn")? != 0,
        signal_strength: r.try_get("signal_strength")?,
        alarm_count: r.try_get("alarm_count")?,
        last_update: r.try_get("last_update")?,
        follow: r.try_get::<i64, _>("follow")? != 0,
        stick: r.try_get::<i64, _>("stick")? != 0,
        group_id: r.try_get("group_id")?,
        group_name: r.try_get("group_name")?,
        gmt_create: r.try_get("created_ms")?,
        home_page_id: r.try_get("home_page_id")?,
    })
}

impl Store {
    /// The organisation's groups, by name, each with its number of equipment the viewer sees.
    pub async fn groups(&self, viewer: &Viewer) -> anyhow::Result<Vec<Group>> {
        let rows = sqlx::query(&format!(
            "SELECT g.id, g.name, (SELECT COUNT(*) FROM equipment e WHERE e.group_id = g.id{}) AS equipment_count \
             FROM equipment_groups g WHERE g.org_id = $1 ORDER BY g.name, g.id",
            viewer.grant_sql("e")
        ))
        .bind(viewer.org_id)
        .fetch_all(self.pool())
        .await?;
        Ok(rows.iter().map(Group::from_row).collect::<Result<_, _>>()?)
    }

    /// One group of the organisation, with its number of equipment the viewer sees.
    pub async fn group(&self, viewer: &Viewer, id: i64) -> anyhow::Result<Option<Group>> {
        let row = sqlx::query(&format!(
            "SELECT g.id, g.name, (SELECT COUNT(*) FROM equipment e WHERE e.group_id = g.id{}) AS equipment_count \
             FROM equipment_groups g WHERE g.org_id = $1 AND g.id = $2",
            viewer.grant_sql("e")
        ))
        .bind(viewer.org_id)
        .bind(id)
        .fetch_optional(self.pool())
        .await?;
        Ok(row.as_ref().map(Group::from_row).transpose()?)
    }

    /// Adds a group; `Ok(None)` when the organisation already has one of that name.
    pub async fn add_group(&self, org_id: i64, name: &str) -> anyhow::Result<Option<i64>> {
        let result = sqlx::query_scalar(
            "INSERT INTO equipment_groups (org_id, name, created_ms) VALUES ($1, $2, $3) RETURNING id",
        )
        .bind(org_id)
        .bind(name)
        .bind(now_ms())
        .fetch_one(self.pool())
        .await;
        match result {
            Ok(id) => Ok(Some(id)),
            Err(e) if crate::is_unique_violation(&e) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// Renames a group: `Ok(Some(false))` without such a group, `Ok(None)` when the name is taken by another.
    pub async fn rename_group(&self, org_id: i64, id: i64, name: &str) -> anyhow::Result<Option<bool>> {
        let result = sqlx::query("UPDATE equipment_groups SET name = $1 WHERE org_id = $2 AND id = $3")
            .bind(name)
            .bind(org_id)
            .bind(id)
            .execute(self.pool())
            .await;
        match result {
            Ok(done) => Ok(Some(done.rows_affected() == 1)),
            Err(e) if crate::is_unique_violation(&e) => Ok(None),
            Err(e) => Err(e.into()),
        }
    }

    /// Deletes a group; its equipment becomes ungrouped. False without such a group.
    pub async fn delete_group(&self, org_id: i64, id: i64) -> anyhow::Result<bool> {
        let mut tx = self.begin_write().await?;
        // Explicit rather than left to ON DELETE SET NULL alone, so the outcome does not hang on the connection's
        // foreign-key setting.
        sqlx::query(
            "UPDATE equipment SET group_id = NULL WHERE org_id = $1 AND group_id = $2 \
             AND EXISTS (SELECT 1 FROM equipment_groups g WHERE g.org_id = $1 AND g.id = $2)",
        )
        .bind(org_id)
        .bind(id)
        .execute(&mut *tx)
        .await?;
        let done = sqlx::query("DELETE FROM equipment_groups WHERE org_id = $1 AND id = $2")
            .bind(org_id)
            .bind(id)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        Ok(done.rows_affected() == 1)
    }

    /// Moves equipment the viewer sees into a group of the same organisation, or out of any group with `None`.
    pub async fn move_to_group(
        &self,
        viewer: &Viewer,
        equipment_id: i64,
        group_id: Option<i64>,
    ) -> anyhow::Result<Result<(), MoveError>> {
        let org_id = viewer.org_id;
        let mut tx = self.begin_write().await?;
        if let Some(group_id) = group_id {
            let found: Option<i64> =
                sqlx::query_scalar("SELECT id FROM equipment_groups WHERE org_id = $1 AND id = $2")
                    .bind(org_id)
                    .bind(group_id)
                    .fetch_optional(&mut *tx)
                    .await?;
            if found.is_none() {
                return Ok(Err(MoveError::NoGroup));
            }
        }
        let sql = format!(
            "UPDATE equipment SET group_id = $1 WHERE org_id = $2 AND id = $3{}",
            viewer.grant_sql("equipment")
        );
        let done = sqlx::query(&sql).bind(group_id).bind(org_id).bind(equipment_id).execute(&mut *tx).await?;
        if done.rows_affected() != 1 {
            return Ok(Err(MoveError::NoEquipment));
        }
        tx.commit().await?;
        Ok(Ok(()))
    }

    /// Every group by name with its equipment by name, then a final entry (id 0, empty name) holding the
    /// ungrouped equipment.
    pub async fn groups_with_equipment(
        &self,
        viewer: &Viewer,
        kind: Option<EquipmentKind>,
    ) -> anyhow::Result<Vec<GroupWithEquipment>> {
        let mut list: Vec<GroupWithEquipment> = self
            .groups(viewer)
            .await?
            .into_iter()
            .map(|g| GroupWithEquipment { id: g.id, name: g.name, equipment: Vec::new() })
            .collect();
        list.push(GroupWithEquipment { id: 0, name: String::new(), equipment: Vec::new() });
        let index: HashMap<i64, usize> = list.iter().enumerate().map(|(i, g)| (g.id, i)).collect();
        let ungrouped = list.len() - 1;
        let sql = format!(
            "SELECT e.id, e.equip_name, e.group_id FROM equipment e WHERE e.org_id = $1{}{} ORDER BY e.equip_name, e.id",
            viewer.grant_sql("e"),
            kind.map_or("", EquipmentKind::condition)
        );
        let rows = sqlx::query(&sql).bind(viewer.org_id).fetch_all(self.pool()).await?;
        for r in &rows {
            let group: Option<i64> = r.try_get("group_id")?;
            // A group created between the two reads is not in the list; its equipment shows as ungrouped.
            let slot = group.and_then(|g| index.get(&g).copied()).unwrap_or(ungrouped);
            list[slot].equipment.push(EquipmentName { id: r.try_get("id")?, equip_name: r.try_get("equip_name")? });
        }
        Ok(list)
    }

    /// Sets or clears the viewer's mark on equipment it sees; false without such equipment. Setting twice, or
    /// clearing what is not set, changes nothing.
    pub async fn set_mark(&self, viewer: &Viewer, equipment_id: i64, mark: Mark, on: bool) -> anyhow::Result<bool> {
        let column = mark.column();
        let (follow, stick) = match mark {
            Mark::Follow => (i64::from(on), 0),
            Mark::Stick => (0, i64::from(on)),
        };
        let done = sqlx::query(&format!(
            "INSERT INTO equipment_marks (user_id, equipment_id, follow, stick) \
             SELECT $1, e.id, $2, $3 FROM equipment e WHERE e.org_id = $4 AND e.id = $5{} \
             ON CONFLICT (user_id, equipment_id) DO UPDATE SET {column} = excluded.{column}",
            viewer.grant_sql("e")
        ))
        .bind(viewer.user_id)
        .bind(follow)
        .bind(stick)
        .bind(viewer.org_id)
        .bind(equipment_id)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// The distinct non-empty manufacturer names of the equipment the viewer sees, sorted.
    pub async fn manufacturers(&self, viewer: &Viewer) -> anyhow::Result<Vec<String>> {
        Ok(sqlx::query_scalar(&format!(
            "SELECT DISTINCT e.manufacturer FROM equipment e WHERE e.org_id = $1 AND e.manufacturer <> ''{} \
             ORDER BY e.manufacturer",
            viewer.grant_sql("e")
        ))
        .bind(viewer.org_id)
        .fetch_all(self.pool())
        .await?)
    }

    /// The cards matching `q`: the caller's stuck equipment first, then by `q.sort`. One statement for the page
    /// and its total (a window count); a second only when the page lies past the end.
    pub async fn equipment_cards(&self, q: &CardQuery) -> anyhow::Result<Page<Card>> {
        let mut st = Statement::default();
        let org = st.arg(Arg::Int(q.viewer.org_id));
        let user = st.arg(Arg::Int(q.viewer.user_id));
        let mut filter = format!("e.org_id = {org}{}", q.viewer.grant_sql("e"));
        q.filter.push_conditions(&mut st, &mut filter);
        if q.followed_only {
            filter.push_str(" AND m.follow = 1");
        }
        if let Some(ids) = &q.ids {
            if ids.is_empty() {
                filter.push_str(" AND 1 = 0");
            } else {
                let list: Vec<String> = ids.iter().map(|id| st.arg(Arg::Int(*id))).collect();
                filter.push_str(&format!(" AND e.id IN ({})", list.join(", ")));
            }
        }
        if q.located_only {
            filter.push_str(" AND e.latitude IS NOT NULL AND e.longitude IS NOT NULL");
        }
        let order = q.sort.order_by();
        let from = format!(
            "FROM equipment e {LINK_JOINS} \
             LEFT JOIN equipment_groups grp ON grp.id = e.group_id \
             LEFT JOIN equipment_marks m ON m.equipment_id = e.id AND m.user_id = {user} \
             WHERE {filter}"
        );
        // The filter's arguments; the page's LIMIT and OFFSET follow them.
        let filter_args = st.args.len();
        let limit = match q.page {
            Some((page, size)) => {
                let limit = st.arg(Arg::Int(size));
                let offset = st.arg(Arg::Int((page - 1) * size));
                format!(" LIMIT {limit} OFFSET {offset}")
            }
            None => String::new(),
        };
        let sql = format!(
            "SELECT e.id, e.equip_name, e.display, e.rule_type, e.model, e.manufacturer, e.address, e.latitude, \
             e.longitude, e.image, e.created_ms, g.sn AS gateway_sn, {ONLINE_OF_E} AS online, \
             {PROTOCOL_OF_E} AS protocol, e.gm_source_id, COALESCE(g.vpn, 0) AS vpn, g.signal_strength, e.group_id, grp.name AS group_name, \
             COALESCE(m.follow, 0) AS follow, COALESCE(m.stick, 0) AS stick, \
             (SELECT COUNT(*) FROM alarm_records a WHERE a.equipment_id = e.id AND a.gmt_release IS NULL) AS alarm_count, \
             (SELECT MAX(l.t) FROM signal_latest l JOIN signals s ON s.id = l.signal_id AND s.equipment_id = l.equipment_id \
              WHERE l.equipment_id = e.id) AS last_update, \
             {HOME_PAGE_OF_E} AS home_page_id, \
             COUNT(*) OVER () AS total \
             {from} ORDER BY COALESCE(m.stick, 0) DESC, {order}{limit}"
        );
        let rows = st.bind(sqlx::query(&sql)).fetch_all(self.pool()).await?;
        let total = match rows.first() {
            Some(r) => r.try_get("total")?,
            None if q.page.is_some_and(|(page, _)| page > 1) => {
                // Past the last page there is no row to carry the count. Only the filter's arguments are bound:
                // PostgreSQL refuses a statement with parameters it does not use.
                let mut count = st;
                count.args.truncate(filter_args);
                let sql = format!("SELECT COUNT(*) {from}");
                count.bind(sqlx::query(&sql)).fetch_one(self.pool()).await?.try_get(0)?
            }
            None => 0,
        };
        let list = rows.iter().map(card_from_row).collect::<Result<_, _>>()?;
        Ok(Page { total, list })
    }

    /// The cards on the map (equipment with latitude and longitude), each with the latest values of its first
    /// [`MAP_KEY_VALUES`] signals by id. Two statements whatever the number of equipment.
    pub async fn map_cards(&self, viewer: &Viewer) -> anyhow::Result<Vec<MapCard>> {
        let query = CardQuery { located_only: true, ..CardQuery::new(*viewer) };
        let cards = self.equipment_cards(&query).await?.list;
        let rows = sqlx::query(&key_values_sql(&format!(
            "e.latitude IS NOT NULL AND e.longitude IS NOT NULL{}",
            viewer.grant_sql("e")
        )))
        .bind(viewer.org_id)
        .bind(MAP_KEY_VALUES)
        .fetch_all(self.pool())
        .await?;
        let mut values: HashMap<i64, Vec<KeyValue>> = HashMap::new();
        for r in &rows {
            values.entry(r.try_get("equipment_id")?).or_default().push(key_value_from_row(r)?);
        }
        Ok(cards
            .into_iter()
            .map(|card| {
                let key_values = values.remove(&card.id).unwrap_or_default();
                MapCard { card, key_values }
            })
            .collect())
    }
}
