//! Which equipment an account may see (per-device authorisation).
//!
//! An organisation's administrators (and any account whose data range is `all`) see all of its equipment; an
//! ordinary sub-account (`authorised`) sees only the equipment granted to it in `equipment_grants`. Every
//! statement that reads or changes equipment, or anything hanging off one (signals, values, alarms, pages,
//! reports, cards, sets), narrows by a [`Viewer`], so the rule is written once, here.

use crate::Store;
use crate::users::User;

/// Who is looking: the organisation, the account, and whether the account is limited to its grants.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Viewer {
    pub org_id: i64,
    pub user_id: i64,
    /// True for a sub-account that sees only the equipment granted to it.
    pub granted_only: bool,
}

/// The data range of an account that sees every equipment of its organisation.
pub const DATA_RANGE_ALL: &str = "all";
/// The data range of an account that sees only the equipment granted to it.
pub const DATA_RANGE_AUTHORISED: &str = "authorised";

impl Viewer {
    /// The server itself (the gateway link, the alarm engine, start-up seeding): sees every equipment of
    /// `org_id` and is no account (user id 0, so it has no follow or stick marks).
    pub fn server(org_id: i64) -> Viewer {
        Viewer { org_id, user_id: 0, granted_only: false }
    }

    /// ` AND …` limiting the equipment rows aliased `alias` to those this viewer may see, beyond the
    /// organisation (which the caller's statement already binds); empty for a viewer of the whole organisation.
    /// The account id is an integer, so it is written into the text rather than bound: statements keep their
    /// own argument numbering.
    pub fn grant_sql(&self, alias: &str) -> String {
        self.grant_sql_on(&format!("{alias}.id"))
    }

    /// As [`Viewer::grant_sql`], for rows that name their equipment in `equipment_id_column` (e.g.
    /// `a.equipment_id` of an alarm record).
    pub fn grant_sql_on(&self, equipment_id_column: &str) -> String {
        if self.granted_only {
            format!(
                " AND EXISTS (SELECT 1 FROM equipment_grants eg WHERE eg.equipment_id = {equipment_id_column} \
                 AND eg.user_id = {})",
                self.user_id
            )
        } else {
            String::new()
        }
    }

    /// ` AND …` keeping a project (its id in `project_id_column`) only when this viewer sees every equipment of it:
    /// what a limited account needs to see or change the project's pages, which may show any of its equipment.
    /// Empty for a viewer of the whole organisation.
    pub fn project_covered_sql(&self, project_id_column: &str) -> String {
        if !self.granted_only {
            return String::new();
        }
        self.covered_sql("project_equipment", "project_id", project_id_column)
    }

    /// ` AND …` keeping a row whose equipment are listed in `link_table` (key column `link_key` = `id_column`, each
    /// row's equipment in `equipment_id`) only when this viewer sees every one of them: a project's pages, an
    /// inspection plan's route, a worksheet's route. Empty for a viewer of the whole organisation.
    pub fn covered_sql(&self, link_table: &str, link_key: &str, id_column: &str) -> String {
        if !self.granted_only {
            return String::new();
        }
        format!(
            " AND NOT EXISTS (SELECT 1 FROM {link_table} cv WHERE cv.{link_key} = {id_column}{})",
            self.ungranted_sql("cv.equipment_id")
        )
    }

    /// ` AND NOT EXISTS (grant …)`: the equipment in `equipment_id_column` is not granted to this (limited) viewer.
    fn ungranted_sql(&self, equipment_id_column: &str) -> String {
        format!(
            " AND NOT EXISTS (SELECT 1 FROM equipment_grants eg WHERE eg.equipment_id = {equipment_id_column} \
             AND eg.user_id = {})",
            self.user_id
        )
    }

    /// ` AND …` limiting the gateway rows aliased `alias` to those this viewer may see and change: a gateway
    /// belongs to the equipment it serves, so a limited account needs every one of them granted (else it could
    /// rotate the secret and speak as the gateway for equipment it was never given, or bind its own equipment to
    /// it and reach another's device); a gateway that serves nothing belongs to the account that registered it.
    pub fn gateway_sql(&self, alias: &str) -> String {
        self.link_owner_sql(alias, "gateway_id")
    }

