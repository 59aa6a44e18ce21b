//! The owner's side of sharing in the route table: an equipment's share link settings, password and authority
//! (docs/share.md). The visitor's side is [`super::share_view`].

use super::*;
use crate::api::shares;

const EQUIP_ID: ParamDef = integer("equipId").required().doc("Equipment id");

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/equipment/multi/share/info", shares::info, "equipment.multi.share.info", Session ["equipId" => Equipment],
            "Sharing settings: {equipId, enabled, hasPassword, auth (view|control)}.", [EQUIP_ID]),
        route!(POST "/lfscada/equipment/multi/share/editPwd", shares::edit_password, "equipment.multi.share.editPwd", Manage ["equipId" => Equipment],
        "Set the sharing password (stored hashed) and turn sharing on.", [
            EQUIP_ID,
            // The share password's rule refuses letters other than ASCII before its length: no `max` here.
            text("password").required().doc("4 to 32 letters or digits"),
        ]),
        route!(POST "/lfscada/equipment/multi/share/editAuth", shares::edit_auth, "equipment.multi.share.editAuth", Manage ["equipId" => Equipment],
        "Set what a visitor may do and, when given, whether sharing is on.", [
            EQUIP_ID,
            text("auth").required().doc("view or control"),
            flag("enabled").doc("Sharing on or off; absent keeps the current setting"),
        ]),
    ]
}
