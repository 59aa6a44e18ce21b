//! Commands sent to gateways (write a value, read now), tracked in the database so whichever server instance the
//! console's callback reaches can answer it. Status moves queued → sent → success | failure | timeout and never
//! back: a late result for a command already timed out is ignored.

use crate::access::Viewer;
use crate::{Store, now_ms};
use sqlx::Row;

/// A command's state.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CommandStatus {
    Queued,
    Sent,
    Success,
    Failure,
    Timeout,
}

impl CommandStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            CommandStatus::Queued => "queued",
            CommandStatus::Sent => "sent",
            CommandStatus::Success => "success",
            CommandStatus::Failure => "failure",
            CommandStatus::Timeout => "timeout",
        }
    }

    fn parse(text: &str) -> CommandStatus {
        match text {
            "queued" => CommandStatus::Queued,
            "sent" => CommandStatus::Sent,
            "success" => CommandStatus::Success,
            "failure" => CommandStatus::Failure,
            _ => CommandStatus::Timeout,
        }
    }

    /// True once the command has an outcome.
    pub fn is_final(self) -> bool {
        matches!(self, CommandStatus::Success | CommandStatus::Failure | CommandStatus::Timeout)
    }
}

/// A new command.
#[derive(Clone, Debug)]
pub struct NewCommand<'a> {
    pub uuid: &'a str,
    pub org_id: i64,
    pub user_id: i64,
    pub equipment_id: i64,
    pub gateway_sn: &'a str,
    /// `write` or `read`.
    pub kind: &'a str,
    pub signal_id: i64,
    pub value: Option<f64>,
}

/// A command as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct CommandRecord {
    pub uuid: String,
    pub user_id: i64,
    pub equipment_id: i64,
    pub signal_id: i64,
    pub kind: String,
    pub status: CommandStatus,
    /// The console code of a failure.
    pub code: Option<i64>,
    /// JSON of the outcome (value read, device error).
    pub data: Option<String>,
    pub created_ms: i64,
}

impl Store {
    pub async fn add_command(&self, c: &NewCommand<'_>) -> anyhow::Result<()> {
        let now = now_ms();
        sqlx::query(
            "INSERT INTO commands (uuid, org_id, user_id, equipment_id, gateway_sn, kind, signal_id, value, status, \
             created_ms, updated_ms) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $10)",
        )
        .bind(c.uuid)
        .bind(c.org_id)
        .bind(c.user_id)
        .bind(c.equipment_id)
        .bind(c.gateway_sn)
        .bind(c.kind)
        .bind(c.signal_id)
        .bind(c.value)
        .bind(CommandStatus::Queued.as_str())
        .bind(now)
        .persistent(false) // binds Option<f64>
        .execute(self.pool())
        .await?;
        Ok(())
    }

    /// Moves a command forward; false when it is already final (or unknown), so an outcome is set once.
    pub async fn set_command_status(
        &self,
        uuid: &str,
        status: CommandStatus,
        code: Option<i64>,
        data: Option<&str>,
    ) -> anyhow::Result<bool> {
        let done = sqlx::query(
            "UPDATE commands SET status = $1, code = $2, data = $3, updated_ms = $4 \
             WHERE uuid = $5 AND status IN ('queued', 'sent')",
        )
        .bind(status.as_str())
        .bind(code)
        .bind(data)
        .bind(now_ms())
        .bind(uuid)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Command `uuid`, when it was sent to equipment the viewer may see.
    pub async fn command(&self, viewer: &Viewer, uuid: &str) -> anyhow::Result<Option<CommandRecord>> {
        let sql = format!(
            "SELECT uuid, user_id, equipment_id, signal_id, kind, status, code, data, created_ms FROM commands \
             WHERE org_id = $1 AND uuid = $2{}",
            viewer.grant_sql_on("commands.equipment_id")
        );
        let row = sqlx::query(&sql).bind(viewer.org_id).bind(uuid).fetch_optional(self.pool()).await?;
        row.map(|r| {
            Ok(CommandRecord {
                uuid: r.try_get("uuid")?,
                user_id: r.try_get("user_id")?,
                equipment_id: r.try_get("equipment_id")?,
                signal_id: r.try_get("signal_id")?,
                kind: r.try_get("kind")?,
                status: CommandStatus::parse(&r.try_get::<String, _>("status")?),
                code: r.try_get("code")?,
                data: r.try_get("data")?,
                created_ms: r.try_get("created_ms")?,
            })
        })
        .transpose()
    }

    /// Times out every command still open that was created before `before_ms`; answers how many.
    pub async fn time_out_commands(&self, before_ms: i64, code: i64) -> anyhow::Result<u64> {
        let done = sqlx::query(
            "UPDATE commands SET status = 'timeout', code = $1, updated_ms = $2 \
             WHERE status IN ('queued', 'sent') AND created_ms < $3",
        )
        .bind(code)
        .bind(now_ms())
        .bind(before_ms)
        .execute(self.pool())
        .await?;
        Ok(done.rows_affected())
    }
}