    /// ` AND …` limiting the GM collection source rows aliased `alias` (Sparkplug edge nodes, JSON devices) as
    /// [`Viewer::gateway_sql`] limits gateways, for the same reason: a source speaks for the equipment adopted
    /// from it.
    pub fn gm_source_sql(&self, alias: &str) -> String {
        self.link_owner_sql(alias, "gm_source_id")
    }

    /// The rule of gateways and GM sources: every equipment linked through `equipment.{column}` granted, and an
    /// unlinked one registered by this account.
    fn link_owner_sql(&self, alias: &str, column: &str) -> String {
        if !self.granted_only {
            return String::new();
        }
        let user = self.user_id;
        format!(
            " AND NOT EXISTS (SELECT 1 FROM equipment ge WHERE ge.{column} = {alias}.id AND NOT EXISTS \
             (SELECT 1 FROM equipment_grants eg WHERE eg.equipment_id = ge.id AND eg.user_id = {user})) \
             AND (EXISTS (SELECT 1 FROM equipment ge WHERE ge.{column} = {alias}.id) OR {alias}.registered_by = {user})"
        )
    }

    /// ` AND …` limiting the equipment-model rows aliased `alias` to those this viewer may see: a model made from
    /// an equipment carries that equipment's signal list, so it is seen where the equipment is; a model made by
    /// hand (or whose equipment is gone) is the organisation's template, seen by every account.
    pub fn model_sql(&self, alias: &str) -> String {
        if !self.granted_only {
            return String::new();
        }
        format!(
            " AND ({alias}.source_equipment_id IS NULL OR EXISTS (SELECT 1 FROM equipment_grants eg \
             WHERE eg.equipment_id = {alias}.source_equipment_id AND eg.user_id = {}))",
            self.user_id
        )
    }
}

/// An object a request names, as the route table's access rule checks it against the caller (see
/// `docs/security.md`). Everything that hangs off an equipment is seen exactly where that equipment is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ObjectRef {
    Equipment(i64),
    Signal(i64),
    /// Every one of these signals.
    Signals(Vec<i64>),
    Page(i64),
    /// A project's page (not an equipment's): seen where its whole project is, as every page of a project.
    ProjectPage(i64),
    Report(i64),
    Alarm(i64),
    /// A device command, by its uuid.
    Command(String),
    /// A gateway, by serial number: seen and changed only where every equipment behind it is.
    Gateway(String),
    /// A GM collection source (Sparkplug edge node or JSON device) by id.
    GmSource(i64),
    /// An equipment model, to read or apply.
    Model(i64),
    /// An equipment model, to change: a limited account changes only models made from its own equipment; the
    /// organisation's templates are changed by whole-organisation accounts.
    ModelToChange(i64),
    Scene(i64),
    Project(i64),
    /// A project, for its pages: of the viewer's organisation and, for a limited account, with every equipment of
    /// it granted (a project page may show any of them).
    ProjectPages(i64),
    /// A group of the organisation; 0 names "no group".
    Group(i64),
    Announcement(i64),
    /// A picture of the organisation's image library: the organisation's, seen by every account of it.
    Image(i64),
    /// A page template of the organisation: it binds signals by name and reaches no equipment, so every account of
    /// the organisation sees it.
    Template(i64),
    /// A page template, to delete: a sub-account limited to granted equipment deletes only those it saved; the
    /// organisation's others are deleted by whole-organisation accounts.
    TemplateToChange(i64),
    /// An account of the organisation other than an administrator (what administrators manage).
    SubAccount(i64),
    /// A repair work order: seen where its equipment is.
    RepairOrder(i64),
    /// An inspection item: the organisation's checklist, seen by every account of it.
    InspectionItem(i64),
    /// An inspection plan: seen where every equipment of its route is.
    InspectionPlan(i64),
    /// An inspection worksheet: seen where every equipment of its route is.
    Worksheet(i64),
    /// An external page of the organisation (docs/frame.md): it reaches no equipment, so it is the organisation's.
    ExternalPage(i64),
    /// A project's intermediate variable: seen where its whole project is (it may read any equipment of it).
    Mvar(i64),
    CustomReport(i64),
}

