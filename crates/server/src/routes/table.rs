//! The table itself: every route with its access rule, parameters and description, in the spec's order.

use super::*;
use crate::api::{
    accounts, alarms, equipment, expiry, feedback, gateways, groups, images, live, messages, monitor, monitor_list,
    notify, oplog, ops_center, projects, reports, scenes, settings, shares, signals, sound, system, theme, user,
};

/// The editable equipment fields, shared by add and edit.
const EQUIPMENT_FIELDS: [ParamDef; 10] = [
    param("equipName", "string", true, "Equipment name, at most 60 characters"),
    param("display", "string", false, "list (default) or page"),
    param("ruleType", "string", false, "00 (default) or 01"),
    param("model", "string", false, "Model, at most 60 characters"),
    param("manufacturer", "string", false, "Manufacturer, at most 60 characters"),
    param("address", "string", false, "Location address, at most 200 characters"),
    param("latitude", "number", false, "Latitude, -90 to 90"),
    param("longitude", "number", false, "Longitude, -180 to 180"),
    param("remark", "string", false, "Remark, at most 500 characters"),
    EXPIRE_DATE,
];

/// The expiry date of equipment and gateway forms (docs/messages.md, "Expire messages").
const EXPIRE_DATE: ParamDef = param(
    "expireDate",
    "string",
    false,
    "Service expiry date YYYY-MM-DD (China time); empty clears it; absent keeps it",
);

/// The equipment a monitor call is about.
pub(super) const EQUIPMENT_ID: ParamDef = param("equipmentId", "integer", true, "Equipment id");

/// Edit takes the id, then the same fields as add.
const EQUIPMENT_EDIT: [ParamDef; 11] = {
    let mut params = [param("id", "integer", true, "Equipment id"); 11];
    let mut i = 0;
    while i < EQUIPMENT_FIELDS.len() {
        params[i + 1] = EQUIPMENT_FIELDS[i];
        i += 1;
    }
    params
};

/// The filters of the monitor's card lists.
const CARD_FILTERS: [ParamDef; 6] = [
    param("keyword", "string", false, "Part of the name, model, manufacturer or address"),
    param("online", "string", false, "true: gateway online; false: gateway offline or none; absent: any"),
    param("gatewayId", "integer", false, "Only equipment bound to this gateway (its id)"),
    param(
        "groupId",
        "integer",
        false,
        "Only this group; 0 for the ungrouped equipment; absent for any (1215 when unknown)",
    ),
    param("follow", "string", false, "true: only equipment the caller follows"),
    param(
        "sort",
        "string",
        false,
        "time (default, newest created first) or name; the caller's stuck equipment comes first",
    ),
];

/// The card list's filters and its paging.
const CARD_QUERY: [ParamDef; 8] = {
    let mut params = [param("page", "integer", false, "Page, from 1"); 8];
    params[1] = param("pageSize", "integer", false, "Rows per page, 1 to 100 (default 10)");
    let mut i = 0;
    while i < CARD_FILTERS.len() {
        params[i + 2] = CARD_FILTERS[i];
        i += 1;
    }
    params
};

