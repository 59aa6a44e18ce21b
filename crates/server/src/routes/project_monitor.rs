//! The project monitor's own calls (spec section 7, "Project monitor"; the project's pages are
//! [`super::pages`]'s): the statistics a project page shows as system keys, and the project's intermediate variables
//! (docs/mvars.md). A limited sub-account needs every equipment of the project granted, as for the project's pages.

use super::*;
use crate::api::{mvars, project_statistics};

const PROJECT_ID: ParamDef = integer("projectId").required().doc("Project id");
const MVAR_ID: ParamDef = integer("id").required().doc("Variable id");
const MVAR_NAME: ParamDef = text("name").max(limits::MVAR_NAME_CHARS).required().doc("Name, unique in the project");
const MVAR_CALC: ParamDef = text("calc").required().doc("sum, avg, min, max or custom");
const MVAR_SIGNALS: ParamDef =
    ids("signalIds", ironsight_domain::mvar::MVAR_SIGNALS).doc("An aggregate's signals of the project's equipment");
/// The formula's length is refused as a formula fault (`BadFormula`, at the character), not by a `max`.
const MVAR_FORMULA: ParamDef = text("formula")
    .doc("custom: numbers, ${equipmentId.signalId}, + - * /, a leading minus and parentheses; at most 500 characters");
const MVAR_UNIT: ParamDef = text("unit").max(limits::MVAR_UNIT_CHARS).doc("Unit");
const MVAR_DECIMALS: ParamDef =
    int("decimals", 0, limits::MVAR_DECIMALS).default(limits::MVAR_DECIMALS_DEFAULT).doc("Decimal places shown");

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/monitor/project/equip/queryCount", project_statistics::equipment_count, "monitor.project.equip.queryCount", Session ["projectId" => ProjectPages],
        "How many of the project's equipment → a number (system keys equipment_count, online_count, offline_count, \
         alarm_equipment). 1253 when the project does not exist or a limited account does not see all of its \
         equipment; with alarm, 1211 without the alarm permission of every rule type among them.", [
            PROJECT_ID,
            flag("online").doc("true: those whose gateway is online; false: the others"),
            flag("alarm").doc("true: those with an open alarm"),
        ]),
        route!(POST "/lfscada/monitor/project/alarm/queryCount", project_statistics::alarm_count, "monitor.project.alarm.queryCount", Session ["projectId" => ProjectPages],
        "How many alarms of the project's equipment are open (triggered, not released) → a number (system key \
         alarm_count). 1253 as above; 1211 without the alarm permission of every rule type among them.", [PROJECT_ID]),
        // Intermediate variables: read by whoever sees the project's pages, changed with the manage permission.
        route!(POST "/lfscada/project/mvar/query", mvars::query, "project.mvar.query", Session ["projectId" => ProjectPages],
            "The project's intermediate variables by name: [{id, projectId, name, calc, formula, signalIds, unit, \
             decimals, updated}]; 1253 as above.", [PROJECT_ID]),
        route!(POST "/lfscada/project/mvar/queryAll", mvars::query_all, "project.mvar.queryAll", Session ["projectId" => ProjectPages],
            "Those of the project's intermediate variables a page binds, as mvar/query answers them; an id that is \
             not the project's is left out.", [
            PROJECT_ID,
            ids("ids", limits::PROJECT_MVARS).required().doc("Variable ids, comma-joined"),
        ]),
        route!(POST "/lfscada/project/mvar/add", mvars::add, "project.mvar.add", Manage ["projectId" => ProjectPages],
            "Add an intermediate variable → {id}; 1101 naming the field (a formula's fault says at which character); \
             1377 when the project has the name; 1378 at 200 variables.", [
            PROJECT_ID,
            MVAR_NAME, MVAR_CALC, MVAR_SIGNALS, MVAR_FORMULA, MVAR_UNIT, MVAR_DECIMALS,
        ]),
        route!(POST "/lfscada/project/mvar/edit", mvars::edit, "project.mvar.edit", Manage ["id" => Mvar],
            "Replace an intermediate variable's fields (its project stays); 1376 when it does not exist, else as \
             mvar/add.", [
            MVAR_ID,
            MVAR_NAME, MVAR_CALC, MVAR_SIGNALS, MVAR_FORMULA, MVAR_UNIT, MVAR_DECIMALS,
        ]),
        route!(POST "/lfscada/project/mvar/delete", mvars::delete, "project.mvar.delete", Manage ["id" => Mvar],
            "Delete an intermediate variable; pages that bind it show no value for it; 1376 when it does not exist.", [MVAR_ID]),
        route!(POST "/lfscada/project/mvar/validFormulaVar", mvars::valid_formula, "project.mvar.validFormulaVar", Session ["projectId" => ProjectPages],
            "Check a formula against the project, storing nothing → {signalIds}: its placeholders' signals; 1101 \
             saying at which character and why, or naming a signal that is not the project's.", [PROJECT_ID, MVAR_FORMULA]),
    ]
}