impl Store {
    /// True when `viewer` may see `object`: it is of the viewer's organisation and, for a limited account, every
    /// equipment it belongs to is granted.
    pub async fn sees(&self, viewer: &Viewer, object: &ObjectRef) -> anyhow::Result<bool> {
        let org = viewer.org_id;
        let by_equipment = |table: &str, key: &str| {
            format!(
                "SELECT COUNT(*) FROM {table} x JOIN equipment e ON e.id = x.equipment_id \
                 WHERE e.org_id = $1 AND x.{key} = $2{}",
                viewer.grant_sql("e")
            )
        };
        let id_query = |sql: String, id: i64| async move {
            let n: i64 = sqlx::query_scalar(&sql).bind(org).bind(id).fetch_one(self.pool()).await?;
            anyhow::Ok(n == 1)
        };
        let text_query = |sql: String, key: String| async move {
            let n: i64 = sqlx::query_scalar(&sql).bind(org).bind(key).fetch_one(self.pool()).await?;
            anyhow::Ok(n == 1)
        };
        match object {
            ObjectRef::Equipment(id) => self.equipment_visible(viewer, *id).await,
            ObjectRef::Signal(id) => id_query(by_equipment("signals", "id"), *id).await,
            ObjectRef::Signals(ids) => {
                for id in ids {
                    if !id_query(by_equipment("signals", "id"), *id).await? {
                        return Ok(false);
                    }
                }
                Ok(true)
            }
            ObjectRef::Page(id) => {
                let sql = format!(
                    "SELECT COUNT(*) FROM config_pages WHERE org_id = $1 AND id = $2{}",
                    crate::pages::visible_pages(viewer)
                );
                id_query(sql, *id).await
            }
            ObjectRef::ProjectPage(id) => {
                let sql = format!(
                    "SELECT COUNT(*) FROM config_pages WHERE org_id = $1 AND id = $2 AND project_id IS NOT NULL{}",
                    crate::pages::visible_pages(viewer)
                );
                id_query(sql, *id).await
            }
            ObjectRef::Report(id) => id_query(by_equipment("reports", "id"), *id).await,
            ObjectRef::Alarm(id) => id_query(by_equipment("alarm_records", "id"), *id).await,
            ObjectRef::RepairOrder(id) => id_query(by_equipment("repair_orders", "id"), *id).await,
            ObjectRef::Command(uuid) => text_query(by_equipment("commands", "uuid"), uuid.clone()).await,
            ObjectRef::Gateway(sn) => {
                let sql = format!(
                    "SELECT COUNT(*) FROM gateways g WHERE g.org_id = $1 AND g.sn = $2{}",
                    viewer.gateway_sql("g")
                );
                text_query(sql, sn.clone()).await
            }
            ObjectRef::GmSource(id) => {
                let sql = format!(
                    "SELECT COUNT(*) FROM gm_sources s WHERE s.org_id = $1 AND s.id = $2{}",
                    viewer.gm_source_sql("s")
                );
                id_query(sql, *id).await
            }
            ObjectRef::Model(id) => {
                let sql = format!(
                    "SELECT COUNT(*) FROM equipment_models m WHERE m.org_id = $1 AND m.id = $2{}",
                    viewer.model_sql("m")
                );
                id_query(sql, *id).await
            }
            ObjectRef::ModelToChange(id) => {
                let owned = if viewer.granted_only {
                    format!(" AND m.source_equipment_id IS NOT NULL{}", viewer.grant_sql_on("m.source_equipment_id"))
                } else {
                    String::new()
                };
                let sql = format!("SELECT COUNT(*) FROM equipment_models m WHERE m.org_id = $1 AND m.id = $2{owned}");
                id_query(sql, *id).await
            }
            ObjectRef::Scene(id) => {
                id_query("SELECT COUNT(*) FROM scenes WHERE org_id = $1 AND id = $2".into(), *id).await
            }
            ObjectRef::Project(id) => {
                id_query("SELECT COUNT(*) FROM projects WHERE org_id = $1 AND id = $2".into(), *id).await
            }
            ObjectRef::ProjectPages(id) => self.project_covered(viewer, *id).await,
            ObjectRef::Group(0) => Ok(true),
            ObjectRef::Group(id) => {
                id_query("SELECT COUNT(*) FROM equipment_groups WHERE org_id = $1 AND id = $2".into(), *id).await
            }
            ObjectRef::Announcement(id) => {
                id_query("SELECT COUNT(*) FROM announcements WHERE org_id = $1 AND id = $2".into(), *id).await
            }
            ObjectRef::Image(id) => {
                // A hidden picture (deleted, kept only for a kept page version) is no longer the library's.
                id_query(
                    "SELECT COUNT(*) FROM library_images WHERE org_id = $1 AND id = $2 AND hidden_ms IS NULL".into(),
                    *id,
                )
                .await
            }
            ObjectRef::Template(id) => {
                id_query("SELECT COUNT(*) FROM page_templates WHERE org_id = $1 AND id = $2".into(), *id).await
            }
            ObjectRef::TemplateToChange(id) => {
                let own = if viewer.granted_only {
                    format!(" AND created_by_id = {}", viewer.user_id)
                } else {
                    String::new()
                };
                id_query(format!("SELECT COUNT(*) FROM page_templates WHERE org_id = $1 AND id = $2{own}"), *id).await
            }
            ObjectRef::InspectionItem(id) => {
                id_query("SELECT COUNT(*) FROM inspection_items WHERE org_id = $1 AND id = $2".into(), *id).await
            }
            ObjectRef::InspectionPlan(id) => {
                let covered = viewer.covered_sql("inspection_plan_equipment", "plan_id", "p.id");
                id_query(
                    format!("SELECT COUNT(*) FROM inspection_plans p WHERE p.org_id = $1 AND p.id = $2{covered}"),
                    *id,
                )
                .await
            }
            ObjectRef::Worksheet(id) => {
                let covered = viewer.covered_sql("inspection_worksheet_equipment", "worksheet_id", "w.id");
                let sql =
                    format!("SELECT COUNT(*) FROM inspection_worksheets w WHERE w.org_id = $1 AND w.id = $2{covered}");
                id_query(sql, *id).await
            }
            ObjectRef::Mvar(id) => {
                let covered = viewer.project_covered_sql("p.id");
                let sql = format!(
                    "SELECT COUNT(*) FROM project_mvars v JOIN projects p ON p.id = v.project_id \
                     WHERE p.org_id = $1 AND v.id = $2{covered}"
                );
                id_query(sql, *id).await
            }
            ObjectRef::CustomReport(id) => {
                let covered = viewer.project_covered_sql("c.project_id");
                id_query(
                    format!("SELECT COUNT(*) FROM custom_reports c WHERE c.org_id = $1 AND c.id = $2{covered}"),
                    *id,
                )
                .await
            }
            ObjectRef::ExternalPage(id) => {
                id_query("SELECT COUNT(*) FROM org_external_pages WHERE org_id = $1 AND id = $2".into(), *id).await
            }
            ObjectRef::SubAccount(id) => {
                let sql =
                    format!("SELECT COUNT(*) FROM users WHERE org_id = $1 AND id = $2 AND role_type <> '{ROLE_ADMIN}'");
                id_query(sql, *id).await
            }
        }
    }
}

