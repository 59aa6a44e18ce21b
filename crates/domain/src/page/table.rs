//! The history and alarm tables' own settings (`ComplexHistory`, `ComplexAlarm`; spec section 3 "History and alarm
//! tables: page, filterTime, exportExcel, timeRange 720, rollTime 30, dimensionType time, timeUnit hour";
//! docs/page-document.md), in `data`. The switches are JSON booleans, so a page never holds a value the designer's
//! switch cannot show; the row choices are one of the names the viewer reads (web/src/runtime/tables.ts), so a typo
//! is refused on save instead of silently drawing the default. `page`, `timeRange` and `rollTime` are older and read
//! leniently by the viewer (numbers as text, clamped), so they are left as they are. The browser mirrors these rules
//! (web/src/features/designer/model/check/table.ts) from the constants exported here; both pass the shared cases.

use super::fields::*;
use crate::catalogue::Reason;
use serde_json::{Map, Value};

/// The table switches in `data`: the time-range picker and the export button.
pub(super) const TABLE_SWITCHES: [&str; 2] = ["filterTime", "exportExcel"];
/// `data.dimensionType`: a row per reading instant, or per period of `timeUnit`.
pub(super) const DIMENSION_TYPES: &[&str] = &["time", "unit"];
/// `data.timeUnit`: the period of a row.
pub(super) const TIME_UNITS: &[&str] = &["minute", "hour", "day"];

/// A table's `data`: each of [`TABLE_SWITCHES`] `true` or `false` when present; `dimensionType` one of
/// [`DIMENSION_TYPES`] and `timeUnit` one of [`TIME_UNITS`] when present.
pub(super) fn table_settings(widget: &Map<String, Value>) -> Result<(), Reason> {
    let Some(data) = object(widget, "data", "")? else { return Ok(()) };
    for key in TABLE_SWITCHES {
        match present(data, key) {
            None | Some(Value::Bool(_)) => {}
            Some(_) => return Err(at(join("data", key), Reason::NotBoolean)),
        }
    }
    one_of(data, "dimensionType", "data", DIMENSION_TYPES)?;
    one_of(data, "timeUnit", "data", TIME_UNITS)?;
    Ok(())
}
