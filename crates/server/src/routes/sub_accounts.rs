//! Sub-accounts in the route table (ours: the spec shows roles and data ranges but no calls to manage them): the
//! organisation's accounts, their equipment grants and reset passwords (docs/account.md); and feedback.

use super::*;
use crate::api::{feedback, sub_accounts};

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/user/sub/query", sub_accounts::query, "user.sub.query", Admin [],
            "The organisation's sub-accounts: [{userId, loginname, tel, email, roleType, \
             dataRange, auths, disabled, equipmentCount}].", []),
        route!(POST "/lfscada/user/sub/add", sub_accounts::add, "user.sub.add", Admin [],
        "Create a sub-account → {userId}; 1201 when the login name is taken.", [
            param("loginname", "string", true, "Login name"),
            param("password", "string", true, "8 to 15 characters with a letter, a digit and a symbol"),
            param("tel", "string", false, "Telephone"),
            param("email", "string", false, "E-mail address"),
            param("dataRange", "string", false, "all or authorised (default): which equipment the account sees"),
            param("auths", "array", false, "Permission codes"),
        ]),
        route!(POST "/lfscada/user/sub/edit", sub_accounts::edit, "user.sub.edit", Admin ["userId" => SubAccount],
        "Change a sub-account's contact, data range and permission codes.", [
            param("userId", "integer", true, "Account id"),
            param("tel", "string", false, "Telephone"),
            param("email", "string", false, "E-mail address"),
            param("dataRange", "string", false, "all or authorised (default)"),
            param("auths", "array", false, "Permission codes"),
        ]),
        route!(POST "/lfscada/user/sub/resetPwd", sub_accounts::reset_password, "user.sub.resetPwd", Admin ["userId" => SubAccount],
        "Set a sub-account's password; its sessions end.", [
            param("userId", "integer", true, "Account id"),
            param("password", "string", true, "8 to 15 characters with a letter, a digit and a symbol"),
            param("forceChange", "string", false, "true: the account must change its password at its next login (1330 until then)"),
        ]),
        route!(POST "/lfscada/user/sub/disable", sub_accounts::disable, "user.sub.disable", Admin ["userId" => SubAccount],
        "Disable or enable a sub-account; disabling ends its sessions.", [
            param("userId", "integer", true, "Account id"),
            param("disabled", "string", true, "true or false"),
        ]),
        route!(POST "/lfscada/user/sub/equipment", sub_accounts::granted, "user.sub.equipment", Admin ["userId" => SubAccount],
            "The equipment granted to a sub-account: {equipmentIds}.", [param("userId", "integer", true, "Account id")]),
        route!(POST "/lfscada/user/sub/authorise", sub_accounts::authorise, "user.sub.authorise", Admin ["userId" => SubAccount, "equipmentIds" => EquipmentList],
        "Replace the equipment granted to a sub-account → {count}.", [
            param("userId", "integer", true, "Account id"),
            param("equipmentIds", "array", false, "Equipment ids; empty grants nothing"),
        ]),
        route!(POST "/lfscada/feedback/add", feedback::add, "feedback.add", Session [],
        "Send feedback (at least 10 characters).", [
            param("content", "string", true, "Feedback text, 10 to 2000 characters"),
        ]),
    ]
}