/// SQL condition over a user row `u` true when the account sees every equipment of its organisation (the
/// same rule as [`User::viewer`], for statements that pick users, e.g. who is told about an alarm).
pub const SEES_WHOLE_ORG_SQL: &str = "(u.role_type = 'admin' OR u.data_range = 'all')";

impl User {
    /// How this account sees equipment: administrators and accounts whose data range is `all` see the whole
    /// organisation; every other account only what is granted to it.
    pub fn viewer(&self) -> Viewer {
        let whole_org = self.role_type == ROLE_ADMIN || self.data_range == DATA_RANGE_ALL;
        Viewer { org_id: self.org_id, user_id: self.id, granted_only: !whole_org }
    }
}

/// The role of an organisation's administrator (manages its sub-accounts).
pub const ROLE_ADMIN: &str = "admin";
/// The role of an ordinary sub-account.
pub const ROLE_USER: &str = "user";

impl Store {
    /// True when `viewer` may see equipment `id` (of its organisation and, for a sub-account, granted to it).
    pub async fn equipment_visible(&self, viewer: &Viewer, id: i64) -> anyhow::Result<bool> {
        let sql =
            format!("SELECT COUNT(*) FROM equipment e WHERE e.org_id = $1 AND e.id = $2{}", viewer.grant_sql("e"));
        let n: i64 = sqlx::query_scalar(&sql).bind(viewer.org_id).bind(id).fetch_one(self.pool()).await?;
        Ok(n == 1)
    }

