//! Sub-accounts in the route table (ours: the spec shows roles and data ranges but no calls to manage them): the
//! organisation's accounts, their equipment grants and reset passwords (docs/account.md); and feedback.

use super::*;
use crate::api::{feedback, sub_accounts};

const USER_ID: ParamDef = integer("userId").required().doc("Account id");
/// The password rule (`NewPassword`) refuses a length outside it with its own reason: no `max` here.
const NEW_PASSWORD: ParamDef =
    text("password").required().doc("8 to 15 characters with a letter, a digit and a symbol");
/// The telephone rule refuses a long number as malformed: no `max` here.
const TEL: ParamDef = text("tel").doc("Telephone");
const EMAIL: ParamDef = text("email").max(limits::EMAIL_CHARS).doc("E-mail address");
const AUTHS: ParamDef = list("auths").doc("Permission codes");

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/user/sub/query", sub_accounts::query, "user.sub.query", Admin [],
            "The organisation's sub-accounts: [{userId, loginname, tel, email, roleType, \
             dataRange, auths, disabled, equipmentCount}].", []),
        route!(POST "/lfscada/user/sub/add", sub_accounts::add, "user.sub.add", Admin [],
        "Create a sub-account → {userId}; 1201 when the login name is taken.", [
            text("loginname").max(limits::LOGIN_NAME_CHARS).required().doc("Login name"),
            NEW_PASSWORD,
            TEL,
            EMAIL,
            text("dataRange").doc("all or authorised (default): which equipment the account sees"),
            AUTHS,
        ]),
        route!(POST "/lfscada/user/sub/edit", sub_accounts::edit, "user.sub.edit", Admin ["userId" => SubAccount],
        "Change a sub-account's contact, data range and permission codes.", [
            USER_ID,
            TEL,
            EMAIL,
            text("dataRange").doc("all or authorised (default)"),
            AUTHS,
        ]),
        route!(POST "/lfscada/user/sub/resetPwd", sub_accounts::reset_password, "user.sub.resetPwd", Admin ["userId" => SubAccount],
        "Set a sub-account's password; its sessions end.", [
            USER_ID,
            NEW_PASSWORD,
            flag("forceChange").doc("true: the account must change its password at its next login (1330 until then)"),
        ]),
        route!(POST "/lfscada/user/sub/disable", sub_accounts::disable, "user.sub.disable", Admin ["userId" => SubAccount],
        "Disable or enable a sub-account; disabling ends its sessions.", [
            USER_ID,
            flag("disabled").required(),
        ]),
        route!(POST "/lfscada/user/sub/equipment", sub_accounts::granted, "user.sub.equipment", Admin ["userId" => SubAccount],
            "The equipment granted to a sub-account: {equipmentIds}.", [USER_ID]),
        route!(POST "/lfscada/user/sub/authorise", sub_accounts::authorise, "user.sub.authorise", Admin ["userId" => SubAccount, "equipmentIds" => EquipmentList],
        "Replace the equipment granted to a sub-account → {count}.", [
            USER_ID,
            ids("equipmentIds", limits::SUB_ACCOUNT_GRANTS).doc("Equipment ids; empty grants nothing"),
        ]),
        route!(POST "/lfscada/feedback/add", feedback::add, "feedback.add", Session [],
        "Send feedback (at least 10 characters).", [
            text("content").max(limits::FEEDBACK_MAX_CHARS).required().doc("Feedback text, at least 10 characters"),
        ]),
    ]
}
