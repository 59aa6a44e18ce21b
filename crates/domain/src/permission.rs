//! Permission codes held in a user's `auths` list (spec section 6). A check passes when the code is in the list.

/// View EG alarm records.
pub const MULTI_DESIGNER_ALARM: &str = "monitor_multi_designer_alarm";
/// View repair orders.
pub const MULTI_DESIGNER_REPAIR: &str = "monitor_multi_designer_repair";
/// Alarms for rule type 00.
pub const EQUIPINFO_MENU_ALARM: &str = "monitor_equipinfo_menu_alarm";
/// Alarms for rule type 01.
pub const DESIGNER_MENU_ALARM: &str = "monitor_designer_menu_alarm";
/// Write values to equipment signals ('You do not have write permission' without it). The spec names the
/// permission but not its code; this is ours.
pub const WRITE_DATA: &str = "monitor_write_data";
/// Manage equipment, gateways, groups, scenes, projects and announcements. Ours, as above.
pub const MANAGE: &str = "manage";

/// The equipment rule types (spec section 3: `00`, or `01` for the non-EG type), each with the permission that
/// shows its equipment's alarms (spec section 6). The one table the alarm calls and the operating centre read.
pub const ALARMS_BY_RULE_TYPE: [(&str, &str); 2] = [("00", EQUIPINFO_MENU_ALARM), ("01", DESIGNER_MENU_ALARM)];

/// The permission that shows the alarms of equipment of `rule_type` (an unknown type is read as `00`).
pub fn alarm_permission(rule_type: &str) -> &'static str {
    ALARMS_BY_RULE_TYPE.iter().find(|(t, _)| *t == rule_type).map_or(EQUIPINFO_MENU_ALARM, |(_, p)| p)
}

/// Every code an administrator holds.
pub const ALL: &[&str] =
    &[MULTI_DESIGNER_ALARM, MULTI_DESIGNER_REPAIR, EQUIPINFO_MENU_ALARM, DESIGNER_MENU_ALARM, WRITE_DATA, MANAGE];

/// Every code by the name the web app uses for it (`web/src/generated/contract.json`).
pub const NAMED: &[(&str, &str)] = &[
    ("MultiDesignerAlarm", MULTI_DESIGNER_ALARM),
    ("MultiDesignerRepair", MULTI_DESIGNER_REPAIR),
    ("EquipInfoMenuAlarm", EQUIPINFO_MENU_ALARM),
    ("DesignerMenuAlarm", DESIGNER_MENU_ALARM),
    ("WriteData", WRITE_DATA),
    ("Manage", MANAGE),
];

/// True when `auths` grants `code`.
pub fn has(auths: &[String], code: &str) -> bool {
    auths.iter().any(|a| a == code)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn check_passes_only_when_code_is_in_the_list() {
        let auths = vec![MULTI_DESIGNER_ALARM.to_owned()];
        assert!(has(&auths, MULTI_DESIGNER_ALARM));
        assert!(!has(&auths, WRITE_DATA));
        assert!(!has(&[], MANAGE));
    }

    #[test]
    fn every_code_is_named_once() {
        let named: Vec<&str> = NAMED.iter().map(|(_, code)| *code).collect();
        assert_eq!(named, ALL);
    }

    #[test]
    fn each_rule_type_has_its_alarm_permission_and_an_unknown_one_reads_as_00() {
        assert_eq!(alarm_permission("00"), EQUIPINFO_MENU_ALARM);
        assert_eq!(alarm_permission("01"), DESIGNER_MENU_ALARM);
        assert_eq!(alarm_permission("02"), EQUIPINFO_MENU_ALARM);
    }
}
