//! The operation log: every state-changing call, who made it, on what, with what result, from where.

use crate::equipment::{Arg, Statement};
use crate::{Page, Store};
use sqlx::{FromRow, Row};

/// One operation as recorded.
#[derive(Clone, Debug)]
pub struct NewOperation<'a> {
    pub user_id: Option<i64>,
    pub loginname: &'a str,
    /// The route's action name, e.g. `user.login`.
    pub action: &'a str,
    pub object_type: &'a str,
    pub object_id: &'a str,
    /// The response code.
    pub result: &'a str,
    pub address: &'a str,
    pub gmt_create: i64,
}

/// One operation as listed; its columns have its fields' names and types, so the row maps itself.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct Operation {
    pub id: i64,
    pub user_id: Option<i64>,
    pub loginname: String,
    pub action: String,
    pub object_type: String,
    pub object_id: String,
    pub result: String,
    pub address: String,
    pub gmt_create: i64,
}

impl Store {
    pub async fn record_operation(&self, op: &NewOperation<'_>) -> anyhow::Result<()> {
        sqlx::query(
            "INSERT INTO operation_logs (user_id, loginname, action, object_type, object_id, result, address, gmt_create) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
        )
        .bind(op.user_id)
        .bind(op.loginname)
        .bind(op.action)
        .bind(op.object_type)
        .bind(op.object_id)
        .bind(op.result)
        .bind(op.address)
        .bind(op.gmt_create)
        .execute(self.pool())
        .await?;
        Ok(())
    }

    /// Operations on one object, newest first, limited to operations by users of `org_id` so one organisation
    /// never reads another's log.
    pub async fn operations_by_object(
        &self,
        org_id: i64,
        object_type: &str,
        object_id: &str,
        page: i64,
        page_size: i64,
    ) -> anyhow::Result<Page<Operation>> {
        let mut st = Statement::default();
        let org = st.arg(Arg::Int(org_id));
        let object = st.arg(Arg::Text(object_id.to_owned()));
        let kind = st.arg(Arg::Text(object_type.to_owned()));
        let filter = format!(
            "FROM operation_logs o JOIN users u ON u.id = o.user_id \
             WHERE u.org_id = {org} AND o.object_id = {object} AND ({kind} = '' OR o.object_type = {kind})"
        );
        self.operations_page(st, &filter, page, page_size).await
    }

    /// The operations one user made, newest first (the account area's own log: `user/operationlog/queryMine`).
    pub async fn operations_by_user(&self, user_id: i64, page: i64, page_size: i64) -> anyhow::Result<Page<Operation>> {
        let mut st = Statement::default();
        let user = st.arg(Arg::Int(user_id));
        self.operations_page(st, &format!("FROM operation_logs o WHERE o.user_id = {user}"), page, page_size).await
    }

    /// One page of the operations `filter` (a FROM … WHERE … over `operation_logs o`, its arguments in `st`)
    /// selects, newest first, with their total.
    async fn operations_page(
        &self,
        mut st: Statement,
        filter: &str,
        page: i64,
        page_size: i64,
    ) -> anyhow::Result<Page<Operation>> {
        let total: i64 = st
            .bind(sqlx::query(&format!("SELECT COUNT(*) AS n {filter}")))
            .fetch_one(self.pool())
            .await?
            .try_get("n")?;
        let limit = st.arg(Arg::Int(page_size));
        let offset = st.arg(Arg::Int((page - 1) * page_size));
        let sql = format!(
            "SELECT o.id, o.user_id, o.loginname, o.action, o.object_type, o.object_id, o.result, o.address, o.gmt_create \
             {filter} ORDER BY o.gmt_create DESC, o.id DESC LIMIT {limit} OFFSET {offset}"
        );
        let rows = st.bind(sqlx::query(&sql)).fetch_all(self.pool()).await?;
        let list = rows.iter().map(Operation::from_row).collect::<Result<_, sqlx::Error>>()?;
        Ok(Page { total, list })
    }
}