    /// True when `viewer` may see project `id` whole: it is of the viewer's organisation and, for a limited
    /// account, every equipment of it is granted.
    pub async fn project_covered(&self, viewer: &Viewer, id: i64) -> anyhow::Result<bool> {
        let sql = format!(
            "SELECT COUNT(*) FROM projects p WHERE p.org_id = $1 AND p.id = $2{}",
            viewer.project_covered_sql("p.id")
        );
        let n: i64 = sqlx::query_scalar(&sql).bind(viewer.org_id).bind(id).fetch_one(self.pool()).await?;
        Ok(n == 1)
    }

    /// The ids of the equipment granted to account `user_id`, ascending.
    pub async fn granted_equipment(&self, user_id: i64) -> anyhow::Result<Vec<i64>> {
        Ok(sqlx::query_scalar("SELECT equipment_id FROM equipment_grants WHERE user_id = $1 ORDER BY equipment_id")
            .bind(user_id)
            .fetch_all(self.pool())
            .await?)
    }

    /// Replaces the grants of account `user_id` by `equipment_ids` (distinct) in one transaction, so a reader sees
    /// the old set or the new one; answers how many are granted, or `None`, changing nothing, when an id is not an
    /// equipment of `org_id`.
    pub async fn set_granted_equipment(
        &self,
        org_id: i64,
        user_id: i64,
        equipment_ids: &[i64],
    ) -> anyhow::Result<Option<usize>> {
        let mut tx = self.begin_write().await?;
        sqlx::query("DELETE FROM equipment_grants WHERE user_id = $1").bind(user_id).execute(&mut *tx).await?;
        for id in equipment_ids {
            let done = sqlx::query(
                "INSERT INTO equipment_grants (user_id, equipment_id) SELECT $1, e.id FROM equipment e \
                 WHERE e.org_id = $2 AND e.id = $3 ON CONFLICT DO NOTHING",
            )
            .bind(user_id)
            .bind(org_id)
            .bind(*id)
            .execute(&mut *tx)
            .await?;
            if done.rows_affected() != 1 {
                tx.rollback().await?;
                return Ok(None);
            }
        }
        tx.commit().await?;
        Ok(Some(equipment_ids.len()))
    }

    /// Grants equipment `equipment_id` to account `user_id` (a sub-account that adds an equipment sees it).
    pub async fn grant_equipment(&self, user_id: i64, equipment_id: i64) -> anyhow::Result<()> {
        sqlx::query("INSERT INTO equipment_grants (user_id, equipment_id) VALUES ($1, $2) ON CONFLICT DO NOTHING")
            .bind(user_id)
            .bind(equipment_id)
            .execute(self.pool())
            .await?;
        Ok(())
    }
}