/// Every API route.
pub fn table() -> Vec<RouteDef> {
    let mut routes = vec![
        // Session and account
        route!(POST "/lfscada/user/showVcode", user::show_vcode, "user.showVcode", Public [],
            "A new captcha image (data URL); the answer is kept server-side for 10 minutes and usable once.", []),
        route!(POST "/lfscada/user/login", user::login, "user.login", Public [],
        "Log in; parameters are sent in the query string. Sets the HttpOnly session cookie.", [
            param("loginname", "string", true, "Login name"),
            param("password", "string", true, "Password"),
            param("vcode", "string", true, "Captcha answer (not needed when the server runs with --no-captcha)"),
        ]),
        route!(GET "/lfscada/user/info", user::info, "user.info", Session [],
        "The signed-in user's info, or 1010 (not logged in) / 1006 (session lost).", [
            param("t", "integer", false, "Cache buster (client time)"),
        ]),
        route!(POST "/lfscada/user/logout", user::logout, "user.logout", Session [], "End the session.", []),
        route!(POST "/org/StyleAction!loadStyle.action", theme::load_style, "org.loadStyle", Public [],
            "Theme of the caller's organisation (or the default one before login): {title, faviconIco}.", []),
        route!(POST "/lfscada/user/config/query", settings::query, "user.config.query", Session [],
            "The user's saved console settings (an object, {} when none).", []),
        route!(POST "/lfscada/user/config/save", settings::save, "user.config.save", Session [],
        "Save the user's console settings.", [
            param("config", "object", true, "Settings object, as nested parameters or a JSON text (at most 64 KiB)"),
        ]),
        route!(POST "/lfscada/user/operationlog/queryByObjectId", oplog::query_by_object_id, "user.operationlog.queryByObjectId", Session [],
        "Operations recorded on one object, newest first, within the caller's organisation.", [
            param("objectId", "string", true, "Object id"),
            param("objectType", "string", false, "Object type (e.g. user, feedback); empty for any"),
            param("page", "integer", false, "Page, from 1"),
            param("pageSize", "integer", false, "Rows per page, 1 to 100 (default 10)"),
        ]),
        // Sub-accounts (ours: the spec shows roles and data ranges but no calls to manage them)
        route!(POST "/lfscada/user/sub/query", accounts::query, "user.sub.query", Admin [],
            "The organisation's sub-accounts (administrators only): [{userId, loginname, tel, email, roleType, \
             dataRange, auths, disabled, equipmentCount}].", []),
        route!(POST "/lfscada/user/sub/add", accounts::add, "user.sub.add", Admin [],
        "Create a sub-account (administrators only) → {userId}; 1201 when the login name is taken.", [
            param("loginname", "string", true, "Login name"),
            param("password", "string", true, "8 to 15 characters with a letter, a digit and a symbol"),
            param("tel", "string", false, "Telephone"),
            param("email", "string", false, "E-mail address"),
            param("dataRange", "string", false, "all or authorised (default): which equipment the account sees"),
            param("auths", "array", false, "Permission codes"),
        ]),
        route!(POST "/lfscada/user/sub/edit", accounts::edit, "user.sub.edit", Admin ["userId" => SubAccount],
        "Change a sub-account's contact, data range and permission codes (administrators only).", [
            param("userId", "integer", true, "Account id"),
            param("tel", "string", false, "Telephone"),
            param("email", "string", false, "E-mail address"),
            param("dataRange", "string", false, "all or authorised (default)"),
            param("auths", "array", false, "Permission codes"),
        ]),
        route!(POST "/lfscada/user/sub/resetPwd", accounts::reset_password, "user.sub.resetPwd", Admin ["userId" => SubAccount],
        "Set a sub-account's password (administrators only); its sessions end.", [
            param("userId", "integer", true, "Account id"),
            param("password", "string", true, "8 to 15 characters with a letter, a digit and a symbol"),
            param("forceChange", "string", false, "true: the account must change its password at its next login (1330 until then)"),
        ]),
        route!(POST "/lfscada/user/sub/disable", accounts::disable, "user.sub.disable", Admin ["userId" => SubAccount],
        "Disable or enable a sub-account (administrators only); disabling ends its sessions.", [
            param("userId", "integer", true, "Account id"),
            param("disabled", "string", true, "true or false"),
        ]),
        route!(POST "/lfscada/user/sub/equipment", accounts::granted, "user.sub.equipment", Admin ["userId" => SubAccount],
            "The equipment granted to a sub-account (administrators only): {equipIds}.", [param("userId", "integer", true, "Account id")]),
        route!(POST "/lfscada/user/sub/authorise", accounts::authorise, "user.sub.authorise", Admin ["userId" => SubAccount, "equipIds" => EquipmentList],
        "Replace the equipment granted to a sub-account (administrators only) → {count}.", [
            param("userId", "integer", true, "Account id"),
            param("equipIds", "array", false, "Equipment ids; empty grants nothing"),
        ]),
        route!(POST "/lfscada/feedback/add", feedback::add, "feedback.add", Session [],
        "Send feedback (at least 10 characters).", [
            param("content", "string", true, "Feedback text, 10 to 2000 characters"),
        ]),
        // Messages
        route!(POST "/lfscada/msg/queryUnReadMsgCount", messages::query_unread_count, "msg.queryUnReadMsgCount", Session [],
            "Number of unread messages.", []),
        route!(POST "/lfscada/msg/createSound", sound::create, "msg.createSound", Session [],
        "An alarm text spoken in the caller's language (Accept-Language: zh-CN Mandarin, en English) → the path of a \
         WAV file to play (/lfscada/msg/sound/<file>); the alert tone's path when the speech engine cannot speak now. \
         The same text answers the same path.", [
            param("text", "string", true, "The text to speak: 1 to 200 characters (trimmed), no control characters"),
        ]),
        route!(GET "/lfscada/msg/sound/{file}", sound::serve, "msg.sound.get", Session [],
            "A file createSound answered (audio/wav); 404 (1216) for any other name or a file the cache has dropped.", []),
        route!(POST "/lfscada/msg/query", messages::query, "msg.query", Session ["equipId" => Equipment],
        "The caller's messages, newest first: {total, list: [message]}.", [
            param("page", "integer", false, "Page from 1 (default 1)"),
            param("pageSize", "integer", false, "1 to 100 (default 10)"),
            param("type", "string", false, "alarm, expire, order or notice; empty for all"),
            param("readStatus", "string", false, "read or unread; empty for all"),
            param("equipId", "integer", false, "Only messages about this equipment"),
            param("dataId", "string", false, "Only messages about this object (the message's dataId), at most 40 characters"),
        ]),
        route!(POST "/lfscada/msg/info", messages::info, "msg.info", Session [],
            "One of the caller's messages; 1280 when it is not the caller's or was deleted.",
            [param("id", "integer", true, "Message id")]),
        route!(POST "/lfscada/msg/markAsRead", messages::mark_as_read, "msg.markAsRead", Session [],
            "Mark messages read → {changed}; 1280 (nothing changed) when one is not the caller's.",
            [param("ids", "array", true, "Message ids, 1 to 100")]),
        route!(POST "/lfscada/msg/allMarkAsRead", messages::all_mark_as_read, "msg.allMarkAsRead", Session [],
            "Mark every unread message read → {changed}.",
            [param("type", "string", false, "Only messages of this type (alarm, expire, order, notice)")]),
        route!(POST "/lfscada/msg/delete", messages::delete, "msg.delete", Session [],
            "Delete messages → {changed}; 1280 (nothing deleted) when one is not the caller's.",
            [param("ids", "array", true, "Message ids, 1 to 100")]),
        route!(POST "/lfscada/msg/markAsReadForEquipAlarm", messages::mark_equipment_alarms_read, "msg.markAsReadForEquipAlarm", Session ["dataId" => Equipment],
        "Mark the caller's unread alarm messages about one equipment read → {changed}.", [
            param("dataId", "integer", true, "Equipment id"),
            param("equipType", "string", false, "eg (default), repair or inspection"),
        ]),
        route!(POST "/lfscada/msg/getExpireById", expiry::get_expire_by_id, "msg.getExpireById", Session [],
            "What one of the caller's expire messages is about, as it stands now: {targetType (equipment|gateway), \
             targetId, name, equipmentId, gatewaySn, expireDate, daysLeft}; 1280 when it is not the caller's or not \
             an expire message, 1283 when its equipment or gateway was deleted.",
            [param("id", "integer", true, "Message id")]),
        route!(POST "/lfscada/notice/detail", messages::notice_detail, "notice.detail", Session ["id" => Announcement],
            "The announcement a notice message is about (published or withdrawn): {id, title, content, status, gmtCreate, gmtPublish}; 1235 otherwise.",
            [param("id", "integer", true, "Announcement id")]),
        // Notification beyond the browser (ours: docs/messages.md, "Beyond the browser")
        route!(POST "/lfscada/msg/notify/settings/query", notify::settings_query, "msg.notify.settings.query", Session [],
            "The caller's notification settings: {prompType, channels: [{id, kind, name, target, levels, enabled, \
             hasSecret}], smtpReady}; secrets are never answered.", []),
        route!(POST "/lfscada/msg/notify/settings/save", notify::settings_save, "msg.notify.settings.save", Session [],
        "Save the caller's prompt types and whole channel list, all or nothing → {ids} of the channels in order.", [
            param("prompType", "array", true, "Any of sound, title, alter (a comma-separated text; empty for none)"),
            param("channels", "array", false, "At most 10 of {id? (kept channel), kind: email|wecom|dingtalk|feishu|\
                webhook, name, target: e-mail address or http(s) URL, secret? (DingTalk/Feishu signing; left out keeps \
                it), levels: 1 to 3, enabled}; absent: none"),
        ]),
        route!(POST "/lfscada/msg/notify/test", notify::test, "msg.notify.test", Session [],
            "Queue a test of one of the caller's channels → {id} of the delivery (its outcome is in the log); 1281 when \
             the channel is not the caller's, 1282 for e-mail without an SMTP server.",
            [param("id", "integer", true, "Channel id")]),
        route!(POST "/lfscada/msg/notify/log/query", notify::log_query, "msg.notify.log.query", Session [],
        "The caller's delivery log, newest first: {total, list: [{id, channelId, channelName, channelKind, messageId, \
         title, status: queued|sent|failed, attempts, lastError, gmtCreate, gmtUpdate}]}.", [
            param("page", "integer", false, "Page from 1 (default 1)"),
            param("pageSize", "integer", false, "1 to 100 (default 10)"),
        ]),
        route!(POST "/lfscada/msg/notify/smtp/query", notify::smtp_query, "msg.notify.smtp.query", Admin [],
            "The organisation's SMTP server (administrators only): {host, port, security, username, hasPassword, \
             fromAddress, fromName}, or null when none is set up; the password is never answered.", []),
        route!(POST "/lfscada/msg/notify/smtp/save", notify::smtp_save, "msg.notify.smtp.save", Admin [],
        "Set the organisation's SMTP server (administrators only).", [
            param("host", "string", true, "Host name or IP address"),
            param("port", "integer", true, "1 to 65535 (25 or 587 for STARTTLS, 465 for TLS)"),
            param("security", "string", true, "none, starttls or tls"),
            param("username", "string", false, "User name; empty: no authentication"),
            param("password", "string", false, "Password (write-only); left out or empty keeps the stored one"),
            param("fromAddress", "string", true, "Sender address"),
            param("fromName", "string", false, "Sender name, at most 60 characters"),
        ]),
        // Operating centre
        route!(POST "/lfscada/ops/center/query", ops_center::query, "ops.center.query", Session [],
        "What is open per equipment the caller sees, busiest first: {totals: {equipment, openAlarms, unconfirmedAlarms, \
         openOrders}, equipment: [{id, equipName, openAlarms, unconfirmedAlarms, openOrders}]}; alarm counts are null \
         where the caller lacks the rule type's alarm permission, order counts without the repair permission.", [
            param("keyword", "string", false, "Part of the equipment name"),
        ]),
        // Equipment
        route!(POST "/lfscada/equipment/multi/query", equipment::query, "equipment.multi.query", Session ["groupId" => Group],
        "The organisation's equipment (as the caller may see it), newest first or by name, with the monitor lists' filters.",
            params = &CARD_QUERY),
        route!(POST "/lfscada/equipment/multi/add", equipment::add, "equipment.multi.add", Manage [],
        "Add equipment (needs the manage permission).", params = &EQUIPMENT_FIELDS),
        route!(POST "/lfscada/equipment/multi/edit", equipment::edit, "equipment.multi.edit", Manage ["id" => Equipment],
        "Edit equipment (needs the manage permission); 1214 when it does not exist.", params = &EQUIPMENT_EDIT),
        route!(POST "/lfscada/equipment/multi/info", equipment::info, "equipment.multi.info", Session ["id" => Equipment],
            "One equipment; 1214 when it does not exist.", [param("id", "integer", true, "Equipment id")]),
        route!(POST "/lfscada/equipment/multi/delete", equipment::delete, "equipment.multi.delete", Manage ["id" => Equipment],
            "Delete equipment (needs the manage permission).", [param("id", "integer", true, "Equipment id")]),
        route!(POST "/lfscada/equipment/multi/bindGateway", equipment::bind_gateway, "equipment.multi.bindGateway", Manage ["id" => Equipment, "sn" => Gateway],
        "Bind equipment to a gateway of the organisation; 2001 when there is no such gateway.", [
            param("id", "integer", true, "Equipment id"),
            param("sn", "string", true, "Gateway serial number"),
        ]),
        route!(POST "/lfscada/equipment/multi/unbindGateway", equipment::unbind_gateway, "equipment.multi.unbindGateway", Manage ["id" => Equipment],
            "Unbind equipment from its gateway.", [param("id", "integer", true, "Equipment id")]),
        route!(POST "/lfscada/equipment/multi/driver/save", signals::save_driver, "equipment.multi.driver.save", Manage ["id" => Equipment],
        "Set the equipment's driver settings, checked field by field (needs the manage permission).", [
            param("id", "integer", true, "Equipment id"),
            param("driver", "object", true, "DriverConfig: {kind: modbus_tcp|modbus_rtu, …} (docs/gateway-protocol.md)"),
        ]),
        route!(POST "/lfscada/equipment/multi/driver/schema", signals::driver_schema, "equipment.multi.driver.schema", Session [],
            "Every driver's settings as a form description: fields, kinds, limits, defaults, zh/en labels.", []),
        route!(POST "/lfscada/equipment/multi/signal/query", signals::query, "equipment.multi.signal.query", Session ["equipmentId" => Equipment],
        "The equipment's signal definitions in their saved order.", [
            param("equipmentId", "integer", true, "Equipment id"),
        ]),
        route!(POST "/lfscada/equipment/multi/signal/save", signals::save, "equipment.multi.signal.save", Manage ["equipmentId" => Equipment],
        "Replace the equipment's signal list (ids kept; id 0 for new); checked as a set (needs the manage permission).", [
            param("equipmentId", "integer", true, "Equipment id"),
            param("signals", "string", true, "JSON array of SignalDef (docs/gateway-protocol.md), at most 2000"),
        ]),
        route!(POST "/usual/EquipAction!getEquipDetail.action", equipment::info, "usual.getEquipDetail", Session ["id" => Equipment],
            "The same answer as /lfscada/equipment/multi/info (the spec's older path).", [param("id", "integer", true, "Equipment id")]),
        route!(POST "/lfscada/equipment/multi/extra/queryAllManufacturer", monitor_list::manufacturers, "equipment.multi.extra.queryAllManufacturer", Session [],
            "The distinct non-empty manufacturer names of the organisation's equipment, sorted: string[].", []),
        upload!("/lfscada/equipment/multi/image/upload", images::upload, "equipment.multi.image.upload", Manage ["id" => Equipment],
        "Set the equipment's picture (multipart/form-data: id, file; png, jpg, gif, svg or webp by its bytes, at most \
         2 MiB; svg without script) → {image: '/userimg/<file>'} (needs the manage permission).", [
            param("id", "integer", true, "Equipment id (multipart field)"),
            param("file", "string", true, "The image (multipart file field)"),
        ]),
        route!(GET "/userimg/{*file}", images::serve, "userimg.get", Session [],
            "An uploaded image (the spec's image base path); 404 (1216) for a missing or foreign name. Served with \
             Content-Security-Policy: sandbox.", []),
        // Sharing
        route!(POST "/lfscada/equipment/multi/share/info", shares::info, "equipment.multi.share.info", Session ["equipId" => Equipment],
            "Sharing settings: {equipId, enabled, hasPassword, auth (view|control)}.", [param("equipId", "integer", true, "Equipment id")]),
        route!(POST "/lfscada/equipment/multi/share/editPwd", shares::edit_password, "equipment.multi.share.editPwd", Manage ["equipId" => Equipment],
        "Set the sharing password (stored hashed) and turn sharing on (needs the manage permission).", [
            param("equipId", "integer", true, "Equipment id"),
            param("password", "string", true, "4 to 32 letters or digits"),
        ]),
        route!(POST "/lfscada/equipment/multi/share/editAuth", shares::edit_auth, "equipment.multi.share.editAuth", Manage ["equipId" => Equipment],
        "Set what a visitor may do and, when given, whether sharing is on (needs the manage permission).", [
            param("equipId", "integer", true, "Equipment id"),
            param("auth", "string", true, "view or control"),
            param("enabled", "string", false, "true or false; absent keeps the current setting"),
        ]),
    ];
    routes.extend(super::designer_table::routes());
    routes.extend(super::project_monitor_table::routes());
    routes.extend([
        // Scenes (our paths): boards of chosen equipment cards with their latest values
        route!(POST "/lfscada/scene/query", scenes::query, "scene.query", Session [],
            "The organisation's scenes by name: [{id, name, equipmentCount, updated}].", []),
        route!(POST "/lfscada/scene/info", scenes::info, "scene.info", Session ["id" => Scene],
            "One scene → {id, name, equipment: [card + keyValues: [{signalId, name, value, unit, time, quality}]]} in the chosen order; 1251 when it does not exist.",
            [param("id", "integer", true, "Scene id")]),
        route!(POST "/lfscada/scene/add", scenes::add, "scene.add", WholeOrg ["equipmentIds" => EquipmentList],
            "Add a scene → {id}; 1250 when the name exists, 1214 for equipment not the organisation's (needs the manage permission).", [
            param("name", "string", true, "Scene name, 1 to 30 characters (trimmed)"),
            param("equipmentIds", "string", true, "1 to 50 equipment ids in board order (repeated key or comma-separated)"),
        ]),
        route!(POST "/lfscada/scene/edit", scenes::edit, "scene.edit", WholeOrg ["id" => Scene, "equipmentIds" => EquipmentList],
            "Rename a scene and replace its equipment; 1251 when it does not exist, 1250 when the name exists (needs the manage permission).", [
            param("id", "integer", true, "Scene id"),
            param("name", "string", true, "Scene name, 1 to 30 characters (trimmed)"),
            param("equipmentIds", "string", true, "1 to 50 equipment ids in board order (repeated key or comma-separated)"),
        ]),
        route!(POST "/lfscada/scene/delete", scenes::delete, "scene.delete", WholeOrg ["id" => Scene],
            "Delete a scene; its equipment stays (needs the manage permission).", [param("id", "integer", true, "Scene id")]),
        // Projects: equipment grouped under a name (pages and the project monitor come with the designer)
        route!(POST "/lfscada/project/query", projects::query, "project.query", Session [],
            "One page of the organisation's projects by name: {total, list: [{id, name, remark, equipmentCount, updated}]}.", [
            param("page", "integer", false, "Page from 1"),
            param("pageSize", "integer", false, "1 to 100, default 10"),
            param("keyword", "string", false, "Part of the name or remark, any case"),
        ]),
        route!(POST "/lfscada/project/info", projects::info, "project.info", Session ["id" => Project],
            "One project → {id, name, remark, equipment: [{id, equipName}]}; 1253 when it does not exist.",
            [param("id", "integer", true, "Project id")]),
        route!(POST "/lfscada/project/add", projects::add, "project.add", WholeOrg ["equipmentIds" => EquipmentList],
            "Add a project → {id}; 1252 when the name exists, 1214 for equipment not the organisation's (needs the manage permission).", [
            param("name", "string", true, "Project name, 1 to 60 characters (trimmed)"),
            param("remark", "string", false, "Remark, at most 500 characters"),
            param("equipmentIds", "string", false, "Member equipment ids (repeated key or comma-separated)"),
        ]),
        route!(POST "/lfscada/project/edit", projects::edit, "project.edit", WholeOrg ["id" => Project, "equipmentIds" => EquipmentList],
            "Change a project and replace its equipment; 1253 when it does not exist, 1252 when the name exists (needs the manage permission).", [
            param("id", "integer", true, "Project id"),
            param("name", "string", true, "Project name, 1 to 60 characters (trimmed)"),
            param("remark", "string", false, "Remark, at most 500 characters"),
            param("equipmentIds", "string", false, "Member equipment ids (repeated key or comma-separated)"),
        ]),
        route!(POST "/lfscada/project/delete", projects::delete, "project.delete", WholeOrg ["id" => Project],
            "Delete a project; its equipment stays (needs the manage permission).", [param("id", "integer", true, "Project id")]),
        // Groups, follow and map
        route!(POST "/lfscada/monitor/group/query", groups::query, "monitor.group.query", Session [],
            "The organisation's groups by name: [{id, name, equipmentCount}].", []),
        route!(POST "/lfscada/monitor/group/add", groups::add, "monitor.group.add", WholeOrg [],
            "Add a group → {id}; 1202 when the name exists (needs the manage permission).",
            [param("name", "string", true, "Group name, 1 to 30 characters (trimmed)")]),
        route!(POST "/lfscada/monitor/group/edit", groups::edit, "monitor.group.edit", WholeOrg ["id" => Group],
        "Rename a group; 1215 when it does not exist, 1202 when the name exists (needs the manage permission).", [
            param("id", "integer", true, "Group id"),
            param("name", "string", true, "Group name, 1 to 30 characters (trimmed)"),
        ]),
        route!(POST "/lfscada/monitor/group/delete", groups::delete, "monitor.group.delete", WholeOrg ["id" => Group],
            "Delete a group; its equipment becomes ungrouped (needs the manage permission).", [param("id", "integer", true, "Group id")]),
        route!(POST "/lfscada/monitor/group/equipment/move", groups::move_equipment, "monitor.group.equipment.move", Manage ["equipmentId" => Equipment, "groupId" => Group],
        "Put equipment into a group, or out of any (needs the manage permission).", [
            EQUIPMENT_ID,
            param("groupId", "integer", false, "Group id; empty, absent or 0 to ungroup"),
        ]),
        route!(POST "/lfscada/monitor/group/equipment/queryByGroup", groups::query_by_group, "monitor.group.equipment.queryByGroup", Session ["groupId" => Group],
            "One group's equipment as {total, list: [card]} (groupId 0 or absent: the ungrouped). A card is {id, equipName, display, ruleType, model, manufacturer, address, latitude, longitude, image, \
             gatewaySn, online, vpn, signalStrength, alarmCount, lastUpdate, follow, stick, groupId, groupName, gmtCreate}.",
            params = &CARD_QUERY),
        route!(POST "/lfscada/monitor/group/equipment/queryAllByGroup", groups::query_all_by_group, "monitor.group.equipment.queryAllByGroup", Session [],
            "Every group by name with its equipment, then {id: 0, name: '', equipment} for the ungrouped: \
             [{id, name, equipment: [{id, equipName}]}].", []),
        route!(POST "/lfscada/monitor/equipment/query", monitor_list::query, "monitor.equipment.query", Session ["groupId" => Group],
            "The monitor's equipment list {total, list: [card]}: the caller's stuck equipment first, then the sort. A card is {id, equipName, display, ruleType, model, manufacturer, address, latitude, longitude, image, \
             gatewaySn, online, vpn, signalStrength, alarmCount, lastUpdate, follow, stick, groupId, groupName, gmtCreate}.",
            params = &CARD_QUERY),
        route!(POST "/lfscada/monitor/equipment/queryAll", monitor_list::query_all, "monitor.equipment.queryAll", Session ["groupId" => Group],
            "Every card in the list's order, without paging (the list's filters apply when given). A card is {id, equipName, display, ruleType, model, manufacturer, address, latitude, longitude, image, \
             gatewaySn, online, vpn, signalStrength, alarmCount, lastUpdate, follow, stick, groupId, groupName, gmtCreate}.",
            params = &CARD_FILTERS),
        route!(POST "/lfscada/monitor/equipment/queryAllForMap", monitor_list::query_all_for_map, "monitor.equipment.queryAllForMap", Session [],
            "The cards with latitude and longitude, each with keyValues: [{signalId, name, value, unit, time, quality}] \
             of its first 4 signals by id. A card is {id, equipName, display, ruleType, model, manufacturer, address, latitude, longitude, image, \
             gatewaySn, online, vpn, signalStrength, alarmCount, lastUpdate, follow, stick, groupId, groupName, gmtCreate}.", []),
        route!(POST "/lfscada/monitor/equipment/setFollow", monitor_list::set_follow, "monitor.equipment.setFollow", Session ["equipmentId" => Equipment],
            "Follow (star) the equipment, for the caller only.", [EQUIPMENT_ID]),
        route!(POST "/lfscada/monitor/equipment/cancleFollow", monitor_list::cancel_follow, "monitor.equipment.cancleFollow", Session ["equipmentId" => Equipment],
            "Stop following the equipment (the spec's spelling).", [EQUIPMENT_ID]),
        route!(POST "/lfscada/monitor/equipment/setStick", monitor_list::set_stick, "monitor.equipment.setStick", Session ["equipmentId" => Equipment],
            "Stick (pin) the equipment to the top of the caller's lists.", [EQUIPMENT_ID]),
        route!(POST "/lfscada/monitor/equipment/cancelStick", monitor_list::cancel_stick, "monitor.equipment.cancelStick", Session ["equipmentId" => Equipment],
            "Unpin the equipment.", [EQUIPMENT_ID]),
        // Gateway registry (paths other than info are ours; the spec does not name them)
        route!(POST "/lfscada/gateway/add", gateways::add, "gateway.add", Manage [],
        "Register a gateway by serial number; answers the secret once (needs the manage permission).", [
            param("sn", "string", true, "Serial number: 1 to 64 of A-Z a-z 0-9 - _ ."),
            param("name", "string", false, "Display name (default: the serial number), at most 60 characters"),
            param("model", "string", false, "Hardware model"),
            param("firmware", "string", false, "Firmware version"),
            EXPIRE_DATE,
        ]),
        route!(POST "/lfscada/gateway/query", gateways::query, "gateway.query", Session [],
        "The organisation's gateways, newest first.", [
            param("keyword", "string", false, "Part of the serial number or name"),
            param("page", "integer", false, "Page, from 1"),
            param("pageSize", "integer", false, "Rows per page, 1 to 100 (default 10)"),
        ]),
        route!(POST "/lfscada/gateway/info", gateways::info, "gateway.info", Session ["sn" => Gateway],
        "One gateway by serial number, or 2001 when there is none.", [
            param("sn", "string", true, "Serial number"),
        ]),
        route!(POST "/lfscada/gateway/edit", gateways::edit, "gateway.edit", Manage ["sn" => Gateway],
        "Change a gateway's settings; only the given ones (needs the manage permission).", [
            param("sn", "string", true, "Serial number"),
            param("name", "string", false, "Display name, at most 60 characters"),
            param("interval", "integer", false, "Reporting interval while monitored, ms, 200 to 60000"),
            param("sampleInterval", "integer", false, "History sample period, ms, 1000 to 3600000"),
            param("economizeOpen", "string", false, "true or false: stop re-opening monitoring while the operator is away"),
            EXPIRE_DATE,
        ]),
        route!(POST "/lfscada/gateway/rotateSecret", gateways::rotate_secret, "gateway.rotateSecret", Manage ["sn" => Gateway],
        "Issue a new secret (shown once); the old one stops working (needs the manage permission).", [
            param("sn", "string", true, "Serial number"),
        ]),
        route!(POST "/lfscada/gateway/delete", gateways::delete, "gateway.delete", Manage ["sn" => Gateway],
        "Delete a gateway (needs the manage permission).", [
            param("sn", "string", true, "Serial number"),
        ]),
        // EG monitor
        route!(POST "/lfscada/monitor/multi/gateway/info", monitor::gateway_info, "monitor.multi.gateway.info", Session ["equipmentId" => Equipment],
            "State of the gateway the equipment is bound to; 2001 when there is none.", [EQUIPMENT_ID]),
        route!(POST "/lfscada/monitor/multi/signal/query", monitor::signal_query, "monitor.multi.signal.query", Session ["equipmentId" => Equipment],
            "The equipment's signals: id, signalTitle, equipId, equipTitle, unit, decimals, writable, min, max.", [EQUIPMENT_ID]),
        route!(POST "/lfscada/monitor/multi/signal/data", monitor::signal_data, "monitor.multi.signal.data", Session ["equipmentId" => Equipment],
            "Latest values: {signalVal: {id: {value, time, quality}}, gatewayAlarm, signalAlarm}.", [EQUIPMENT_ID]),
        route!(POST "/lfscada/monitor/multi/signal/singleVal", monitor::single_value, "monitor.multi.signal.singleVal", Session ["signalId" => Signal],
        "Read one signal from the device now: {online, uuid}, then poll the callback.", [
            param("signalId", "integer", true, "Signal id"),
        ]),
        route!(POST "/lfscada/monitor/multi/signal/write", monitor::write, "monitor.multi.signal.write", Write ["signalId" => Signal],
        "Write a value: {online, uuid}, then poll the callback. Needs monitor_write_data (1208); 2004 read-only; \
         2003 outside min/max; 1207 gateway offline.", [
            param("signalId", "integer", true, "Signal id"),
            param("value", "number", true, "Engineering value"),
        ]),
        route!(POST "/lfscada/monitor/multi/open", monitor::open, "monitor.multi.open", Session ["equipmentId" => Equipment],
        "Open a monitor window: the gateway reports every interval ms for delay seconds. 1207 when offline.", [
            EQUIPMENT_ID,
            param("interval", "integer", false, "Reporting interval in ms, 200 to 3600000 (default 1000)"),
            param("delay", "integer", false, "Window length in seconds, 1 to 86400 (default 600)"),
        ]),
        route!(POST "/lfscada/monitor/multi/equipment/detailInfo", monitor::equipment_detail, "monitor.multi.equipment.detailInfo", Session ["equipmentId" => Equipment],
            "The equipment, its gateway and its number of signals.", [EQUIPMENT_ID]),
        route!(POST "/lfscada/monitor/multi/history/queryAll", monitor::history_signals, "monitor.multi.history.queryAll", Session ["equipmentId" => Equipment],
            "The signals whose history can be queried.", [EQUIPMENT_ID]),
        route!(POST "/lfscada/monitor/multi/history/query", monitor::history, "monitor.multi.history.query", Session ["signalIds" => Signals],
        "History of up to 10 signals over at most 30 days; above 200,000 points per answer, min/max buckets.", [
            param("signalIds", "string", true, "Signal ids, comma-separated or an array"),
            param("startTime", "integer", true, "Start, ms since the epoch"),
            param("endTime", "integer", true, "End, ms since the epoch, not before the start"),
        ]),
        // Alarms (rule paths are ours; the spec does not name them)
        route!(POST "/lfscada/equipment/multi/alarm/rule/query", alarms::rule_query, "equipment.multi.alarm.rule.query", Session ["equipmentId" => Equipment],
            "Alarm rules of every signal of the equipment: id, signalId, signalTitle, symbol, value, deadband, delay, \
             level, msgZh, msgEn, enabled.", [EQUIPMENT_ID]),
        route!(POST "/lfscada/equipment/multi/alarm/rule/save", alarms::rule_save, "equipment.multi.alarm.rule.save", Manage ["signalId" => Signal],
        "Replace a signal's alarm rules (ids kept; id 0 for new), checked field by field (needs the manage permission).", [
            param("signalId", "integer", true, "Signal id"),
            param("rules", "string", true, "JSON array of at most 10 rules: {id?, symbol (== != > < >= <=), value, \
                deadband? (>= 0), delay? (ms, 0 to 86400000), level? (1 to 3, 1 most urgent), msgZh, msgEn \
                (1 to 200 characters each), enabled?}"),
        ]),
        route!(POST "/lfscada/monitor/multi/alarm/query", alarms::query, "monitor.multi.alarm.query", Session ["equipmentId" => Equipment],
        "Alarm records of the equipment, newest first: {total, list}; 2001 when there are none. Needs \
         monitor_equipinfo_menu_alarm (rule type 00) or monitor_designer_menu_alarm (01), else 1211.", [
            EQUIPMENT_ID,
            param("startTime", "integer", false, "Triggered at or after, ms since the epoch"),
            param("endTime", "integer", false, "Triggered at or before, ms since the epoch; not before the start, at most 30 days after it"),
            param("page", "integer", false, "Page, from 1"),
            param("pageSize", "integer", false, "Rows per page, 1 to 100 (default 10)"),
        ]),
        route!(POST "/lfscada/monitor/multi/alarm/confirm", alarms::confirm, "monitor.multi.alarm.confirm", Session ["alarmId" => Alarm],
            "Confirm an alarm: records who and when (the first confirmation stays). Answers the record.",
            [param("alarmId", "integer", true, "Alarm record id")]),
        route!(POST "/lfscada/monitor/multi/alarm/isReleaseByAlarmId", alarms::is_released, "monitor.multi.alarm.isReleaseByAlarmId", Session ["alarmId" => Alarm],
            "True when the alarm has been released.", [param("alarmId", "integer", true, "Alarm record id")]),
        route!(POST "/lfscada/monitor/multi/report/queryAll", reports::query_all, "monitor.multi.report.queryAll", Session ["equipmentId" => Equipment],
            "The equipment's report definitions.", [EQUIPMENT_ID]),
        route!(POST "/lfscada/monitor/multi/report/queryCols", reports::query_cols, "monitor.multi.report.queryCols", Session ["reportId" => Report],
        "A report's table: columns (signals) and one row per period, newest first, each cell the period's last value.", [
            param("reportId", "integer", true, "Report id"),
            param("startTime", "integer", true, "Start, ms since the epoch"),
            param("endTime", "integer", true, "End, ms since the epoch, at most 30 days after the start"),
            param("page", "integer", false, "Page, from 1"),
            param("pageSize", "integer", false, "Rows per page, 1 to 100 (default 10)"),
        ]),
        route!(POST "/lfscada/equipment/multi/report/save", reports::save, "equipment.multi.report.save", Manage ["equipmentId" => Equipment, "signalIds" => Signals],
        "Define a report on the equipment (needs the manage permission).", [
            EQUIPMENT_ID,
            param("name", "string", true, "Report name, at most 60 characters"),
            param("periodMs", "integer", false, "Sampling period in ms: whole minutes, 60000 to 86400000 (default 3600000)"),
            param("signalIds", "string", true, "Signal ids of the equipment (columns), comma-separated or an array, at most 20"),
        ]),
        route!(POST "/lfscada/equipment/multi/report/delete", reports::delete, "equipment.multi.report.delete", Manage ["id" => Report],
            "Delete a report definition (needs the manage permission).", [param("id", "integer", true, "Report id")]),
        route!(POST "/lfscada/signal/info", monitor::signal_info, "signal.info", Session ["id" => Signal],
            "One signal with its equipment.", [param("id", "integer", true, "Signal id")]),
        route!(POST "/lfscada/equipment/multi/callback", monitor::callback, "equipment.multi.callback", Session ["uuid" => Command],
        "Outcome of an asynchronous device command: {status: pending|success|failure, code, message, data}.", [
            param("uuid", "string", true, "The uuid the command answered"),
        ]),
        // Live channels
        route!(POST "/lfscada/websocket/monitor/token", live::monitor_token, "websocket.monitor.token", Session ["equipmentId" => Equipment],
            "A single-use token (60 s) for the EG signal socket of one equipment.", [EQUIPMENT_ID]),
        route!(GET "/lfscada/ws/eg/signal/subscribe/{token}", live::eg_signal_socket, "ws.eg.signal.subscribe", Public [],
            "WebSocket: pushes {signalVal, gatewayAlarm, signalAlarm}; send 'eg monitor idle' every 60 s.", []),
        route!(POST "/lfscada/websocket/msg/token", live::message_token, "websocket.msg.token", Session [],
            "A single-use token (60 s) for the message socket.", []),
        route!(GET "/lfscada/ws/message/subscribe/{token}", live::message_socket, "ws.message.subscribe", Public [],
            "WebSocket: pushes {type: 'message', data} for each new message; send 'msg idle' every 60 s.", []),
        // System screens of the management area (paths ours)
        route!(POST "/lfscada/gateway/hardware/query", system::hardware, "gateway.hardware.query", Session [],
            "Gateway models and firmware in use: [{model, firmware, gateways, online}], from the organisation's gateways as they reported.", []),
        route!(POST "/lfscada/equipment/model/query", system::model_query, "equipment.model.query", Session [],
            "Equipment models (signal-list templates) by name: [{id, name, manufacturer, signalCount, updated}].", []),
        route!(POST "/lfscada/equipment/model/info", system::model_info, "equipment.model.info", Session ["id" => Model],
            "One model with its signals: {id, name, manufacturer, remark, signals: [SignalDef], signalCount, updated}; 1231 when it does not exist.",
            [param("id", "integer", true, "Model id")]),
        route!(POST "/lfscada/equipment/model/equipment", system::model_equipment, "equipment.model.equipment", Session [],
            "The organisation's equipment with its number of signals, for applying or making models: [{id, equipName, signalCount}].", []),
        route!(POST "/lfscada/equipment/model/add", system::model_add, "equipment.model.add", WholeOrg [],
        "Add a model → {id}; signals checked like signal/save (errors name signals.3.address); 1232 when the name exists (needs the manage permission).", [
            param("name", "string", true, "Model name, 1 to 60 characters (trimmed), unique in the organisation"),
            param("manufacturer", "string", false, "Manufacturer, at most 60 characters"),
            param("remark", "string", false, "Remark, at most 500 characters"),
            param("signals", "string", true, "JSON array of 1 to 2000 signal definitions (as signal/save)"),
        ]),
        route!(POST "/lfscada/equipment/model/edit", system::model_edit, "equipment.model.edit", Manage ["id" => ModelToChange],
        "Edit a model; signals absent keep the list; 1231 when it does not exist, 1232 when the name exists (needs the manage permission).", [
            param("id", "integer", true, "Model id"),
            param("name", "string", true, "Model name, 1 to 60 characters (trimmed), unique in the organisation"),
            param("manufacturer", "string", false, "Manufacturer, at most 60 characters"),
            param("remark", "string", false, "Remark, at most 500 characters"),
            param("signals", "string", false, "JSON array of signal definitions; absent keeps the list"),
        ]),
        route!(POST "/lfscada/equipment/model/delete", system::model_delete, "equipment.model.delete", Manage ["id" => ModelToChange],
            "Delete a model; equipment it was applied to keeps its signals (needs the manage permission).", [param("id", "integer", true, "Model id")]),
        route!(POST "/lfscada/equipment/model/apply", system::model_apply, "equipment.model.apply", Manage ["id" => Model, "equipmentId" => Equipment],
        "Copy a model's signals onto equipment without signals → {ids}, pushing the gateway's configuration; 1233 when it has signals (needs the manage permission).", [
            param("id", "integer", true, "Model id"),
            EQUIPMENT_ID,
        ]),
        route!(POST "/lfscada/equipment/model/fromEquipment", system::model_from_equipment, "equipment.model.fromEquipment", Manage ["equipmentId" => Equipment],
        "Make a model from an equipment's signals → {id}; 1234 when it has none, 1232 when the name exists (needs the manage permission).", [
            EQUIPMENT_ID,
            param("name", "string", true, "Model name, 1 to 60 characters (trimmed), unique in the organisation"),
        ]),
        route!(POST "/lfscada/announcement/query", system::announcement_query, "announcement.query", WholeOrg [],
        "System announcements, newest first: {total, list: [{id, title, content, status, gmtCreate, gmtPublish}]} (needs the manage permission).", [
            param("page", "integer", false, "Page from 1 (default 1)"),
            param("pageSize", "integer", false, "1 to 100 (default 10)"),
            param("status", "string", false, "draft, published or withdrawn; absent for any"),
        ]),
        route!(POST "/lfscada/announcement/add", system::announcement_add, "announcement.add", WholeOrg [],
        "Add a draft announcement → {id} (needs the manage permission).", [
            param("title", "string", true, "Title, 1 to 100 characters (trimmed)"),
            param("content", "string", true, "Content, 1 to 5000 characters"),
        ]),
        route!(POST "/lfscada/announcement/edit", system::announcement_edit, "announcement.edit", WholeOrg ["id" => Announcement],
        "Edit a draft; 1235 when it does not exist, 1236 when it is not a draft (needs the manage permission).", [
            param("id", "integer", true, "Announcement id"),
            param("title", "string", true, "Title, 1 to 100 characters (trimmed)"),
            param("content", "string", true, "Content, 1 to 5000 characters"),
        ]),
        route!(POST "/lfscada/announcement/publish", system::announcement_publish, "announcement.publish", WholeOrg ["id" => Announcement],
            "Publish a draft → {messages}: every user of the organisation gets a notice message, pushed on the message socket; 1236 when not a draft (needs the manage permission).",
            [param("id", "integer", true, "Announcement id")]),
        route!(POST "/lfscada/announcement/withdraw", system::announcement_withdraw, "announcement.withdraw", WholeOrg ["id" => Announcement],
            "Withdraw a published announcement → {removed}: its unread notice messages are deleted, read ones stay; 1237 when not published (needs the manage permission).",
            [param("id", "integer", true, "Announcement id")]),
        route!(POST "/lfscada/announcement/delete", system::announcement_delete, "announcement.delete", WholeOrg ["id" => Announcement],
            "Delete a draft or withdrawn announcement; 1238 when published (needs the manage permission).",
            [param("id", "integer", true, "Announcement id")]),
    ]);
    routes.extend(super::ops_table::routes());
    routes.extend(super::security_table::routes());
    routes.extend(super::inspection_table::routes());
    routes.extend(super::account_table::routes());
    routes.extend(super::frame_table::routes());
    routes.extend(super::share_table::routes());
    routes.extend(super::ezviz_table::routes());
    routes.extend([
        // Meta
        route!(GET "/lfscada/openapi.json", openapi_handler, "meta.openapi", Public [],
            "This description of the API.", []),
    ]);
    routes
}
